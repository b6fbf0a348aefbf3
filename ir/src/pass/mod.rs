//! Passes and the pass manager (MLIR's `Pass`, `PassRegistry`, `OpPassManager`, `PassManager`).
//!
//! - A [`Pass`] runs on one op (its `target`, or any op) and records [`PassStatistics`].
//! - A [`PassRegistry`] maps pass arguments (`cse`) to constructors; tools fill it (the
//!   `strata-passes` crate's `register_all`) and parse pipelines against it.
//! - An [`OpPassManager`] is a pipeline anchored on an op name (or `any`): passes and nested
//!   pipelines, parsed from and printed to MLIR's textual syntax ([`pipeline`]).
//! - The [`PassManager`] runs the top-level pipeline on a root op, verifies the IR after each pass
//!   (unless `verify_each` is off) and drives the [`instrumentation`].
//!
//! Execution model (as MLIR's `OpToOpPassAdaptor`, single-threaded): a nested pipeline runs on
//! every op directly nested in the op its parent runs on (in the blocks of its regions) whose name
//! matches its anchor (`any` matches ops on which all its passes can run). When a pass fails on one
//! op the pipeline stops for that op, the sibling ops still run, then the whole run fails.

pub mod instrumentation;
pub mod pipeline;

use std::rc::Rc;

use indexmap::IndexMap;

use crate::ir::OpId;
use crate::{Context, Failure};

pub use instrumentation::{IrPrinting, PassInstrumentation, TimingReport};
pub use pipeline::{parse_bool_option, parse_int_option, split_list_option, PipelineError};

/// A pass (MLIR's `Pass` / `OperationPass<OpT>`).
pub trait Pass {
    /// The pass argument, e.g. `cse` (used in pipelines and on the command line).
    fn name(&self) -> &str;
    /// The pass's name in reports (MLIR's class name, e.g. `CSE`, `Canonicalizer`).
    fn display_name(&self) -> &str {
        self.name()
    }
    /// One-line description.
    fn description(&self) -> &str;
    /// The op name the pass runs on, `None` for any op.
    fn target(&self) -> Option<&str> {
        None
    }
    /// Set an option from pipeline text (`{key=value}`); the value is unescaped (quotes removed)
    /// and empty for a bare key. Errors read like LLVM's: `no such option key`.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        let _ = value;
        Err(format!("no such option {key}"))
    }
    /// All options with their current values, for the full pipeline print
    /// ([`OpPassManager::to_string_full`]); list options print as an empty value when empty.
    fn options(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// Run on `op`. On failure, emit a diagnostic and return `Err`.
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure>;
}

/// One statistic of a pass (MLIR's `Pass::Statistic`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistic {
    /// Name, e.g. `num-cse'd`.
    pub name: String,
    /// Description, e.g. `Number of operations CSE'd`.
    pub description: String,
    /// Accumulated value.
    pub value: u64,
}

/// The statistics of one pass in a pipeline, accumulated over all the ops it ran on.
#[derive(Clone, Debug, Default)]
pub struct PassStatistics {
    entries: Vec<Statistic>,
}

impl PassStatistics {
    /// Add `delta` to a statistic, declaring it on first use (declare with 0 so that it is
    /// reported even when it stays 0, as MLIR does).
    pub fn add(&mut self, name: &str, description: &str, delta: u64) {
        match self.entries.iter_mut().find(|s| s.name == name) {
            Some(s) => s.value += delta,
            None => self.entries.push(Statistic { name: name.into(), description: description.into(), value: delta }),
        }
    }

    /// The value of a statistic.
    pub fn get(&self, name: &str) -> Option<u64> {
        self.entries.iter().find(|s| s.name == name).map(|s| s.value)
    }

    /// All statistics in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = &Statistic> {
        self.entries.iter()
    }

    /// Whether none is declared.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Creates a pass instance.
pub type PassConstructor = Rc<dyn Fn() -> Box<dyn Pass>>;

/// A registered pass.
#[derive(Clone)]
pub struct PassInfo {
    /// The pass argument.
    pub name: String,
    /// Description.
    pub description: String,
    /// Option documentation: (option name, help).
    pub options: Vec<(String, String)>,
    /// Constructor.
    pub constructor: PassConstructor,
}

