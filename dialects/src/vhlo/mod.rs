//! The VHLO dialect (StableHLO's versioned copy of itself, `VhloDialect.td`): the form
//! StableHLO portable artifacts are written in.
//!
//! Status: this module holds VHLO's type system ([`types`]: every VHLO type, its text, and its
//! conversion to and from builtin/StableHLO types) and the version arithmetic ([`Version`]).
//! The VHLO ops and attributes, their bytecode encodings and the conversions
//! `stablehlo-legalize-to-vhlo` / `vhlo-to-version` / `vhlo-legalize-to-stablehlo` are not
//! built yet (see the README's "Bytecode and portable artifacts").

pub mod attrs;
pub mod types;

/// A StableHLO/VHLO version `major.minor.patch` (StableHLO's `vhlo::Version`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version(pub u32, pub u32, pub u32);

impl Version {
    /// Parse `#.#.#`.
    pub fn parse(s: &str) -> Option<Version> {
        let mut it = s.split('.').map(|p| p.parse::<u32>().ok());
        let v = Version(it.next()??, it.next()??, it.next()??);
        it.next().is_none().then_some(v)
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}.{}", self.0, self.1, self.2)
    }
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
    }
}
