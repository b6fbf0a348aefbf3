//! Custom assembly of the dialects real StableHLO files use (stablehlo, func, check, chlo,
//! interpreter): every form parses, prints back as written (modulo whitespace), and survives
//! pretty → generic → pretty. The conformance walk runs every chunk of the external suites.
//!
//! All cases go through [`roundtrip`] so the API can change without rewriting tests.

use std::path::{Path, PathBuf};

use strata_ir::diagnostics::render;
use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::{Context, OpId};

fn new_ctx() -> Context {
    let mut ctx = Context::new();
    strata_dialects::register_all(&mut ctx);
    ctx.allow_unregistered = true;
    ctx
}

fn diags(ctx: &mut Context) -> String {
    let ds = ctx.take_diagnostics();
    ds.iter().map(|d| render(ctx, d)).collect::<Vec<_>>().join("\n")
}

fn parse(ctx: &mut Context, text: &str, file: &str) -> Result<OpId, String> {
    parse_source(ctx, &ParserConfig::new(file), text).map_err(|_| diags(ctx))
}

fn verify(ctx: &mut Context, op: OpId) -> Result<(), String> {
    strata_ir::verifier::verify(ctx, op).map_err(|_| diags(ctx))
}

fn print(ctx: &Context, op: OpId, generic: bool) -> String {
    print_op(ctx, op, &PrintOptions::default().with_generic(generic))
}

/// Collapse whitespace runs to one space (for comparing hand-written input with output).
fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What one text's round trips gave.
#[derive(Debug)]
struct Trip {
    pretty: String,
}

/// Parse `src`, verify it (if `verify_it`), print it pretty; re-parse that (must print the same),
/// print it generic, re-parse the generic form (must print the same pretty text).
fn trip(src: &str, verify_it: bool) -> Result<Trip, String> {
    let mut ctx = new_ctx();
    let m = parse(&mut ctx, src, "input.mlir").map_err(|e| format!("parse: {e}"))?;
    if verify_it {
        verify(&mut ctx, m).map_err(|e| format!("verify: {e}"))?;
    }
    let pretty = print(&ctx, m, false);
    let mut c2 = new_ctx();
    let m2 =
        parse(&mut c2, &pretty, "pretty.mlir").map_err(|e| format!("reparse pretty: {e}\n--- pretty:\n{pretty}"))?;
    let pretty2 = print(&c2, m2, false);
    if pretty2 != pretty {
        return Err(format!("pretty not stable:\n--- first:\n{pretty}\n--- second:\n{pretty2}"));
    }
    let generic = print(&c2, m2, true);
    let mut c3 = new_ctx();
    let m3 = parse(&mut c3, &generic, "generic.mlir")
        .map_err(|e| format!("reparse generic: {e}\n--- generic:\n{generic}"))?;
    let pretty3 = print(&c3, m3, false);
    if pretty3 != pretty {
        return Err(format!("pretty -> generic -> pretty differs:\n--- pretty:\n{pretty}\n--- generic:\n{generic}\n--- again:\n{pretty3}"));
    }
    Ok(Trip { pretty })
}

/// `body` is wrapped in a function; the printed op lines must equal the input's (normalized).
fn roundtrip(sig: &str, body: &str) {
    let src = format!("func.func @f({sig}) {{\n{body}\n  return\n}}\n");
    let t = trip(&src, true).unwrap_or_else(|e| panic!("{e}\n--- input:\n{src}"));
    let expected = norm(&format!("module {{ {src} }}"));
    assert_eq!(norm(&t.pretty), expected, "\n--- printed:\n{}", t.pretty);
}

/// Like [`roundtrip`] for a whole module text (printed form compared normalized to `expected`).
fn roundtrip_module(src: &str, expected: &str) {
    let t = trip(src, true).unwrap_or_else(|e| panic!("{e}\n--- input:\n{src}"));
    assert_eq!(norm(&t.pretty), norm(expected), "\n--- printed:\n{}", t.pretty);
}

// ----- elementwise -----

