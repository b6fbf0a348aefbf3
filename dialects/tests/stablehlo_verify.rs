//! StableHLO verification and inference, built with the Context API (the text parser is not
//! available yet). Expected messages are StableHLO's, from
//! `../shared/conformance/stablehlo/verify/ops_stablehlo.public.mlir` where it has the case.
//! Every test goes through one `check` helper so the API can change without rewriting tests.

use strata_dialects::stablehlo::{self, attrs, infer_result_types};
use strata_ir::attributes::DenseData;
use strata_ir::verifier::verify_collect;
use strata_ir::*;

struct B {
    ctx: Context,
    block: BlockId,
}

impl B {
    fn new() -> B {
        let mut ctx = Context::new();
        stablehlo::register(&mut ctx);
        let block = ctx.create_block(&[]);
        B { ctx, block }
    }

    /// A tiny type parser for tests: `tensor<2x?xf32>`, `tensor<complex<f32>>`, `!stablehlo.token`,
    /// `tuple<...>`, `tensor<1x!quant.uniform<i8:f32, 1.0:17>>`.
    fn ty(&mut self, s: &str) -> Type {
        let s = s.trim();
        if s == "!stablehlo.token" {
            return self.ctx.dialect_type("stablehlo", "token");
        }
        if let Some(q) = s.strip_prefix("!quant.") {
            return self.ctx.dialect_type("quant", q);
        }
        if let Some(inner) = s.strip_prefix("tuple<").and_then(|r| r.strip_suffix('>')) {
            let parts = split_top(inner);
            let ts = parts.iter().map(|p| self.ty(p)).collect();
            return self.ctx.tuple_type(ts);
        }
        if let Some(inner) = s.strip_prefix("complex<").and_then(|r| r.strip_suffix('>')) {
            let e = self.ty(inner);
            return self.ctx.complex_type(e);
        }
        if let Some(inner) = s.strip_prefix("tensor<").and_then(|r| r.strip_suffix('>')) {
            let mut shape = vec![];
            let mut rest = inner;
            while let Some(x) = rest.find('x') {
                let dim = &rest[..x];
                if dim == "?" {
                    shape.push(DYNAMIC);
                } else if let Ok(n) = dim.parse::<i64>() {
                    shape.push(n);
                } else {
                    break;
                }
                rest = &rest[x + 1..];
            }
            let e = self.ty(rest);
            return self.ctx.tensor_type(&shape, e);
        }
        if s == "index" {
            return self.ctx.index_type();
        }
        if let Some(k) = FloatKind::from_mlir_name(s) {
            return self.ctx.float_type(k);
        }
        for (p, sg) in [("ui", Signedness::Unsigned), ("si", Signedness::Signed), ("i", Signedness::Signless)] {
            if let Some(w) = s.strip_prefix(p).and_then(|w| w.parse().ok()) {
                return self.ctx.integer_type(w, sg);
            }
        }
        panic!("test type parser: {s}")
    }

    fn arg(&mut self, ty: &str) -> Value {
        let t = self.ty(ty);
        self.ctx.add_block_arg(self.block, t, None)
    }

    fn dialect_attr(&mut self, body: &str, opaque: bool) -> Attribute {
        let d = self.ctx.sym("stablehlo");
        self.ctx.intern_attr(AttrKind::Dialect { dialect: d, body: body.into(), opaque })
    }

    fn dense_i64(&mut self, shape: &[i64], vals: &[i64]) -> Attribute {
        let i64t = self.ctx.int_type(64);
        let ty = self.ctx.tensor_type(shape, i64t);
        let bytes = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat: false, bytes } })
    }

    fn i64(&mut self, v: i64) -> Attribute {
        self.ctx.i64_attr(v)
    }

    fn arr(&mut self, v: &[i64]) -> Attribute {
        self.ctx.dense_i64_array(v)
    }

    /// Create `name(operands) {attrs} : results` in the test block (with `regions`).
    fn op(
        &mut self,
        name: &str,
        operands: &[Value],
        results: &[&str],
        attrs: &[(&str, Attribute)],
        regions: Vec<RegionId>,
    ) -> OpId {
        let n = self.ctx.op_name(name);
        let loc = self.ctx.unknown_loc();
        let mut st = OperationState::new(n, loc);
        st.operands = operands.into();
        st.result_types = results.iter().map(|r| self.ty(r)).collect();
        for (k, v) in attrs {
            let s = self.ctx.sym(k);
            st.add_attr(s, *v);
        }
        st.regions = regions;
        let op = self.ctx.create_op(st);
        self.ctx.append_op(self.block, op);
        op
    }

    /// A region with one block of `args` whose body is built by `f`, ending in stablehlo.return.
    fn region(&mut self, args: &[&str], f: impl FnOnce(&mut B, &[Value]) -> Vec<Value>) -> RegionId {
        let r = self.ctx.create_region();
        let tys: Vec<(Type, Option<Attribute>)> = args.iter().map(|a| (self.ty(a), None)).collect();
        let b = self.ctx.create_block(&tys);
        self.ctx.append_block(r, b);
        let vals: Vec<Value> = self.ctx.block_args(b).collect();
        let saved = self.block;
        self.block = b;
        let rets = f(self, &vals);
        self.op("stablehlo.return", &rets, &[], &[], vec![]);
        self.block = saved;
        r
    }
}

