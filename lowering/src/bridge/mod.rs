//! The bridge to MLIR/LLVM 22: linalg-on-tensors MLIR text → native code.
//!
//! ```text
//! text ─parse─> convert-elementwise-to-linalg ─> exp/tanh → polynomial calls ─> inline
//!   ─> [conv_2d_nhwc_hwcf → im2col] ─> fold unit dims, linalg-block-pack-matmul, generalize,
//!      fuse elementwise ─> analysis (OpDesc per linalg op, tagged strata.sched = id)
//!   ─> generated transform script (schedule.rs: tile/fuse/vectorize per op, bufferize, lower vectors)
//!   ─> buffer-results-to-out-params, ..., convert-*-to-llvm (bare-pointer calling convention)
//!   ─> check: only llvm.* ops left ─> entry wrappers (llvm dialect) ─> ExecutionEngine -O3 / object
//! ```
//! If the generated schedule fails on a module, the bridge recompiles it with the plain
//! pipeline (bufferize + scalar loops): slower, but every module that MLIR can lower runs.
//!
//! ABI of a compiled entry `@f(tensor args) -> (tensor results)` with static shapes:
//! `int32_t f(const T *arg0, ..., T *res0, ...)` over contiguous row-major buffers, returning 0
//! (destination-passing: the caller allocates the results). The JIT calls a packed variant
//! `int32_t __strata_packed_f(void **ptrs)`.

use crate::cpu::Isa;
use crate::tensors::{ArgType, NativeElem};

#[cfg(feature = "mlir")]
mod alloc;
#[cfg(feature = "mlir")]
mod aot;
#[cfg(feature = "mlir")]
mod engine;
#[cfg(feature = "mlir")]
mod lower;
#[cfg(feature = "mlir")]
mod raw;
#[cfg(feature = "mlir")]
mod softfloat;

#[cfg(feature = "mlir")]
use engine::engine_lock;
#[cfg(feature = "mlir")]
pub use engine::{cache_len, compile, CompiledModule};

#[cfg(feature = "mlir")]
pub use aot::compile_aot;

/// Whether this build links MLIR (the `mlir` feature).
pub const MLIR_BUILT: bool = cfg!(feature = "mlir");

/// How to compile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// LLVM optimization level (0..=3).
    pub opt_level: u8,
    /// Print the IR after every MLIR pass and transform stage to stderr (like
    /// `--mlir-print-ir-after-all`), plus the generated transform script.
    pub print_ir_after_all: bool,
    /// The ISA the schedules are tuned for; `None` = the host's (detected at run time).
    pub isa: Option<Isa>,
    /// Use the generated per-op schedules (`false`: plain bufferize + scalar loops).
    pub schedule: bool,
    /// Reuse a module compiled earlier in this process from the same text and options.
    pub cache: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { opt_level: 3, print_ir_after_all: false, isa: None, schedule: true, cache: true }
    }
}

/// The signature of a compiled entry point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrySig {
    /// The MLIR function name.
    pub name: String,
    /// Argument types.
    pub inputs: Vec<ArgType>,
    /// Result types.
    pub outputs: Vec<ArgType>,
}

/// What a compilation did, for reports and `--print-ir-after-all` users.
#[derive(Clone, Debug, Default)]
pub struct CompileReport {
    /// The ISA the schedule was generated for.
    pub isa: Option<Isa>,
    /// One line per linalg op: its id, name and plan.
    pub plans: Vec<String>,
    /// Why the generated schedule was abandoned for the plain pipeline, if it was.
    pub fallback: Option<String>,
    /// What Strata's fusion stage did (or why it was skipped).
    pub fusion: String,
    /// Seconds spent in MLIR (parse to llvm dialect).
    pub mlir_seconds: f64,
    /// Seconds spent creating the execution engine / emitting code.
    pub llvm_seconds: f64,
}

/// What `strata-compile` emits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// An ELF object file.
    Obj,
    /// Textual LLVM IR (after -O3).
    LlvmIr,
    /// The module in MLIR's llvm dialect (before translation).
    MlirLlvm,
    /// Assembly.
    Asm,
}

/// Ahead-of-time compilation settings.
#[derive(Clone, Debug)]
pub struct AotOptions {
    /// The function to export.
    pub entry: String,
    /// The C symbol of the wrapper.
    pub name: String,
    /// What to produce.
    pub emit: Emit,
    /// LLVM CPU name (`host` = this machine's CPU and features; `x86-64-v3`, `znver4`, ...).
    pub target_cpu: String,
    /// Lowering options (`isa` is derived from `target_cpu` when `None`).
    pub options: Options,
}

/// The result of ahead-of-time compilation.
#[derive(Clone, Debug)]
pub struct AotArtifact {
    /// The object file or text.
    pub bytes: Vec<u8>,
    /// The entry's signature.
    pub sig: EntrySig,
    /// The report.
    pub report: CompileReport,
}