/// A registered pass pipeline (MLIR's `PassPipelineRegistration`), given as pipeline elements
/// text, e.g. `cse,canonicalize`.
#[derive(Clone, Debug)]
pub struct PipelineInfo {
    /// The pipeline's name.
    pub name: String,
    /// Description.
    pub description: String,
    /// The elements it expands to.
    pub text: String,
}

/// Registered passes and pipelines by argument (MLIR's pass registry), in registration order.
#[derive(Clone, Default)]
pub struct PassRegistry {
    passes: IndexMap<String, PassInfo>,
    pipelines: IndexMap<String, PipelineInfo>,
}

impl PassRegistry {
    /// Empty.
    pub fn new() -> Self {
        Self::default()
    }

    /// Register a pass constructor under `name`.
    pub fn register(&mut self, name: &str, description: &str, constructor: impl Fn() -> Box<dyn Pass> + 'static) {
        self.register_with_options(name, description, &[], constructor);
    }

    /// Register a pass with documentation of its options (name, help).
    pub fn register_with_options(
        &mut self,
        name: &str,
        description: &str,
        options: &[(&str, &str)],
        constructor: impl Fn() -> Box<dyn Pass> + 'static,
    ) {
        self.passes.insert(
            name.to_string(),
            PassInfo {
                name: name.to_string(),
                description: description.to_string(),
                options: options.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect(),
                constructor: Rc::new(constructor),
            },
        );
    }

    /// Register a named pipeline expanding to `text` (pipeline elements, e.g. `cse,canonicalize`).
    pub fn register_pipeline(&mut self, name: &str, description: &str, text: &str) {
        self.pipelines.insert(
            name.to_string(),
            PipelineInfo { name: name.into(), description: description.into(), text: text.into() },
        );
    }

    /// A registered pass.
    pub fn get(&self, name: &str) -> Option<&PassInfo> {
        self.passes.get(name)
    }

    /// A registered pipeline.
    pub fn pipeline(&self, name: &str) -> Option<&PipelineInfo> {
        self.pipelines.get(name)
    }

    /// Create a pass by name.
    pub fn create(&self, name: &str) -> Option<Box<dyn Pass>> {
        self.passes.get(name).map(|p| (p.constructor)())
    }

    /// Registered passes, in registration order.
    pub fn passes(&self) -> impl Iterator<Item = &PassInfo> {
        self.passes.values()
    }

    /// Registered pipelines, in registration order.
    pub fn pipelines(&self) -> impl Iterator<Item = &PipelineInfo> {
        self.pipelines.values()
    }
}

/// A pass in a pipeline, with the options it was given and its statistics.
pub struct PassEntry {
    /// The pass.
    pub pass: Box<dyn Pass>,
    /// Options as written in the pipeline: (key, raw value; `None` for a bare key).
    pub options: Vec<(String, Option<String>)>,
    /// Statistics accumulated over runs.
    pub stats: PassStatistics,
}

impl PassEntry {
    /// An entry for `pass` with the options it was configured with.
    pub fn new(pass: Box<dyn Pass>, options: Vec<(String, Option<String>)>) -> Self {
        PassEntry { pass, options, stats: PassStatistics::default() }
    }
}

/// An element of a pipeline.
pub enum PipelineElement {
    /// A pass.
    Pass(PassEntry),
    /// A nested pipeline (MLIR's `OpToOpPassAdaptor` with one pass manager).
    Nested(OpPassManager),
}

/// A pipeline anchored on an op name or `any` (MLIR's `OpPassManager`).
pub struct OpPassManager {
    anchor: String,
    /// The passes and nested pipelines, in order.
    pub elements: Vec<PipelineElement>,
}

impl OpPassManager {
    /// An empty pipeline anchored on `anchor` (an op name, or `any`).
    pub fn new(anchor: &str) -> Self {
        OpPassManager { anchor: anchor.to_string(), elements: Vec::new() }
    }

    /// The anchor op name (`any` for op-agnostic pipelines).
    pub fn anchor(&self) -> &str {
        &self.anchor
    }

