//! A lit-style runner: every `tests/**/*.mlir` file of the workspace runs its `// RUN:` lines.
//!
//! Substitutions (as in LLVM lit): `%s` the test file, `%S` its directory, `%t` a per-test temp
//! path, `%T` a per-test temp directory, `%%` a literal `%`. RUN lines ending in `\` continue on
//! the next RUN line. Each RUN line runs under `bash -o pipefail` with Strata's tools first on
//! `PATH`; `FileCheck` is an alias for `strata-check`, and `not CMD` succeeds when CMD fails (but
//! not when it crashes). A test passes when every RUN line exits 0; `// REQUIRES: mlir` skips a test
//! when the tools are built without the MLIR bridge; `// XFAIL: *` marks a test
//! expected to fail. Files in `Inputs/` folders are inputs of other tests, not tests.

use std::path::{Path, PathBuf};
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// The RUN commands of a test file, continuation lines joined.
fn run_lines(text: &str) -> Vec<String> {
    let mut cmds = Vec::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        let Some(pos) = line.find("RUN:") else { continue };
        if !line[..pos].trim_start().starts_with("//") {
            continue;
        }
        let body = line[pos + 4..].trim();
        let (body, cont) = match body.strip_suffix('\\') {
            Some(b) => (b.trim_end(), true),
            None => (body, false),
        };
        let acc = cur.get_or_insert_with(String::new);
        if !acc.is_empty() {
            acc.push(' ');
        }
        acc.push_str(body);
        if !cont {
            cmds.push(cur.take().unwrap());
        }
    }
    if let Some(c) = cur {
        cmds.push(c);
    }
    cmds
}

fn substitute(cmd: &str, file: &Path, tmp: &Path) -> String {
    let mut out = String::new();
    let mut chars = cmd.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.peek() {
            Some('s') => {
                chars.next();
                out.push_str(&file.display().to_string());
            }
            Some('S') => {
                chars.next();
                out.push_str(&file.parent().unwrap().display().to_string());
            }
            Some('t') => {
                chars.next();
                out.push_str(&tmp.join("out").display().to_string());
            }
            Some('T') => {
                chars.next();
                out.push_str(&tmp.display().to_string());
            }
            Some('%') => {
                chars.next();
                out.push('%');
            }
            _ => out.push('%'),
        }
    }
    out
}

fn tools_dir() -> PathBuf {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_strata-check"));
    exe.parent().unwrap().to_path_buf()
}

const PRELUDE: &str = r#"
FileCheck() { strata-check "$@"; }
not() { "$@"; local s=$?; if [ $s -eq 0 ]; then return 1; elif [ $s -ge 128 ]; then echo "not: command crashed (status $s)" >&2; return $s; else return 0; fi; }
"#;

fn run_test(file: &Path, tmp_root: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let cmds = run_lines(&text);
    if cmds.is_empty() {
        return Err("no RUN lines".into());
    }
    let xfail = text.lines().any(|l| l.trim_start().starts_with("// XFAIL:"));
    // `// REQUIRES: mlir`: the test needs the MLIR bridge (strata-tools' `mlir` feature)
    let requires_mlir = text.lines().any(|l| l.trim_start().starts_with("// REQUIRES:") && l.contains("mlir"));
    if requires_mlir && !cfg!(feature = "mlir") {
        eprintln!("note: {} skipped: built without the `mlir` feature", file.display());
        return Ok(());
    }
    let name = file.strip_prefix(workspace_root()).unwrap_or(file).display().to_string().replace(['/', '.'], "_");
    let tmp = tmp_root.join(name);
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
    let path = format!("{}:{}", tools_dir().display(), std::env::var("PATH").unwrap_or_default());
    let mut log = String::new();
    let mut failed = false;
    for cmd in &cmds {
        let cmd = substitute(cmd, file, &tmp);
        let script = format!("{PRELUDE}\n{cmd}\n");
        let out = Command::new("bash")
            .arg("-o")
            .arg("pipefail")
            .arg("-c")
            .arg(&script)
            .current_dir(file.parent().unwrap())
            .env("PATH", &path)
            .output()
            .map_err(|e| format!("cannot run bash: {e}"))?;
        log.push_str(&format!("$ {cmd}\n"));
        log.push_str(&String::from_utf8_lossy(&out.stdout));
        log.push_str(&String::from_utf8_lossy(&out.stderr));
        if !out.status.success() {
            log.push_str(&format!("exit status: {}\n", out.status));
            failed = true;
            break;
        }
    }
    match (failed, xfail) {
        (false, false) | (true, true) => Ok(()),
        (true, false) => Err(log.into()),
        (false, true) => Err(format!("XPASS: test marked XFAIL passed\n{log}").into()),
    }
}

fn main() {
    let args = Arguments::from_args();
    let root = workspace_root();
    let mut files = Vec::new();
    files.extend(strata_ir::testing::files_under(&root.join("tests"), "mlir", &["Inputs"]));
    let tmp_root = std::env::temp_dir().join(format!("strata-lit-{}", std::process::id()));
    let trials = files
        .into_iter()
        .map(|f| {
            let name = f.strip_prefix(&root).unwrap_or(&f).display().to_string();
            let tmp_root = tmp_root.clone();
            Trial::test(name, move || run_test(&f, &tmp_root))
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    let _ = std::fs::remove_dir_all(&tmp_root);
    conclusion.exit();
}
