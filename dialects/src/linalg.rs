//! The `linalg` dialect: every op of MLIR 22's `LinalgOps.td`, `LinalgStructuredOps.td` and
//! `LinalgRelayoutOps.td` (generated table `ods/gen_linalg.rs`), with MLIR's custom syntax:
//! - the named ops (`linalg.matmul`, convolutions, pooling, elementwise, ...):
//!   `{attrs} ins(...) outs(...) -> types`, their implicit region built from the op's OpDSL
//!   definition (`ods::NamedOp`, transcribed from MLIR's generated region builders: casts,
//!   `arith`/`math`/`complex` ops by element type), `linalg.memoized_indexing_maps` attached
//!   as MLIR's verifier attaches it;
//! - `linalg.generic` (`{indexing_maps, iterator_types} ins outs attrs = {} {region} -> types`);
//! - `linalg.map`, `linalg.reduce` (short form `{ arith.addf }` when the body is one op),
//!   `linalg.transpose`, `linalg.broadcast`; `linalg.yield`.

use std::collections::HashMap;

use crate::ods::{self, DialectBuilder, NamedOp, Step, T, V};
use strata_ir::dialect::VerifyError;
use strata_ir::parser::{Argument, Delimiter, OpAsmParser, ParseResult};
use strata_ir::printer::OpAsmPrinter;
use strata_ir::{
    AttrKind, Attribute, Context, NamedAttribute, OpId, OpName, OperationState, RegionId, Type, TypeKind, Value,
};

// ---------------------------------------------------------------- shared pieces

fn element_or_self(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { .. } | TypeKind::MemRef { .. } | TypeKind::UnrankedTensor { .. } => {
            ctx.type_kind(t).element_type().unwrap_or(t)
        }
        _ => t,
    }
}

fn block_arg_type(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { .. } | TypeKind::MemRef { .. } => ctx.type_kind(t).element_type().unwrap_or(t),
        _ => t,
    }
}

/// `ins(%a, %b : t1, t2) outs(%c : t3)` (each optional), after an optional `<{props}>` and
/// attribute dictionary (MLIR's `parseCommonStructuredOpParts`).
fn parse_common(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
    segment_sizes: bool,
) -> ParseResult<(Vec<Type>, Vec<Type>)> {
    if p.parse_optional_less() {
        let a = p.parse_attribute()?;
        if let AttrKind::Dictionary(es) = p.context().attr_kind(a) {
            st.properties.extend(es.iter().copied());
        }
        p.parse_greater()?;
    }
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let (mut ins, mut outs) = (Vec::new(), Vec::new());
    let (mut ins_t, mut outs_t) = (Vec::new(), Vec::new());
    if p.parse_optional_keyword("ins") {
        p.parse_lparen()?;
        ins = p.parse_operand_list(Delimiter::None)?;
        ins_t = p.parse_colon_type_list()?;
        p.parse_rparen()?;
    }
    if p.parse_optional_keyword("outs") {
        p.parse_lparen()?;
        outs = p.parse_operand_list(Delimiter::None)?;
        outs_t = p.parse_colon_type_list()?;
        p.parse_rparen()?;
    }
    if ins.len() != ins_t.len() {
        return Err(p.emit_error(format!("{} operands present, but expected {}", ins.len(), ins_t.len())));
    }
    if outs.len() != outs_t.len() {
        return Err(p.emit_error(format!("{} operands present, but expected {}", outs.len(), outs_t.len())));
    }
    p.resolve_operands(&ins, &ins_t, &mut st.operands)?;
    p.resolve_operands(&outs, &outs_t, &mut st.operands)?;
    if segment_sizes && !st.properties.iter().any(|n| p.context().str(n.name) == "operandSegmentSizes") {
        let i32t = p.ctx().int_type(32);
        let a = p
            .ctx()
            .intern_attr(AttrKind::DenseArray { element: i32t, values: vec![ins.len() as i64, outs.len() as i64] });
        let n = p.ctx().sym("operandSegmentSizes");
        st.properties.push(NamedAttribute { name: n, value: a });
    }
    Ok((ins_t, outs_t))
}

/// The inputs and outputs of a destination-style op (by segment sizes, else all but the last
/// operand are inputs).
fn ins_outs(ctx: &Context, op: OpId) -> (Vec<Value>, Vec<Value>) {
    let ops = ctx.operands(op);
    if let Some(a) = ctx.attr(op, "operandSegmentSizes") {
        if let AttrKind::DenseArray { values, .. } = ctx.attr_kind(a) {
            if values.len() == 2 && (values[0] + values[1]) as usize == ops.len() {
                let n = values[0] as usize;
                return (ops[..n].to_vec(), ops[n..].to_vec());
            }
        }
    }
    let name = ctx.op_name_of(op);
    if name == "linalg.reduce" {
        let n = ops.len() / 2;
        return (ops[..n].to_vec(), ops[n..].to_vec());
    }
    match ops.split_last() {
        Some((last, rest)) => (rest.to_vec(), vec![*last]),
        None => (Vec::new(), Vec::new()),
    }
}

fn print_common(p: &mut OpAsmPrinter<'_>, ins: &[Value], outs: &[Value]) {
    let ctx = p.ctx();
    if !ins.is_empty() {
        let ts: Vec<Type> = ins.iter().map(|v| ctx.value_type(*v)).collect();
        p.write(" ins(");
        p.print_operands(ins);
        p.write(" : ");
        p.print_type_list(&ts);
        p.write(")");
    }
    if !outs.is_empty() {
        let ts: Vec<Type> = outs.iter().map(|v| ctx.value_type(*v)).collect();
        p.write(" outs(");
        p.print_operands(outs);
        p.write(" : ");
        p.print_type_list(&ts);
        p.write(")");
    }
}

fn print_results_arrow(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let ts: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    if !ts.is_empty() {
        p.write(" ");
        p.print_arrow_type_list(&ts);
    }
}

// ---------------------------------------------------------------- region building

/// Builds ops at the end of a block (the `ImplicitLocOpBuilder` of MLIR's region builders).
struct Builder<'c> {
    ctx: &'c mut Context,
    block: strata_ir::BlockId,
    loc: Attribute,
}

impl Builder<'_> {
    fn op(
        &mut self,
        name: &str,
        operands: &[Value],
        results: &[Type],
        props: Vec<(&str, Attribute)>,
    ) -> Result<Value, String> {
        let n = self.ctx.op_name(name);
        let mut st = OperationState::new(n, self.loc);
        st.operands.extend(operands.iter().copied());
        st.result_types.extend(results.iter().copied());
        for (k, v) in props {
            let s = self.ctx.sym(k);
            st.properties.push(NamedAttribute { name: s, value: v });
        }
        let op = self.ctx.create_op(st);
        self.ctx.append_op(self.block, op);
        Ok(if results.is_empty() { Value::Result { op, index: 0 } } else { self.ctx.result(op, 0) })
    }
    fn ty(&self, v: Value) -> Type {
        self.ctx.value_type(v)
    }
    fn kind(&self, v: Value) -> Kind {
        kind_of(self.ctx, self.ty(v))
    }
}