    /// Whether it is anchored on `any`.
    pub fn is_op_agnostic(&self) -> bool {
        self.anchor == "any"
    }

    /// Add a pass; fails (MLIR aborts) if the pass is restricted to another op than the anchor.
    pub fn add_entry(&mut self, entry: PassEntry) -> Result<(), String> {
        if let Some(t) = entry.pass.target() {
            if !self.is_op_agnostic() && t != self.anchor {
                return Err(format!(
                    "Can't add pass '{}' restricted to '{}' on a PassManager intended to run on '{}', did you intend to nest?",
                    entry.pass.display_name(),
                    t,
                    self.anchor
                ));
            }
        }
        self.elements.push(PipelineElement::Pass(entry));
        Ok(())
    }

    /// Add a pass without options. Panics if it cannot be scheduled on the anchor.
    pub fn add_pass(&mut self, pass: Box<dyn Pass>) {
        if let Err(e) = self.add_entry(PassEntry::new(pass, Vec::new())) {
            panic!("{e}");
        }
    }

    /// Append a nested pipeline anchored on `anchor` and return it (MLIR's `nest`).
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        self.elements.push(PipelineElement::Nested(OpPassManager::new(anchor)));
        match self.elements.last_mut() {
            Some(PipelineElement::Nested(pm)) => pm,
            _ => unreachable!(),
        }
    }

    /// Parse pipeline elements (the text inside an anchor's parentheses) and append them.
    pub fn parse_append(&mut self, text: &str, registry: &PassRegistry) -> Result<(), PipelineError> {
        pipeline::parse_pipeline_into(text, self, registry)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// Whether every pass of this pipeline (recursively at its level) can run on ops named `name`.
    fn can_schedule_on(&self, name: &str) -> bool {
        if !self.is_op_agnostic() {
            return self.anchor == name;
        }
        self.elements.iter().all(|e| match e {
            PipelineElement::Pass(p) => p.pass.target().map(|t| t == name).unwrap_or(true),
            PipelineElement::Nested(_) => true,
        })
    }

    fn print(&self, out: &mut String, full: bool) {
        out.push_str(&self.anchor);
        out.push('(');
        for (i, e) in self.elements.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match e {
                PipelineElement::Nested(pm) => pm.print(out, full),
                PipelineElement::Pass(p) => out.push_str(&pass_text(p, full)),
            }
        }
        out.push(')');
    }

    /// The pipeline on one line with every pass's options and their current values, sorted by
    /// option name (MLIR's `printAsTextualPipeline`).
    pub fn to_string_full(&self) -> String {
        let mut s = String::new();
        self.print(&mut s, true);
        s
    }

    /// The pipeline as mlir-opt's `--dump-pass-pipeline` prints it (after
    /// `Pass Manager with N passes:`): one element per line, nested pipelines indented by two,
    /// options as in [`OpPassManager::to_string_full`].
    pub fn to_string_pretty(&self) -> String {
        let mut lines = Vec::new();
        self.print_pretty(&mut lines, 0);
        lines.join("\n")
    }

    fn print_pretty(&self, lines: &mut Vec<String>, indent: usize) {
        let pad = |n: usize| " ".repeat(n);
        match lines.last_mut() {
            Some(l) => l.push_str(&format!("{}(", self.anchor)),
            None => lines.push(format!("{}{}(", pad(indent), self.anchor)),
        }
        if self.elements.is_empty() {
            lines.push(String::new());
        }
        let n = self.elements.len();
        for (i, e) in self.elements.iter().enumerate() {
            match e {
                PipelineElement::Nested(pm) => {
                    lines.push(pad(indent + 2));
                    pm.print_pretty(lines, indent + 2);
                }
                PipelineElement::Pass(p) => lines.push(format!("{}{}", pad(indent + 2), pass_text(p, true))),
            }
            if i + 1 < n {
                lines.last_mut().unwrap().push(',');
            }
        }
        lines.push(format!("{})", pad(indent)));
    }
}