fn split_top(s: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth) = (vec![], String::new(), 0);
    for c in s.chars() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// Verify `op`: `expect` is `None` for valid, or the exact message (each diagnostic line,
/// without the `'name' op ` prefix of the first).
fn check(b: &B, op: OpId, expect: Option<&str>) {
    let diags = verify_collect(&b.ctx, op);
    let name = b.ctx.op_name_of(op).to_string();
    // Several errors on one op are one diagnostic with the others attached (see
    // `strata_ir::verifier::op_error`); notes of other severities are not errors.
    let got: Vec<String> = diags
        .iter()
        .flat_map(|d| std::iter::once(d).chain(d.notes.iter().filter(|n| n.severity == strata_ir::Severity::Error)))
        .map(|d| d.message.strip_prefix(&format!("'{name}' op ")).unwrap_or(&d.message).to_string())
        .collect();
    match expect {
        None => assert!(got.is_empty(), "{name}: expected valid, got {got:?}"),
        Some(e) => assert_eq!(got.join("\n"), e, "{name}"),
    }
}

const FAIL: &str = "\nfailed to infer returned types";

#[test]
fn elementwise_binary() {
    let mut b = B::new();
    let (x, y) = (b.arg("tensor<2xf32>"), b.arg("tensor<2xf32>"));
    let ok = b.op("stablehlo.add", &[x, y], &["tensor<2xf32>"], &[], vec![]);
    check(&b, ok, None);
    let d = b.arg("tensor<?xf32>");
    let bad = b.op("stablehlo.add", &[d, d], &["tensor<?x?xf32>"], &[], vec![]);
    check(&b, bad, Some("requires the same shape for all operands and results"));
    let i = b.arg("tensor<2xi32>");
    let bad = b.op("stablehlo.add", &[x, i], &["tensor<2xf32>"], &[], vec![]);
    check(&b, bad, Some("requires compatible types for all operands and results"));
    let dyn_ok = b.op("stablehlo.add", &[x, d], &["tensor<?xf32>"], &[], vec![]);
    check(&b, dyn_ok, None);
    let f = b.arg("tensor<4xf32>");
    let bad = b.op("stablehlo.or", &[f, f], &["tensor<4xf32>"], &[], vec![]);
    let diags = verify_collect(&b.ctx, bad);
    assert!(diags[0].message.ends_with("but got 'tensor<4xf32>'"), "{:?}", diags);
}

#[test]
fn quantized_add() {
    let mut b = B::new();
    let q = b.arg("tensor<1x!quant.uniform<i8:f32, 1.0:17>>");
    let ok = b.op("stablehlo.add", &[q, q], &["tensor<1x!quant.uniform<i8:f32, 2.0:17>>"], &[], vec![]);
    check(&b, ok, None);
    let bad = b.op("stablehlo.add", &[q, q], &["tensor<1x!quant.uniform<i4:f32, 1.0:1>>"], &[], vec![]);
    check(&b, bad, Some("mismatched operands and result quantization storage types"));
    let pa = b.arg("tensor<1x!quant.uniform<i8:f32:0, {1.0:17}>>");
    let bad = b.op("stablehlo.add", &[pa, pa], &["tensor<1x!quant.uniform<i8:f32, 1.0:17>>"], &[], vec![]);
    check(&b, bad, Some("result is not per_axis quantized but lhs or rhs are"));
}

