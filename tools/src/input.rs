//! Reading a tool's input: MLIR text, or MLIR bytecode detected by its magic number
//! (`ML\xefR`), as mlir-opt does. A StableHLO portable artifact (producer `StableHLO_v…`, the
//! VHLO dialect) is deserialized to StableHLO, as `stablehlo-translate --deserialize` does;
//! other bytecode is read as it is (VHLO included).

use std::io::Read;

use strata_ir::source::{FileBytes, SourceError};
use strata_ir::{Context, OpId, SourceText};

/// A tool's input.
pub enum Source {
    /// Text (read or mapped).
    Text {
        /// File name for diagnostics (`<stdin>` for stdin).
        file: String,
        /// The text.
        text: SourceText,
    },
    /// MLIR bytecode.
    Bytecode {
        /// File name for diagnostics.
        file: String,
        /// The bytes (mapped when large).
        data: FileBytes,
    },
}

/// Read `path` (`-` for stdin), deciding between text and bytecode by the magic number.
pub fn read_source(path: &str) -> Result<Source, String> {
    let (file, data) = if path == "-" {
        let mut v = Vec::new();
        std::io::stdin().read_to_end(&mut v).map_err(|e| format!("cannot read stdin: {e}"))?;
        ("<stdin>".to_string(), FileBytes::Owned(v))
    } else {
        let mut head = [0u8; 4];
        let n = match std::fs::File::open(path) {
            Ok(mut f) => f.read(&mut head).unwrap_or(0),
            Err(e) => return Err(format!("cannot open input file '{path}': {e}")),
        };
        if !strata_ir::bytecode::is_bytecode(&head[..n]) {
            return match SourceText::read_file(path) {
                Ok(t) => Ok(Source::Text { file: path.to_string(), text: t }),
                Err(SourceError::Io(e)) => Err(format!("cannot open input file '{path}': {e}")),
                Err(e @ SourceError::NotUtf8 { .. }) => Err(format!("input file '{path}' is {e}")),
            };
        }
        let v = FileBytes::read(path).map_err(|e| format!("cannot open input file '{path}': {e}"))?;
        (path.to_string(), v)
    };
    if strata_ir::bytecode::is_bytecode(&data) {
        return Ok(Source::Bytecode { file, data });
    }
    let data = match data {
        FileBytes::Owned(v) => v,
        // (Only when the file changed between the two reads.)
        FileBytes::Mapped(m) => m.to_vec(),
    };
    match String::from_utf8(data) {
        Ok(s) => Ok(Source::Text { file, text: SourceText::new(s) }),
        Err(e) => Err(format!("input file '{file}' is not valid UTF-8 (byte {})", e.utf8_error().valid_up_to())),
    }
}

/// The producer string of a bytecode file, if its header is readable.
pub fn producer(data: &[u8]) -> Option<String> {
    let rest = data.strip_prefix(strata_ir::bytecode::MAGIC.as_slice())?;
    let mut c = strata_ir::bytecode::encoding::Cursor::new(rest, 4);
    c.varint().ok()?;
    c.cstr().ok().map(|s| String::from_utf8_lossy(s).into_owned())
}

/// Read bytecode into `ctx` (portable artifacts deserialized to StableHLO). Errors are
/// `file: byte offset N: message` (or the rendered diagnostics of the conversion).
pub fn load_bytecode(ctx: &mut Context, file: &str, data: &[u8]) -> Result<OpId, String> {
    if is_portable_artifact(data) {
        return strata_dialects::vhlo::deserialize_portable_artifact(ctx, data, file);
    }
    strata_ir::bytecode::read_bytecode(ctx, data, file).map_err(|e| format!("{file}: {e}\n"))
}

/// Convert a module holding VHLO ops (bytecode of `strata-opt --stablehlo-legalize-to-vhlo`,
/// say) to StableHLO at the current version; other modules are returned as they are.
pub fn vhlo_to_stablehlo(ctx: &mut Context, module: OpId) -> Result<OpId, String> {
    use strata_dialects::vhlo;
    if !vhlo::has_vhlo_ops(ctx, module) {
        return Ok(module);
    }
    let r = vhlo::version::vhlo_to_version(ctx, module, vhlo::CURRENT_VERSION)
        .and_then(|_| vhlo::legalize::legalize_to_stablehlo(ctx, module));
    if r.is_err() {
        let ds = ctx.take_diagnostics();
        return Err(ds.iter().map(|d| strata_ir::diagnostics::render(ctx, d)).collect());
    }
    Ok(module)
}

/// Whether `data` is a StableHLO portable artifact (bytecode whose producer is `StableHLO_v…`).
pub fn is_portable_artifact(data: &[u8]) -> bool {
    producer(data).is_some_and(|p| p.starts_with("StableHLO_v"))
}

/// A context for a whole bytecode input (every dialect registered).
pub fn bytecode_context(allow_unregistered: bool) -> Context {
    let mut ctx = Context::new();
    strata_dialects::register_all(&mut ctx);
    ctx.allow_unregistered = allow_unregistered;
    ctx
}