/// A pass with its options: as given in the pipeline text, or (`full`) all of them with their
/// current values sorted by name, an empty list option printing as nothing (as MLIR does).
fn pass_text(p: &PassEntry, full: bool) -> String {
    let mut out = p.pass.name().to_string();
    let parts: Vec<String> = if full {
        let mut opts = p.pass.options();
        opts.sort_by(|a, b| a.0.cmp(&b.0));
        opts.iter().map(|(k, v)| if v.is_empty() { String::new() } else { format!("{k}={v}") }).collect()
    } else {
        p.options
            .iter()
            .map(|(k, v)| match v {
                Some(v) => format!("{k}={v}"),
                None => k.clone(),
            })
            .collect()
    };
    if !parts.is_empty() {
        out.push('{');
        out.push_str(&parts.join(" "));
        out.push('}');
    }
    out
}

/// Prints the pipeline with the options as they were given, so that parsing and printing
/// round-trip (`builtin.module(func.func(cse,canonicalize{max-iterations=3}))`).
impl std::fmt::Display for OpPassManager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut s = String::new();
        self.print(&mut s, false);
        f.write_str(&s)
    }
}

impl std::fmt::Debug for OpPassManager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpPassManager({self})")
    }
}

/// Why a pass manager run failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassFailure {
    /// The failing pass's argument (`cse`).
    pub pass: String,
    /// Its display name (`CSE`).
    pub display_name: String,
    /// Whether the pass succeeded but the IR failed to verify after it.
    pub verification: bool,
}

impl std::fmt::Display for PassFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.verification {
            write!(f, "verification failed after pass '{}'", self.pass)
        } else {
            write!(f, "pass '{}' failed", self.pass)
        }
    }
}

impl std::error::Error for PassFailure {}

impl From<PassFailure> for Failure {
    fn from(_: PassFailure) -> Failure {
        Failure
    }
}

/// The top-level pass manager (MLIR's `PassManager`): a pipeline plus verification and
/// instrumentation settings.
pub struct PassManager {
    /// The top-level pipeline.
    pub pm: OpPassManager,
    /// Verify the op a pass ran on after each pass (`--verify-each`, default true).
    pub verify_each: bool,
    /// Options of that verification (e.g. mlir-opt's `see current operation` notes).
    pub verify_options: crate::verifier::VerifyOptions,
    /// IR printing (`--mlir-print-ir-*`).
    pub ir_printing: Option<IrPrinting>,
    /// Timing (`--mlir-timing`); tools print [`TimingReport::report`] at exit.
    pub timing: Option<TimingReport>,
    /// Further instrumentations, run in order before a pass and in reverse order after it.
    pub instrumentations: Vec<Box<dyn PassInstrumentation>>,
}

impl PassManager {
    /// An empty pass manager anchored on `anchor` (usually `builtin.module`).
    pub fn new(anchor: &str) -> Self {
        PassManager {
            pm: OpPassManager::new(anchor),
            verify_each: true,
            verify_options: Default::default(),
            ir_printing: None,
            timing: None,
            instrumentations: Vec::new(),
        }
    }

    /// Parse `anchor(elements)` against `registry`.
    pub fn parse(text: &str, registry: &PassRegistry) -> Result<Self, PipelineError> {
        let pm = pipeline::parse_pass_pipeline(text, registry)?;
        let mut p = PassManager::new("");
        p.pm = pm;
        Ok(p)
    }

    /// The `--mlir-pass-statistics` report (pipeline display, mlir-opt's default).
    pub fn statistics_report(&self) -> String {
        instrumentation::statistics_report(&self.pm)
    }

    /// The `--mlir-pass-statistics-display=list` report.
    pub fn statistics_report_list(&self) -> String {
        instrumentation::statistics_report_list(&self.pm)
    }