#[test]
fn unary_inference_and_accuracy() {
    let mut b = B::new();
    let x = b.arg("tensor<1x2xf32>");
    let bad = b.op("stablehlo.abs", &[x], &["tensor<1x2xf64>"], &[], vec![]);
    check(&b, bad, Some(&format!("inferred type(s) 'tensor<1x2xf32>' are incompatible with return type(s) of operation 'tensor<1x2xf64>'{FAIL}")));
    let c = b.arg("tensor<2x3xcomplex<f32>>");
    let ok = b.op("stablehlo.abs", &[c], &["tensor<2x3xf32>"], &[], vec![]);
    check(&b, ok, None);
    let ok = b.op("stablehlo.real", &[c], &["tensor<2x3xf32>"], &[], vec![]);
    check(&b, ok, None);
    let f = b.arg("tensor<3xf32>");
    let bad = b.op("stablehlo.is_finite", &[f], &["tensor<3xi10>"], &[], vec![]);
    let diags = verify_collect(&b.ctx, bad);
    assert!(
        diags[0].message.contains("result #0 must be ranked tensor of")
            && diags[0].message.ends_with("but got 'tensor<3xi10>'")
    );
    let s = b.arg("tensor<f32>");
    let acc = b.dialect_attr(
        "result_accuracy<atol = 1.0, rtol = 0.0, ulps = 4, mode = #stablehlo.result_accuracy_mode<HIGHEST>>",
        false,
    );
    let bad = b.op("stablehlo.cosine", &[s], &["tensor<f32>"], &[("result_accuracy", acc)], vec![]);
    check(&b, bad, Some("Invalid tolerances for ResultAccuracyAttr with mode HIGHEST, must be all zero."));
    let acc = b.dialect_attr(
        "result_accuracy<atol = 0.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>",
        false,
    );
    let ok = b.op("stablehlo.tanh", &[s], &["tensor<f32>"], &[("result_accuracy", acc)], vec![]);
    check(&b, ok, None);
}

#[test]
fn compare_select_clamp() {
    let mut b = B::new();
    let (x, _) = (b.arg("tensor<3xi32>"), 0);
    let dir = b.dialect_attr("comparison_direction EQ", true);
    let ok = b.op("stablehlo.compare", &[x, x], &["tensor<?xi1>"], &[("comparison_direction", dir)], vec![]);
    check(&b, ok, None);
    let missing = b.op("stablehlo.compare", &[x, x], &["tensor<3xi1>"], &[], vec![]);
    check(&b, missing, Some("requires attribute 'comparison_direction'"));
    let p = b.arg("tensor<3xi1>");
    let t = b.arg("tensor<2x3xi32>");
    let bad = b.op("stablehlo.select", &[p, t, t], &["tensor<2x3xi32>"], &[], vec![]);
    check(&b, bad, Some(&format!("requires the same shape for all operands{FAIL}")));
    let sp = b.arg("tensor<i1>");
    let f = b.arg("tensor<2x3xf32>");
    let bad = b.op("stablehlo.select", &[sp, f, f], &["tensor<2x3xi32>"], &[], vec![]);
    check(&b, bad, Some(&format!("inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xi32>'{FAIL}")));
    let d = b.arg("tensor<?x?xi32>");
    let ok = b.op("stablehlo.select", &[sp, t, d], &["tensor<?x?xi32>"], &[], vec![]);
    check(&b, ok, None);
    let (a1, a2) = (b.arg("tensor<1xi32>"), b.arg("tensor<2xi32>"));
    let bad = b.op("stablehlo.clamp", &[a1, a1, a2], &["tensor<1xi32>"], &[], vec![]);
    check(&b, bad, Some(&format!("max shape [2] is not scalar and is not compatible to operand shape [1]{FAIL}")));
    let s = b.arg("tensor<i32>");
    let ok = b.op("stablehlo.clamp", &[s, a1, s], &["tensor<1xi32>"], &[], vec![]);
    check(&b, ok, None);
}

