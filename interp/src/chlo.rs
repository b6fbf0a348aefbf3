//! Running chlo ops by their decomposition (one semantics, not two): the first time the
//! interpreter meets a chlo op, the op alone is put in a function of its own (in a scratch
//! context), decomposed into StableHLO by [`strata_dialects::chlo::legalize`] — exactly what
//! `strata-opt --chlo-legalize-to-stablehlo` does — and that function is evaluated on the op's
//! operands. The decomposed function is cached per op (and shared by ops with the same text:
//! name, attributes and types), so a chlo op in a loop is decomposed once.
//!
//! `chlo.scan` keeps a kernel of its own (`eval.rs`): its body region cannot be moved into the
//! standalone function.

use std::rc::Rc;

use strata_ir::parser::{parse_source, ParserConfig};
use strata_ir::printer::{attr_to_string, type_to_string};
use strata_ir::{Context, OpId};
use strata_reference::value::Value;

use super::eval::Interpreter;
use super::{InterpError, KResult};

/// A chlo op decomposed into a StableHLO function of its own.
pub(crate) struct Decomposed {
    ctx: Context,
    func: OpId,
}

/// The op as a standalone function: `func.func @chlo(%a0: T0, ...) -> (R...)` calling it on its
/// arguments (generic form, every attribute kept).
fn standalone(ctx: &Context, op: OpId) -> KResult<String> {
    let name = ctx.op_name_of(op);
    if !ctx.op_regions(op).is_empty() {
        return Err(InterpError::Unsupported(format!("{name} with regions is not supported by the interpreter")));
    }
    let ins: Vec<String> = ctx.operands(op).iter().map(|v| type_to_string(ctx, ctx.value_type(*v))).collect();
    let outs: Vec<String> = ctx.results(op).map(|v| type_to_string(ctx, ctx.value_type(v))).collect();
    let d = ctx.op(op);
    let attrs: Vec<String> = d
        .properties()
        .iter()
        .chain(d.attributes().iter())
        .map(|na| format!("{} = {}", ctx.str(na.name), attr_to_string(ctx, na.value)))
        .collect();
    let args: Vec<String> = ins.iter().enumerate().map(|(i, t)| format!("%a{i}: {t}")).collect();
    let uses: Vec<String> = (0..ins.len()).map(|i| format!("%a{i}")).collect();
    let n = outs.len();
    let (lhs, rets) = match n {
        0 => (String::new(), String::new()),
        1 => ("%r = ".to_string(), "%r".to_string()),
        _ => (format!("%r:{n} = "), (0..n).map(|i| format!("%r#{i}")).collect::<Vec<_>>().join(", ")),
    };
    let attr_dict = if attrs.is_empty() { String::new() } else { format!(" {{{}}}", attrs.join(", ")) };
    let ret = if n == 0 { "return".to_string() } else { format!("return {rets} : {}", outs.join(", ")) };
    Ok(format!(
        "func.func @chlo({}) -> ({}) {{\n  {lhs}\"{name}\"({}){attr_dict} : ({}) -> ({})\n  {ret}\n}}\n",
        args.join(", "),
        outs.join(", "),
        uses.join(", "),
        ins.join(", "),
        outs.join(", "),
    ))
}

/// Parse the standalone function and decompose it.
fn decompose(text: &str, name: &str) -> KResult<Decomposed> {
    let mut ctx = Context::new();
    strata_dialects::register_all(&mut ctx);
    let config = ParserConfig::new("<chlo decomposition>");
    let module = parse_source(&mut ctx, &config, text).map_err(|_| {
        let msg = ctx.take_diagnostics().into_iter().map(|d| d.message).collect::<Vec<_>>().join("; ");
        InterpError::invalid(name, format!("cannot be decomposed: {msg}"))
    })?;
    strata_dialects::chlo::legalize::legalize(&mut ctx, module, &|_| false)
        .map_err(|e| InterpError::Unsupported(format!("{name} is not supported by the interpreter: {}", e.message)))?;
    let mut func = None;
    ctx.walk_pre(module, &mut |o| {
        if func.is_none() && ctx.op_name_of(o) == "func.func" {
            func = Some(o);
        }
    });
    let func = func.ok_or_else(|| InterpError::Runtime(format!("{name}: the decomposition has no function")))?;
    Ok(Decomposed { ctx, func })
}

impl Interpreter {
    /// Evaluate a chlo op through its StableHLO decomposition.
    pub(crate) fn chlo(&mut self, ctx: &Context, op: OpId) -> KResult<Vec<Value>> {
        let key = (ctx.id(), op);
        let d = match self.chlo_ops.get(&key) {
            Some(d) => d.clone(),
            None => {
                let text = standalone(ctx, op)?;
                let d = match self.chlo_texts.get(&text) {
                    Some(d) => d.clone(),
                    None => {
                        let d = Rc::new(decompose(&text, ctx.op_name_of(op))?);
                        self.chlo_texts.insert(text, d.clone());
                        d
                    }
                };
                self.chlo_ops.insert(key, d.clone());
                d
            }
        };
        let args = ctx.operands(op).iter().map(|v| self.get(*v).cloned()).collect::<KResult<Vec<_>>>()?;
        let mut inner = Interpreter::new();
        inner.depth = self.depth;
        inner.eval_func(&d.ctx, d.func, args)
    }
}
