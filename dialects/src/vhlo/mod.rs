//! The VHLO dialect (StableHLO's versioned copy of itself, `VhloDialect.td`): the form
//! StableHLO portable artifacts are written in, and the conversions that make them.
//!
//! - [`ops`]: every VHLO op in all its versions, as a table (name, the op it versions, the
//!   version range, the attributes — which are also the ops' bytecode property layout).
//! - [`types`] / [`vattr`]: VHLO types and attributes, their text, and the generic conversion
//!   to and from builtin/StableHLO.
//! - [`bytecode`]: VHLO's attribute/type codes (`VhloBytecode.cpp`), so artifacts are
//!   byte-compatible with StableHLO's.
//! - [`legalize`]: `stablehlo-legalize-to-vhlo` and `vhlo-legalize-to-stablehlo`.
//! - [`version`]: `vhlo-to-version{target=...}`, with StableHLO's compatibility rules.
//! - [`serialize_portable_artifact`] / [`deserialize_portable_artifact`]: the API of
//!   StableHLO's `Serialization.h` (and of `jaxlib.mlir.dialects.stablehlo`).
//!
//! Not covered yet: quantized VHLO types, the 1.15–1.17 additions (async ops, `future_v1`,
//! mesh/axis attributes) — reading them is a located error, never a wrong program.

pub mod attrs;
pub mod bytecode;
pub mod legalize;
pub mod ops;
pub mod rebuild;
pub mod types;
pub mod vattr;
pub mod version;

use std::rc::Rc;

use strata_ir::bytecode::WriterConfig;
use strata_ir::dialect::{Dialect, OpInfo, Traits};
use strata_ir::{Context, OpId};

/// A StableHLO/VHLO version `major.minor.patch` (StableHLO's `vhlo::Version`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version(pub u32, pub u32, pub u32);

/// The newest version Strata reads and writes (StableHLO's `getCurrentVersion`; the version
/// of jaxlib 0.10.2, which the interop tests run against).
pub const CURRENT_VERSION: Version = Version(1, 17, 0);
/// The oldest version Strata reads and writes (StableHLO's `getMinimumVersion`).
pub const MINIMUM_VERSION: Version = Version(0, 9, 0);

impl Version {
    /// Parse `#.#.#`.
    pub fn parse(s: &str) -> Option<Version> {
        let mut it = s.split('.').map(|p| p.parse::<u32>().ok());
        let v = Version(it.next()??, it.next()??, it.next()??);
        it.next().is_none().then_some(v)
    }

    /// Parse a target: `current`, `minimum`, or `#.#.#`.
    pub fn parse_target(s: &str) -> Result<Version, String> {
        match s {
            "current" => Ok(CURRENT_VERSION),
            "minimum" => Ok(MINIMUM_VERSION),
            _ => {
                let v = Version::parse(s)
                    .ok_or_else(|| format!("invalid target version '{s}' (expected #.#.#, current or minimum)"))?;
                if v < MINIMUM_VERSION || v > CURRENT_VERSION {
                    return Err(format!(
                        "target version {v} is outside the supported range [{MINIMUM_VERSION}, {CURRENT_VERSION}]"
                    ));
                }
                Ok(v)
            }
        }
    }

    /// The MLIR bytecode version a portable artifact of this version is written in
    /// (`Version::getBytecodeVersion`).
    pub fn bytecode_version(self) -> u64 {
        if self < Version(0, 10, 0) {
            0
        } else if self < Version(0, 12, 0) {
            1
        } else if self < Version(0, 14, 0) {
            3
        } else if self < Version(0, 15, 0) {
            4
        } else {
            6
        }
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}.{}", self.0, self.1, self.2)
    }
}

