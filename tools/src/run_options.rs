//! The options and per-chunk summary of one strata-run invocation, shared by the interpreter path
//! (`run`) and the linalg-level JIT path (`run_jit`), so that neither imports the other's types.

/// How results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PrintFormat {
    /// `dense<[1, 2]> : tensor<2xi32>` (the default; `--interpreter-print-dense`).
    #[default]
    Dense,
    /// The StableHLO interpreter's multi-line layout (`tensor<2xi32> {\n  [1, 2]\n}`).
    Interpreter,
}

/// Options of one strata-run invocation.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Input file (`-` for stdin).
    pub input: String,
    /// `--split-input-file[=marker]`.
    pub split_marker: Option<String>,
    /// `--entry NAME`.
    pub entry: Option<String>,
    /// `--args '[...]'`: arguments as an MLIR array of dense attributes.
    pub args: Option<String>,
    /// `--inputs a.npy,b.npy`.
    pub inputs: Vec<String>,
    /// `--output-dir DIR`.
    pub output_dir: Option<String>,
    /// `--bench N`.
    pub bench: Option<usize>,
    /// `--allow-unregistered-dialect`.
    pub allow_unregistered: bool,
    /// `--print-format`.
    pub format: PrintFormat,
    /// Whether results are printed (default: unless `--output-dir` or `--bench`).
    pub print_results: Option<bool>,
    /// `--jit`: run compiled code instead of the interpreter.
    pub jit: bool,
    /// `--mlir-print-ir-after-all` (with `--jit`): dump every MLIR stage to stderr.
    pub mlir_print_ir_after_all: bool,
    /// `--max-memory SIZE`: the largest value the interpreter may create (bytes; default the
    /// machine's available memory).
    pub max_memory: Option<u64>,
    /// `--probe-output-dir DIR`: where `interpreter.probe` values are written (`probe1.npy`,
    /// `probe2.npy`, ... and `index.csv` with `probe_id,type,path` lines), as
    /// stablehlo-translate does.
    pub probe_output_dir: Option<String>,
}

/// What one chunk did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ChunkSummary {
    /// Functions run.
    pub funcs: usize,
    /// Failed checks.
    pub failed_checks: usize,
    /// Whether an error (parse, verify, evaluation, I/O) stopped the chunk.
    pub error: bool,
}

impl ChunkSummary {
    /// Whether the chunk passed.
    pub fn passed(&self) -> bool {
        !self.error && self.failed_checks == 0
    }
}
