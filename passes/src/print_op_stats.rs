//! `print-op-stats`: MLIR's `PrintOpStatsPass` (`mlir/lib/Transforms/OpStats.cpp`): count the
//! operations by name (the op the pass runs on included) and print
//!
//! ```text
//! Operations encountered:
//! -----------------------
//!     arith.addi   , 3
//!   builtin.module , 1
//! ```
//! (names sorted, dialects right-aligned, op names left-aligned), or with `{json}` a JSON object.
//! Output goes to stderr unless [`PrintOpStats::with_output`] redirects it.

use std::collections::BTreeMap;

use strata_ir::pass::{parse_bool_option, Pass, PassStatistics};
use strata_ir::{Context, Failure, OpId};

/// The `print-op-stats` pass.
pub struct PrintOpStats {
    /// `json` option.
    pub json: bool,
    output: Box<dyn FnMut(&str)>,
}

impl Default for PrintOpStats {
    fn default() -> Self {
        PrintOpStats { json: false, output: Box::new(|s: &str| eprint!("{s}")) }
    }
}

impl PrintOpStats {
    /// Print to `output` instead of stderr.
    pub fn with_output(mut self, output: Box<dyn FnMut(&str)>) -> Self {
        self.output = output;
        self
    }
}

/// Count ops by name under (and including) `op`.
pub fn op_counts(ctx: &Context, op: OpId) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    ctx.walk_pre(op, &mut |o| *counts.entry(ctx.op_name_of(o).to_string()).or_insert(0) += 1);
    counts
}

/// The text summary MLIR prints.
pub fn format_summary(counts: &BTreeMap<String, usize>) -> String {
    let split = |n: &str| -> (String, String) {
        match n.split_once('.') {
            Some((d, o)) => (d.to_string(), o.to_string()),
            None => (String::new(), n.to_string()),
        }
    };
    let mut out = String::from("Operations encountered:\n-----------------------\n");
    let (mut wd, mut wo) = (0, 0);
    for k in counts.keys() {
        let (d, o) = split(k);
        wd = wd.max(d.len());
        wo = wo.max(o.len());
    }
    for (k, c) in counts {
        let (d, o) = split(k);
        if d.is_empty() {
            out.push_str(&" ".repeat(wd + 3));
        } else {
            out.push_str(&format!("{:>w$}.", d, w = wd + 2));
        }
        out.push_str(&format!("{o:<wo$} , {c}\n"));
    }
    out
}

/// The JSON summary MLIR prints with `{json}`.
pub fn format_json(counts: &BTreeMap<String, usize>) -> String {
    let mut out = String::from("{\n");
    let n = counts.len();
    for (i, (k, c)) in counts.iter().enumerate() {
        out.push_str(&format!("  \"{k}\" : {c}"));
        out.push_str(if i + 1 != n { ",\n" } else { "\n" });
    }
    out.push_str("}\n");
    out
}

impl Pass for PrintOpStats {
    fn name(&self) -> &str {
        "print-op-stats"
    }
    fn display_name(&self) -> &str {
        "PrintOpStatsPass"
    }
    fn description(&self) -> &str {
        "Print statistics of operations"
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "json" => self.json = parse_bool_option(key, value)?,
            _ => return Err(format!("no such option {key}")),
        }
        Ok(())
    }
    fn options(&self) -> Vec<(String, String)> {
        vec![("json".into(), self.json.to_string())]
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _stats: &mut PassStatistics) -> Result<(), Failure> {
        let counts = op_counts(ctx, op);
        let s = if self.json { format_json(&counts) } else { format_summary(&counts) };
        (self.output)(&s);
        Ok(())
    }
}