#[derive(Copy, Clone, PartialEq, Debug)]
enum Kind {
    Float(u32),
    Int(u32),
    Index,
    Complex,
    Other,
}

fn kind_of(ctx: &Context, t: Type) -> Kind {
    match ctx.type_kind(t) {
        TypeKind::Float(k) => Kind::Float(k.bit_width()),
        TypeKind::Integer { width, .. } => Kind::Int(*width),
        TypeKind::Index => Kind::Index,
        TypeKind::Complex(_) => Kind::Complex,
        _ => Kind::Other,
    }
}

/// MLIR's `convertScalarToDtype`.
fn cast(b: &mut Builder<'_>, to: Type, v: Value, unsigned: bool) -> Result<Value, String> {
    let from = b.ty(v);
    if from == to {
        return Ok(v);
    }
    let (fk, tk) = (kind_of(b.ctx, from), kind_of(b.ctx, to));
    let name = match (fk, tk) {
        (Kind::Float(_), Kind::Int(_)) => {
            if unsigned {
                "arith.fptoui"
            } else {
                "arith.fptosi"
            }
        }
        (Kind::Index, Kind::Int(_)) | (Kind::Int(_), Kind::Index) => "arith.index_cast",
        (Kind::Int(a), Kind::Int(c)) => {
            if c > a {
                if unsigned {
                    "arith.extui"
                } else {
                    "arith.extsi"
                }
            } else if c < a {
                "arith.trunci"
            } else {
                return Ok(v);
            }
        }
        (Kind::Int(_), Kind::Float(_)) => {
            if unsigned {
                "arith.uitofp"
            } else {
                "arith.sitofp"
            }
        }
        (Kind::Float(a), Kind::Float(c)) => {
            if c > a {
                "arith.extf"
            } else if c < a {
                "arith.truncf"
            } else {
                return Ok(v);
            }
        }
        _ => return Ok(v),
    };
    b.op(name, &[v], &[to], vec![])
}

fn fastmath_none(ctx: &mut Context) -> Attribute {
    strata_ir::parser::parse_attr_str(ctx, "#arith.fastmath<none>").expect("fastmath attribute")
}

fn binary(b: &mut Builder<'_>, f: &str, x: Value, y: Value) -> Result<Value, String> {
    let (kx, ky) = (b.kind(x), b.kind(y));
    let all_complex = kx == Kind::Complex && ky == Kind::Complex;
    let all_float = matches!(kx, Kind::Float(_)) && matches!(ky, Kind::Float(_));
    let all_int = matches!(kx, Kind::Int(_) | Kind::Index) && matches!(ky, Kind::Int(_) | Kind::Index);
    let all_bool = all_int && kx == Kind::Int(1) && ky == Kind::Int(1);
    let t = b.ty(x);
    let (name, fm) = match f {
        "add" if all_complex => ("complex.add", true),
        "add" if all_float => ("arith.addf", true),
        "add" if all_bool => ("arith.ori", false),
        "add" => ("arith.addi", false),
        "sub" if all_complex => ("complex.sub", true),
        "sub" if all_float => ("arith.subf", true),
        "sub" if all_bool => return Err("unsupported operation: sub with bools".into()),
        "sub" => ("arith.subi", false),
        "mul" if all_complex => ("complex.mul", true),
        "mul" if all_float => ("arith.mulf", true),
        "mul" if all_bool => ("arith.andi", false),
        "mul" => ("arith.muli", false),
        "div" if all_complex => ("complex.div", true),
        "div" if all_float => ("arith.divf", true),
        "div" if all_bool => return Err("unsupported operation: div with bools".into()),
        "div" => ("arith.divsi", false),
        "div_unsigned" if !all_int || all_bool => return Err("unsupported operation: unsigned div not on uint".into()),
        "div_unsigned" => ("arith.divui", false),
        "max_signed" | "max_unsigned" if all_float => ("arith.maximumf", true),
        "min_signed" | "min_unsigned" if all_float => ("arith.minimumf", true),
        "max_signed" => ("arith.maxsi", false),
        "min_signed" => ("arith.minsi", false),
        "max_unsigned" => ("arith.maxui", false),
        "min_unsigned" => ("arith.minui", false),
        "powf" if all_float => ("math.powf", true),
        _ => return Err(format!("unsupported binary function '{f}'")),
    };
    let mut props = vec![];
    if fm {
        props.push(("fastmath", fastmath_none(b.ctx)));
    }
    if matches!(name, "arith.addi" | "arith.subi" | "arith.muli") {
        let ov = strata_ir::parser::parse_attr_str(b.ctx, "#arith.overflow<none>").expect("overflow attribute");
        props.push(("overflowFlags", ov));
    }
    b.op(name, &[x, y], &[t], props)
}

fn unary(b: &mut Builder<'_>, f: &str, x: Value) -> Result<Value, String> {
    let t = b.ty(x);
    let k = b.kind(x);
    let name = match f {
        "exp" => "math.exp",
        "log" => "math.log",
        "abs" => "math.absf",
        "ceil" => "math.ceil",
        "floor" => "math.floor",
        "negf" if k == Kind::Complex => "complex.neg",
        "negf" => "arith.negf",
        "round" => "math.round",
        "sqrt" => "math.sqrt",
        "rsqrt" => "math.rsqrt",
        "tanh" => "math.tanh",
        "erf" => "math.erf",
        "square" => return binary(b, "mul", x, x),
        "reciprocal" => {
            let one = match k {
                Kind::Float(_) => b.ctx.f64_attr(1.0, t),
                _ => b.ctx.int_attr(1, t),
            };
            let c = b.op("arith.constant", &[], &[t], vec![("value", one)])?;
            return binary(b, "div", c, x);
        }
        _ => return Err(format!("unsupported unary function '{f}'")),
    };
    if !matches!(k, Kind::Float(_) | Kind::Complex) {
        return Err(format!("unsupported non numeric type for unary function '{f}'"));
    }
    let fm = fastmath_none(b.ctx);
    b.op(name, &[x], &[t], vec![("fastmath", fm)])
}