#[test]
fn shape_ops() {
    let mut b = B::new();
    let x = b.arg("tensor<1x2xi32>");
    let dims = b.arr(&[-1, 2]);
    let bad =
        b.op("stablehlo.broadcast_in_dim", &[x], &["tensor<1x2x2xi32>"], &[("broadcast_dimensions", dims)], vec![]);
    check(&b, bad, Some("broadcast_dimensions contains invalid value -1 for result with rank 3"));
    let dims = b.arr(&[1, 2]);
    let ok =
        b.op("stablehlo.broadcast_in_dim", &[x], &["tensor<1x2x2xi32>"], &[("broadcast_dimensions", dims)], vec![]);
    check(&b, ok, None);
    let y = b.arg("tensor<1x1x3xi32>");
    let dims = b.arr(&[0, 0, 2]);
    let bad =
        b.op("stablehlo.broadcast_in_dim", &[y], &["tensor<1x2x3xi32>"], &[("broadcast_dimensions", dims)], vec![]);
    check(&b, bad, Some("broadcast_dimensions should not have duplicates"));
    let z = b.arg("tensor<3xi32>");
    let sizes = b.arr(&[2]);
    let bad = b.op("stablehlo.broadcast", &[z], &["tensor<1x3xi32>"], &[("broadcast_sizes", sizes)], vec![]);
    check(&b, bad, Some(&format!("inferred type(s) 'tensor<2x3xi32>' are incompatible with return type(s) of operation 'tensor<1x3xi32>'{FAIL}")));
    let w = b.arg("tensor<2x4xf32>");
    let bad = b.op("stablehlo.reshape", &[w], &["tensor<3x3xf32>"], &[], vec![]);
    check(&b, bad, Some("number of output elements (9) doesn't match expected number of elements (8)"));
    let t = b.arg("tensor<1x2x3x4xi32>");
    let perm = b.arr(&[1, 0, 3, 9]);
    let bad = b.op("stablehlo.transpose", &[t], &["tensor<2x1x4x3xi32>"], &[("permutation", perm)], vec![]);
    check(
        &b,
        bad,
        Some(&format!("attribute permutation must be a permutation of [0, 1, 2, 3] but got 1, 0, 3, 9{FAIL}")),
    );
    let bad = b.op("stablehlo.transpose", &[t], &["tensor<2x1x4x3xi32>"], &[], vec![]);
    check(&b, bad, Some("requires attribute 'permutation'"));
    let d = b.arg("tensor<1x?x3x?xi32>");
    let perm = b.arr(&[1, 0, 3, 2]);
    let bad = b.op("stablehlo.transpose", &[d], &["tensor<?x2x?x?xi32>"], &[("permutation", perm)], vec![]);
    check(&b, bad, Some(&format!("inferred type(s) 'tensor<?x1x?x3xi32>' are incompatible with return type(s) of operation 'tensor<?x2x?x?xi32>'{FAIL}")));
    let r = b.arg("tensor<3x2xi32>");
    let dims = b.arr(&[0, 0]);
    let bad = b.op("stablehlo.reverse", &[r], &["tensor<3x2xi32>"], &[("dimensions", dims)], vec![]);
    check(&b, bad, Some("dimensions should be unique. Got: 0, 0"));
}

#[test]
fn slices_and_pads() {
    let mut b = B::new();
    let x = b.arg("tensor<3x4xi32>");
    let (s, l, st) = (b.arr(&[1, 0]), b.arr(&[2, 5]), b.arr(&[1, 2]));
    let bad = b.op(
        "stablehlo.slice",
        &[x],
        &["tensor<1x2xi32>"],
        &[("start_indices", s), ("limit_indices", l), ("strides", st)],
        vec![],
    );
    check(&b, bad, Some(&format!("limit index 5 is larger than dimension size 4 in dimension 1{FAIL}")));
    let l = b.arr(&[2, 4]);
    let ok = b.op(
        "stablehlo.slice",
        &[x],
        &["tensor<1x2xi32>"],
        &[("start_indices", s), ("limit_indices", l), ("strides", st)],
        vec![],
    );
    check(&b, ok, None);
    let i = b.arg("tensor<i64>");
    let sz = b.arr(&[-1, 4]);
    let bad = b.op("stablehlo.dynamic_slice", &[x, i, i], &["tensor<1x4xi32>"], &[("slice_sizes", sz)], vec![]);
    check(&b, bad, Some(&format!("has negative size index to dynamic slice: -1{FAIL}")));
    let op = b.arg("tensor<11x3x4xi32>");
    let up = b.arg("tensor<1x3x4xi32>");
    let i32s = b.arg("tensor<i32>");
    let bad = b.op("stablehlo.dynamic_update_slice", &[op, up, i32s, i, i], &["tensor<11x3x4xi32>"], &[], vec![]);
    check(&b, bad, Some(&format!("start indices must have same element type{FAIL}")));
    let p = b.arg("tensor<1x2x3xf16>");
    let pv = b.arg("tensor<f16>");
    let (lo, hi, int) = (b.arr(&[0, 1, 2]), b.arr(&[1, 1, 0]), b.arr(&[0, 0, 1]));
    let ok = b.op(
        "stablehlo.pad",
        &[p, pv],
        &["tensor<2x4x7xf16>"],
        &[("edge_padding_low", lo), ("edge_padding_high", hi), ("interior_padding", int)],
        vec![],
    );
    check(&b, ok, None);
    let bad = b.op(
        "stablehlo.pad",
        &[p, pv],
        &["tensor<8x8x8xf16>"],
        &[("edge_padding_low", lo), ("edge_padding_high", hi), ("interior_padding", int)],
        vec![],
    );
    check(&b, bad, Some(&format!("inferred type(s) 'tensor<2x4x7xf16>' are incompatible with return type(s) of operation 'tensor<8x8x8xf16>'{FAIL}")));
    let (a, c) = (b.arg("tensor<1x3xi32>"), b.arg("tensor<2x2xi32>"));
    let dim = b.i64(0);
    let bad = b.op("stablehlo.concatenate", &[a, c], &["tensor<3x3xi32>"], &[("dimension", dim)], vec![]);
    check(
        &b,
        bad,
        Some(&format!(
            "shapes of operand (0) and (1) are not compatible at non-concat index 1: (1, 3) != (2, 2){FAIL}"
        )),
    );
    let bad = b.op("stablehlo.concatenate", &[], &["tensor<2xi32>"], &[("dimension", dim)], vec![]);
    check(&b, bad, Some("expected 1 or more operands, but found 0"));
}

