//! Shared test support: an arith/func/scf-like test dialect and an IR builder (the text parser
//! is not used, so these tests do not depend on it).
#![allow(dead_code)]

use strata_ir::dialect::{Dialect, FoldResult, OpInfo, Traits};
use strata_ir::pass::{PassManager, PassRegistry};
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::rewrite::{constant_value, PatternRewriter, RewritePattern};
use strata_ir::*;

pub fn int_of(ctx: &Context, a: Option<Attribute>) -> Option<(i128, Type)> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value, ty } => Some((*value, *ty)),
        _ => None,
    }
}

fn addi_fold(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    match (int_of(ctx, c[0]), int_of(ctx, c[1])) {
        (Some((a, t)), Some((b, _))) => Some(vec![FoldResult::Attr(ctx.int_attr(a + b, t))]),
        (_, Some((0, _))) => Some(vec![FoldResult::Value(ctx.operands(op)[0])]),
        _ => None,
    }
}

fn muli_fold(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    match (int_of(ctx, c[0]), int_of(ctx, c[1])) {
        (Some((a, t)), Some((b, _))) => Some(vec![FoldResult::Attr(ctx.int_attr(a * b, t))]),
        (_, Some((1, _))) => Some(vec![FoldResult::Value(ctx.operands(op)[0])]),
        _ => None,
    }
}

pub fn materialize(ctx: &mut Context, value: Attribute, ty: Type, loc: Attribute) -> Option<OpId> {
    let name = ctx.op_name("t.constant");
    let mut st = OperationState::new(name, loc);
    st.result_types = vec![ty];
    let v = ctx.sym("value");
    st.add_attr(v, value);
    Some(ctx.create_op(st))
}

/// arith's `AddIAddConstant`: addi(addi(x, c0), c1) -> addi(x, c0 + c1).
pub struct AddIAddConstant;

impl RewritePattern for AddIAddConstant {
    fn name(&self) -> &str {
        "AddIAddConstant"
    }
    fn root(&self) -> Option<&str> {
        Some("t.addi")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter) -> bool {
        let ops = rw.operands(op).to_vec();
        let Some(c1) = rw.defining_op(ops[1]).and_then(|d| constant_value(rw, d)) else { return false };
        let Some(inner) = rw.defining_op(ops[0]) else { return false };
        if rw.op_name_of(inner) != "t.addi" {
            return false;
        }
        let iops = rw.operands(inner).to_vec();
        let Some(c0) = rw.defining_op(iops[1]).and_then(|d| constant_value(rw, d)) else { return false };
        let (Some((a, t)), Some((b, _))) = (int_of(rw, Some(c0)), int_of(rw, Some(c1))) else { return false };
        let sum = rw.ctx_mut().int_attr(a + b, t);
        let loc = rw.op(op).loc;
        let c = materialize(rw.ctx_mut(), sum, t, loc).unwrap();
        rw.insert(c);
        let cv = rw.result(c, 0);
        let name = rw.ctx_mut().op_name("t.addi");
        let mut st = OperationState::new(name, loc);
        st.operands = [iops[0], cv].into_iter().collect();
        st.result_types = vec![t];
        rw.replace_op_with_new(op, st);
        true
    }
}

fn addi_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(AddIAddConstant)]
}

