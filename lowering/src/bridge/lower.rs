//! The lowering pipeline: linalg-on-tensors text → a module entirely in the llvm dialect, with
//! entry wrappers. Shared by the JIT ([`super::engine`]) and the object emitter ([`super::aot`]).

use std::cell::RefCell;
use std::fmt::Write as _;
use std::rc::Rc;
use std::sync::Once;
use std::time::Instant;

use melior::dialect::DialectRegistry;
use melior::ir::operation::OperationLike;
use melior::ir::Module;
use melior::pass::PassManager;
use melior::utility::{
    parse_pass_pipeline, register_all_dialects, register_all_llvm_translations, register_all_passes,
};
use melior::Context;
use mlir_sys::*;

use super::raw;
use super::{CompileReport, EntrySig};
use crate::analysis::{parse_i64_array, parse_iterators, IndexingMap, OpDesc, TensorTy};
use crate::cpu::Isa;
use crate::error::BridgeError;
use crate::polynomial;
use crate::schedule::{self, Plan, Tuning};
use crate::tensors::{ArgType, NativeElem};

/// A context with every dialect, pass and translation registered, collecting diagnostics.
pub struct Ctx {
    pub context: Context,
    pub diags: Rc<RefCell<Vec<String>>>,
}

impl Ctx {
    pub fn new() -> Ctx {
        static INIT: Once = Once::new();
        INIT.call_once(register_all_passes);
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = Context::new();
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        register_all_llvm_translations(&context);
        context.enable_multi_threading(false);
        let diags = Rc::new(RefCell::new(Vec::new()));
        let d = diags.clone();
        context.attach_diagnostic_handler(move |diag| {
            let loc = diag.location().to_string();
            let mut msg = diag.to_string();
            for i in 0..diag.note_count() {
                if let Ok(n) = diag.note(i) {
                    let _ = write!(msg, "\n  note: {n}");
                }
            }
            d.borrow_mut().push(if loc.is_empty() || loc == "loc(unknown)" { msg } else { format!("{loc}: {msg}") });
            true
        });
        Ctx { context, diags }
    }

    /// The diagnostics collected since the last call, joined.
    pub fn take_diags(&self) -> String {
        let v = std::mem::take(&mut *self.diags.borrow_mut());
        if v.is_empty() {
            "(no diagnostic)".to_string()
        } else {
            let mut v = v;
            v.truncate(20);
            v.join("\n")
        }
    }

    pub fn raw(&self) -> MlirContext {
        self.context.to_raw()
    }
}

/// How to lower.
#[derive(Clone, Debug)]
pub struct LowerConfig {
    pub isa: Isa,
    pub schedule: bool,
    pub dump: bool,
    /// JIT: allocations through `_mlir_memref_to_llvm_alloc/free` (a caching allocator).
    pub generic_alloc: bool,
    /// Functions to wrap, with the wrapper names: (entry, wrapper symbol, packed?).
    pub wrappers: WrapperKind,
}

#[derive(Clone, Debug)]
pub enum WrapperKind {
    /// Every public function with a static tensor signature gets `__strata_packed_NAME(void**)`.
    PackedAll,
    /// One entry gets the C wrapper `name(ptr...) -> i32`.
    Named { entry: String, name: String },
}

/// A module lowered to the llvm dialect, with its entry signatures.
pub struct Lowered<'c> {
    pub module: Module<'c>,
    pub entries: Vec<EntrySig>,
    pub report: CompileReport,
}

fn dump(cfg: &LowerConfig, title: &str, module: &Module) {
    if cfg.dump {
        eprintln!("// -----// IR Dump After {title} //----- //\n{}", module.as_operation());
    }
}

fn run_pipeline(
    ctx: &Ctx,
    module: &mut Module,
    stage: &str,
    pipeline: &str,
    cfg: &LowerConfig,
) -> Result<(), BridgeError> {
    if cfg.dump {
        // one pass manager per top-level pass, with the IR printed after each (the C API's
        // IR-printing instrumentation prints nothing through melior 0.27.8 here)
        let inner =
            pipeline.trim().strip_prefix("builtin.module(").and_then(|p| p.strip_suffix(')')).unwrap_or(pipeline);
        for pass in split_top_level_commas(inner) {
            run_one(ctx, module, stage, &format!("builtin.module({pass})"))?;
            dump(cfg, &format!("{pass} ({stage})"), module);
        }
        return Ok(());
    }
    run_one(ctx, module, stage, pipeline)
}

fn run_one(ctx: &Ctx, module: &mut Module, stage: &str, pipeline: &str) -> Result<(), BridgeError> {
    let pm = PassManager::new(&ctx.context);
    parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline).map_err(|e| BridgeError::Lowering {
        stage: stage.into(),
        message: format!("bad pipeline {pipeline}: {e} {}", ctx.take_diags()),
    })?;
    pm.run(module).map_err(|_| BridgeError::Lowering { stage: stage.into(), message: ctx.take_diags() })
}