#[test]
fn unary_and_binary() {
    roundtrip(
        "%arg0: tensor<2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<complex<f32>>",
        "  %0 = stablehlo.add %arg0, %arg1 : tensor<2xf32>
  %1 = stablehlo.abs %arg0 : tensor<2xf32>
  %2 = stablehlo.abs %arg2 : (tensor<complex<f32>>) -> tensor<f32>
  %3 = stablehlo.exponential %0 {foo = 1 : i32} : tensor<2xf32>
  %4 = stablehlo.convert %arg0 : (tensor<2xf32>) -> tensor<2xi32>
  %5 = stablehlo.is_finite %arg0 : (tensor<2xf32>) -> tensor<2xi1>
  %6 = stablehlo.clamp %arg0, %arg1, %arg0 : tensor<2xf32>
  %7 = stablehlo.real %arg2 : (tensor<complex<f32>>) -> tensor<f32>
  %8 = stablehlo.complex %7, %7 : tensor<complex<f32>>
  %9 = stablehlo.not %5 : tensor<2xi1>",
    );
}

#[test]
fn mixed_types_print_functional() {
    roundtrip(
        "%arg0: tensor<2xf32>, %arg1: tensor<?xf32>, %arg2: tensor<2xi1>",
        "  %0 = stablehlo.add %arg0, %arg1 : (tensor<2xf32>, tensor<?xf32>) -> tensor<2xf32>
  %1 = stablehlo.select %arg2, %arg0, %arg0 : tensor<2xi1>, tensor<2xf32>
  %2 = stablehlo.select %arg2, %arg0, %arg1 : (tensor<2xi1>, tensor<2xf32>, tensor<?xf32>) -> tensor<2xf32>",
    );
}

#[test]
fn constants_and_nullary() {
    roundtrip(
        "",
        "  %cst = stablehlo.constant dense<1.000000e+00> : tensor<2xf32>
  %c = stablehlo.constant {foo} dense<[1, 2]> : tensor<2xi32>
  %cst_0 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00:15>>
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  %1 = stablehlo.create_token : !stablehlo.token
  %2 = stablehlo.after_all %1, %1 : !stablehlo.token
  %3 = stablehlo.after_all : !stablehlo.token
  %4 = stablehlo.replica_id : tensor<ui32>
  %5 = stablehlo.partition_id : tensor<ui32>",
    );
}

#[test]
fn compare_and_enums() {
    roundtrip(
        "%arg0: tensor<2xi32>, %arg1: tensor<2xui64>, %arg2: tensor<4xcomplex<f32>>, %arg3: tensor<f32>, %arg4: tensor<1xi64>",
        "  %0 = stablehlo.compare LT, %arg0, %arg0, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %1 = stablehlo.compare EQ, %arg0, %arg0 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %2 = stablehlo.fft %arg2, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %3:2 = stablehlo.rng_bit_generator %arg1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  %4 = stablehlo.rng %arg3, %arg3, %arg4, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>",
    );
}

#[test]
fn shape_ops() {
    roundtrip(
        "%arg0: tensor<3x4xf32>, %arg1: tensor<f32>, %arg2: tensor<i64>, %arg3: tensor<2xi64>",
        "  %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
  %1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %2 = stablehlo.reshape %arg0 : (tensor<3x4xf32>) -> tensor<12xf32>
  %3 = stablehlo.slice %arg0 [0:2, 1:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  %4 = stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  %5 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  %6 = stablehlo.pad %arg0, %arg1, low = [0, 1], high = [1, 0], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x5xf32>
  %7 = stablehlo.reverse %arg0, dims = [1] : tensor<3x4xf32>
  %8 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<3x4xf32>) -> tensor<i32>
  %9 = stablehlo.dynamic_iota %arg3, dim = 0 : (tensor<2xi64>) -> tensor<3x4xf32>
  %10 = stablehlo.dynamic_update_slice %arg0, %arg0, %arg2, %arg2 : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<3x4xf32>
  %11 = stablehlo.bitcast_convert %arg0 : (tensor<3x4xf32>) -> tensor<3x4xi32>
  %12 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<3x4xf32>",
    );
}

