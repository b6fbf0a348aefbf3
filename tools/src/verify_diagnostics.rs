//! `--verify-diagnostics`: check emitted diagnostics against `expected-*` annotations, with the
//! semantics of MLIR's `SourceMgrDiagnosticVerifierHandler`.
//!
//! An annotation is `expected-(error|warning|remark|note)[-re][@+N|@-N|@above|@below|@unknown]
//! {{text}}` in a comment. Without `-re` the text must occur in the message; with `-re`, the text
//! is literal except `{{...}}` groups, which are regular expressions. Every emitted diagnostic
//! (notes included) must match an annotation on its line, and every annotation must be matched.

use regex::Regex;
use strata_ir::Severity;

/// One expected diagnostic.
#[derive(Debug, Clone)]
pub struct Expected {
    /// Severity expected.
    pub severity: Severity,
    /// The 1-based file line the diagnostic must be reported on (`None` for `@unknown`).
    pub line: Option<u32>,
    /// Where the annotation is (file line, 1-based column of `expected-`).
    pub anno_line: u32,
    /// Column of the annotation.
    pub anno_col: u32,
    /// The text as written.
    pub text: String,
    matcher: Matcher,
    /// How many diagnostics it should match (MLIR allows only one per annotation).
    pub matched: bool,
}

#[derive(Debug, Clone)]
enum Matcher {
    Substring(String),
    Regex(Regex),
}

impl Expected {
    /// Whether a message matches this annotation's text.
    pub fn matches(&self, message: &str) -> bool {
        match &self.matcher {
            Matcher::Substring(s) => message.contains(s.as_str()),
            Matcher::Regex(r) => r.is_match(message),
        }
    }
}

/// A problem with an annotation itself (bad regex, `@below` with nothing below, ...).
#[derive(Debug, Clone)]
pub struct AnnotationError {
    /// File line.
    pub line: u32,
    /// Column.
    pub col: u32,
    /// Message.
    pub message: String,
}

fn regex_from_re_text(text: &str) -> Result<Regex, String> {
    let mut pattern = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..start]));
        let after = &rest[start + 2..];
        let end = after.find("}}").ok_or_else(|| "found start of regex with no end '}}'".to_string())?;
        pattern.push('(');
        pattern.push_str(&after[..end]);
        pattern.push(')');
        rest = &after[end + 2..];
    }
    pattern.push_str(&regex::escape(rest));
    Regex::new(&pattern).map_err(|e| format!("invalid regex: {e}"))
}

/// Parse the annotations of a chunk whose first line is file line `line_offset + 1`.
pub fn parse_expectations(text: &str, line_offset: u32) -> (Vec<Expected>, Vec<AnnotationError>) {
    let re = Regex::new(
        r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\} *$",
    )
    .expect("static regex");
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut pending_below: Vec<usize> = Vec::new();
    let mut last_non_designator: Option<u32> = None;
    for (i, line) in text.lines().enumerate() {
        let file_line = line_offset + i as u32 + 1;
        let Some(caps) = re.captures(line) else {
            // A line without an annotation: it is the target of pending `@below`s and the
            // new target of `@above`.
            for idx in pending_below.drain(..) {
                let e: &mut Expected = &mut out[idx];
                e.line = Some(file_line);
            }
            last_non_designator = Some(file_line);
            continue;
        };
        let whole = caps.get(0).unwrap();
        let col = whole.start() as u32 + 1;
        let severity = match &caps[1] {
            "error" => Severity::Error,
            "warning" => Severity::Warning,
            "remark" => Severity::Remark,
            _ => Severity::Note,
        };
        let is_re = caps.get(2).is_some();
        let text = caps[5].to_string();
        let matcher = if is_re {
            match regex_from_re_text(&text) {
                Ok(r) => Matcher::Regex(r),
                Err(m) => {
                    errors.push(AnnotationError { line: file_line, col, message: m });
                    continue;
                }
            }
        } else {
            Matcher::Substring(text.clone())
        };
        let mut e = Expected {
            severity,
            line: Some(file_line),
            anno_line: file_line,
            anno_col: col,
            text,
            matcher,
            matched: false,
        };
        let mut below = false;
        if let Some(d) = caps.get(4) {
            match d.as_str() {
                "above" => match last_non_designator {
                    Some(l) => e.line = Some(l),
                    None => {
                        errors.push(AnnotationError {
                            line: file_line,
                            col,
                            message: "expected diagnostic '@above' has no line above it".into(),
                        });
                        continue;
                    }
                },
                "below" => below = true,
                "unknown" => e.line = None,
                off => {
                    let n: i64 = off.parse().unwrap_or(0);
                    let target = file_line as i64 + n;
                    if target < 1 {
                        errors.push(AnnotationError {
                            line: file_line,
                            col,
                            message: "expected diagnostic line offset is out of range".into(),
                        });
                        continue;
                    }
                    e.line = Some(target as u32);
                }
            }
        }
        out.push(e);
        if below {
            pending_below.push(out.len() - 1);
        }
        // A line that holds an annotation but also code still counts as code for `@above`?
        // MLIR only skips lines that are entirely designators; code lines with a trailing
        // annotation are real lines.
        if !line.trim_start().starts_with("//") {
            last_non_designator = Some(file_line);
        }
    }
    for idx in pending_below {
        errors.push(AnnotationError {
            line: out[idx].anno_line,
            col: out[idx].anno_col,
            message: "expected diagnostic '@below' has no line below it".into(),
        });
    }
    (out, errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn designators() {
        let t = "// expected-error@+1 {{foo}}\nline2\nline3 // expected-warning {{bar}}\n// expected-note@above {{n}}\n// expected-remark@below {{r}}\n\nline7\n// expected-error@-6 {{x}}\n// expected-error-re {{a {{[0-9]+}} b}}\n";
        let (e, errs) = parse_expectations(t, 10);
        assert!(errs.is_empty(), "{errs:?}");
        let lines: Vec<_> = e.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![Some(12), Some(13), Some(13), Some(16), Some(12), Some(19)]);
        assert!(e[5].matches("a 12 b"));
        assert!(!e[5].matches("a x b"));
        assert!(e[0].matches("xx foo yy"));
    }
}
