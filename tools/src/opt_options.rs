//! The options of one strata-opt run (mlir-opt's flags), shared by the command line (`opt`) and
//! the pass side (`opt_passes`), so that neither imports the other's types.

use strata_ir::printer::PrintOptions;

use crate::cli::bool_value;

/// Options of one strata-opt run.
#[derive(Default, Debug, Clone)]
pub struct OptOptions {
    /// Input file (`-` for stdin).
    pub input: String,
    /// Output file (`-` for stdout).
    pub output: String,
    /// `--split-input-file[=marker]`
    pub split_marker: Option<String>,
    /// `--output-split-marker`
    pub output_split_marker: String,
    /// `--verify-diagnostics`
    pub verify_diagnostics: bool,
    /// `--allow-unregistered-dialect`
    pub allow_unregistered: bool,
    /// Printing options.
    pub print: PrintOptions,
    /// Pipeline text from `--pass-pipeline` and pass flags, as a sequence of pipeline elements.
    pub pipeline: Vec<String>,
    /// Whether a `--pass-pipeline` was given (it may not be mixed with pass flags).
    pub explicit_pipeline: bool,
    /// `--verify-each`
    pub verify_each: bool,
    /// Instrumentation flags.
    pub instrumentation: Instrumentation,
    /// `--dump-pass-pipeline`
    pub dump_pass_pipeline: bool,
    /// `--emit-bytecode`: write MLIR bytecode instead of text.
    pub emit_bytecode: bool,
    /// `--emit-bytecode-version=N` (default: the current version, 6).
    pub emit_bytecode_version: Option<u64>,
}

/// Instrumentation flags of strata-opt (mlir-opt's names).
#[derive(Default, Debug, Clone)]
pub struct Instrumentation {
    /// `--mlir-print-ir-before-all`
    pub before_all: bool,
    /// `--mlir-print-ir-after-all`
    pub after_all: bool,
    /// `--mlir-print-ir-after-change`
    pub after_change: bool,
    /// `--mlir-print-ir-after-failure`
    pub after_failure: bool,
    /// `--mlir-print-ir-before=<pass>`
    pub before: Vec<String>,
    /// `--mlir-print-ir-after=<pass>`
    pub after: Vec<String>,
    /// `--mlir-print-ir-module-scope`
    pub module_scope: bool,
    /// `--mlir-timing`
    pub timing: bool,
    /// `--mlir-pass-statistics`
    pub statistics: bool,
}

impl Instrumentation {
    /// Take an instrumentation flag; `Ok(false)` if `name` is not one.
    pub fn set(&mut self, name: &str, value: &Option<String>) -> Result<bool, String> {
        let b = || bool_value(name, value);
        match name {
            "mlir-print-ir-before-all" => self.before_all = b()?,
            "mlir-print-ir-after-all" => self.after_all = b()?,
            "mlir-print-ir-after-change" => self.after_change = b()?,
            "mlir-print-ir-after-failure" => self.after_failure = b()?,
            "mlir-print-ir-module-scope" => self.module_scope = b()?,
            "mlir-timing" => self.timing = b()?,
            "mlir-pass-statistics" => self.statistics = b()?,
            "mlir-print-ir-before" | "mlir-print-ir-after" => {
                let v = value.clone().ok_or_else(|| format!("option '--{name}' requires a value"))?;
                let list = if name.ends_with("before") { &mut self.before } else { &mut self.after };
                list.extend(v.split(',').map(|s| s.to_string()));
            }
            "mlir-timing-display" | "mlir-pass-statistics-display" => {}
            _ => return Ok(false),
        }
        Ok(true)
    }
}