#[test]
fn dots_and_convolution() {
    roundtrip(
        "%arg0: tensor<4x32x16xf32>, %arg1: tensor<4x24x16xf32>, %arg2: tensor<2x3xf32>, %arg3: tensor<3x2xf32>, %arg4: tensor<2x16x16x8xf32>, %arg5: tensor<3x3x8x16xf32>",
        "  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x32x16xf32>, tensor<4x24x16xf32>) -> tensor<4x32x24xf32>
  %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %2 = stablehlo.dot %arg2, %arg3, precision = [DEFAULT, HIGH] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %3 = stablehlo.dot %arg2, %arg3 : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %4 = stablehlo.convolution(%arg4, %arg5) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x16x16x8xf32>, tensor<3x3x8x16xf32>) -> tensor<2x16x16x16xf32>",
    );
}

#[test]
fn dot_general_algorithm() {
    roundtrip(
        "%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>",
        "  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>",
    );
}

#[test]
fn tuples_calls_barriers() {
    roundtrip(
        "%arg0: tensor<2xf32>, %arg1: tensor<i32>",
        "  %0 = stablehlo.tuple %arg0, %arg1 : tuple<tensor<2xf32>, tensor<i32>>
  %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<i32>
  %2:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<2xf32>, tensor<i32>
  %3 = stablehlo.custom_call @foo(%arg0) {backend_config = \"bar\"} : (tensor<2xf32>) -> tensor<2xf32>
  %4 = stablehlo.custom_call @\"not-an-id\"(%arg0, %arg1) : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  %5 = stablehlo.einsum %arg0, %arg0, config = \"a,a->a\" : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
    );
}

#[test]
fn reduce_compact_and_long() {
    roundtrip(
        "%arg0: tensor<4x8xf32>, %arg1: tensor<f32>, %arg2: tensor<4x8xi32>, %arg3: tensor<i32>",
        "  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
   reducer(%arg4: tensor<f32>, %arg5: tensor<f32>)  {
    %3 = stablehlo.maximum %arg5, %arg4 : tensor<f32>
    stablehlo.return %3 : tensor<f32>
  }
  %2:2 = stablehlo.reduce(%arg0 init: %arg1), (%arg2 init: %arg3) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
    %3 = stablehlo.add %arg4, %arg6 : tensor<f32>
    %4 = stablehlo.add %arg5, %arg7 : tensor<i32>
    stablehlo.return %3, %4 : tensor<f32>, tensor<i32>
  }",
    );
}

#[test]
fn while_loop() {
    roundtrip(
        "%arg0: tensor<i64>",
        "  %0:2 = stablehlo.while(%arg1 = %arg0, %arg2 = %arg0) : tensor<i64>, tensor<i64>
  cond {
    %1 = stablehlo.compare LT, %arg1, %arg2 : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.add %arg1, %arg2 : tensor<i64>
    stablehlo.return %1, %arg2 : tensor<i64>, tensor<i64>
  }",
    );
}

#[test]
fn composite() {
    roundtrip_module(
        "func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.composite \"my.op\" %a {composite_attributes = {n = 1 : i32}, decomposition = @impl, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @impl(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}",
        "module { func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.composite \"my.op\" %arg0 {composite_attributes = {n = 1 : i32}, decomposition = @impl, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @impl(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
} }",
    );
}