/// Build the body of a named op into `region` (one block with an argument per operand's
/// element type), as MLIR's `fillStructuredOpRegion` does.
fn build_named_body(
    ctx: &mut Context,
    name: &str,
    named: Option<&NamedOp>,
    arg_types: &[Type],
    props: &[NamedAttribute],
    attrs: &[NamedAttribute],
) -> Result<RegionId, String> {
    let region = ctx.create_region();
    let args: Vec<(Type, Option<Attribute>)> = arg_types.iter().map(|t| (block_arg_type(ctx, *t), None)).collect();
    let block = ctx.create_block(&args);
    ctx.append_block(region, block);
    let loc = ctx.unknown_loc();
    let mut b = Builder { ctx, block, loc };
    let arg = |b: &Builder<'_>, i: usize| b.ctx.block_arg(block, i);
    // `cast = #linalg.type_fn<cast_unsigned>` selects unsigned casts.
    let mut cast_unsigned = false;
    for n in props.iter().chain(attrs) {
        if b.ctx.str(n.name) == "cast" {
            cast_unsigned = strata_ir::printer::attr_to_string(b.ctx, n.value).contains("cast_unsigned");
        }
    }
    let n_args = arg_types.len();
    let yields: Vec<Value> = match (name, named) {
        ("linalg.fill", _) => {
            let out_t = b.ctx.value_type(arg(&b, 1));
            let a0 = arg(&b, 0);
            vec![cast(&mut b, out_t, a0, false)?]
        }
        ("linalg.copy", _) => {
            let out_t = b.ctx.value_type(arg(&b, 1));
            let a0 = arg(&b, 0);
            vec![cast(&mut b, out_t, a0, false)?]
        }
        ("linalg.matmul" | "linalg.batch_matmul" | "linalg.batch_reduce_matmul", _) => {
            let out = arg(&b, 2);
            let out_t = b.ty(out);
            let (a0, a1) = (arg(&b, 0), arg(&b, 1));
            let x = cast(&mut b, out_t, a0, cast_unsigned)?;
            let y = cast(&mut b, out_t, a1, cast_unsigned)?;
            let m = binary(&mut b, "mul", x, y)?;
            vec![binary(&mut b, "add", out, m)?]
        }
        (_, Some(named)) => {
            let mut vals: HashMap<usize, Value> = HashMap::new();
            let get = |vals: &HashMap<usize, Value>, b: &Builder<'_>, v: V| -> Result<Value, String> {
                match v {
                    V::Arg(i) if i < n_args => Ok(b.ctx.block_arg(block, i)),
                    V::Arg(i) => Err(format!("block argument {i} out of range")),
                    V::Val(n) => vals.get(&n).copied().ok_or_else(|| format!("value{n} undefined")),
                }
            };
            let mut last = None;
            for (n, step) in named.body {
                let v = match *step {
                    Step::Type(f, t, x) => {
                        let to = match t {
                            T::ArgType(i) => b.ctx.value_type(b.ctx.block_arg(block, i)),
                            T::Int(w) => b.ctx.int_type(w),
                            T::F64 => b.ctx.float_type(strata_ir::types::FloatKind::F64),
                            T::F32 => b.ctx.float_type(strata_ir::types::FloatKind::F32),
                            T::CastAttr => b.ctx.value_type(b.ctx.block_arg(block, n_args - 1)),
                        };
                        let x = get(&vals, &b, x)?;
                        cast(&mut b, to, x, f == "cast_unsigned" || (f == "cast_attr" && cast_unsigned))?
                    }
                    Step::Binary(f, x, y) => {
                        let (x, y) = (get(&vals, &b, x)?, get(&vals, &b, y)?);
                        binary(&mut b, f, x, y)?
                    }
                    Step::Unary(f, x) => {
                        let x = get(&vals, &b, x)?;
                        unary(&mut b, f, x)?
                    }
                    Step::Ternary(_, c, x, y) => {
                        let (c, x, y) = (get(&vals, &b, c)?, get(&vals, &b, x)?, get(&vals, &b, y)?);
                        let t = b.ty(x);
                        b.op("arith.select", &[c, x, y], &[t], vec![])?
                    }
                    Step::Constant(text) => {
                        let a = strata_ir::parser::parse_attr_str(b.ctx, text)
                            .map_err(|_| format!("bad constant {text}"))?;
                        let t = crate::arith::typed_attr_type(b.ctx, a).ok_or("untyped constant")?;
                        b.op("arith.constant", &[], &[t], vec![("value", a)])?
                    }
                    Step::Index(d) => {
                        let it = b.ctx.index_type();
                        let i64t = b.ctx.int_type(64);
                        let a = b.ctx.int_attr(d as i128, i64t);
                        b.op("linalg.index", &[], &[it], vec![("dim", a)])?
                    }
                };
                vals.insert(*n, v);
                last = Some(v);
            }
            last.into_iter().collect()
        }
        _ => return Err(format!("'{name}' has no known region builder")),
    };
    b.op("linalg.yield", &yields, &[], vec![])?;
    Ok(region)
}

fn named_of(name: &str) -> Option<&'static NamedOp> {
    ods::gen_linalg::NAMED.iter().find(|n| n.name == name)
}

// ---------------------------------------------------------------- named ops

fn default_matmul_maps(name: &str) -> Option<&'static str> {
    Some(match name {
        "linalg.matmul" => "[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]",
        "linalg.batch_matmul" => "[affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]",
        "linalg.batch_reduce_matmul" => "[affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>]",
        _ => return None,
    })
}

/// `linalg.<named> [indexing_maps = [...]] {attrs} ins(...) outs(...) [-> types]`
fn parse_named(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let name = p.context().op_name_str(st.name).to_string();
    if let Some(default) = default_matmul_maps(&name) {
        let a = if p.parse_optional_keyword("indexing_maps") {
            p.parse_equal()?;
            p.parse_attribute()?
        } else {
            strata_ir::parser::parse_attr_str(p.ctx(), default).expect("maps")
        };
        let n = p.ctx().sym("indexing_maps");
        st.properties.push(NamedAttribute { name: n, value: a });
    }
    let (ins_t, outs_t) = parse_common(p, st, true)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let results = p.parse_optional_arrow_type_list()?;
    st.result_types.extend(results);
    let tys: Vec<Type> = ins_t.iter().chain(&outs_t).copied().collect();
    let (props, attrs) = (st.properties.clone(), st.attributes.clone());
    match build_named_body(p.ctx(), &name, named_of(&name), &tys, &props, &attrs) {
        Ok(r) => st.regions.push(r),
        Err(e) => return Err(p.emit_error(e)),
    }
    Ok(())
}

fn print_named(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let name = ctx.op_name_of(op).to_string();
    let mut elided = vec!["operandSegmentSizes", "linalg.memoized_indexing_maps"];
    if let Some(default) = default_matmul_maps(&name) {
        elided.push("indexing_maps");
        if let Some(maps) = ctx.attr(op, "indexing_maps") {
            let text = strata_ir::printer::attr_to_string(ctx, maps);
            if text != default {
                p.write(" indexing_maps = ");
                p.print_attribute(maps);
            }
        }
    }
    p.print_optional_attr_dict(op, &elided);
    let (ins, outs) = ins_outs(p.ctx(), op);
    print_common(p, &ins, &outs);
    print_results_arrow(p, op);
}