#[test]
fn attribute_constraints() {
    let mut b = B::new();
    let x = b.arg("tensor<2x4xf32>");
    let (e, m) = (b.ctx.int_type(32), b.ctx.int_type(32));
    let eb = b.ctx.int_attr(1, e);
    let mb = b.ctx.int_attr(-1, m);
    let bad = b.op(
        "stablehlo.reduce_precision",
        &[x],
        &["tensor<2x4xf32>"],
        &[("exponent_bits", eb), ("mantissa_bits", mb)],
        vec![],
    );
    check(&b, bad, Some("attribute 'mantissa_bits' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative"));
    let g = b.arg("tuple<tensor<f32>, tensor<i32>>");
    let idx = b.ctx.int_attr(-1, e);
    let bad = b.op("stablehlo.get_tuple_element", &[g], &["tensor<f32>"], &[("index", idx)], vec![]);
    check(&b, bad, Some("attribute 'index' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative"));
    let idx = b.ctx.int_attr(1, e);
    let ok = b.op("stablehlo.get_tuple_element", &[g], &["tensor<i32>"], &[("index", idx)], vec![]);
    check(&b, ok, None);
    let t = b.arg("tensor<1x128x512xf32>");
    let d = b.i64(3);
    let bad = b.op("stablehlo.get_dimension_size", &[t], &["tensor<i32>"], &[("dimension", d)], vec![]);
    check(&b, bad, Some(&format!("requires dimension attribute in range [0, 3); found (3){FAIL}")));
}

#[test]
fn dot_general() {
    let mut b = B::new();
    let x = b.arg("tensor<2x3x4xf32>");
    let y = b.arg("tensor<2x3x5xf32>");
    let dn = b.dialect_attr("dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>", false);
    let ok = b.op("stablehlo.dot_general", &[x, y], &["tensor<2x4x5xf32>"], &[("dot_dimension_numbers", dn)], vec![]);
    check(&b, ok, None);
    let d = b.arg("tensor<?x?x?xf32>");
    let dn = b.dialect_attr("dot<lhs_batching_dimensions = [3], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>", false);
    let bad = b.op("stablehlo.dot_general", &[d, d], &["tensor<?x?x?xf32>"], &[("dot_dimension_numbers", dn)], vec![]);
    check(&b, bad, Some("lhs_batching_dimensions value: 3 is out of range: [0, 3)"));
    let dn = b.dialect_attr("dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>", false);
    let bad = b.op("stablehlo.dot_general", &[d, d], &["tensor<?x?x?xf32>"], &[("dot_dimension_numbers", dn)], vec![]);
    check(&b, bad, Some("has duplicated dimension from rhs_batching_dimensions and rhs_contracting_dimensions: 0"));
    let i = b.arg("tensor<2x2x2xi64>");
    let dn = b.dialect_attr("dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>", false);
    let alg = b.dialect_attr("dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 0, num_primitive_operations = 1, allow_imprecise_accumulation = false>", false);
    let bad = b.op(
        "stablehlo.dot_general",
        &[i, i],
        &["tensor<2x2x2xi64>"],
        &[("dot_dimension_numbers", dn), ("algorithm", alg)],
        vec![],
    );
    check(&b, bad, Some("rhs component count must be positive"));
    let (l, r) = (b.arg("tensor<1x2xi4>"), b.arg("tensor<2x1xi4>"));
    let ok = b.op("stablehlo.dot", &[l, r], &["tensor<1x1xi8>"], &[], vec![]);
    check(&b, ok, None);
    let bad = b.op("stablehlo.dot", &[d, d], &["tensor<?x?x?xf32>"], &[], vec![]);
    check(&b, bad, Some("expected both lhs/rhs ranks to be either 1 or 2"));
}