pub fn test_dialect() -> Dialect {
    let mut d = Dialect::new("t")
        .op(OpInfo::new("t.constant")
            .traits(Traits::CONSTANT_LIKE | Traits::PURE | Traits::ZERO_OPERANDS | Traits::ONE_RESULT)
            .inherent(&["value"]))
        .op(OpInfo::new("t.addi")
            .traits(Traits::PURE | Traits::COMMUTATIVE | Traits::SAME_OPERANDS_AND_RESULT_TYPE)
            .folder(addi_fold)
            .canonicalizer(addi_patterns))
        .op(OpInfo::new("t.muli")
            .traits(Traits::PURE | Traits::COMMUTATIVE | Traits::SAME_OPERANDS_AND_RESULT_TYPE)
            .folder(muli_fold))
        .op(OpInfo::new("t.func")
            .traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL)
            .inherent(&["sym_name", "sym_visibility"]))
        .op(OpInfo::new("t.call").inherent(&["callee"]))
        .op(OpInfo::new("t.return").traits(Traits::IS_TERMINATOR | Traits::PURE | Traits::RETURN_LIKE))
        .op(OpInfo::new("t.yield").traits(Traits::IS_TERMINATOR | Traits::PURE | Traits::RETURN_LIKE))
        .op(OpInfo::new("t.br").traits(Traits::IS_TERMINATOR | Traits::PURE))
        .op(OpInfo::new("t.if").traits(Traits::RECURSIVE_MEMORY_EFFECTS | Traits::SINGLE_BLOCK))
        .op(OpInfo::new("t.effect"));
    d.materialize_constant = Some(materialize);
    d
}

pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    strata_passes::register_all(&mut r);
    r
}

pub struct B {
    pub ctx: Context,
    pub line: u32,
}

impl B {
    pub fn new() -> B {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        ctx.register_dialect(test_dialect());
        B { ctx, line: 0 }
    }

    pub fn loc(&mut self) -> Attribute {
        self.line += 1;
        self.ctx.file_loc("t", self.line, 1)
    }

    pub fn i32(&mut self) -> Type {
        self.ctx.int_type(32)
    }

    pub fn region(&mut self, args: &[Type]) -> (RegionId, BlockId) {
        let r = self.ctx.create_region();
        let a: Vec<(Type, Option<Attribute>)> = args.iter().map(|t| (*t, None)).collect();
        let b = self.ctx.create_block(&a);
        self.ctx.append_block(r, b);
        (r, b)
    }

    /// A `builtin.module`, optionally named and with a visibility, appended to `parent`.
    pub fn module_in(&mut self, parent: Option<BlockId>, name: Option<&str>, vis: Option<&str>) -> (OpId, BlockId) {
        let (r, b) = self.region(&[]);
        let mut attrs = Vec::new();
        if let Some(n) = name {
            attrs.push(("sym_name", self.ctx.string_attr(n)));
        }
        if let Some(v) = vis {
            attrs.push(("sym_visibility", self.ctx.string_attr(v)));
        }
        let m = self.op_full(parent, "builtin.module", &[], &[], &attrs, vec![r], &[]);
        (m, b)
    }

    pub fn module(&mut self) -> (OpId, BlockId) {
        self.module_in(None, None, None)
    }

    #[allow(clippy::too_many_arguments)]
    pub fn op_full(
        &mut self,
        block: Option<BlockId>,
        name: &str,
        operands: &[Value],
        results: &[Type],
        attrs: &[(&str, Attribute)],
        regions: Vec<RegionId>,
        successors: &[BlockId],
    ) -> OpId {
        let n = self.ctx.op_name(name);
        let loc = self.loc();
        let mut st = OperationState::new(n, loc);
        st.operands = operands.into();
        st.result_types = results.to_vec();
        for (k, v) in attrs {
            let s = self.ctx.sym(k);
            st.add_attr(s, *v);
        }
        st.regions = regions;
        st.successors = successors.to_vec();
        let op = self.ctx.create_op(st);
        if let Some(b) = block {
            self.ctx.append_op(b, op);
        }
        op
    }

    pub fn op(&mut self, block: BlockId, name: &str, operands: &[Value], results: &[Type]) -> OpId {
        self.op_full(Some(block), name, operands, results, &[], vec![], &[])
    }

    /// An i32-valued op.
    pub fn v(&mut self, block: BlockId, name: &str, operands: &[Value]) -> Value {
        let t = self.i32();
        let op = self.op(block, name, operands, &[t]);
        self.ctx.result(op, 0)
    }

    pub fn constant(&mut self, block: BlockId, v: i128) -> Value {
        let t = self.i32();
        let a = self.ctx.int_attr(v, t);
        let op = self.op_full(Some(block), "t.constant", &[], &[t], &[("value", a)], vec![], &[]);
        self.ctx.result(op, 0)
    }

