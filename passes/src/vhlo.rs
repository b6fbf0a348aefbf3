//! The VHLO passes of StableHLO (`stablehlo/transforms/Passes.td`), over
//! `strata_dialects::vhlo`: `stablehlo-legalize-to-vhlo`, `vhlo-to-version{target=...}` and
//! `vhlo-legalize-to-stablehlo`. They run on a `builtin.module`; errors are diagnostics at
//! the op that cannot be converted (for `vhlo-to-version`: the op and the version it needs).

use strata_dialects::vhlo::{legalize, version, Version};
use strata_ir::pass::{Pass, PassStatistics};
use strata_ir::{Context, Failure, OpId};

/// `stablehlo-legalize-to-vhlo`
#[derive(Default)]
pub struct LegalizeToVhlo;

impl Pass for LegalizeToVhlo {
    fn name(&self) -> &str {
        "stablehlo-legalize-to-vhlo"
    }
    fn display_name(&self) -> &str {
        "StablehloLegalizeToVhloPass"
    }
    fn description(&self) -> &str {
        "Legalize StableHLO to VHLO"
    }
    fn target(&self) -> Option<&str> {
        Some("builtin.module")
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _stats: &mut PassStatistics) -> Result<(), Failure> {
        legalize::legalize_to_vhlo(ctx, op)
    }
}

/// `vhlo-legalize-to-stablehlo`
#[derive(Default)]
pub struct LegalizeToStablehlo;

impl Pass for LegalizeToStablehlo {
    fn name(&self) -> &str {
        "vhlo-legalize-to-stablehlo"
    }
    fn display_name(&self) -> &str {
        "VhloLegalizeToStablehloPass"
    }
    fn description(&self) -> &str {
        "Legalize VHLO to StableHLO"
    }
    fn target(&self) -> Option<&str> {
        Some("builtin.module")
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _stats: &mut PassStatistics) -> Result<(), Failure> {
        legalize::legalize_to_stablehlo(ctx, op)
    }
}

/// `vhlo-to-version{target=X.Y.Z}` (`current` and `minimum` accepted too).
pub struct ToVersion {
    target: Version,
}

impl Default for ToVersion {
    fn default() -> Self {
        ToVersion { target: strata_dialects::vhlo::CURRENT_VERSION }
    }
}

impl Pass for ToVersion {
    fn name(&self) -> &str {
        "vhlo-to-version"
    }
    fn display_name(&self) -> &str {
        "VhloToVersionPass"
    }
    fn description(&self) -> &str {
        "Convert VHLO ops to the versions of a target StableHLO version"
    }
    fn target(&self) -> Option<&str> {
        Some("builtin.module")
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "target" => {
                self.target = Version::parse_target(value)?;
                Ok(())
            }
            _ => Err(format!("no such option {key}")),
        }
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _stats: &mut PassStatistics) -> Result<(), Failure> {
        version::vhlo_to_version(ctx, op, self.target)
    }
}