/// Creation hook of the OpDSL ops: `linalg.memoized_indexing_maps`, which MLIR's verifier
/// attaches (the static maps with strides and dilations substituted).
fn memoize_maps(ctx: &mut Context, name: OpName, props: &mut [NamedAttribute], attrs: &mut Vec<NamedAttribute>) {
    let opname = ctx.op_name_str(name).to_string();
    let Some(named) = named_of(&opname) else { return };
    if named.maps.is_empty() || attrs.iter().any(|a| ctx.str(a.name) == "linalg.memoized_indexing_maps") {
        return;
    }
    let mut maps = Vec::new();
    for m in named.maps {
        let text = substitute(ctx, m, named, props);
        match strata_ir::parser::parse_attr_str(ctx, &text) {
            Ok(a) => maps.push(a),
            Err(_) => {
                ctx.take_diagnostics();
                return;
            }
        }
    }
    let arr = ctx.array_attr(maps);
    let n = ctx.sym("linalg.memoized_indexing_maps");
    attrs.push(NamedAttribute { name: n, value: arr });
}

/// `affine_map<(d..)[s..] -> (...)>` with the symbols bound to attribute values, symbol list
/// dropped.
fn substitute(ctx: &Context, map: &str, named: &NamedOp, props: &[NamedAttribute]) -> String {
    let (head, body) = map.split_once(" -> ").unwrap_or((map, ""));
    let dims = head.split('[').next().unwrap_or(head).trim_start_matches("affine_map<");
    let mut out = String::new();
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b's' && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j > i + 1 {
                let k: usize = body[i + 1..j].parse().unwrap_or(0);
                match named.bindings.get(k) {
                    Some(ods::Binding::Attr(attr, idx)) => {
                        let v = props
                            .iter()
                            .find(|n| ctx.str(n.name) == *attr)
                            .and_then(|n| elements_i64(ctx, n.value).get(*idx).copied())
                            .unwrap_or(1);
                        out.push_str(&v.to_string());
                    }
                    _ => out.push_str(&body[i..j]),
                }
                i = j;
                continue;
            }
        }
        out.push(bytes[i] as char);
        i += 1;
    }
    format!("affine_map<{} -> {}", dims.trim(), out)
}

fn elements_i64(ctx: &Context, a: Attribute) -> Vec<i64> {
    let s = strata_ir::printer::attr_to_string(ctx, a);
    // `dense<1> : tensor<2xi64>` or `dense<[1, 2]> : vector<2xi64>`
    let inner = s.strip_prefix("dense<").and_then(|r| r.split_once('>')).map(|x| x.0).unwrap_or("");
    let vals: Vec<i64> =
        inner.trim_matches(|c| c == '[' || c == ']').split(',').filter_map(|x| x.trim().parse().ok()).collect();
    if vals.len() == 1 {
        let n =
            s.rsplit_once('<').and_then(|x| x.1.split('x').next()).and_then(|x| x.parse::<usize>().ok()).unwrap_or(1);
        return vec![vals[0]; n];
    }
    vals
}

/// The `iterator_types = ["parallel", ...]` entry of a trait dictionary (`linalg.generic`,
/// `vector.contract`) as an array of `#<dialect>.iterator_type<...>`: MLIR's messages, at `pos`
/// for a malformed array and at `unexpected_at` (else the current position) for an unknown name.
pub(crate) fn parse_iterator_types(
    p: &mut OpAsmParser<'_, '_>,
    value: Attribute,
    dialect: &str,
    allowed: &[&str],
    pos: strata_ir::parser::SourcePos,
    unexpected_at: Option<strata_ir::parser::SourcePos>,
) -> ParseResult<Attribute> {
    let elems = match p.context().attr_kind(value) {
        AttrKind::Array(xs) => xs.clone(),
        _ => return Err(p.emit_error_at(pos, "expected iterator_types array attribute")),
    };
    let mut its = Vec::with_capacity(elems.len());
    for e in elems {
        let s = match p.context().attr_kind(e) {
            AttrKind::String { value, .. } => value.clone(),
            _ => return Err(p.emit_error_at(pos, "expected iterator_types array attribute")),
        };
        if !allowed.contains(&s.as_str()) {
            let msg = format!("unexpected iterator_type ({s})");
            return Err(match unexpected_at {
                Some(at) => p.emit_error_at(at, msg),
                None => p.emit_error(msg),
            });
        }
        let a = strata_ir::parser::parse_attr_str(p.ctx(), &format!("#{dialect}.iterator_type<{s}>"))
            .map_err(|_| p.emit_error_at(pos, "expected iterator_types array attribute"))?;
        its.push(a);
    }
    Ok(p.ctx().array_attr(its))
}

// ---------------------------------------------------------------- linalg.generic

fn parse_generic(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let pos = p.current_pos();
    let dict = p.parse_attribute()?;
    let entries = match p.context().attr_kind(dict) {
        AttrKind::Dictionary(es) => es.clone(),
        _ => return Err(p.emit_error_at(pos, "expected attribute dictionary")),
    };
    let mut found_iter = false;
    for na in entries {
        if p.context().str(na.name) == "iterator_types" {
            found_iter = true;
            let arr = parse_iterator_types(p, na.value, "linalg", &["parallel", "reduction", "window"], pos, None)?;
            st.properties.push(NamedAttribute { name: na.name, value: arr });
        } else {
            st.properties.push(na);
        }
    }
    if !found_iter {
        return Err(p.emit_error_at(pos, "expected iterator_types array attribute"));
    }
    parse_common(p, st, true)?;
    if p.parse_optional_keyword("attrs") {
        p.parse_equal()?;
        p.parse_optional_attr_dict(&mut st.attributes)?;
    }
    let mut r = p.ctx().create_region();
    p.parse_region(&mut r, &[], false)?;
    st.regions.push(r);
    let results = p.parse_optional_arrow_type_list()?;
    st.result_types.extend(results);
    Ok(())
}

const GENERIC_ATTRS: [&str; 4] = ["doc", "indexing_maps", "iterator_types", "library_call"];