/// `a, b{x=1,2}, func.func(c, d)` → ["a", "b{x=1,2}", "func.func(c, d)"].
fn split_top_level_commas(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut cur) = (0i32, String::new());
    for c in s.chars() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            out.push(std::mem::take(&mut cur).trim().to_string());
        } else {
            cur.push(c);
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

fn apply_transform(
    ctx: &Ctx,
    module: &mut Module,
    stage: &str,
    script: &str,
    cfg: &LowerConfig,
) -> Result<(), BridgeError> {
    let script = &bound_pattern_application(script);
    if cfg.dump {
        eprintln!("// -----// Transform script for {stage} //----- //\n{script}");
    }
    let tmod = Module::parse(&ctx.context, script).ok_or_else(|| BridgeError::Lowering {
        stage: stage.into(),
        message: format!("generated transform script does not parse (a bug in Strata): {}", ctx.take_diags()),
    })?;
    unsafe {
        let seq = raw::block_ops(mlirModuleGetBody(tmod.to_raw()))
            .into_iter()
            .find(|&op| raw::attr(op, "sym_name").as_deref() == Some("\"__transform_main\""))
            .ok_or_else(|| BridgeError::Lowering { stage: stage.into(), message: "no __transform_main".into() })?;
        let opts = mlirTransformOptionsCreate();
        mlirTransformOptionsEnforceSingleTopLevelTransformOp(opts, false);
        let r =
            mlirTransformApplyNamedSequence(module.as_operation().to_raw(), seq, tmod.as_operation().to_raw(), opts);
        mlirTransformOptionsDestroy(opts);
        if r.value == 0 {
            return Err(BridgeError::Lowering { stage: stage.into(), message: ctx.take_diags() });
        }
    }
    dump(cfg, stage, module);
    // the interpreter may leave the payload invalid only on failure; verify anyway
    if !module.as_operation().verify() {
        return Err(BridgeError::Lowering { stage: stage.into(), message: ctx.take_diags() });
    }
    Ok(())
}

/// Most greedy iterations of one `transform.apply_patterns` (MLIR's canonicalizer stops at 10;
/// the transform op has no bound by default).
const MAX_PATTERN_ITERATIONS: u32 = 64;

/// Give every `transform.apply_patterns` of a script an iteration bound. Unbounded, a pattern
/// set that does not converge runs forever: MLIR 22's `memref.fold_memref_alias_ops` patterns
/// on a bufferized scatter loop (jax/scatter_add) never reach a fixpoint. Bounded, the op fails
/// ("greedy pattern application failed") and the bridge falls back to the plain pipeline.
fn bound_pattern_application(script: &str) -> String {
    let mut out = String::with_capacity(script.len() + 256);
    let mut open: Vec<usize> = Vec::new(); // indentation of each open apply_patterns
    for line in script.lines() {
        let indent = line.len() - line.trim_start().len();
        let t = line.trim_start();
        if t.starts_with("transform.apply_patterns to ") && t.ends_with('{') {
            open.push(indent);
        } else if open.last() == Some(&indent) && t.starts_with("} :") {
            open.pop();
            out.push_str(&line[..indent]);
            out.push_str(&format!("}} {{max_iterations = {MAX_PATTERN_ITERATIONS} : i64}}"));
            out.push_str(&t[1..]);
            out.push('\n');
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Public `func.func`s with a body and a static tensor signature (others are skipped with a
/// reason for `invoke` to report).
pub fn entry_signatures(module: &Module) -> Result<Vec<(EntrySig, Option<String>)>, BridgeError> {
    let mut out = Vec::new();
    unsafe {
        for op in raw::block_ops(mlirModuleGetBody(module.to_raw())) {
            if raw::op_name(op) != "func.func" {
                continue;
            }
            let vis = raw::attr(op, "sym_visibility");
            if vis.is_some_and(|v| v != "\"public\"") || raw::region_block(op, 0).ptr.is_null() {
                continue;
            }
            let name = raw::attr(op, "sym_name").unwrap_or_default().trim_matches('"').to_string();
            // The legalization makes integer signatures signless and records the original
            // (ABI) type, whose uiN/iN element types say how to read and write the buffers.
            let fty = raw::attr(op, "strata.abi_type").or_else(|| raw::attr(op, "function_type")).unwrap_or_default();
            let (ins, outs) = split_function_type(&fty);
            let mut problem = None;
            let mut conv = |v: &[String]| -> Vec<ArgType> {
                v.iter()
                    .filter_map(|t| match TensorTy::parse(t).and_then(|tt| Some((NativeElem::parse(&tt.elem)?, tt))) {
                        Some((e, tt)) => Some(ArgType { shape: tt.shape, elem: e }),
                        None => {
                            problem.get_or_insert_with(|| {
                                format!(
                                    "@{name}: type {t} is not a statically shaped tensor of a supported element type"
                                )
                            });
                            None
                        }
                    })
                    .collect()
            };
            let inputs = conv(&ins);
            let outputs = conv(&outs);
            out.push((EntrySig { name, inputs, outputs }, problem));
        }
    }
    Ok(out)
}

/// `(tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)` → (["tensor<2xf32>", "tensor<f32>"], [...]).
fn split_function_type(t: &str) -> (Vec<String>, Vec<String>) {
    fn split_list(s: &str) -> Vec<String> {
        let s = s.trim();
        let s = s.strip_prefix('(').and_then(|x| x.strip_suffix(')')).unwrap_or(s);
        let mut out = Vec::new();
        let (mut depth, mut cur) = (0i32, String::new());
        for c in s.chars() {
            match c {
                '<' | '(' | '[' | '{' => depth += 1,
                '>' | ')' | ']' | '}' => depth -= 1,
                _ => {}
            }
            if c == ',' && depth == 0 {
                out.push(std::mem::take(&mut cur).trim().to_string());
            } else {
                cur.push(c);
            }
        }
        if !cur.trim().is_empty() {
            out.push(cur.trim().to_string());
        }
        out
    }
    // find the top-level "->"
    let bytes = t.as_bytes();
    let mut depth = 0i32;
    for i in 0..bytes.len() {
        match bytes[i] {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b'>' | b')' | b']' => depth -= 1,
            b'-' if depth == 0 && bytes.get(i + 1) == Some(&b'>') => {
                return (split_list(&t[..i]), split_list(&t[i + 2..]));
            }
            _ => {}
        }
    }
    (split_list(t), vec![])
}

/// Replaces scalar f32 `math.exp`/`math.tanh` by calls to the polynomial helpers.
fn replace_transcendentals(ctx: &Ctx, module: &mut Module) -> Result<usize, BridgeError> {
    let mut n = 0;
    unsafe {
        let f32t = mlirF32TypeGet(ctx.raw());
        for op in raw::walk(module.as_operation().to_raw()) {
            let name = raw::op_name(op);
            let callee = match name.as_str() {
                "math.exp" => polynomial::EXP_F32,
                "math.tanh" => polynomial::TANH_F32,
                _ => continue,
            };
            let res = mlirOperationGetResult(op, 0);
            if !mlirTypeEqual(mlirValueGetType(res), f32t) || mlirOperationGetNumOperands(op) != 1 {
                continue;
            }
            let arg = mlirOperationGetOperand(op, 0);
            let v = raw::insert_call_before(ctx.raw(), op, callee, &[arg], f32t);
            mlirValueReplaceAllUsesOfWith(res, v);
            n += 1;
        }
        if n > 0 {
            let helpers = Module::parse(&ctx.context, &polynomial::helpers_module()).ok_or_else(|| {
                BridgeError::Lowering { stage: "polynomial helpers".into(), message: ctx.take_diags() }
            })?;
            raw::move_module_ops(helpers.to_raw(), module.to_raw());
        }
    }
    Ok(n)
}

/// Ops of the module's functions that the block-packing pass would pack, and whether all of
/// them have element types the packed schedule handles.
fn contractions_packable(module: &Module, nr: i64, kr: i64) -> bool {
    unsafe {
        for op in raw::walk(module.as_operation().to_raw()) {
            let name = raw::op_name(op);
            if matches!(
                name.as_str(),
                "linalg.matmul"
                    | "linalg.batch_matmul"
                    | "linalg.matmul_transpose_a"
                    | "linalg.matmul_transpose_b"
                    | "linalg.batch_reduce_matmul"
                    | "linalg.contract"
                    | "linalg.generic"
            ) {
                let tys: Vec<String> = raw::operands(op).iter().map(|&v| raw::type_str(mlirValueGetType(v))).collect();
                if name == "linalg.generic" {
                    // only contraction-like generics matter; others are not packed
                    let it = raw::attr(op, "iterator_types").unwrap_or_default();
                    if !it.contains("reduction") {
                        continue;
                    }
                }
                let parsed: Vec<Option<TensorTy>> = tys.iter().map(|t| TensorTy::parse(t)).collect();
                for (t, tt) in tys.iter().zip(&parsed) {
                    if let Some(tt) = tt {
                        if !matches!(tt.elem.as_str(), "f32" | "f64") {
                            return false;
                        }
                    } else if t.starts_with("tensor<") {
                        return false; // dynamic shapes: leave contractions alone
                    }
                }
                // A matmul padded in both K and N (K > kr, K % kr != 0, N % nr != 0) makes LLVM 22
                // abort in codegen on AVX2 hosts ("Cannot implicitly convert a scalable size to
                // a fixed-width size"; lowering/tests/jit.rs matmul_shapes: 100x70x50, 8x70x5;
                // 8x6x18 and 2x2x2 compile): such modules keep their contractions unpacked.
                if name.ends_with("matmul") {
                    if let (Some(Some(a)), Some(Some(b))) = (parsed.first(), parsed.get(1)) {
                        let k = a.shape.last().copied().unwrap_or(0);
                        let n = b.shape.last().copied().unwrap_or(0);
                        if k > kr && k % kr != 0 && n % nr != 0 {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}

/// Direct convolution schedule (before generalization, which would turn the conv into a
/// generic the decomposition no longer matches): tile `conv_2d_nhwc_hwcf` to
/// `[1, 1, OW_t, F_t, 1, 1, C_t]` (one output row segment of OW_t x F_t, reduction loops kh, kw,
/// c innermost), decompose the unit-height tile to `conv_1d_nwc_wcf`, vectorize it into a
/// `vector.contract` OW_t x F_t x C_t — the matmul micro-kernel's register tile, reading the
/// padded input and the filter in place (no im2col copy, no packing).
fn conv_script(convs: &[(usize, Vec<i64>)]) -> String {
    let mut s = String::from(
        "module attributes {transform.with_named_sequence} {\n  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {\n",
    );
    for (i, tile) in convs {
        s.push_str(&format!(
            "    %c{i} = transform.structured.match ops{{[\"linalg.conv_2d_nhwc_hwcf\"]}} attributes{{strata.conv = {i} : i64}} in %root : (!transform.any_op) -> !transform.any_op\n    %t{i}, %l{i}:7 = transform.structured.tile_using_for %c{i} tile_sizes {tile:?}\n        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)\n    %d{i} = transform.structured.decompose %t{i} : (!transform.any_op) -> !transform.any_op\n    transform.structured.vectorize %d{i} : !transform.any_op\n"
        ));
    }
    // read the input, filter and accumulator tiles straight from the full tensors: the slice
    // chains would become subview/expand_shape chains on which fold_memref_alias_ops loops
    s.push_str(
        "    %cf = transform.structured.match ops{[\"func.func\"]} in %root : (!transform.any_op) -> !transform.any_op\n    transform.apply_patterns to %cf {\n      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers\n      transform.apply_patterns.canonicalization\n    } : !transform.any_op\n",
    );
    s.push_str("    transform.yield\n  }\n}\n");
    s
}

/// The f32 `conv_2d_nhwc_hwcf` ops with static shapes, tagged `strata.conv = i`, with their tile
/// sizes (n, oh, ow, f, kh, kw, c).
fn tag_convs(ctx: &Ctx, module: &mut Module, isa: Isa) -> Vec<(usize, Vec<i64>)> {
    let mut out = Vec::new();
    let (mr, nr, kr) = isa.matmul_tile();
    let lanes = isa.f32_lanes();
    unsafe {
        for op in raw::walk(module.as_operation().to_raw()) {
            if raw::op_name(op) != "linalg.conv_2d_nhwc_hwcf" {
                continue;
            }
            let tys: Vec<Option<TensorTy>> =
                raw::operands(op).iter().map(|&v| TensorTy::parse(&raw::type_str(mlirValueGetType(v)))).collect();
            let (Some(Some(inp)), Some(Some(filt)), Some(Some(out_t))) = (tys.first(), tys.get(1), tys.get(2)) else {
                continue;
            };
            if inp.elem != "f32" || filt.elem != "f32" || out_t.elem != "f32" || out_t.shape.len() != 4 {
                continue;
            }
            let (ow, f, c) = (out_t.shape[2], out_t.shape[3], filt.shape[2]);
            let pick = |n: i64, max: i64, min: i64| -> Option<i64> {
                let mut t = max;
                while t >= min {
                    if n % t == 0 {
                        return Some(t);
                    }
                    t /= 2;
                }
                None
            };
            let Some(owt) = pick(ow, mr, 1) else { continue };
            let Some(ft) = pick(f, nr, lanes).or(if f < lanes { Some(f) } else { None }) else { continue };
            let Some(ct) = pick(c, 2 * kr, 1) else { continue };
            let id = out.len();
            raw::set_i64_attr(ctx.raw(), op, "strata.conv", id as i64);
            out.push((id, vec![1, 1, owt, ft, 1, 1, ct]));
        }
    }
    out
}

/// Collects and tags the linalg ops of every function.
fn analyze(ctx: &Ctx, module: &mut Module) -> Vec<OpDesc> {
    let mut descs: Vec<OpDesc> = Vec::new();
    unsafe {
        let mut ids: Vec<(MlirOperation, usize)> = Vec::new();
        for f in raw::block_ops(mlirModuleGetBody(module.to_raw())) {
            if raw::op_name(f) != "func.func" {
                continue;
            }
            for op in raw::block_ops(raw::region_block(f, 0)) {
                let name = raw::op_name(op);
                if !name.starts_with("linalg.") {
                    continue;
                }
                let id = descs.len();
                ids.push((op, id));
                raw::set_i64_attr(ctx.raw(), op, "strata.sched", id as i64);
                let ins_outs = raw::operands(op);
                // DPS ops: outputs are the last N operands where N = number of results (tensor semantics)
                // (pack/unpack: source, dest, then padding value / dynamic tiles)
                let nres = mlirOperationGetNumResults(op) as usize;
                let (nin, nout) = if name == "linalg.pack" || name == "linalg.unpack" {
                    (1, 1)
                } else {
                    (ins_outs.len().saturating_sub(nres), nres)
                };
                let ins_outs = &ins_outs[..(nin + nout).min(ins_outs.len())];
                let ty = |v: &MlirValue| raw::type_str(mlirValueGetType(*v));
                let inputs: Vec<Option<TensorTy>> =
                    ins_outs[..nin.min(ins_outs.len())].iter().map(|v| TensorTy::parse(&ty(v))).collect();
                let outputs: Vec<TensorTy> =
                    ins_outs[nin.min(ins_outs.len())..].iter().filter_map(|v| TensorTy::parse(&ty(v))).collect();
                let maps = raw::attr(op, "indexing_maps")
                    .map(|m| {
                        let body = m.trim().trim_start_matches('[').trim_end_matches(']').to_string();
                        split_maps(&body).iter().filter_map(|s| IndexingMap::parse(s)).collect()
                    })
                    .unwrap_or_default();
                let body_ops = raw::block_ops(raw::region_block(op, 0)).iter().map(|&o| raw::op_name(o)).collect();
                let used_outside = raw::results(op)
                    .iter()
                    .any(|&r| raw::users(r).iter().any(|&u| !raw::op_name(u).starts_with("linalg.")));
                descs.push(OpDesc {
                    id,
                    name,
                    iterators: raw::attr(op, "iterator_types").map(|s| parse_iterators(&s)).unwrap_or_default(),
                    maps,
                    inputs,
                    outputs,
                    inner_dims_pos: raw::attr(op, "inner_dims_pos").map(|s| parse_i64_array(&s)).unwrap_or_default(),
                    producers: vec![],
                    consumers: vec![],
                    used_outside,
                    body_ops,
                });
            }
        }
        // def-use edges between tagged ops
        for &(op, id) in &ids {
            for v in raw::operands(op) {
                if let Some(d) = raw::defining_op(v) {
                    if let Some(&(_, pid)) = ids.iter().find(|(o, _)| o.ptr == d.ptr) {
                        if !descs[id].producers.contains(&pid) {
                            descs[id].producers.push(pid);
                            descs[pid].consumers.push(id);
                        }
                    }
                }
            }
        }
    }
    descs
}

/// Splits the printed `indexing_maps` list `affine_map<...>, affine_map<...>` or `#map, #map1`
/// (aliases are not used by the C API printer, which prints in full).
fn split_maps(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    let mut prev = ' ';
    for c in s.chars() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' if prev == '-' => {} // the arrow of `(d0) -> (d0)`
            '>' | ')' | ']' => depth -= 1,
            _ => {}
        }
        prev = c;
        if c == ',' && depth == 0 {
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    out
}

fn post_pipeline(cfg: &LowerConfig) -> String {
    format!(
        "builtin.module(scf-forall-to-for, canonicalize, cse, \
         buffer-results-to-out-params{{hoist-static-allocs=true modify-public-functions=true}}, \
         func.func(buffer-loop-hoisting, promote-buffers-to-stack{{max-alloc-size-in-bytes=65536}}), \
         buffer-deallocation-pipeline, convert-linalg-to-loops, func.func(lower-vector-mask), \
         convert-vector-to-scf{{full-unroll=true}}, expand-strided-metadata, lower-affine, convert-scf-to-cf, \
         canonicalize, convert-complex-to-standard, arith-expand{{include-bf16=true}}, \
         convert-vector-to-llvm{{reassociate-fp-reductions=true}}, convert-math-to-llvm, convert-math-to-libm, \
         convert-complex-to-llvm, finalize-memref-to-llvm{{use-generic-functions={}}}, convert-arith-to-llvm, \
         convert-index-to-llvm, convert-func-to-llvm{{use-bare-ptr-memref-call-conv=true}}, convert-cf-to-llvm, \
         convert-ub-to-llvm, reconcile-unrealized-casts, canonicalize, cse)",
        cfg.generic_alloc
    )
}

/// The transform script that only bufferizes (copies as linalg.copy, which become loops, so no
/// runtime `memrefCopy` is needed).
const BUFFERIZE_ONLY: &str = r#"module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %b = transform.bufferization.one_shot_bufferize layout{IdentityLayoutMap} %root
        {bufferize_function_boundaries = true, allow_return_allocs_from_loops = true, memcpy_op = "linalg.copy"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
"#;

/// Parses, lowers and wraps. `text` must be at the linalg-on-tensors level.
pub fn lower<'c>(ctx: &'c Ctx, text: &str, cfg: &LowerConfig) -> Result<Lowered<'c>, BridgeError> {
    let t0 = Instant::now();
    let mut report = CompileReport { isa: Some(cfg.isa), ..Default::default() };
    // Strata's stage: elementwise fusion on Strata IR (`linalg-fuse-elementwise-ops`, after
    // inlining), for the scheduled pipeline; the plain fallback takes the module as it came.
    let fused_text;
    let scheduled_text = if cfg.schedule {
        match crate::fusion::fuse_text(text) {
            Ok((t, n)) => {
                report.fusion = format!("linalg-fuse-elementwise-ops (Strata): {n} producer-consumer pairs fused");
                if cfg.dump {
                    eprintln!("// -----// IR Dump After inline, linalg-fuse-elementwise-ops (Strata) //----- //\n{t}");
                }
                fused_text = t;
                fused_text.as_str()
            }
            Err(e) => {
                report.fusion = format!("linalg-fuse-elementwise-ops (Strata) skipped: {}", e.trim_end());
                if cfg.dump {
                    eprintln!("// strata: {}", report.fusion);
                }
                text
            }
        }
    } else {
        text
    };
    let scheduled = if cfg.schedule { lower_once(ctx, scheduled_text, cfg, true, &mut report) } else { Err(None) };
    let (module, entries) = match scheduled {
        Ok(x) => x,
        Err(e) => {
            if let Some(e) = e {
                // parse and signature errors are final; lowering errors fall back
                if !matches!(e, BridgeError::Lowering { .. }) {
                    return Err(e);
                }
                report.fallback = Some(e.to_string());
                if cfg.dump {
                    eprintln!("// strata: generated schedule failed, using the plain pipeline: {e}");
                }
            }
            report.plans.clear();
            lower_once(ctx, text, cfg, false, &mut report).map_err(|e| e.expect("plain lowering reports its error"))?
        }
    };
    report.mlir_seconds = t0.elapsed().as_secs_f64();
    Ok(Lowered { module, entries, report })
}

fn lower_once<'c>(
    ctx: &'c Ctx,
    text: &str,
    cfg: &LowerConfig,
    fast: bool,
    report: &mut CompileReport,
) -> Result<(Module<'c>, Vec<EntrySig>), Option<BridgeError>> {
    ctx.take_diags();
    let mut module = Module::parse(&ctx.context, text).ok_or_else(|| BridgeError::Parse(ctx.take_diags()))?;
    if !module.as_operation().verify() {
        return Err(Some(BridgeError::Parse(format!("the module does not verify: {}", ctx.take_diags()))));
    }
    let sigs = entry_signatures(&module)?;
    // which entries get wrappers
    let mut entries = Vec::new();
    match &cfg.wrappers {
        WrapperKind::PackedAll => {
            for (s, problem) in sigs {
                if problem.is_none() {
                    entries.push(s);
                }
            }
        }
        WrapperKind::Named { entry, .. } => match sigs.into_iter().find(|(s, _)| &s.name == entry) {
            Some((s, None)) => entries.push(s),
            Some((_, Some(p))) => return Err(Some(BridgeError::Unsupported(p))),
            None => {
                return Err(Some(BridgeError::Unsupported(format!(
                    "no public function @{entry} with a body in the module"
                ))))
            }
        },
    }
    // functions that are not entries become private: inlined into their callers or removed,
    // so that an uncallable signature (dynamic shapes) does not stop the bare-pointer lowering
    unsafe {
        for op in raw::block_ops(mlirModuleGetBody(module.to_raw())) {
            if raw::op_name(op) == "func.func" && !raw::region_block(op, 0).ptr.is_null() {
                let name = raw::attr(op, "sym_name").unwrap_or_default();
                match entries.iter().find(|e| format!("\"{}\"", e.name) == name) {
                    None => {
                        raw::set_parsed_attr(ctx.raw(), op, "sym_visibility", "\"private\"");
                    }
                    // The caller's input buffers are read-only (`invoke` takes `&[Tensor]`):
                    // bufferization must copy before writing into an argument (an in-place
                    // scatter, sort or dynamic_update_slice would otherwise mutate the inputs).
                    Some(e) if !e.inputs.is_empty() => {
                        let dicts = vec!["{bufferization.writable = false}"; e.inputs.len()].join(", ");
                        raw::set_parsed_attr(ctx.raw(), op, "arg_attrs", &format!("[{dicts}]"));
                    }
                    Some(_) => {}
                }
            }
        }
    }
    dump(cfg, "parse", &module);
    run_pipeline(
        ctx,
        &mut module,
        "preprocess",
        "builtin.module(func.func(convert-elementwise-to-linalg), canonicalize)",
        cfg,
    )?;
    let n = replace_transcendentals(ctx, &mut module)?;
    if n > 0 {
        dump(cfg, "replace math.exp/math.tanh (f32) by polynomial calls", &module);
    }
    run_pipeline(ctx, &mut module, "inline", "builtin.module(inline, symbol-dce, canonicalize, cse)", cfg)?;
    if fast {
        let convs = tag_convs(ctx, &mut module, cfg.isa);
        if !convs.is_empty() {
            report
                .plans
                .extend(convs.iter().map(|(i, t)| format!("conv #{i} linalg.conv_2d_nhwc_hwcf: direct, tile {t:?}")));
            apply_transform(ctx, &mut module, "convolutions (tile, decompose, vectorize)", &conv_script(&convs), cfg)?;
        }
        let (mr, nr, kr) = cfg.isa.matmul_tile();
        let pack = if contractions_packable(&module, nr, kr) {
            format!(
                "linalg-block-pack-matmul{{block-factors={mr},{nr},{kr} allow-padding=true lhs-transpose-inner-blocks=true rhs-transpose-inner-blocks=false}}, canonicalize, "
            )
        } else {
            String::new()
        };
        run_pipeline(
            ctx,
            &mut module,
            "linalg preparation",
            &format!(
                "builtin.module(canonicalize, linalg-fold-unit-extent-dims, canonicalize, {pack}linalg-generalize-named-ops, \
                 canonicalize, cse)"
            ),
            cfg,
        )?;
        let ops = analyze(ctx, &mut module);
        let tuning = Tuning::for_isa(cfg.isa);
        let plans = schedule::plan(&ops, &tuning);
        if cfg.dump {
            for o in &ops {
                eprintln!("// strata: op {o:?}");
            }
        }
        report.plans.extend(ops.iter().zip(&plans).map(|(o, p)| format!("#{} {}: {}", o.id, o.name, plan_str(p))));
        let script = schedule::script(&ops, &plans, &tuning);
        apply_transform(ctx, &mut module, "generated schedule", &script, cfg)?;
    } else {
        apply_transform(ctx, &mut module, "bufferize", BUFFERIZE_ONLY, cfg)?;
    }
    run_pipeline(ctx, &mut module, "lowering to the llvm dialect", &post_pipeline(cfg), cfg)?;
    check_llvm_only(&module)?;
    add_wrappers(ctx, &mut module, cfg, &entries)?;
    dump(cfg, "entry wrappers", &module);
    Ok((module, entries))
}

fn plan_str(p: &Plan) -> String {
    match p {
        Plan::Fallback(why) => format!("scalar loops ({why})"),
        other => format!("{other:?}"),
    }
}

/// Every op must be in the llvm dialect before the ExecutionEngine sees the module (it does
/// not report failures itself: an unconverted op gives a null engine or a crash later).
fn check_llvm_only(module: &Module) -> Result<(), BridgeError> {
    let mut bad = Vec::new();
    unsafe {
        for op in raw::walk(module.as_operation().to_raw()) {
            let n = raw::op_name(op);
            if !(n.starts_with("llvm.") || n == "builtin.module" || bad.contains(&n)) {
                bad.push(n);
            }
        }
    }
    if bad.is_empty() {
        Ok(())
    } else {
        bad.truncate(8);
        Err(BridgeError::Lowering {
            stage: "lowering to the llvm dialect".into(),
            message: format!("ops left outside the llvm dialect: {}", bad.join(", ")),
        })
    }
}

/// Adds the entry wrappers in the llvm dialect and gives every other defined function internal
/// linkage (so LLVM inlines them and objects export only the wrapper).
fn add_wrappers(ctx: &Ctx, module: &mut Module, cfg: &LowerConfig, entries: &[EntrySig]) -> Result<(), BridgeError> {
    let mut text = String::from("module {\n");
    let mut names = Vec::new();
    unsafe {
        let funcs: Vec<MlirOperation> = raw::block_ops(mlirModuleGetBody(module.to_raw()))
            .into_iter()
            .filter(|&op| raw::op_name(op) == "llvm.func")
            .collect();
        let func_name = |op: MlirOperation| raw::attr(op, "sym_name").unwrap_or_default().trim_matches('"').to_string();
        for e in entries {
            let Some(&f) = funcs.iter().find(|&&op| func_name(op) == e.name) else {
                return Err(BridgeError::Lowering {
                    stage: "entry wrappers".into(),
                    message: format!("@{} disappeared during lowering", e.name),
                });
            };
            let fty = raw::attr(f, "function_type").unwrap_or_default();
            let nargs = e.inputs.len() + e.outputs.len();
            let expected = format!("!llvm.func<void ({})>", vec!["ptr"; nargs].join(", "));
            if fty != expected {
                return Err(BridgeError::Lowering {
                    stage: "entry wrappers".into(),
                    message: format!(
                        "@{} lowered to {fty}, expected {expected} (bare pointers, results as out-params)",
                        e.name
                    ),
                });
            }
            let ptrs = vec!["!llvm.ptr"; nargs].join(", ");
            // a declaration so the wrapper module verifies on its own (not moved)
            let _ = writeln!(text, "  llvm.func @{}({ptrs})", e.name);
            let args: Vec<String> = (0..nargs).map(|i| format!("%a{i}")).collect();
            match &cfg.wrappers {
                WrapperKind::PackedAll => {
                    let w = format!("__strata_packed_{}", e.name);
                    let _ = writeln!(text, "  llvm.func @{w}(%arr: !llvm.ptr) -> i32 {{");
                    for i in 0..nargs {
                        let _ = writeln!(
                            text,
                            "    %p{i} = llvm.getelementptr %arr[{i}] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr\n    %a{i} = llvm.load %p{i} : !llvm.ptr -> !llvm.ptr"
                        );
                    }
                    let _ = writeln!(text, "    llvm.call @{}({}) : ({ptrs}) -> ()", e.name, args.join(", "));
                    text.push_str("    %c0 = llvm.mlir.constant(0 : i32) : i32\n    llvm.return %c0 : i32\n  }\n");
                    names.push(w);
                }
                WrapperKind::Named { name, .. } => {
                    let params: Vec<String> = args.iter().map(|a| format!("{a}: !llvm.ptr")).collect();
                    let _ = writeln!(text, "  llvm.func @{name}({}) -> i32 {{", params.join(", "));
                    let _ = writeln!(text, "    llvm.call @{}({}) : ({ptrs}) -> ()", e.name, args.join(", "));
                    text.push_str("    %c0 = llvm.mlir.constant(0 : i32) : i32\n    llvm.return %c0 : i32\n  }\n");
                    names.push(name.clone());
                }
            }
        }
        text.push_str("}\n");
        // internal linkage for every defined function that is not a wrapper
        for &f in &funcs {
            let n = func_name(f);
            if names.contains(&n) {
                return Err(BridgeError::Unsupported(format!(
                    "the wrapper name @{n} is already a function of the module; choose another --name"
                )));
            }
            if !raw::region_block(f, 0).ptr.is_null() {
                raw::set_parsed_attr(ctx.raw(), f, "linkage", "#llvm.linkage<internal>");
            }
        }
        let w = Module::parse(&ctx.context, &text).ok_or_else(|| BridgeError::Lowering {
            stage: "entry wrappers".into(),
            message: format!("wrapper does not parse (a bug in Strata): {}\n{text}", ctx.take_diags()),
        })?;
        let body = mlirModuleGetBody(module.to_raw());
        for op in raw::block_ops(mlirModuleGetBody(w.to_raw())) {
            if !raw::region_block(op, 0).ptr.is_null() {
                mlirOperationRemoveFromParent(op);
                mlirBlockAppendOwnedOperation(body, op);
            }
        }
    }
    if !module.as_operation().verify() {
        return Err(BridgeError::Lowering { stage: "entry wrappers".into(), message: ctx.take_diags() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_application_is_bounded() {
        let script = "    transform.apply_patterns to %f {\n      transform.apply_patterns.canonicalization\n    } : !transform.any_op\n    transform.apply_cse to %f : !transform.any_op\n";
        let b = bound_pattern_application(script);
        assert!(b.contains("    } {max_iterations = 64 : i64} : !transform.any_op\n"), "{b}");
        assert!(b.contains("    transform.apply_cse to %f : !transform.any_op\n"), "{b}");
        assert_eq!(b.matches("max_iterations").count(), 1);
    }

    #[test]
    fn indexing_map_lists() {
        let v = split_maps("affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>");
        assert_eq!(v.len(), 2);
        assert_eq!(IndexingMap::parse(&v[1]).unwrap().results.len(), 1);
    }

    #[test]
    fn pipeline_splitting() {
        assert_eq!(
            split_top_level_commas("a, b{x=1,2 y=3}, func.func(c, d)"),
            vec!["a", "b{x=1,2 y=3}", "func.func(c, d)"]
        );
    }

    #[test]
    fn function_types() {
        let (i, o) = split_function_type("(tensor<2x3xf32>, tensor<f32>) -> (tensor<2xi1>, tensor<complex<f32>>)");
        assert_eq!(i, vec!["tensor<2x3xf32>", "tensor<f32>"]);
        assert_eq!(o, vec!["tensor<2xi1>", "tensor<complex<f32>>"]);
        let (i, o) = split_function_type("(tensor<4xf32>) -> tensor<4xf32>");
        assert_eq!((i.len(), o), (1, vec!["tensor<4xf32>".to_string()]));
        let (i, o) = split_function_type("() -> ()");
        assert!(i.is_empty() && o.is_empty());
    }
}
