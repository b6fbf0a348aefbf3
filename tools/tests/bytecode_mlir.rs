//! MLIR bytecode cross-checked with mlir-opt-22, in both directions and for every bytecode
//! version (0 to 6): bytecode mlir-opt-22 writes reads in strata-opt to the module mlir-opt-22
//! prints, and bytecode strata-opt writes reads in mlir-opt-22 to that same module. The input
//! (`tests/bytecode/Inputs/upstream.mlir`) holds builtin, func, arith, scf, cf, tensor and memref ops
//! (properties natively encoded, segment sizes, successors, a graph region with a forward
//! reference, block-argument locations), every builtin type and attribute kind Strata has,
//! locations of every kind, and a `dense_resource` blob. Skipped (with a note) when
//! mlir-opt-22 is not installed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn mlir_opt() -> Option<&'static str> {
    Command::new("mlir-opt-22").arg("--version").output().ok().filter(|o| o.status.success()).map(|_| "mlir-opt-22")
}

fn input() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/bytecode/Inputs/upstream.mlir")
}

fn run(cmd: &str, args: &[&str]) -> Vec<u8> {
    let out = Command::new(cmd).args(args).output().expect("spawn");
    assert!(out.status.success(), "{cmd} {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

const PRINT: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-debuginfo", "--mlir-print-op-generic"];

#[test]
fn mlir_opt_and_strata_read_each_others_bytecode() {
    let Some(mlir) = mlir_opt() else {
        eprintln!("note: mlir-opt-22 not installed: bytecode cross-check skipped");
        return;
    };
    let strata = env!("CARGO_BIN_EXE_strata-opt");
    let src = input();
    let src = src.to_str().unwrap();
    let dir = std::env::temp_dir().join(format!("strata-bytecode-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let reference = run(mlir, &[PRINT, &[src]].concat());
    assert_eq!(
        String::from_utf8_lossy(&run(strata, &[PRINT, &[src]].concat())),
        String::from_utf8_lossy(&reference),
        "strata-opt and mlir-opt-22 print the text input differently"
    );
    for v in 0..=6 {
        let version = format!("--emit-bytecode-version={v}");
        let from_mlir = dir.join(format!("mlir{v}.mlirbc"));
        let from_strata = dir.join(format!("strata{v}.mlirbc"));
        let (fm, fs) = (from_mlir.to_str().unwrap(), from_strata.to_str().unwrap());
        run(mlir, &["--allow-unregistered-dialect", "--emit-bytecode", &version, src, "-o", fm]);
        run(strata, &["--allow-unregistered-dialect", "--emit-bytecode", &version, src, "-o", fs]);
        let bytes = std::fs::read(&from_strata).unwrap();
        assert!(bytes.starts_with(b"ML\xefR"), "strata-opt --emit-bytecode wrote no bytecode");
        let got = run(strata, &[PRINT, &[fm]].concat());
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&reference),
            "version {v}: mlir-opt-22's bytecode read differently by strata-opt"
        );
        let got = run(mlir, &[PRINT, &[fs]].concat());
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&reference),
            "version {v}: strata-opt's bytecode read differently by mlir-opt-22"
        );
        // And Strata reads its own bytecode back to the same module.
        let got = run(strata, &[PRINT, &[fs]].concat());
        assert_eq!(String::from_utf8_lossy(&got), String::from_utf8_lossy(&reference), "version {v}: self round trip");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Properties of unregistered ops (version 5 on; before, MLIR does not write them): a
/// properties entry holding one dictionary attribute, both ways.
#[test]
fn unregistered_op_properties_cross_check() {
    let Some(mlir) = mlir_opt() else {
        eprintln!("note: mlir-opt-22 not installed: bytecode cross-check skipped");
        return;
    };
    let strata = env!("CARGO_BIN_EXE_strata-opt");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/bytecode/Inputs/unregistered_props.mlir");
    let src = src.to_str().unwrap();
    let dir = std::env::temp_dir().join(format!("strata-bytecode-props-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let reference = run(mlir, &[PRINT, &[src]].concat());
    for v in 5..=6 {
        let version = format!("--emit-bytecode-version={v}");
        let (fm, fs) = (dir.join(format!("m{v}")), dir.join(format!("s{v}")));
        let (fm, fs) = (fm.to_str().unwrap(), fs.to_str().unwrap());
        run(mlir, &["--allow-unregistered-dialect", "--emit-bytecode", &version, src, "-o", fm]);
        run(strata, &["--allow-unregistered-dialect", "--emit-bytecode", &version, src, "-o", fs]);
        assert_eq!(
            String::from_utf8_lossy(&run(strata, &[PRINT, &[fm]].concat())),
            String::from_utf8_lossy(&reference)
        );
        assert_eq!(String::from_utf8_lossy(&run(mlir, &[PRINT, &[fs]].concat())), String::from_utf8_lossy(&reference));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn malformed_bytecode_is_a_located_error() {
    let strata = env!("CARGO_BIN_EXE_strata-opt");
    let dir = std::env::temp_dir().join(format!("strata-bytecode-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.mlirbc");
    run(
        strata,
        &["--allow-unregistered-dialect", "--emit-bytecode", input().to_str().unwrap(), "-o", good.to_str().unwrap()],
    );
    let bytes = std::fs::read(&good).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("truncated", bytes[..bytes.len() / 2].to_vec(), "byte offset"),
        (
            "newer version",
            [&b"ML\xefR"[..], &[0x0f], b"x\0"].concat(),
            "bytecode version 7 is newer than the current version 6",
        ),
        ("no sections", [&b"ML\xefR"[..], &[0x0d], b"x\0"].concat(), "missing data for top-level section: String (0)"),
    ];
    for (what, data, want) in cases {
        let f = dir.join(format!("{}.mlirbc", what.replace(' ', "_")));
        std::fs::write(&f, &data).unwrap();
        let out = Command::new(strata).args(["--allow-unregistered-dialect", f.to_str().unwrap()]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{what}: exit code; stderr: {err}");
        assert!(err.contains(want), "{what}: got {err}");
        assert!(err.contains(&format!("{}: byte offset ", f.display())), "{what}: not located: {err}");
    }
    let out = Command::new(strata).args(["--emit-bytecode", "--emit-bytecode-version=7", "-"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unsupported version requested 7, must be in range [0, 6]"));
    let _ = std::fs::remove_dir_all(&dir);
}
