//! dot_general and convolution.

use super::RuleDef;

/// The dot rules.
pub fn rules() -> Vec<RuleDef> {
    Vec::new()
}