    /// Run the pipeline on `op`. Errors of failing passes and of the verifier are emitted as
    /// diagnostics; the returned failure names the pass.
    pub fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), PassFailure> {
        let name = ctx.op_name_of(op).to_string();
        if !self.pm.can_schedule_on(&name) {
            let d = crate::Diagnostic::error(
                ctx.op(op).loc,
                format!("can't run '{}' pass manager on '{}' op", self.pm.anchor(), name),
            );
            ctx.emit(d);
            return Err(PassFailure { pass: String::new(), display_name: String::new(), verification: false });
        }
        let mut runner = Runner {
            verify_each: self.verify_each,
            verify_options: &self.verify_options,
            ir_printing: self.ir_printing.as_mut(),
            timing: self.timing.as_mut(),
            others: &mut self.instrumentations,
        };
        runner.run_pipeline(&mut self.pm, ctx, op)
    }
}

struct Runner<'a> {
    verify_each: bool,
    verify_options: &'a crate::verifier::VerifyOptions,
    ir_printing: Option<&'a mut IrPrinting>,
    timing: Option<&'a mut TimingReport>,
    others: &'a mut Vec<Box<dyn PassInstrumentation>>,
}

impl Runner<'_> {
    fn run_pipeline(&mut self, pm: &mut OpPassManager, ctx: &mut Context, op: OpId) -> Result<(), PassFailure> {
        for e in pm.elements.iter_mut() {
            match e {
                PipelineElement::Pass(entry) => self.run_pass(entry, ctx, op)?,
                PipelineElement::Nested(nested) => self.run_nested(nested, ctx, op)?,
            }
        }
        Ok(())
    }

    fn run_nested(&mut self, nested: &mut OpPassManager, ctx: &mut Context, op: OpId) -> Result<(), PassFailure> {
        let mut children = Vec::new();
        for &r in ctx.op_regions(op) {
            for &b in ctx.region_blocks(r) {
                for c in ctx.block_ops(b) {
                    if nested.can_schedule_on(ctx.op_name_of(c)) {
                        children.push(c);
                    }
                }
            }
        }
        let key = nested as *const OpPassManager as usize;
        if let Some(t) = self.timing.as_deref_mut() {
            t.start_timer(key, &format!("'{}' Pipeline", nested.anchor()));
        }
        for i in self.others.iter_mut() {
            i.run_before_pipeline(nested.anchor(), ctx, op);
        }
        let mut failure = None;
        for c in children {
            if ctx.is_erased(c) {
                continue;
            }
            if let Err(f) = self.run_pipeline(nested, ctx, c) {
                failure.get_or_insert(f);
            }
        }
        for i in self.others.iter_mut().rev() {
            i.run_after_pipeline(nested.anchor(), ctx, op);
        }
        if let Some(t) = self.timing.as_deref_mut() {
            t.stop_timer();
        }
        match failure {
            Some(f) => Err(f),
            None => Ok(()),
        }
    }

    fn run_pass(&mut self, entry: &mut PassEntry, ctx: &mut Context, op: OpId) -> Result<(), PassFailure> {
        let pass: &dyn Pass = entry.pass.as_ref();
        if let Some(t) = self.timing.as_deref_mut() {
            t.start_timer(pass as *const dyn Pass as *const () as usize, pass.display_name());
        }
        for i in self.others.iter_mut() {
            i.run_before_pass(pass, ctx, op);
        }
        if let Some(p) = self.ir_printing.as_deref_mut() {
            p.run_before_pass(pass, ctx, op);
        }
        let mut result = entry.pass.run(ctx, op, &mut entry.stats).map_err(|_| false);
        if result.is_ok() && self.verify_each && crate::verifier::verify_with(ctx, op, self.verify_options).is_err() {
            result = Err(true);
        }
        let pass: &dyn Pass = entry.pass.as_ref();
        if let Some(p) = self.ir_printing.as_deref_mut() {
            match result {
                Ok(()) => p.run_after_pass(pass, ctx, op),
                Err(_) => p.run_after_pass_failed(pass, ctx, op),
            }
        }
        for i in self.others.iter_mut().rev() {
            match result {
                Ok(()) => i.run_after_pass(pass, ctx, op),
                Err(_) => i.run_after_pass_failed(pass, ctx, op),
            }
        }
        if let Some(t) = self.timing.as_deref_mut() {
            t.stop_timer();
        }
        result.map_err(|verification| PassFailure {
            pass: pass.name().to_string(),
            display_name: pass.display_name().to_string(),
            verification,
        })
    }
}