fn print_generic(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let d = ctx.op(op);
    let mut all: Vec<NamedAttribute> = d.all_attrs().to_vec();
    all.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
    let core: Vec<NamedAttribute> = all.iter().copied().filter(|n| GENERIC_ATTRS.contains(&ctx.str(n.name))).collect();
    if !core.is_empty() {
        p.write(" {");
        for (i, n) in core.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            let key = ctx.str(n.name).to_string();
            p.write(&key);
            p.write(" = ");
            if key == "iterator_types" {
                let elems = match ctx.attr_kind(n.value) {
                    AttrKind::Array(xs) => xs.clone(),
                    _ => Vec::new(),
                };
                p.write("[");
                for (k, e) in elems.iter().enumerate() {
                    if k > 0 {
                        p.write(", ");
                    }
                    let s = strata_ir::printer::attr_to_string(p.ctx(), *e);
                    let inner =
                        s.strip_prefix("#linalg.iterator_type<").and_then(|r| r.strip_suffix('>')).unwrap_or(&s);
                    p.write("\"");
                    p.write(inner);
                    p.write("\"");
                }
                p.write("]");
            } else {
                p.print_attribute(n.value);
            }
        }
        p.write("}");
    }
    let (ins, outs) = ins_outs(p.ctx(), op);
    print_common(p, &ins, &outs);
    let ctx = p.ctx();
    let extra = all.iter().any(|n| {
        let k = ctx.str(n.name);
        !GENERIC_ATTRS.contains(&k) && k != "operandSegmentSizes"
    });
    if extra {
        p.write(" attrs = ");
        p.print_optional_attr_dict(
            op,
            &["doc", "indexing_maps", "iterator_types", "library_call", "operandSegmentSizes"],
        );
    }
    if let Some(&r) = p.ctx().op_regions(op).first() {
        if !p.ctx().region_blocks(r).is_empty() {
            p.write(" ");
            p.print_region(r, true, true);
        }
    }
    print_results_arrow(p, op);
}

fn in_out_names(ctx: &Context, op: OpId, _r: RegionId) -> Vec<Option<String>> {
    let (ins, outs) = ins_outs(ctx, op);
    let out_name = if ctx.op_name_of(op) == "linalg.reduce" { "init" } else { "out" };
    ins.iter().map(|_| Some("in".to_string())).chain(outs.iter().map(|_| Some(out_name.to_string()))).collect()
}

// ---------------------------------------------------------------- map / reduce / transpose / broadcast

/// `parseDstStyleOp`: `ins(...) outs(...)` (no segment sizes), results are the tensor outputs.
fn parse_dst_style(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
    dense_attr: Option<&str>,
) -> ParseResult<(Vec<Type>, Vec<Type>)> {
    let (ins_t, outs_t) = parse_common(p, st, false)?;
    for t in &outs_t {
        if matches!(p.context().type_kind(*t), TypeKind::RankedTensor { .. }) {
            st.result_types.push(*t);
        }
    }
    if let Some(name) = dense_attr {
        p.parse_keyword(name)?;
        p.parse_equal()?;
        let a = crate::ods::format::parse_attr(p, &ods::AttrKind::DenseArray { elt: "i64" }, name)?;
        let n = p.ctx().sym(name);
        st.properties.push(NamedAttribute { name: n, value: a });
    }
    p.parse_optional_attr_dict(&mut st.attributes)?;
    Ok((ins_t, outs_t))
}

fn parse_payload_short(p: &mut OpAsmParser<'_, '_>) -> ParseResult<Option<(String, Vec<NamedAttribute>)>> {
    if !p.parse_optional_lbrace() {
        return Ok(None);
    }
    let name = p.parse_keyword_any()?.to_string();
    let mut full = name.clone();
    while p.parse_optional_keyword_any().is_some() {}
    let _ = &mut full;
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    p.parse_rbrace()?;
    Ok(Some((name, attrs)))
}

fn add_payload_body(
    p: &mut OpAsmParser<'_, '_>,
    st: &mut OperationState,
    payload: &str,
    payload_attrs: Vec<NamedAttribute>,
    arg_types: &[Type],
    init_first: bool,
    result_t: Type,
) -> ParseResult<()> {
    let ctx = p.ctx();
    let region = ctx.create_region();
    let args: Vec<(Type, Option<Attribute>)> = arg_types.iter().map(|t| (element_or_self(ctx, *t), None)).collect();
    let block = ctx.create_block(&args);
    ctx.append_block(region, block);
    let n = arg_types.len();
    let mut operands: Vec<Value> = (0..n).map(|i| ctx.block_arg(block, i)).collect();
    if init_first {
        let last = operands.pop();
        operands.insert(0, last.expect("operands"));
    } else if !operands.is_empty() && ctx.op_name_str(st.name) == "linalg.map" {
        operands.pop();
    }
    let loc = st.loc;
    let name = ctx.op_name(payload);
    let mut s = OperationState::new(name, loc);
    s.operands.extend(operands);
    let et = element_or_self(ctx, result_t);
    s.result_types.push(et);
    s.attributes.extend(payload_attrs);
    let op = ctx.create_op(s);
    ctx.append_op(block, op);
    let y = ctx.op_name("linalg.yield");
    let mut ys = OperationState::new(y, loc);
    ys.operands.push(ctx.result(op, 0));
    let yop = ctx.create_op(ys);
    ctx.append_op(block, yop);
    st.regions.push(region);
    Ok(())
}

fn parse_region_with_args(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let args: Vec<Argument> = p.parse_argument_list(Delimiter::Paren, true, true)?;
    let mut r = p.ctx().create_region();
    p.parse_region(&mut r, &args, false)?;
    st.regions.push(r);
    Ok(())
}

fn parse_map(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let payload = parse_payload_short(p)?;
    let (ins_t, outs_t) = parse_dst_style(p, st, None)?;
    match payload {
        Some((name, attrs)) => {
            let tys: Vec<Type> = ins_t.iter().chain(&outs_t).copied().collect();
            let rt = *outs_t.first().ok_or_else(|| p.emit_error("expected outs"))?;
            add_payload_body(p, st, &name, attrs, &tys, false, rt)
        }
        None => parse_region_with_args(p, st),
    }
}

fn parse_reduce(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let payload = parse_payload_short(p)?;
    let (ins_t, outs_t) = parse_dst_style(p, st, Some("dimensions"))?;
    match payload {
        Some((name, attrs)) => {
            let tys: Vec<Type> = ins_t.iter().chain(&outs_t).copied().collect();
            let rt = *outs_t.first().ok_or_else(|| p.emit_error("expected outs"))?;
            add_payload_body(p, st, &name, attrs, &tys, true, rt)
        }
        None => parse_region_with_args(p, st),
    }
}

/// MLIR's `findPayloadOp`: the body is one op and a yield, the op's operands are the block's
/// arguments in order (`init_first`: the init argument first), with the map's init argument
/// unused.
fn find_payload(ctx: &Context, op: OpId, init_first: bool) -> Option<OpId> {
    let r = *ctx.op_regions(op).first()?;
    let b = *ctx.region_blocks(r).first()?;
    if ctx.block_len(b) != 2 {
        return None;
    }
    let payload = ctx.block_first_op(b)?;
    let ops = ctx.operands(payload);
    let args: Vec<Value> = ctx.block_args(b).collect();
    let is_map = ctx.op_name_of(op) == "linalg.map";
    let expect: Vec<Value> = if init_first {
        let mut v = vec![*args.last()?];
        v.extend_from_slice(&args[..args.len() - 1]);
        v
    } else if is_map {
        args[..args.len().saturating_sub(1)].to_vec()
    } else {
        args.clone()
    };
    if ops.is_empty() || ops != expect.as_slice() {
        return None;
    }
    // The payload's result is what is yielded.
    let y = ctx.block_last_op(b)?;
    if ctx.operands(y) != [ctx.result(payload, 0)] || ctx.num_results(payload) != 1 {
        return None;
    }
    Some(payload)
}

