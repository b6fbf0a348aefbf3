//! Diagnostics (MLIR's `Diagnostic` / `SourceMgrDiagnosticHandler`).
//!
//! A [`Diagnostic`] has a severity, a location attribute, a message and attached notes.
//! [`render`] formats it the way mlir-opt does: `file:line:col: error: message`, followed by the
//! source line and a caret when the source text is known to the context.

use crate::attributes::{AttrKind, Attribute, Location};
use crate::Context;

/// Severity of a diagnostic.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Severity {
    /// `error`
    Error,
    /// `warning`
    Warning,
    /// `remark`
    Remark,
    /// `note`
    Note,
}

impl Severity {
    /// The word printed for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

/// A diagnostic with a location.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where (a location attribute).
    pub loc: Attribute,
    /// The message.
    pub message: String,
    /// Attached notes.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// A new diagnostic.
    pub fn new(severity: Severity, loc: Attribute, message: impl Into<String>) -> Self {
        Diagnostic { severity, loc, message: message.into(), notes: Vec::new() }
    }

    /// An error.
    pub fn error(loc: Attribute, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, loc, message)
    }

    /// Attach a note.
    pub fn with_note(mut self, loc: Attribute, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic::new(Severity::Note, loc, message));
        self
    }
}

/// A resolved source position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilePos {
    /// File name.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
}

/// The first file:line:col position inside a location (looking through names, call sites — the
/// callee — and fused locations), as MLIR's source manager handler does.
pub fn file_pos(ctx: &Context, loc: Attribute) -> Option<FilePos> {
    match ctx.attr_kind(loc) {
        AttrKind::Location(l) => match l {
            Location::FileLineCol { file, line, col, .. } => {
                Some(FilePos { file: ctx.str(*file).to_string(), line: *line, col: *col })
            }
            Location::Name { child, .. } => child.and_then(|c| file_pos(ctx, c)),
            Location::CallSite { callee, caller } => file_pos(ctx, *callee).or_else(|| file_pos(ctx, *caller)),
            Location::Fused { locations, .. } => locations.iter().find_map(|l| file_pos(ctx, *l)),
            Location::Unknown => None,
        },
        _ => None,
    }
}

/// Render a diagnostic (and its notes) as mlir-opt prints it.
pub fn render(ctx: &Context, d: &Diagnostic) -> String {
    let mut out = String::new();
    render_one(ctx, d, &mut out);
    for n in &d.notes {
        render_one(ctx, n, &mut out);
    }
    out
}

fn render_one(ctx: &Context, d: &Diagnostic, out: &mut String) {
    use std::fmt::Write;
    match file_pos(ctx, d.loc) {
        Some(p) => {
            let _ = writeln!(out, "{}:{}:{}: {}: {}", p.file, p.line, p.col, d.severity.as_str(), d.message);
            if let Some(src) = ctx.sources.get(&p.file) {
                if let Some(line) = src.line(p.line) {
                    let _ = writeln!(out, "{}", line);
                    let caret_col = (p.col.max(1) - 1) as usize;
                    let pad: String =
                        line.chars().take(caret_col).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
                    let _ = writeln!(out, "{}^", pad);
                }
            }
        }
        None => {
            let _ = writeln!(out, "loc(unknown): {}: {}", d.severity.as_str(), d.message);
        }
    }
}