/// Forms whose ops this crate's verifier rejects in these small examples (or that StableHLO
/// prints for invalid IR): parsed and printed without verification.
#[test]
fn unverified_forms() {
    let src = "func.func @f(%arg0: tensor<f32>, %arg1: tensor<2xi64>, %arg2: tensor<3x3xf32>) {
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [] : (tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  %1 = stablehlo.cholesky %arg2, lower = true : tensor<3x3xf32>
  %2 = stablehlo.dynamic_reshape %arg2, %arg1 : (tensor<3x3xf32>, tensor<2xi64>) -> tensor<1x9xf32>
  stablehlo.optimization_barrier()
  return
}
";
    let t = trip(src, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(norm(&t.pretty), norm(&format!("module {{ {src} }}")));
}

// ----- func -----

#[test]
fn func_forms() {
    roundtrip_module(
        "func.func public @main(%arg0: tensor<2xf32> {jax.arg = 1 : i32}, %arg1: tensor<i32>) -> (tensor<2xf32> {jax.result_info = \"result\"}, tensor<i32>) attributes {foo} {
  %0 = call @g(%arg1) : (tensor<i32>) -> tensor<i32>
  return %arg0, %0 : tensor<2xf32>, tensor<i32>
}
func.func private @g(tensor<i32> {a}) -> tensor<i32>
func.func nested @h() {
  return
}",
        "module { func.func public @main(%arg0: tensor<2xf32> {jax.arg = 1 : i32}, %arg1: tensor<i32>) -> (tensor<2xf32> {jax.result_info = \"result\"}, tensor<i32>) attributes {foo} {
  %0 = call @g(%arg1) : (tensor<i32>) -> tensor<i32>
  return %arg0, %0 : tensor<2xf32>, tensor<i32>
}
func.func private @g(tensor<i32> {a}) -> tensor<i32>
func.func nested @h() {
  return
} }",
    );
}

// ----- check, chlo, interpreter -----

#[test]
fn check_ops() {
    roundtrip(
        "%arg0: tensor<3xf64>, %arg1: tensor<f16>",
        "  check.expect_eq %arg0, %arg0 : tensor<3xf64>
  check.expect_eq_const %arg0, dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf64>
  check.expect_almost_eq %arg0, %arg0 : tensor<3xf64>
  check.expect_almost_eq %arg0, %arg0, tolerance = 1.000000e-01 : tensor<3xf64>
  check.expect_almost_eq_const %arg0, dense<1.000000e+00> : tensor<3xf64>
  check.expect_almost_eq_const %arg0, dense<1.000000e+00> : tensor<3xf64> {tolerance = 1.000000e-01 : f64}
  check.expect_close %arg1, %arg1, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
  check.expect_close %arg1, %arg1, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<f16>, tensor<f16>
  check.expect_serialized_eq %arg0, probe_id = \"p\" : tensor<3xf64>
  check.expect_serialized_eq %arg0, probe_id = \"p\", iter = 2 : tensor<3xf64>",
    );
}

#[test]
fn chlo_and_interpreter_ops() {
    roundtrip(
        "%arg0: tensor<3xf32>, %arg1: tensor<3xi32>",
        "  %0 = chlo.erf %arg0 : tensor<3xf32> -> tensor<3xf32>
  %1 = chlo.tan %arg0 : tensor<3xf32> -> tensor<3xf32>
  %2 = chlo.broadcast_add %arg0, %arg0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %3:2 = chlo.top_k(%arg0, k = 2) : tensor<3xf32> -> (tensor<2xf32>, tensor<2xi32>)
  interpreter.print %arg0 : tensor<3xf32>
  %4 = interpreter.probe %arg0, probe_id = \"x\" : tensor<3xf32>",
    );
}

// ----- conformance walk -----

/// `../shared/conformance`; a missing suite fails (unless STRATA_SKIP_CONFORMANCE is set).
fn conformance_root() -> Option<PathBuf> {
    strata_ir::testing::conformance_path(env!("CARGO_MANIFEST_DIR"), "")
}

/// Split a file at `// -----` lines (as `--split-input-file` does).
fn split_chunks(text: &str) -> Vec<String> {
    let mut chunks = vec![String::new()];
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "// -----" {
            chunks.push(String::new());
        } else {
            chunks.last_mut().unwrap().push_str(line);
        }
    }
    chunks
}

/// Chunks that are known not to pass yet, as `relative/path.mlir#chunk`. A chunk that passes is
/// fine (remove it from here); one that fails without being listed fails the test.
const KNOWN_FAILING: &[&str] = &[
    // `sparse_tensor` is not a registered dialect.
    "stablehlo/linalg/sparse.mlir#0",
    // Its dynamic_conv has two window strides for one spatial dimension: StableHLO's current
    // verifier (hlo::verifyDynamicConvOp) rejects it as Strata does; the file predates the check.
    "stablehlo/testdata/dynamic/conv_general_dilated_1d_stride_2_even_dynamic.mlir#0",
];

fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    strata_ir::testing::files_under(dir, "mlir", &[])
}

#[test]
fn conformance_files_parse_and_round_trip() {
    let Some(root) = conformance_root() else { return };
    let mut files = Vec::new();
    for d in ["stablehlo/interpret", "stablehlo/linalg", "stablehlo/testdata", "jax"] {
        let found = mlir_files(&root.join(d));
        assert!(!found.is_empty(), "no .mlir files under {}", root.join(d).display());
        files.extend(found);
    }
    let mut unexpected = Vec::new();
    let mut now_passing = Vec::new();
    let (mut total, mut passed) = (0, 0);
    let mut per_dir: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(f).unwrap();
        let (mut ok, mut bad) = (0, 0);
        for (i, chunk) in split_chunks(&text).iter().enumerate() {
            let key = format!("{rel}#{i}");
            total += 1;
            // Chunks with expected diagnostics are verified by strata-opt, not here.
            let verify_it = !chunk.contains("expected-error");
            match trip(chunk, verify_it) {
                Ok(_) => {
                    ok += 1;
                    passed += 1;
                    if KNOWN_FAILING.contains(&key.as_str()) {
                        now_passing.push(key);
                    }
                }
                Err(e) => {
                    bad += 1;
                    if !KNOWN_FAILING.contains(&key.as_str()) {
                        let first: String = e.lines().take(6).collect::<Vec<_>>().join("\n    ");
                        unexpected.push(format!("{key}: {first}"));
                    }
                }
            }
        }
        let dir = rel.rsplit_once('/').map_or(String::new(), |(d, _)| d.to_string());
        let e = per_dir.entry(dir).or_default();
        e.0 += ok;
        e.1 += bad;
    }
    println!("{:<40} {:>6} {:>6}", "folder", "pass", "fail");
    for (d, (ok, bad)) in &per_dir {
        println!("{d:<40} {ok:>6} {bad:>6}");
    }
    println!("total: {passed}/{total} chunks pass");
    if !now_passing.is_empty() {
        println!("now passing (remove from KNOWN_FAILING): {now_passing:#?}");
    }
    assert!(
        unexpected.is_empty(),
        "{} chunk(s) fail that are not known to:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
}

/// Chunks of the verify suite without `expected-error` annotations that do not parse yet.
const VERIFY_KNOWN_UNPARSED: &[usize] = &[];

/// Every chunk of `stablehlo/verify/ops_stablehlo.public.mlir` that expects no diagnostic must
/// parse and round-trip; chunks with `expected-error`s are only counted (strata-opt
/// `--verify-diagnostics` checks them), since some of them expect parse errors.
#[test]
fn verify_suite_parses() {
    let Some(root) = conformance_root() else { return };
    let f = root.join("stablehlo/verify/ops_stablehlo.public.mlir");
    let text = std::fs::read_to_string(&f).expect("the verifier suite is readable");
    let (mut parsed, mut total, mut expect_err_chunks, mut expect_err_parsed) = (0, 0, 0, 0);
    let mut unexpected = Vec::new();
    for (i, chunk) in split_chunks(&text).iter().enumerate() {
        total += 1;
        let expects = chunk.contains("expected-error");
        let mut ctx = new_ctx();
        let ok = parse(&mut ctx, chunk, "verify.mlir");
        if expects {
            expect_err_chunks += 1;
            expect_err_parsed += ok.is_ok() as usize;
        }
        match ok {
            Ok(_) => {
                parsed += 1;
                if !expects {
                    if let Err(e) = trip(chunk, false) {
                        unexpected.push(format!("#{i}: {}", e.lines().take(4).collect::<Vec<_>>().join("\n    ")));
                    }
                }
            }
            Err(e) if !expects && !VERIFY_KNOWN_UNPARSED.contains(&i) => {
                unexpected.push(format!("#{i}: {}", e.lines().take(4).collect::<Vec<_>>().join("\n    ")))
            }
            Err(_) => {}
        }
    }
    println!("verify suite: {parsed}/{total} chunks parse; {expect_err_parsed}/{expect_err_chunks} chunks with expected-error parse");
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
}