fn print_short_form(p: &mut OpAsmPrinter<'_>, payload: OpId) {
    let ctx = p.ctx();
    p.write(" { ");
    let name = ctx.op_name_of(payload).to_string();
    p.write(&name);
    let d = ctx.op(payload);
    let mut elided = Vec::new();
    for n in d.all_attrs().iter() {
        if strata_ir::printer::attr_to_string(ctx, n.value) == "#arith.fastmath<none>" {
            elided.push(ctx.str(n.name).to_string());
            break;
        }
    }
    let el: Vec<&str> = elided.iter().map(|s| s.as_str()).collect();
    p.print_optional_attr_dict(payload, &el);
    p.write(" }");
}

fn print_body_long(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let Some(&r) = p.ctx().op_regions(op).first() else { return };
    let Some(&b) = p.ctx().region_blocks(r).first() else { return };
    p.increase_indent();
    p.print_new_line();
    p.write("(");
    let args: Vec<Value> = p.ctx().block_args(b).collect();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_region_argument(*a, None, false);
    }
    p.write(") ");
    p.print_region(r, false, true);
    p.decrease_indent();
}

fn print_map(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let payload = find_payload(p.ctx(), op, false);
    if let Some(pl) = payload {
        print_short_form(p, pl);
    }
    let (ins, outs) = ins_outs(p.ctx(), op);
    print_common(p, &ins, &outs);
    p.print_optional_attr_dict(op, &[]);
    if payload.is_none() {
        print_body_long(p, op);
    }
}

fn print_dense(p: &mut OpAsmPrinter<'_>, op: OpId, name: &str) {
    let ctx = p.ctx();
    let vals = match ctx.attr(op, name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.clone(),
        _ => Vec::new(),
    };
    p.write(" ");
    p.write(name);
    p.write(" = [");
    p.write(&vals.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "));
    p.write("] ");
}

fn print_reduce(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let payload = find_payload(p.ctx(), op, true);
    if let Some(pl) = payload {
        print_short_form(p, pl);
    }
    let (ins, outs) = ins_outs(p.ctx(), op);
    print_common(p, &ins, &outs);
    print_dense(p, op, "dimensions");
    p.print_optional_attr_dict(op, &["dimensions"]);
    if payload.is_none() {
        print_body_long(p, op);
    }
}

/// `linalg.transpose` / `linalg.broadcast`: `ins(..) outs(..) <attr> = [..]`, implicit body
/// yielding the input.
fn parse_copy_like(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState, attr: &str) -> ParseResult<()> {
    let (ins_t, outs_t) = parse_dst_style(p, st, Some(attr))?;
    let ctx = p.ctx();
    let region = ctx.create_region();
    let tys: Vec<(Type, Option<Attribute>)> =
        ins_t.iter().chain(&outs_t).map(|t| (element_or_self(ctx, *t), None)).collect();
    let block = ctx.create_block(&tys);
    ctx.append_block(region, block);
    let y = ctx.op_name("linalg.yield");
    let mut ys = OperationState::new(y, ctx.unknown_loc());
    if !tys.is_empty() {
        ys.operands.push(ctx.block_arg(block, 0));
    }
    let yop = ctx.create_op(ys);
    ctx.append_op(block, yop);
    st.regions.push(region);
    Ok(())
}

fn parse_transpose(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    parse_copy_like(p, st, "permutation")
}
fn parse_broadcast(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    parse_copy_like(p, st, "dimensions")
}

fn print_copy_like(p: &mut OpAsmPrinter<'_>, op: OpId, attr: &str) {
    let (ins, outs) = ins_outs(p.ctx(), op);
    print_common(p, &ins, &outs);
    print_dense(p, op, attr);
    p.print_optional_attr_dict(op, &[attr]);
}
fn print_transpose(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_copy_like(p, op, "permutation")
}
fn print_broadcast(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_copy_like(p, op, "dimensions")
}

// ---------------------------------------------------------------- linalg.yield

fn parse_yield(p: &mut OpAsmParser<'_, '_>, st: &mut OperationState) -> ParseResult<()> {
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(&mut st.attributes)?;
    let tys = if ops.is_empty() { Vec::new() } else { p.parse_colon_type_list()? };
    p.resolve_operands(&ops, &tys, &mut st.operands)
}

fn print_yield(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ops = p.ctx().operands(op).to_vec();
    if !ops.is_empty() {
        p.write(" ");
        p.print_operands(&ops);
    }
    p.print_optional_attr_dict(op, &[]);
    if !ops.is_empty() {
        let ts: Vec<Type> = ops.iter().map(|v| p.ctx().value_type(*v)).collect();
        p.write(" : ");
        p.print_type_list(&ts);
    }
}

// ---------------------------------------------------------------- verifiers

fn verify_generic(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (ins, outs) = ins_outs(ctx, op);
    let n = ins.len() + outs.len();
    let maps = match ctx.attr(op, "indexing_maps").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(xs)) => xs.clone(),
        _ => return Err("requires attribute 'indexing_maps'".into()),
    };
    if maps.len() != n {
        return Err(format!(
            "expected the number of indexing_map ({}) to be equal to the number of input/output operands ({n})",
            maps.len()
        )
        .into());
    }
    let n_loops = match ctx.attr(op, "iterator_types").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(xs)) => xs.len(),
        _ => return Err("requires attribute 'iterator_types'".into()),
    };
    for (i, (m, v)) in maps.iter().zip(ins.iter().chain(&outs)).enumerate() {
        let AttrKind::AffineMap(map) = ctx.attr_kind(*m) else { continue };
        if map.num_symbols != 0 {
            return Err(format!("expected indexing_map #{i} to have no symbols").into());
        }
        if map.num_dims as usize != n_loops {
            return Err(
                format!("expected indexing_map #{i} to have {n_loops} dim(s) to match the number of loops").into()
            );
        }
        let rank = ctx.type_kind(ctx.value_type(*v)).shape().map(|s| s.len()).unwrap_or(0);
        if map.results.len() != rank {
            return Err(format!(
                "expected operand rank ({rank}) to match the result rank of indexing_map #{i} ({})",
                map.results.len()
            )
            .into());
        }
    }
    verify_loop_ranges(ctx, &maps, &ins, &outs, n_loops)?;
    // Region arguments.
    if let Some(&r) = ctx.op_regions(op).first() {
        if let Some(&b) = ctx.region_blocks(r).first() {
            let nargs = ctx.block(b).args.len();
            if nargs != n {
                return Err(
                    "expected as many non-induction variable region arguments as the number of input/output operands"
                        .into(),
                );
            }
            for (i, v) in ins.iter().chain(&outs).enumerate() {
                let want = block_arg_type(ctx, ctx.value_type(*v));
                let got = ctx.value_type(ctx.block_arg(b, i));
                if want != got {
                    return Err(format!(
                        "expected type of bb argument #{i} ('{}') to match element or self type of the corresponding operand ('{}')",
                        strata_ir::printer::type_to_string(ctx, got),
                        strata_ir::printer::type_to_string(ctx, want)
                    )
                    .into());
                }
            }
        }
    }
    verify_results_match_outs(ctx, op, &outs)
}