#[test]
fn gather_and_fft() {
    let mut b = B::new();
    let o = b.arg("tensor<2x4x9xi32>");
    let i = b.arg("tensor<1x5x2xi32>");
    let dn = b.dialect_attr(
        "gather<offset_dims = [1, 2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>",
        false,
    );
    let ss = b.arr(&[1, 1, 8]);
    let bad = b.op(
        "stablehlo.gather",
        &[o, i],
        &["tensor<1x5x8xi32>"],
        &[("dimension_numbers", dn), ("slice_sizes", ss)],
        vec![],
    );
    check(&b, bad, Some(&format!("offset_dims size (2) plus collapse_slice_dims size (2) plus operand_batching_dims size (0) is not equal to operand rank (3){FAIL}")));
    let dn = b.dialect_attr(
        "gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>",
        false,
    );
    let ok = b.op(
        "stablehlo.gather",
        &[o, i],
        &["tensor<1x5x8xi32>"],
        &[("dimension_numbers", dn), ("slice_sizes", ss)],
        vec![],
    );
    check(&b, ok, None);
    let c = b.arg("tensor<3x9xf32>");
    let len = b.arr(&[9]);
    let rfft = b.dialect_attr("fft_type RFFT", true);
    let ok =
        b.op("stablehlo.fft", &[c], &["tensor<3x5xcomplex<f32>>"], &[("fft_length", len), ("fft_type", rfft)], vec![]);
    check(&b, ok, None);
    let bad = b.op("stablehlo.fft", &[c], &["tensor<3x9xf32>"], &[("fft_length", len), ("fft_type", rfft)], vec![]);
    check(&b, bad, Some(&format!("inferred type(s) 'tensor<3x5xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<3x9xf32>'{FAIL}")));
    let irfft = b.dialect_attr("fft_type IRFFT", true);
    let len16 = b.arr(&[16]);
    let bad = b.op(
        "stablehlo.fft",
        &[c],
        &["tensor<3x9xcomplex<f32>>"],
        &[("fft_length", len16), ("fft_type", irfft)],
        vec![],
    );
    check(
        &b,
        bad,
        Some(&format!("FFT/IFFT/IRFFT take a complex tensor as input, but is given 'tensor<3x9xf32>'.{FAIL}")),
    );
}

