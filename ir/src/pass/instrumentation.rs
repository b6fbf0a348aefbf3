//! Pass instrumentation with mlir-opt's output formats (MLIR's `PassInstrumentation`,
//! `IRPrinting.cpp`, `PassTiming.cpp` + `Support/Timing.cpp`, `PassStatistics.cpp`).
//!
//! - [`IrPrinting`]: `--mlir-print-ir-before-all`, `--mlir-print-ir-after-all`,
//!   `--mlir-print-ir-before=<pass>`, `--mlir-print-ir-after=<pass>`,
//!   `--mlir-print-ir-after-change`, `--mlir-print-ir-after-failure`,
//!   `--mlir-print-ir-module-scope`. Dumps look like
//!   `// -----// IR Dump Before CSE (cse) //----- //` followed by the IR and a blank line. The IR
//!   text comes from a printer callback the tool sets, so its printing flags are the tool's.
//! - [`TimingReport`]: `--mlir-timing` (tree display), with public entries for the tool's own
//!   phases (`Parser`, `Output`).
//! - [`statistics_report`]: `--mlir-pass-statistics` (pipeline display).
//!
//! Output goes to a sink (stderr by default, like mlir-opt).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use super::{OpPassManager, Pass, PipelineElement};
use crate::ir::OpId;
use crate::Context;