/// MLIR's `verifyStructuredOpInterface` loop-range checks: the concatenated indexing maps must be
/// invertible (every loop read off some operand dimension), and with static shapes every
/// operand dimension must agree with the loop ranges inferred from the first operand dimension
/// naming each loop.
fn verify_loop_ranges(
    ctx: &Context,
    maps: &[Attribute],
    ins: &[Value],
    outs: &[Value],
    n_loops: usize,
) -> Result<(), VerifyError> {
    use strata_ir::attributes::{AffineExpr, AffineMap};
    use strata_ir::parser::affine::{inverse_permutation, replace_dims_and_symbols};
    let mut ms: Vec<&AffineMap> = Vec::with_capacity(maps.len());
    for m in maps {
        let AttrKind::AffineMap(m) = ctx.attr_kind(*m) else { return Ok(()) };
        if m.num_symbols != 0 || m.num_dims as usize != n_loops {
            return Ok(());
        }
        ms.push(m);
    }
    let concat = AffineMap {
        num_dims: n_loops as u32,
        num_symbols: 0,
        results: ms.iter().flat_map(|m| m.results.iter().cloned()).collect(),
    };
    let Some(inv) = inverse_permutation(&concat) else {
        return Err(format!(
            "invalid indexing maps are non-invertible: ({})",
            strata_ir::printer::affine_map_to_string(&concat)
        )
        .into());
    };
    let shapes: Vec<Vec<i64>> = ins
        .iter()
        .chain(outs)
        .map(|v| ctx.type_kind(ctx.value_type(*v)).shape().map(|s| s.to_vec()).unwrap_or_default())
        .collect();
    let all_sizes: Vec<i64> = shapes.iter().flatten().copied().collect();
    if all_sizes.len() != concat.results.len() {
        return Ok(());
    }
    let mut ranges = Vec::with_capacity(n_loops);
    for e in &inv.results {
        let AffineExpr::Dim(i) = e else { return Ok(()) };
        ranges.push(all_sizes[*i as usize]);
    }
    if ranges.contains(&strata_ir::DYNAMIC) {
        return Ok(());
    }
    let zeros: Vec<AffineExpr> = vec![AffineExpr::Constant(0); n_loops];
    let ends: Vec<AffineExpr> = ranges.iter().map(|r| AffineExpr::Constant(r - 1)).collect();
    for (k, (m, shape)) in ms.iter().zip(&shapes).enumerate() {
        for (dim, e) in m.results.iter().enumerate() {
            let Some(&size) = shape.get(dim) else { continue };
            if size == strata_ir::DYNAMIC || size == 0 {
                continue;
            }
            let (AffineExpr::Constant(a), AffineExpr::Constant(b)) =
                (replace_dims_and_symbols(e, &zeros, &[]), replace_dims_and_symbols(e, &ends, &[]))
            else {
                continue;
            };
            let inferred = a.max(b) + 1;
            if a.min(b) < 0 {
                return Err(format!(
                    "unexpected result less than 0 at expression #{dim} in {}",
                    strata_ir::printer::affine_map_to_string(m)
                )
                .into());
            }
            if matches!(e, AffineExpr::Dim(_)) {
                if inferred != size {
                    return Err(format!(
                        "inferred input/output operand #{k} has shape's dimension #{dim} to be {inferred}, but found {size}"
                    )
                    .into());
                }
            } else if inferred > size {
                return Err(format!(
                    "inferred input/output operand #{k} has shape's dimension #{dim} to be greater than or equal to {inferred}, but found {size}"
                )
                .into());
            }
        }
    }
    Ok(())
}

fn verify_results_match_outs(ctx: &Context, op: OpId, outs: &[Value]) -> Result<(), VerifyError> {
    let tensor_outs: Vec<Type> = outs
        .iter()
        .map(|v| ctx.value_type(*v))
        .filter(|t| matches!(ctx.type_kind(*t), TypeKind::RankedTensor { .. }))
        .collect();
    let results: Vec<Type> = ctx.results(op).map(|v| ctx.value_type(v)).collect();
    if tensor_outs.len() != results.len() {
        return Err(format!(
            "expected the number of tensor results ({}) to be equal to the number of output tensors ({})",
            results.len(),
            tensor_outs.len()
        )
        .into());
    }
    for (i, (a, b)) in results.iter().zip(&tensor_outs).enumerate() {
        if a != b {
            return Err(format!(
                "expected type of operand #{} ({}) to match type of corresponding result ({})",
                outs.len() - tensor_outs.len() + i + ctx.operands(op).len() - outs.len(),
                strata_ir::printer::type_to_string(ctx, *b),
                strata_ir::printer::type_to_string(ctx, *a)
            )
            .into());
        }
    }
    Ok(())
}

fn verify_named(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (_, outs) = ins_outs(ctx, op);
    verify_results_match_outs(ctx, op, &outs)
}

fn verify_transpose(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (ins, outs) = ins_outs(ctx, op);
    let (Some(i), Some(o)) = (ins.first(), outs.first()) else { return Ok(()) };
    let perm = match ctx.attr(op, "permutation").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.clone(),
        _ => return Ok(()),
    };
    let (is, os) = (
        ctx.type_kind(ctx.value_type(*i)).shape().map(|s| s.to_vec()),
        ctx.type_kind(ctx.value_type(*o)).shape().map(|s| s.to_vec()),
    );
    let (Some(is), Some(os)) = (is, os) else { return Ok(()) };
    let mut seen = vec![false; perm.len()];
    if perm.iter().any(|&p| p < 0 || p as usize >= perm.len() || std::mem::replace(&mut seen[p as usize], true)) {
        return Err("permutation is not valid".into());
    }
    if is.len() != perm.len() {
        return Err(format!("input rank {} does not match permutation size {}", is.len(), perm.len()).into());
    }
    if os.len() != perm.len() {
        return Err(format!("init rank {} does not match permutation size {}", os.len(), perm.len()).into());
    }
    for (i, &p) in perm.iter().enumerate() {
        if is[p as usize] != os[i] {
            return Err(format!(
                "dim(result, {i}) = {} doesn't match dim(input, permutation[{i}]) = {}",
                os[i], is[p as usize]
            )
            .into());
        }
    }
    verify_results_match_outs(ctx, op, &outs)
}

