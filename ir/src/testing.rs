//! Test support for code built on `strata-ir` (enabled by the `test-support` feature, as
//! MLIR's tests link its `test` dialect): an arith/func/scf-like dialect `t` with folders, a
//! canonicalization pattern and constant materialization, and [`B`], a builder of IR through the
//! `Context` API (so tests need not go through the text parser). Every op `B` creates gets the
//! location `t:<n>:1`, `n` counting up from 1 in creation order.
#![allow(missing_docs)]

use crate::dialect::{Dialect, FoldResult, OpInfo, Traits};
use crate::printer::{print_op, PrintOptions};
use crate::rewrite::{constant_value, PatternRewriter, RewritePattern};
use crate::*;

pub fn int_of(ctx: &Context, a: Option<Attribute>) -> Option<(i128, Type)> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value, ty } => Some((*value, *ty)),
        _ => None,
    }
}

pub fn addi_fold(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    match (int_of(ctx, c[0]), int_of(ctx, c[1])) {
        (Some((a, t)), Some((b, _))) => Some(vec![FoldResult::Attr(ctx.int_attr(a + b, t))]),
        (_, Some((0, _))) => Some(vec![FoldResult::Value(ctx.operands(op)[0])]),
        _ => None,
    }
}

pub fn muli_fold(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
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
        let sum = rw.interner(|c| c.int_attr(a + b, t));
        let loc = rw.op(op).loc;
        let c = rw.interner(|cx| materialize(cx, sum, t, loc)).unwrap();
        rw.insert(c);
        let cv = rw.result(c, 0);
        let name = rw.op_name("t.addi");
        let mut st = OperationState::new(name, loc);
        st.operands = [iops[0], cv].into_iter().collect();
        st.result_types = vec![t];
        rw.replace_op_with_new(op, st);
        true
    }
}

/// The canonicalization patterns of `t.addi`.
pub fn addi_patterns() -> Vec<Box<dyn RewritePattern>> {
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

pub struct B {
    pub ctx: Context,
    pub line: u32,
}

impl Default for B {
    fn default() -> Self {
        B::new()
    }
}

impl B {
    /// A context with the `t` dialect registered (unregistered ops allowed).
    pub fn new() -> B {
        B::with_dialect(test_dialect())
    }

    /// A context with `dialect` registered instead (unregistered ops allowed).
    pub fn with_dialect(dialect: Dialect) -> B {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        ctx.register_dialect(dialect);
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

/// A module with `t.func @f(%arg0: i32)` of arith-like ops with constants to fold, reassociate
/// (`AddIAddConstant`) and hoist; returns (module, func). Written with `arith`, `mlir-opt
/// --canonicalize` turns the function into [`C1_EXPECTED`].
pub fn build_c1(b: &mut B) -> (OpId, OpId) {
    let (m, mb) = b.module();
    let i32 = b.i32();
    let (f, e) = b.func(mb, "f", None, &[i32]);
    let a = b.ctx.block_arg(e, 0);
    let x0 = b.v(e, "t.addi", &[a, a]);
    let c1 = b.constant(e, 1);
    let c2 = b.constant(e, 2);
    let x1 = b.v(e, "t.addi", &[c1, c2]);
    let c1b = b.constant(e, 1);
    let x2 = b.v(e, "t.muli", &[x0, x1]);
    let x3 = b.v(e, "t.addi", &[x2, c1b]);
    let c5 = b.constant(e, 5);
    let x4 = b.v(e, "t.addi", &[x3, c5]);
    b.op(e, "t.return", &[x4], &[]);
    (m, f)
}

/// The canonicalized function of [`build_c1`], generic form.
pub const C1_EXPECTED: &str = r#""t.func"() <{sym_name = "f"}> ({
^bb0(%arg0: i32):
  %0 = "t.constant"() <{value = 6 : i32}> : () -> i32
  %1 = "t.constant"() <{value = 3 : i32}> : () -> i32
  %2 = "t.addi"(%arg0, %arg0) : (i32, i32) -> i32
  %3 = "t.muli"(%2, %1) : (i32, i32) -> i32
  %4 = "t.addi"(%3, %0) : (i32, i32) -> i32
  "t.return"(%4) : (i32) -> ()
}) : () -> ()"#;

/// Set operand `i` of `op` bypassing the use-list bookkeeping — only for tests that build
/// deliberately malformed IR (e.g. printing an op whose operand does not exist), the way a
/// buggy pass could.
pub fn corrupt_operand(ctx: &mut Context, op: OpId, i: usize, v: Value) {
    ctx.op_mut(op).operands[i] = v;
}

/// The variable that lets a run skip the external conformance suites (`STRATA_SKIP_CONFORMANCE=1`).
pub const SKIP_CONFORMANCE_VAR: &str = "STRATA_SKIP_CONFORMANCE";

/// The folder `../shared/conformance/<rel>` beside the repository (`manifest_dir` is the test
/// crate's `CARGO_MANIFEST_DIR`). A missing suite fails the test — a suite that silently passes
/// when its input is absent proves nothing — unless [`SKIP_CONFORMANCE_VAR`] is set, in which
/// case this prints that the suite is skipped and returns `None`.
pub fn conformance_path(manifest_dir: &str, rel: &str) -> Option<std::path::PathBuf> {
    let root = std::path::Path::new(manifest_dir).join("../../shared/conformance");
    let p = root.join(rel);
    if p.exists() {
        return Some(p);
    }
    if std::env::var_os(SKIP_CONFORMANCE_VAR).is_some_and(|v| !v.is_empty() && v != "0") {
        println!("SKIPPED: {} is absent and {SKIP_CONFORMANCE_VAR} is set", p.display());
        return None;
    }
    panic!(
        "conformance suite {} is missing: put the shared/ folder beside the repository, \
         or set {SKIP_CONFORMANCE_VAR}=1 to skip the external suites explicitly",
        p.display()
    );
}

/// Every file under `dir` whose extension is `ext`, recursively, sorted by path; folders named in
/// `skip_dirs` are not entered (lit's `Inputs/` hold inputs of tests, not tests). A missing or
/// unreadable `dir` gives no files: callers that need the folder check it first
/// ([`conformance_path`]).
pub fn files_under(dir: &std::path::Path, ext: &str, skip_dirs: &[&str]) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let Ok(rd) = std::fs::read_dir(dir) else { return out };
    let mut entries: Vec<std::path::PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if !p.file_name().is_some_and(|n| skip_dirs.iter().any(|s| n == *s)) {
                out.extend(files_under(&p, ext, skip_dirs));
            }
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
    out
}