/// Hooks around pass execution (MLIR's `PassInstrumentation`). All default to nothing.
#[allow(unused_variables)]
pub trait PassInstrumentation {
    /// Before a nested pipeline anchored on `anchor` starts running on the children of `op`.
    fn run_before_pipeline(&mut self, anchor: &str, ctx: &Context, op: OpId) {}
    /// After such a pipeline.
    fn run_after_pipeline(&mut self, anchor: &str, ctx: &Context, op: OpId) {}
    /// Before `pass` runs on `op`.
    fn run_before_pass(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {}
    /// After `pass` ran on `op` successfully (and the IR verified).
    fn run_after_pass(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {}
    /// After `pass` failed on `op` (or the IR failed to verify after it).
    fn run_after_pass_failed(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {}
}

/// Prints an op for IR dumps.
pub type IrPrinterFn = Box<dyn Fn(&Context, OpId) -> String>;
/// Receives instrumentation output.
pub type OutputFn = Box<dyn FnMut(&str)>;

/// Stderr sink.
pub fn stderr_output() -> OutputFn {
    Box::new(|s: &str| eprint!("{s}"))
}

/// IR printing around passes (mlir-opt's `--mlir-print-ir-*` flags).
pub struct IrPrinting {
    /// `--mlir-print-ir-before-all`
    pub before_all: bool,
    /// `--mlir-print-ir-after-all`
    pub after_all: bool,
    /// `--mlir-print-ir-before=<pass argument>` (repeatable)
    pub before: Vec<String>,
    /// `--mlir-print-ir-after=<pass argument>` (repeatable)
    pub after: Vec<String>,
    /// `--mlir-print-ir-after-change`: when printing after a pass, only if the IR changed.
    pub after_change: bool,
    /// `--mlir-print-ir-after-failure`: print after a pass only when it failed.
    pub after_failure: bool,
    /// `--mlir-print-ir-module-scope`: print the top-level op instead of the pass's op.
    pub module_scope: bool,
    /// Prints an op (the tool's printer with the tool's flags).
    pub printer: IrPrinterFn,
    /// Where dumps go.
    pub output: OutputFn,
    fingerprints: Vec<u64>,
}

impl IrPrinting {
    /// Nothing enabled yet; prints with `printer` to stderr.
    pub fn new(printer: IrPrinterFn) -> Self {
        IrPrinting {
            before_all: false,
            after_all: false,
            before: Vec::new(),
            after: Vec::new(),
            after_change: false,
            after_failure: false,
            module_scope: false,
            printer,
            output: stderr_output(),
            fingerprints: Vec::new(),
        }
    }

    /// Whether any printing is enabled.
    pub fn is_enabled(&self) -> bool {
        self.before_all || self.after_all || self.after_failure || !self.before.is_empty() || !self.after.is_empty()
    }

    fn should_print_before(&self, pass: &dyn Pass) -> bool {
        self.before_all || self.before.iter().any(|p| p == pass.name())
    }

    fn should_print_after(&self, pass: &dyn Pass) -> bool {
        self.after_all || self.after_failure || self.after.iter().any(|p| p == pass.name())
    }

    fn dump(&mut self, title: &str, pass: &dyn Pass, ctx: &Context, op: OpId) {
        let mut s = format!("// -----// IR Dump {title} ({})", pass.name());
        let printed = if self.module_scope {
            s.push_str(&format!(" ('{}' operation", ctx.op_name_of(op)));
            if let Some(name) = ctx.attr(op, "sym_name") {
                if let crate::AttrKind::String { value, .. } = ctx.attr_kind(name) {
                    s.push_str(&format!(": @{value}"));
                }
            }
            s.push(')');
            let mut top = op;
            while let Some(p) = ctx.parent_op(top) {
                top = p;
            }
            (self.printer)(ctx, top)
        } else {
            (self.printer)(ctx, op)
        };
        s.push_str(" //----- //\n");
        s.push_str(&printed);
        s.push_str("\n\n");
        (self.output)(&s);
    }
}

impl PassInstrumentation for IrPrinting {
    fn run_before_pass(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {
        if self.after_change {
            self.fingerprints.push(fingerprint(ctx, op));
        }
        if self.should_print_before(pass) {
            self.dump(&format!("Before {}", pass.display_name()), pass, ctx, op);
        }
    }

    fn run_after_pass(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {
        let before = if self.after_change { self.fingerprints.pop() } else { None };
        if self.after_failure {
            return;
        }
        if let Some(fp) = before {
            if fp == fingerprint(ctx, op) {
                return;
            }
        }
        if self.should_print_after(pass) {
            self.dump(&format!("After {}", pass.display_name()), pass, ctx, op);
        }
    }

    fn run_after_pass_failed(&mut self, pass: &dyn Pass, ctx: &Context, op: OpId) {
        if self.after_change {
            self.fingerprints.pop();
        }
        if self.should_print_after(pass) {
            self.dump(&format!("After {} Failed", pass.display_name()), pass, ctx, op);
        }
    }
}

/// A structural hash of `op` and everything nested in it (MLIR's `OperationFingerPrint`): op
/// identities, names, operands, result types, attributes, successors, locations, block
/// arguments. Equal before and after a pass means the pass changed nothing.
pub fn fingerprint(ctx: &Context, op: OpId) -> u64 {
    let mut h = DefaultHasher::new();
    ctx.walk_pre(op, &mut |o| {
        let d = ctx.op(o);
        o.hash(&mut h);
        d.name.hash(&mut h);
        d.operands.hash(&mut h);
        for t in ctx.result_types(o) {
            t.hash(&mut h);
        }
        d.properties().hash(&mut h);
        d.attributes().hash(&mut h);
        d.successors().hash(&mut h);
        d.loc.hash(&mut h);
        d.parent.hash(&mut h);
        ctx.next_op(o).hash(&mut h);
        for &r in d.regions() {
            for &b in ctx.region_blocks(r) {
                b.hash(&mut h);
                for a in &ctx.block(b).args {
                    a.ty.hash(&mut h);
                    a.loc.hash(&mut h);
                }
            }
        }
    });
    h.finish()
}

// ----- timing -----

struct TimerNode {
    name: String,
    key: usize,
    wall: Duration,
    children: Vec<usize>,
}

/// An execution time report in mlir-opt's `--mlir-timing` tree format.
///
/// Passes are timed by the pass manager; tools add their own top-level phases with
/// [`TimingReport::add`] (e.g. `Parser` before running passes, `Output` after).
pub struct TimingReport {
    start: Instant,
    nodes: Vec<TimerNode>,
    stack: Vec<(usize, Instant)>,
}

impl Default for TimingReport {
    fn default() -> Self {
        Self::new()
    }
}

impl TimingReport {
    /// A report whose total time starts now.
    pub fn new() -> Self {
        TimingReport {
            start: Instant::now(),
            nodes: vec![TimerNode { name: String::new(), key: 0, wall: Duration::ZERO, children: Vec::new() }],
            stack: Vec::new(),
        }
    }

    fn child(&mut self, parent: usize, key: usize, name: &str) -> usize {
        if let Some(&c) =
            self.nodes[parent].children.iter().find(|&&c| self.nodes[c].key == key && self.nodes[c].name == name)
        {
            return c;
        }
        let id = self.nodes.len();
        self.nodes.push(TimerNode { name: name.to_string(), key, wall: Duration::ZERO, children: Vec::new() });
        self.nodes[parent].children.push(id);
        id
    }

    /// Add time to a top-level entry named `name` (created on first use, in order).
    pub fn add(&mut self, name: &str, d: Duration) {
        let c = self.child(0, 0, name);
        self.nodes[c].wall += d;
    }

    /// Add time to an entry at a path of names below the top level (for tests and tools).
    pub fn add_path(&mut self, path: &[&str], d: Duration) {
        let mut cur = 0;
        for p in path {
            cur = self.child(cur, 0, p);
        }
        self.nodes[cur].wall += d;
    }

    /// Start timing a nested entry (identified by `key` and `name` under the current one).
    pub(crate) fn start_timer(&mut self, key: usize, name: &str) {
        let parent = self.stack.last().map(|s| s.0).unwrap_or(0);
        let id = self.child(parent, key, name);
        self.stack.push((id, Instant::now()));
    }

    /// Stop the innermost running entry.
    pub(crate) fn stop_timer(&mut self) {
        if let Some((id, t)) = self.stack.pop() {
            self.nodes[id].wall += t.elapsed();
        }
    }

    /// The report with the total time measured from creation until now.
    pub fn report(&self) -> String {
        self.report_with_total(self.start.elapsed())
    }

    /// The report with a given total time.
    pub fn report_with_total(&self, total: Duration) -> String {
        use std::fmt::Write;
        let total_s = total.as_secs_f64();
        let mut out = String::new();
        let desc = "... Execution time report ...";
        let _ = writeln!(out, "==={}===", "-".repeat(73));
        let _ = writeln!(out, "{}{}", " ".repeat((80 - desc.len()) / 2), desc);
        let _ = writeln!(out, "==={}===", "-".repeat(73));
        let _ = writeln!(out, "  Total Execution Time: {total_s:.4} seconds\n");
        let _ = writeln!(out, "  ----Wall Time----  ----Name----");
        let line = |out: &mut String, t: f64, indent: usize, name: &str| {
            let pct = if total_s > 0.0 { 100.0 * t / total_s } else { 0.0 };
            let _ = writeln!(out, "  {t:>8.4} ({pct:>5.1}%)  {}{name}", " ".repeat(indent));
        };
        fn walk(
            r: &TimingReport,
            n: usize,
            indent: usize,
            out: &mut String,
            line: &dyn Fn(&mut String, f64, usize, &str),
        ) {
            for &c in &r.nodes[n].children {
                line(out, r.nodes[c].wall.as_secs_f64(), indent, &r.nodes[c].name);
                walk(r, c, indent + 2, out, line);
            }
        }
        walk(self, 0, 0, &mut out, &line);
        let children: f64 = self.nodes[0].children.iter().map(|&c| self.nodes[c].wall.as_secs_f64()).sum();
        line(&mut out, (total_s - children).max(0.0), 0, "Rest");
        line(&mut out, total_s, 0, "Total");
        out
    }
}

// ----- statistics -----

/// The `--mlir-pass-statistics --mlir-pass-statistics-display=list` report: statistics merged
/// per pass (by display name, summed over its instances), passes sorted by name.
pub fn statistics_report_list(pm: &OpPassManager) -> String {
    use std::fmt::Write;
    let mut merged: std::collections::BTreeMap<String, Vec<(String, String, u64)>> = Default::default();
    fn collect(pm: &OpPassManager, merged: &mut std::collections::BTreeMap<String, Vec<(String, String, u64)>>) {
        for e in &pm.elements {
            match e {
                PipelineElement::Nested(n) => collect(n, merged),
                PipelineElement::Pass(p) => {
                    if p.stats.is_empty() {
                        continue;
                    }
                    let entry = merged.entry(p.pass.display_name().to_string()).or_default();
                    if entry.is_empty() {
                        entry.extend(p.stats.iter().map(|s| (s.name.clone(), s.description.clone(), s.value)));
                    } else {
                        for (slot, s) in entry.iter_mut().zip(p.stats.iter()) {
                            slot.2 += s.value;
                        }
                    }
                }
            }
        }
    }
    collect(pm, &mut merged);
    let mut out = String::new();
    let desc = "... Pass statistics report ...";
    let _ = writeln!(out, "==={}===", "-".repeat(73));
    let _ = writeln!(out, "{}{}", " ".repeat((80 - desc.len()) / 2), desc);
    let _ = writeln!(out, "==={}===", "-".repeat(73));
    for (name, stats) in &merged {
        stats_entry(&mut out, 2, name, stats);
    }
    out.push('\n');
    out
}

fn stats_entry(out: &mut String, indent: usize, name: &str, stats: &[(String, String, u64)]) {
    use std::fmt::Write;
    let _ = writeln!(out, "{}{}", " ".repeat(indent), name);
    let mut stats: Vec<&(String, String, u64)> = stats.iter().collect();
    stats.sort_by(|a, b| a.0.cmp(&b.0));
    let wn = stats.iter().map(|s| s.0.len()).max().unwrap_or(0);
    let wv = stats.iter().map(|s| s.2.to_string().len()).max().unwrap_or(0);
    for (name, desc, value) in stats {
        let _ = writeln!(out, "{}(S) {value:>wv$} {name:<wn$} - {desc}", " ".repeat(indent + 2));
    }
}

/// The `--mlir-pass-statistics` report (pipeline display mode) of a pass manager after it ran.
pub fn statistics_report(pm: &OpPassManager) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let desc = "... Pass statistics report ...";
    let _ = writeln!(out, "==={}===", "-".repeat(73));
    let _ = writeln!(out, "{}{}", " ".repeat((80 - desc.len()) / 2), desc);
    let _ = writeln!(out, "==={}===", "-".repeat(73));
    use stats_entry as entry;
    fn walk(out: &mut String, pm: &OpPassManager, indent: usize) {
        for e in &pm.elements {
            match e {
                PipelineElement::Pass(p) => {
                    let stats: Vec<(String, String, u64)> =
                        p.stats.iter().map(|s| (s.name.clone(), s.description.clone(), s.value)).collect();
                    entry(out, indent, p.pass.display_name(), &stats);
                }
                PipelineElement::Nested(n) => {
                    entry(out, indent, &format!("'{}' Pipeline", n.anchor()), &[]);
                    walk(out, n, indent + 2);
                }
            }
        }
    }
    walk(&mut out, pm, 0);
    out.push('\n');
    out
}