fn verify_broadcast(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (ins, outs) = ins_outs(ctx, op);
    let (Some(i), Some(o)) = (ins.first(), outs.first()) else { return Ok(()) };
    let dims = match ctx.attr(op, "dimensions").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.clone(),
        _ => return Ok(()),
    };
    let (Some(is), Some(os)) = (
        ctx.type_kind(ctx.value_type(*i)).shape().map(|s| s.to_vec()),
        ctx.type_kind(ctx.value_type(*o)).shape().map(|s| s.to_vec()),
    ) else {
        return Ok(());
    };
    if is.len() + dims.len() != os.len() {
        return Err(format!(
            "input rank plus added dimensions does not match init rank. input rank: {}, dimensions size: {}, init rank: {}",
            is.len(),
            dims.len(),
            os.len()
        )
        .into());
    }
    for (i, &d) in dims.iter().enumerate() {
        if d < 0 || d as usize >= os.len() {
            return Err(
                format!("dimension {i} is out of range. expected range: [0, {}], got: {d}", os.len() - 1).into()
            );
        }
    }
    let kept: Vec<usize> = (0..os.len()).filter(|k| !dims.contains(&(*k as i64))).collect();
    for (in_dim, &out_dim) in kept.iter().enumerate() {
        if is[in_dim] != os[out_dim] {
            return Err(format!(
                "input dim {in_dim} should match init dim {out_dim}. input: {}, init: {}",
                is[in_dim], os[out_dim]
            )
            .into());
        }
    }
    verify_results_match_outs(ctx, op, &outs)
}

fn verify_reduce(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (ins, outs) = ins_outs(ctx, op);
    let dims = match ctx.attr(op, "dimensions").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.clone(),
        _ => return Ok(()),
    };
    let Some(i0) = ins.first() else { return Ok(()) };
    let Some(is) = ctx.type_kind(ctx.value_type(*i0)).shape().map(|s| s.to_vec()) else { return Ok(()) };
    for &d in &dims {
        if d < 0 || d as usize >= is.len() {
            return Err(format!("dimensions for reduction should be in the range [0, {}].", is.len() as i64 - 1).into());
        }
    }
    for o in &outs {
        let Some(os) = ctx.type_kind(ctx.value_type(*o)).shape().map(|s| s.to_vec()) else { continue };
        if os.len() + dims.len() != is.len() {
            return Err(format!(
                "number of dimensions after reduction {} doesn't match the init rank {}",
                is.len() - dims.len(),
                os.len()
            )
            .into());
        }
        let kept: Vec<i64> = (0..is.len()).filter(|k| !dims.contains(&(*k as i64))).map(|k| is[k]).collect();
        if kept != os {
            return Err(format!(
                "init dimensions [{}] doesn't match input dimensions after reduction [{}]",
                os.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "),
                kept.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
            )
            .into());
        }
    }
    verify_results_match_outs(ctx, op, &outs)
}

fn verify_map(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let (ins, outs) = ins_outs(ctx, op);
    let Some(o) = outs.first() else { return Ok(()) };
    let os = ctx.type_kind(ctx.value_type(*o)).shape().map(|s| s.to_vec());
    for i in &ins {
        let is = ctx.type_kind(ctx.value_type(*i)).shape().map(|s| s.to_vec());
        if is != os {
            return Err(format!(
                "expected shape of input ({}) to match shape of output ({})",
                is.unwrap_or_default().iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "),
                os.clone().unwrap_or_default().iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
            )
            .into());
        }
    }
    verify_results_match_outs(ctx, op, &outs)
}

fn result_name(ctx: &Context, op: OpId) -> Option<String> {
    if ctx.num_results(op) == 0 {
        return None;
    }
    Some(
        match ctx.op_name_of(op) {
            "linalg.map" => "mapped",
            "linalg.reduce" => "reduced",
            "linalg.transpose" => "transposed",
            "linalg.broadcast" => "broadcasted",
            _ => return None,
        }
        .into(),
    )
}

/// Register the `linalg` dialect.
pub fn register(ctx: &mut Context) {
    let mut b = DialectBuilder::new("linalg", ods::gen_linalg::OPS);
    let named: Vec<String> = b
        .entries()
        .filter(|(i, o)| {
            o.def.custom_asm
                && (named_of(&i.name).is_some()
                    || matches!(
                        i.name.as_str(),
                        "linalg.matmul"
                            | "linalg.batch_matmul"
                            | "linalg.batch_reduce_matmul"
                            | "linalg.fill"
                            | "linalg.copy"
                    ))
        })
        .map(|(i, _)| i.name.clone())
        .collect();
    for n in &named {
        b.assembly(n, parse_named, print_named);
        b.verifier(n, verify_named);
        let (info, ods) = b.op(n);
        ods.named = named_of(n);
        if ods.named.map(|x| !x.maps.is_empty()).unwrap_or(false) {
            info.populate = Some(memoize_maps_and_defaults);
        }
    }
    b.assembly("linalg.generic", parse_generic, print_generic);
    b.verifier("linalg.generic", verify_generic);
    b.assembly("linalg.map", parse_map, print_map).verifier("linalg.map", verify_map);
    b.assembly("linalg.reduce", parse_reduce, print_reduce).verifier("linalg.reduce", verify_reduce);
    b.assembly("linalg.transpose", parse_transpose, print_transpose).verifier("linalg.transpose", verify_transpose);
    b.assembly("linalg.broadcast", parse_broadcast, print_broadcast).verifier("linalg.broadcast", verify_broadcast);
    b.assembly("linalg.yield", parse_yield, print_yield);
    for n in ["linalg.generic", "linalg.reduce", "linalg.map"] {
        b.op(n).0.asm_block_arg_names = Some(in_out_names);
    }
    for (info, _) in b.entries() {
        info.asm_result_names = Some(result_name);
    }
    let d = b.finish(ctx).attr_body_hook(attr_body);
    ctx.register_dialect(d);
}

// The signature is `PopulateFn`'s (the hook may grow the property list).
#[allow(clippy::ptr_arg)]
fn memoize_maps_and_defaults(
    ctx: &mut Context,
    name: OpName,
    props: &mut Vec<NamedAttribute>,
    attrs: &mut Vec<NamedAttribute>,
) {
    memoize_maps(ctx, name, props, attrs);
}

fn attr_body(body: &str, opaque: bool) -> Result<Option<String>, Vec<strata_ir::dialect::BodyError>> {
    ods::enum_attr_body(ods::gen_linalg::OPS, "#linalg.", body, opaque)
}