#[test]
fn regions() {
    let mut b = B::new();
    let x = b.arg("tensor<4x16xf32>");
    let groups = b.dense_i64(&[1, 4], &[0, 1, 2, 3]);
    let sd = b.i64(1);
    let body = b.region(&["tensor<f32>", "tensor<f32>"], |b, a| {
        let s = b.op("stablehlo.add", &[a[0], a[1]], &["tensor<f32>"], &[], vec![]);
        vec![b.ctx.result(s, 0)]
    });
    let ok = b.op(
        "stablehlo.reduce_scatter",
        &[x],
        &["tensor<4x4xf32>"],
        &[("replica_groups", groups), ("scatter_dimension", sd)],
        vec![body],
    );
    check(&b, ok, None);
    let body = b.region(&["tensor<f32>", "tensor<i32>"], |_, a| vec![a[0]]);
    let bad = b.op(
        "stablehlo.reduce_scatter",
        &[x],
        &["tensor<4x4xf32>"],
        &[("replica_groups", groups), ("scatter_dimension", sd)],
        vec![body],
    );
    check(&b, bad, Some("The type of reduction-region's parameter at index 1 is different than the corresponding result type: 'tensor<i32>' vs 'tensor<f32>'"));
    let body = b.region(&["tensor<i32>", "tensor<i32>"], |_, a| vec![a[0]]);
    let bad = b.op("stablehlo.all_reduce", &[x], &["tensor<4x16xf32>"], &[("replica_groups", groups)], vec![body]);
    check(&b, bad, Some("The element-type of reduction-region's result type at index 0 is expected to be promotable from the op's corresponding init-value element-type: 'tensor<i32>' vs 'tensor<f32>'"));
    let dup = b.dense_i64(&[1, 4], &[0, 1, 1, 3]);
    let body = b.region(&["tensor<f32>", "tensor<f32>"], |_, a| vec![a[0]]);
    let bad = b.op("stablehlo.all_reduce", &[x], &["tensor<4x16xf32>"], &[("replica_groups", dup)], vec![body]);
    check(&b, bad, Some("replica id #1 seen more than once"));
    // if / case
    let p = b.arg("tensor<i1>");
    let v = b.arg("tensor<f32>");
    let t = b.region(&[], |_, _| vec![v, v]);
    let e = b.region(&[], |_, _| vec![v]);
    let bad = b.op("stablehlo.if", &[p], &["tensor<f32>"], &[], vec![t, e]);
    check(
        &b,
        bad,
        Some(&format!(
            "branch 0 and branch 1 have mismatched return types: 'tensor<f32>', 'tensor<f32>' vs 'tensor<f32>'{FAIL}"
        )),
    );
    let idx = b.arg("tensor<i32>");
    let bad = b.op("stablehlo.case", &[idx], &["tensor<2xf32>"], &[], vec![]);
    check(&b, bad, Some(&format!("expect at least one branch{FAIL}")));
    // sort comparator
    let (s0, s1) = (b.arg("tensor<16x16xf32>"), b.arg("tensor<16x16xi32>"));
    let cmp = b.region(&["tensor<f32>", "tensor<f32>", "tensor<i32>", "tensor<i32>"], |_, a| vec![a[2]]);
    let dim = b.i64(1);
    let bad = b.op(
        "stablehlo.sort",
        &[s0, s1],
        &["tensor<16x16xf32>", "tensor<16x16xi32>"],
        &[("dimension", dim)],
        vec![cmp],
    );
    check(&b, bad, Some("comparator must return tensor<i1> but got 'tensor<i32>'"));
    // map
    let (m0, m1) = (b.arg("tensor<4x5xf32>"), b.arg("tensor<4x5xf32>"));
    let comp = b.region(&["tensor<f32>", "tensor<5xf32>"], |_, a| vec![a[0]]);
    let dims = b.arr(&[0, 1]);
    let bad = b.op("stablehlo.map", &[m0, m1], &["tensor<4x5xf32>"], &[("dimensions", dims)], vec![comp]);
    check(
        &b,
        bad,
        Some(&format!("computation arguments must be 0-rank tensor, but got: arg #1 of type 'tensor<5xf32>'{FAIL}")),
    );
}

#[test]
fn collectives() {
    let mut b = B::new();
    let x = b.arg("tensor<4x16xf32>");
    let g = b.dense_i64(&[1, 4], &[0, 1, 2, 3]);
    let (sd, cd, sc) = (b.i64(2), b.i64(0), b.i64(4));
    let bad = b.op(
        "stablehlo.all_to_all",
        &[x],
        &["tensor<16x4xf32>"],
        &[("split_dimension", sd), ("concat_dimension", cd), ("split_count", sc), ("replica_groups", g)],
        vec![],
    );
    check(&b, bad, Some(&format!("AllToAll split_dimension 2 is out-of-bounds for input rank 2{FAIL}")));
    let sd = b.i64(1);
    let ok = b.op(
        "stablehlo.all_to_all",
        &[x],
        &["tensor<16x4xf32>"],
        &[("split_dimension", sd), ("concat_dimension", cd), ("split_count", sc), ("replica_groups", g)],
        vec![],
    );
    check(&b, ok, None);
    let empty = b.dense_i64(&[0, 2], &[]);
    let bad = b.op(
        "stablehlo.all_to_all",
        &[x],
        &["tensor<16x4xf32>"],
        &[("split_dimension", sd), ("concat_dimension", cd), ("split_count", sc), ("replica_groups", empty)],
        vec![],
    );
    check(&b, bad, Some(&format!("group size of replica_groups must be 4{FAIL}")));
    let zero = b.i64(0);
    let bad = b.op(
        "stablehlo.all_to_all",
        &[x],
        &["tensor<16x4xf32>"],
        &[("split_dimension", sd), ("concat_dimension", cd), ("split_count", zero), ("replica_groups", g)],
        vec![],
    );
    check(&b, bad, Some("attribute 'split_count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive"));
    let y = b.arg("tensor<128x32xf32>");
    let pairs = b.dense_i64(&[3, 2], &[0, 1, 0, 2, 2, 3]);
    let bad =
        b.op("stablehlo.collective_permute", &[y], &["tensor<128x32xf32>"], &[("source_target_pairs", pairs)], vec![]);
    check(&b, bad, Some("duplicate sources not allowed"));
    let tok = b.arg("!stablehlo.token");
    let ch = b.dialect_attr("channel_handle<handle = 5, type = 1>", false);
    let bad =
        b.op("stablehlo.recv", &[tok], &["!stablehlo.token", "!stablehlo.token"], &[("channel_handle", ch)], vec![]);
    check(&b, bad, Some("everything but the last element of result types is expected to be of tensor type, but got '!stablehlo.token'"));
    let d = b.arg("tensor<2x2xi64>");
    let ch2 = b.dialect_attr("channel_handle<handle = 1, type = 2>", false);
    let bad = b.op("stablehlo.send", &[d, tok], &["!stablehlo.token"], &[("channel_handle", ch2)], vec![]);
    check(&b, bad, Some(&format!("channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false{FAIL}")));
}