/// Without the `mlir` feature: every entry point says how to get the bridge.
#[cfg(not(feature = "mlir"))]
mod disabled {
    use super::*;
    use crate::error::BridgeError;

    /// A compiled module (never constructed without the `mlir` feature).
    pub struct CompiledModule {
        _never: std::convert::Infallible,
    }

    impl CompiledModule {
        /// See the `mlir` build.
        pub fn invoke(
            &self,
            _entry: &str,
            _inputs: &[strata_reference::value::Tensor],
        ) -> Result<Vec<strata_reference::value::Tensor>, BridgeError> {
            Err(BridgeError::NotBuilt)
        }

        /// See the `mlir` build.
        pub fn invoke_into(
            &self,
            _entry: &str,
            _inputs: &[strata_reference::value::Tensor],
            _outputs: &mut [crate::tensors::OutputBuf],
        ) -> Result<(), BridgeError> {
            Err(BridgeError::NotBuilt)
        }

        /// See the `mlir` build.
        pub fn signature(&self, _entry: &str) -> Option<&EntrySig> {
            None
        }

        /// See the `mlir` build.
        pub fn entries(&self) -> impl Iterator<Item = &EntrySig> {
            std::iter::empty()
        }

        /// See the `mlir` build.
        pub fn report(&self) -> &CompileReport {
            match self._never {}
        }
    }

    /// Always 0 in this build.
    pub fn cache_len() -> usize {
        0
    }

    /// Always [`BridgeError::NotBuilt`] in this build.
    pub fn compile(_mlir_text: &str, _options: &Options) -> Result<CompiledModule, BridgeError> {
        Err(BridgeError::NotBuilt)
    }

    /// Always [`BridgeError::NotBuilt`] in this build.
    pub fn compile_aot(_mlir_text: &str, _options: &AotOptions) -> Result<AotArtifact, BridgeError> {
        Err(BridgeError::NotBuilt)
    }
}
#[cfg(not(feature = "mlir"))]
pub use disabled::{cache_len, compile, compile_aot, CompiledModule};

/// The C header declaring an AOT-compiled entry.
pub fn c_header(name: &str, sig: &EntrySig, source: &str) -> String {
    let guard: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect();
    let mut params = Vec::new();
    let mut doc = String::new();
    for (i, t) in sig.inputs.iter().enumerate() {
        params.push(format!("const {} *arg{i}", t.elem.c_type()));
        doc.push_str(&format!(" *   arg{i}: {} ({} elements)\n", t.mlir(), elems_doc(t)));
    }
    for (i, t) in sig.outputs.iter().enumerate() {
        params.push(format!("{} *res{i}", t.elem.c_type()));
        doc.push_str(&format!(" *   res{i}: {} ({} elements)\n", t.mlir(), elems_doc(t)));
    }
    let params = if params.is_empty() { "void".to_string() } else { params.join(", ") };
    format!(
        "/* Generated by strata-compile from {source}: `{name}` runs @{entry}.\n \
         * Buffers are contiguous, row-major, allocated by the caller; results are written in place.\n{doc} \
         * Returns 0 on success. Link: cc main.c {name}.o -lm\n */\n\
         #ifndef {guard}_H\n#define {guard}_H\n#include <stdbool.h>\n#include <stdint.h>\n\
         #ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n\
         int32_t {name}({params});\n\n\
         #ifdef __cplusplus\n}}\n#endif\n#endif /* {guard}_H */\n",
        entry = sig.name
    )
}

fn elems_doc(t: &ArgType) -> String {
    let n = t.num_elements();
    match t.elem {
        NativeElem::C64 | NativeElem::C128 => format!("{n} complex = {} scalars, re/im interleaved", 2 * n),
        NativeElem::F16 => format!("{n}, IEEE half bit patterns"),
        NativeElem::BF16 => format!("{n}, bfloat16 bit patterns"),
        _ => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_declares_the_abi() {
        let sig = EntrySig {
            name: "main".into(),
            inputs: vec![
                ArgType { shape: vec![2, 3], elem: NativeElem::F32 },
                ArgType { shape: vec![], elem: NativeElem::I1 },
            ],
            outputs: vec![ArgType { shape: vec![4], elem: NativeElem::I(32) }],
        };
        let h = c_header("my_fn", &sig, "x.mlir");
        assert!(h.contains("int32_t my_fn(const float *arg0, const bool *arg1, int32_t *res0);"), "{h}");
        assert!(h.contains("#ifndef MY_FN_H"));
    }

    #[cfg(not(feature = "mlir"))]
    #[test]
    fn without_mlir_the_error_says_how_to_get_it() {
        let e = compile("func.func @f() { return }", &Options::default()).err().unwrap().to_string();
        assert!(e.contains("llvm-22-dev") && e.contains("./x"), "{e}");
    }
}