    /// `t.func @name(args)`; returns (func, entry block).
    pub fn func(&mut self, parent: BlockId, name: &str, vis: Option<&str>, args: &[Type]) -> (OpId, BlockId) {
        let (r, b) = self.region(args);
        let mut attrs = vec![("sym_name", self.ctx.string_attr(name))];
        if let Some(v) = vis {
            attrs.push(("sym_visibility", self.ctx.string_attr(v)));
        }
        let f = self.op_full(Some(parent), "t.func", &[], &[], &attrs, vec![r], &[]);
        (f, b)
    }

    /// A function with just a return, optionally calling `callee` (`@a` or `@a::@b`).
    pub fn simple_func(&mut self, parent: BlockId, name: &str, vis: Option<&str>, callee: Option<&[&str]>) -> OpId {
        let (f, e) = self.func(parent, name, vis, &[]);
        if let Some(path) = callee {
            let root = self.ctx.sym(path[0]);
            let nested = path[1..].iter().map(|p| self.ctx.sym(p)).collect();
            let r = self.ctx.intern_attr(AttrKind::SymbolRef { root, nested });
            self.op_full(Some(e), "t.call", &[], &[], &[("callee", r)], vec![], &[]);
        }
        self.op(e, "t.return", &[], &[]);
        f
    }

    pub fn print(&self, op: OpId) -> String {
        print_op(&self.ctx, op, &PrintOptions::generic())
    }

    /// Run a pipeline; returns the statistics report or the rendered failure.
    pub fn run(&mut self, pipeline: &str, root: OpId) -> Result<String, String> {
        let mut pm = PassManager::parse(pipeline, &registry()).map_err(|e| e.render())?;
        match pm.run(&mut self.ctx, root) {
            Ok(()) => Ok(pm.statistics_report()),
            Err(f) => {
                let diags: Vec<String> = self.ctx.take_diagnostics().iter().map(|d| d.message.clone()).collect();
                Err(format!("{f}: {}", diags.join("; ")))
            }
        }
    }
}

/// Lines trimmed, for comparing printed IR regardless of indentation.
pub fn normalize(s: &str) -> String {
    s.lines().map(|l| l.trim()).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

/// The `sym_name`s of the symbols directly nested in `op`'s first block, in order.
pub fn symbol_names(ctx: &Context, op: OpId) -> Vec<String> {
    let b = ctx.region_entry(ctx.op_regions(op)[0]).unwrap();
    ctx.block_ops(b)
        .filter_map(|o| ctx.attr(o, "sym_name"))
        .map(|a| match ctx.attr_kind(a) {
            AttrKind::String { value, .. } => value.clone(),
            _ => String::new(),
        })
        .collect()
}

/// Parse `input` (MLIR text; the test dialect in generic form), run `pipeline` on the module and
/// return the printed module (generic form of the test ops, as the printer gives), or on failure
/// the rendered diagnostics.
pub fn run_text(pipeline: &str, input: &str) -> String {
    use strata_ir::parser::{parse_source, ParserConfig};
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    ctx.register_dialect(test_dialect());
    let render = |ctx: &mut Context| -> String {
        ctx.take_diagnostics().iter().map(|d| strata_ir::diagnostics::render(ctx, d)).collect()
    };
    let Ok(m) = parse_source(&mut ctx, &ParserConfig::new("in.mlir"), input) else { return render(&mut ctx) };
    if strata_ir::verifier::verify(&mut ctx, m).is_err() {
        return render(&mut ctx);
    }
    let mut pm = match PassManager::parse(pipeline, &registry()) {
        Ok(pm) => pm,
        Err(e) => return e.render(),
    };
    match pm.run(&mut ctx, m) {
        Ok(()) => print_op(&ctx, m, &PrintOptions::default()),
        Err(_) => render(&mut ctx),
    }
}

/// [`run_text`] and compare with `expected` (both trimmed line by line).
#[track_caller]
pub fn check(pipeline: &str, input: &str, expected: &str) {
    let got = run_text(pipeline, input);
    assert_eq!(normalize(&got), normalize(expected), "\n--- got ---\n{got}");
}