#[test]
fn bitcast_convert() {
    let mut b = B::new();
    let x = b.arg("tensor<2xf32>");
    let ok = b.op("stablehlo.bitcast_convert", &[x], &["tensor<2x4xi8>"], &[], vec![]);
    check(&b, ok, None);
    let y = b.arg("tensor<2xf64>");
    let bad = b.op("stablehlo.bitcast_convert", &[y], &["tensor<2x4xf32>"], &[], vec![]);
    check(
        &b,
        bad,
        Some("requires compatible bit widths. Got: 'tensor<2xf64>' and 'tensor<2x4xf32>', but 32 * 4 != 64."),
    );
    let s = b.arg("tensor<f64>");
    let bad = b.op("stablehlo.bitcast_convert", &[s], &["tensor<f32>"], &[], vec![]);
    check(
        &b,
        bad,
        Some("rank of smaller element type (0) should be 1 more than rank of larger element type (0), but 0 != 0 + 1."),
    );
}

#[test]
fn builder_inference_api() {
    let mut b = B::new();
    let t = b.ty("tensor<2x3xf32>");
    let i1 = b.ty("tensor<2x3xi1>");
    let dir = attrs::ComparisonDirection::LT.to_attr(&mut b.ctx);
    let r =
        infer_result_types(&mut b.ctx, "stablehlo.compare", &[t, t], &[("comparison_direction", dir)], &[]).unwrap();
    assert_eq!(r, vec![i1]);
    let perm = b.ctx.dense_i64_array(&[1, 0]);
    let r = infer_result_types(&mut b.ctx, "stablehlo.transpose", &[t], &[("permutation", perm)], &[]).unwrap();
    assert_eq!(r, vec![b.ty("tensor<3x2xf32>")]);
    let tok = infer_result_types(&mut b.ctx, "stablehlo.create_token", &[], &[], &[]).unwrap();
    assert_eq!(tok, vec![b.ty("!stablehlo.token")]);
    let err = infer_result_types(&mut b.ctx, "stablehlo.transpose", &[t], &[("permutation", perm), ("x", perm)], &[]);
    assert!(err.is_ok());
    let bad = b.ctx.dense_i64_array(&[0]);
    let err = infer_result_types(&mut b.ctx, "stablehlo.transpose", &[t], &[("permutation", bad)], &[]).unwrap_err();
    assert_eq!(err, "TransposeOp operand rank 2 does not match permutation size 1");
    // Every op of the table is registered with its inherent attributes.
    assert!(stablehlo::OPS.len() >= 100);
    let n = b.ctx.op_name("stablehlo.gather");
    let info = b.ctx.op_info(n).unwrap();
    assert!(info.inherent_attrs.contains(&"dimension_numbers"));
}

#[test]
fn constant_and_materialize() {
    let mut b = B::new();
    let v = b.dense_i64(&[2], &[1, 2]);
    let ok = b.op("stablehlo.constant", &[], &["tensor<2xi64>"], &[("value", v)], vec![]);
    check(&b, ok, None);
    let bad = b.op("stablehlo.constant", &[], &["tensor<?xi64>"], &[("value", v)], vec![]);
    let diags = verify_collect(&b.ctx, bad);
    assert!(diags[0].message.contains("op result #0 must be statically shaped tensor"), "{diags:?}");
    let d = b.ctx.dialect("stablehlo").unwrap().clone();
    let ty = b.ty("tensor<2xi64>");
    let loc = b.ctx.unknown_loc();
    let c = (d.materialize_constant.unwrap())(&mut b.ctx, v, ty, loc).unwrap();
    assert_eq!(b.ctx.op_name_of(c), "stablehlo.constant");
}