/// Register the `vhlo` dialect: every op of the table (generic form, `return_v1` a terminator)
/// and the bytecode interface.
pub fn register(ctx: &mut Context) {
    let mut d = Dialect::new("vhlo");
    for row in ops::VHLO_OPS {
        let mut info = OpInfo::new(format!("vhlo.{}", row.name)).inherent(&row.sorted_attrs());
        if row.name == "return_v1" {
            info = info.traits(Traits::IS_TERMINATOR);
        }
        d = d.op(info);
    }
    d = d.bytecode_hook(Rc::new(bytecode::VhloBytecode::default()));
    ctx.register_dialect(d);
}

fn rendered(ctx: &mut Context, before: usize) -> String {
    let all = ctx.take_diagnostics();
    let mut out = String::new();
    for (i, d) in all.iter().enumerate() {
        if i >= before {
            out.push_str(&strata_ir::diagnostics::render(ctx, d));
        }
    }
    for d in all.into_iter().take(before) {
        ctx.emit(d);
    }
    out
}

/// Whether `module` holds VHLO ops.
pub fn has_vhlo_ops(ctx: &Context, module: OpId) -> bool {
    let mut found = false;
    ctx.walk_pre(module, &mut |op| found |= ctx.op_name_of(op).starts_with("vhlo."));
    found
}

/// StableHLO's `serializePortableArtifact`: `module` (StableHLO) converted to VHLO at `target`
/// (`current`, `minimum` or `#.#.#`) and written as MLIR bytecode with the producer
/// `StableHLO_v<target>`. The module itself is not changed. Errors are rendered diagnostics.
pub fn serialize_portable_artifact(ctx: &mut Context, module: OpId, target: &str) -> Result<Vec<u8>, String> {
    let target = Version::parse_target(target)?;
    let before = ctx.diagnostics().len();
    let mut map = std::collections::HashMap::new();
    let clone = ctx.clone_op(module, &mut map);
    let r = legalize::legalize_to_vhlo(ctx, clone).and_then(|_| version::vhlo_to_version(ctx, clone, target));
    let out = match r {
        Ok(()) => {
            let cfg = WriterConfig { version: target.bytecode_version(), producer: format!("StableHLO_v{target}") };
            let w = strata_ir::bytecode::write_bytecode(ctx, clone, &cfg);
            w.map_err(|e| format!("error: {e}\n"))
        }
        Err(_) => Err(rendered(ctx, before)),
    };
    ctx.erase_op(clone);
    out
}

/// StableHLO's `deserializePortableArtifact`: read `data` (MLIR bytecode), upgrade its VHLO to
/// the current version and convert it back to StableHLO. Bytecode without VHLO ops is read as
/// it is. Errors are `file: byte offset N: ...` or rendered diagnostics.
pub fn deserialize_portable_artifact(ctx: &mut Context, data: &[u8], file: &str) -> Result<OpId, String> {
    let module = strata_ir::bytecode::read_bytecode(ctx, data, file).map_err(|e| format!("{file}: {e}\n"))?;
    if !has_vhlo_ops(ctx, module) {
        return Ok(module);
    }
    let before = ctx.diagnostics().len();
    version::vhlo_to_version(ctx, module, CURRENT_VERSION)
        .and_then(|_| legalize::legalize_to_stablehlo(ctx, module))
        .map_err(|_| rendered(ctx, before))?;
    Ok(module)
}

#[cfg(test)]
mod tests {
    use super::Version;

    #[test]
    fn versions_parse_and_order() {
        assert_eq!(Version::parse("1.13.7"), Some(Version(1, 13, 7)));
        assert_eq!(Version::parse("1.13"), None);
        assert_eq!(Version::parse("1.x.0"), None);
        assert!(Version(0, 9, 0) < Version(1, 0, 0) && Version(1, 9, 0) < Version(1, 10, 0));
        assert_eq!(Version(1, 2, 3).to_string(), "1.2.3");
        assert_eq!(Version::parse_target("current"), Ok(super::CURRENT_VERSION));
        assert!(Version::parse_target("0.8.0").is_err());
        assert!(Version::parse_target("9.0.0").is_err());
        assert_eq!(Version(0, 9, 0).bytecode_version(), 0);
        assert_eq!(Version(1, 0, 0).bytecode_version(), 6);
    }
}
