//! The bytecode reader on malformed input: every truncation and random mutations of real
//! files (written by Strata's writer from the parser tests' inputs, every bytecode version)
//! end in a located error or a module, never a panic or a hang. Round trips of the same files
//! print identically.

use proptest::prelude::*;
use strata_ir::bytecode::{read_bytecode, write_bytecode, WriterConfig};
use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::Context;

const INPUTS: &[&str] = &[
    r#"module attributes {a.b = [1 : i32, "s", @f::@g, 2.5 : f64, unit, dense<[1, 2]> : tensor<2xi8>, array<i64: 3, -4>]} {
  "t.op"() ({
  ^bb0(%x: i32 loc("a.py":1:2), %y: tensor<2x?xf32>):
    %0 = "t.add"(%x, %x) {n = #t.attr<1>} : (i32, i32) -> i32 loc(fused["b":1:1, "c":2:2])
    "t.br"(%0)[^bb1] : (i32) -> ()
  ^bb1(%z: i32):
    %1 = "t.c"() {v = dense<[true, false, true]> : tensor<3xi1>, w = !t.ty<4>} : () -> complex<f32> loc(callsite("f" at "g":3:4))
    "t.ret"(%z) : (i32) -> ()
  }) {sym_name = "f"} : () -> ()
  %a = "t.use"(%b) : (index) -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
  %b = "t.def"() : () -> index
}"#,
    "\"t.f\"() ({\n^bb0(%a: tensor<4xf32>):\n  %c = \"t.k\"() {value = dense<1.0> : tensor<4xf32>, r = dense_resource<blob> : tensor<2xi32>} : () -> tensor<4xf32>\n  \"t.r\"(%c) : (tensor<4xf32>) -> ()\n}) : () -> ()\n{-#\n  dialect_resources: {\n    builtin: {\n      blob: \"0x040000000100000002000000\"\n    }\n  }\n#-}",
];

fn parse(text: &str) -> (Context, strata_ir::OpId) {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = match parse_source(&mut ctx, &ParserConfig::new("in.mlir"), text) {
        Ok(m) => m,
        Err(_) => panic!("{:?}", ctx.take_diagnostics()),
    };
    (ctx, m)
}

fn files() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for text in INPUTS {
        let (mut ctx, m) = parse(text);
        for version in 0..=6 {
            out.push(write_bytecode(&mut ctx, m, &WriterConfig { version, ..Default::default() }).unwrap());
        }
    }
    out
}

fn read(data: &[u8]) -> Result<String, strata_ir::bytecode::BytecodeError> {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = read_bytecode(&mut ctx, data, "x.mlirbc")?;
    Ok(print_op(&ctx, m, &PrintOptions::generic().with_debug_info(true, false)))
}

#[test]
fn round_trips_print_identically() {
    for text in INPUTS {
        let (mut ctx, m) = parse(text);
        let want = print_op(&ctx, m, &PrintOptions::generic().with_debug_info(true, false));
        for version in 0..=6 {
            let bytes = write_bytecode(&mut ctx, m, &WriterConfig { version, ..Default::default() }).unwrap();
            assert_eq!(read(&bytes).unwrap(), want, "version {version}");
        }
    }
}

#[test]
fn every_truncation_is_a_located_error() {
    for f in files() {
        for n in 0..f.len() {
            let e = read(&f[..n]).expect_err("a truncated file must not read");
            assert!(e.offset <= n, "error offset {} past the end {n}: {}", e.offset, e.message);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
    #[test]
    fn mutated_files_never_panic(file in 0usize..14, edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6)) {
        let mut f = files()[file % 14].clone();
        for (at, b) in edits {
            let i = at % f.len();
            f[i] = b;
        }
        match read(&f) {
            Ok(_) => {}
            Err(e) => prop_assert!(e.offset <= f.len()),
        }
    }

    #[test]
    fn random_bytes_after_the_magic_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..200)) {
        let mut f = b"ML\xefR".to_vec();
        f.extend(tail);
        let _ = read(&f);
    }
}
