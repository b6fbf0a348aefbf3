//! A small command-line parser with LLVM `cl` habits: `-flag`, `--flag`, `--flag=value`,
//! `--flag value` for options that take one, and positional arguments.

/// Parsed arguments, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// `--name` or `--name=value` (leading dashes stripped).
    Flag {
        /// The flag name.
        name: String,
        /// The value after `=`, if any.
        value: Option<String>,
    },
    /// A positional argument (including `-` for stdin).
    Positional(String),
}

/// Split raw arguments. Options listed in `takes_value` consume the next argument when written
/// without `=`.
pub fn parse_args(raw: &[String], takes_value: &[&str]) -> Result<Vec<Arg>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut only_positional = false;
    while i < raw.len() {
        let a = &raw[i];
        i += 1;
        if only_positional || a == "-" || !a.starts_with('-') {
            out.push(Arg::Positional(a.clone()));
            continue;
        }
        if a == "--" {
            only_positional = true;
            continue;
        }
        let body = a.trim_start_matches('-');
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (body.to_string(), None),
        };
        let value = if value.is_none() && takes_value.contains(&name.as_str()) {
            if i >= raw.len() {
                return Err(format!("option '-{name}' requires a value"));
            }
            i += 1;
            Some(raw[i - 1].clone())
        } else {
            value
        };
        out.push(Arg::Flag { name, value });
    }
    Ok(out)
}

/// Interpret an LLVM-style boolean option value (`--flag`, `--flag=true`, `--flag=0`).
pub fn bool_value(name: &str, value: &Option<String>) -> Result<bool, String> {
    match value.as_deref() {
        None | Some("true") | Some("1") | Some("TRUE") | Some("True") => Ok(true),
        Some("false") | Some("0") | Some("FALSE") | Some("False") => Ok(false),
        Some(v) => Err(format!("'{v}' is not a valid boolean value for option '{name}'")),
    }
}
