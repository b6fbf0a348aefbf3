//! MLIR's textual pass pipeline syntax (`PassRegistry.cpp`: `TextualPipeline`,
//! `parsePassPipeline`, `PassOptions::parseFromString`).
//!
//! ```text
//! builtin.module(func.func(cse,canonicalize{max-iterations=3 region-simplify=disabled}),symbol-dce)
//! ```
//! A pipeline is `anchor(elements)`; an element is a pass or registered pipeline name with optional
//! `{key=value ...}` options, or `op-name(elements)` / `any(elements)`, a nested pipeline run on
//! every matching op directly nested in the op the enclosing pipeline runs on.
//!
//! Errors are located like mlir-opt's: the inner text (inside the anchor's parentheses) is the
//! buffer `MLIR Textual PassPipeline Parser`, and [`PipelineError::render`] prints
//! `MLIR Textual PassPipeline Parser:1:COL: error: MESSAGE` with the text and a caret.

use super::{OpPassManager, PassEntry, PassRegistry, PipelineElement};

/// An error in a textual pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// Byte offset in the parsed buffer (the text inside the anchor's parentheses), if located.
    pub pos: Option<usize>,
    /// The parsed buffer the position refers to.
    pub buffer: String,
    /// The message (MLIR's wording).
    pub message: String,
    /// Lines printed before the message, e.g. `<Pass-Options-Parser>: no such option foo`.
    pub preceding: Vec<String>,
}

impl PipelineError {
    fn at(buffer: &str, pos: usize, message: impl Into<String>) -> Self {
        PipelineError { pos: Some(pos), buffer: buffer.to_string(), message: message.into(), preceding: Vec::new() }
    }

    fn unlocated(message: impl Into<String>) -> Self {
        PipelineError { pos: None, buffer: String::new(), message: message.into(), preceding: Vec::new() }
    }

    /// Render as mlir-opt prints it (ends with a newline).
    pub fn render(&self) -> String {
        let mut out = String::new();
        for d in &self.preceding {
            out.push_str(d);
            out.push('\n');
        }
        match self.pos {
            Some(pos) => {
                let pos = pos.min(self.buffer.len());
                let before = &self.buffer[..pos];
                let line_no = before.matches('\n').count() + 1;
                let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
                let col = pos - line_start + 1;
                let line_end =
                    self.buffer[line_start..].find('\n').map(|i| line_start + i).unwrap_or(self.buffer.len());
                out.push_str(&format!(
                    "MLIR Textual PassPipeline Parser:{line_no}:{col}: error: {}\n{}\n{}^\n",
                    self.message,
                    &self.buffer[line_start..line_end],
                    " ".repeat(col - 1)
                ));
            }
            None => {
                out.push_str(&self.message);
                out.push('\n');
            }
        }
        out
    }
}

impl std::fmt::Display for PipelineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.render().trim_end())
    }
}

impl std::error::Error for PipelineError {}

/// A parsed but unresolved element (MLIR's `TextualPipeline::PipelineElement`).
#[derive(Debug)]
struct RawElement {
    name: String,
    name_pos: usize,
    options: Option<(String, usize)>,
    inner: Vec<RawElement>,
    has_inner: bool,
}

/// Split at the first of `chars`.
fn find_first_of(s: &str, chars: &[u8]) -> Option<usize> {
    s.bytes().position(|b| chars.contains(&b))
}

/// MLIR's `parsePipelineText`: structure only. Positions are offsets into `buf`.
fn parse_structure(buf: &str) -> Result<Vec<RawElement>, PipelineError> {
    let mut stack: Vec<Vec<RawElement>> = vec![Vec::new()];
    let mut cur = 0usize; // offset of the unprocessed text
    loop {
        let text = &buf[cur..];
        let pos = find_first_of(text, b",(){");
        let raw_name = &text[..pos.unwrap_or(text.len())];
        let lead = raw_name.len() - raw_name.trim_start().len();
        stack.last_mut().unwrap().push(RawElement {
            name: raw_name.trim().to_string(),
            name_pos: cur + lead,
            options: None,
            inner: Vec::new(),
            has_inner: false,
        });
        let Some(pos) = pos else { break };
        cur += pos;
        let sep = buf.as_bytes()[cur];
        if sep == b'{' {
            cur += 1;
            let text = &buf[cur..];
            let mut depth = 1usize;
            let mut close = None;
            for (i, b) in text.bytes().enumerate() {
                if b == b'{' {
                    depth += 1;
                } else if b == b'}' {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
            }
            let Some(close) = close else {
                return Err(PipelineError::at(buf, cur - 1, "missing closing '}' while processing pass options"));
            };
            stack.last_mut().unwrap().last_mut().unwrap().options = Some((text[..close].to_string(), cur));
            cur += close + 1;
        } else if sep == b'(' {
            cur += 1;
            stack.last_mut().unwrap().last_mut().unwrap().has_inner = true;
            stack.push(Vec::new());
            continue;
        }
        let skip_ws = |cur: usize| cur + (buf[cur..].len() - buf[cur..].trim_start().len());
        while buf[skip_ws(cur)..].starts_with(')') {
            cur = skip_ws(cur);
            cur += 1;
            if stack.len() == 1 {
                return Err(PipelineError::at(
                    buf,
                    cur - 1,
                    "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline",
                ));
            }
            let inner = stack.pop().unwrap();
            let parent = stack.last_mut().unwrap().last_mut().unwrap();
            parent.inner = inner;
        }
        if buf[cur..].trim().is_empty() {
            break;
        }
        cur = skip_ws(cur);
        if !buf[cur..].starts_with(',') {
            return Err(PipelineError::at(buf, cur, "expected ',' after parsing pipeline"));
        }
        cur += 1;
    }
    if stack.len() > 1 {
        return Err(PipelineError::at(buf, cur, "encountered unbalanced parentheses while parsing pipeline"));
    }
    Ok(stack.pop().unwrap())
}

/// Parse `{...}` option text into `(key, raw value)` pairs (MLIR's `parseNextArg`): options are
/// separated by spaces; a value may contain quoted strings and balanced braces; a key without `=`
/// has no value.
pub fn parse_options(text: &str) -> Vec<(String, Option<String>)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i] == b' ' {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let start = i;
        while i < b.len() && b[i] != b' ' && b[i] != b'=' {
            i += 1;
        }
        let key = text[start..i].trim().to_string();
        if i >= b.len() || b[i] == b' ' {
            if !key.is_empty() {
                out.push((key, None));
            }
            continue;
        }
        // '='
        i += 1;
        let vstart = i;
        while i < b.len() && b[i] != b' ' {
            match b[i] {
                q @ (b'\'' | b'"') => {
                    if let Some(j) = text[i + 1..].bytes().position(|c| c == q) {
                        i += j + 1;
                    }
                }
                b'{' => {
                    let mut depth = 1;
                    i += 1;
                    while i < b.len() {
                        match b[i] {
                            q @ (b'\'' | b'"') => {
                                if let Some(j) = text[i + 1..].bytes().position(|c| c == q) {
                                    i += j + 1;
                                }
                            }
                            b'{' => depth += 1,
                            b'}' => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                    }
                    if i >= b.len() {
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let i2 = i.min(b.len());
        let value = text[vstart..i2].trim().to_string();
        if !key.is_empty() {
            out.push((key, Some(value)));
        }
        i = i2;
    }
    out
}

/// Remove one level of `'...'`, `"..."` or `{...}` around an option value (MLIR drops these
/// escapes when the value is longer than two characters).
pub fn unescape_option_value(v: &str) -> &str {
    let t = v.trim();
    if t.len() > 2 {
        for (open, close) in [('\'', '\''), ('"', '"'), ('{', '}')] {
            if t.starts_with(open) && t.ends_with(close) {
                return t[1..t.len() - 1].trim();
            }
        }
    }
    t
}

/// Split a list option value at top-level commas (respecting quotes and braces), unescaping
/// each element.
pub fn split_list_option(v: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    let mut cur = String::new();
    for c in v.chars() {
        match quote {
            Some(q) => {
                cur.push(c);
                if c == q {
                    quote = None;
                }
            }
            None => match c {
                '\'' | '"' => {
                    quote = Some(c);
                    cur.push(c);
                }
                '{' => {
                    depth += 1;
                    cur.push(c);
                }
                '}' => {
                    depth -= 1;
                    cur.push(c);
                }
                ',' if depth == 0 => {
                    out.push(unescape_option_value(&cur).to_string());
                    cur.clear();
                }
                _ => cur.push(c),
            },
        }
    }
    if !cur.trim().is_empty() || !out.is_empty() {
        out.push(unescape_option_value(&cur).to_string());
    }
    out
}

/// Parse a boolean option value as LLVM's command line does (empty means `true`).
pub fn parse_bool_option(key: &str, v: &str) -> Result<bool, String> {
    match v {
        "" | "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        _ => Err(format!("for the --{key} option: '{v}' is invalid value for boolean argument! Try 0 or 1")),
    }
}

/// Parse an integer option value.
pub fn parse_int_option(key: &str, v: &str) -> Result<i64, String> {
    v.trim().parse::<i64>().map_err(|_| format!("for the --{key} option: '{v}' value invalid for integer argument!"))
}

/// Parse the elements of a pipeline (the text inside an anchor's parentheses) into `pm`.
pub fn parse_pipeline_into(text: &str, pm: &mut OpPassManager, registry: &PassRegistry) -> Result<(), PipelineError> {
    if text.is_empty() {
        return Ok(());
    }
    let raw = parse_structure(text)?;
    resolve_check(text, &raw, registry)?;
    add_to_pipeline(&raw, pm, registry)
}

fn resolve_check(buf: &str, elements: &[RawElement], registry: &PassRegistry) -> Result<(), PipelineError> {
    for e in elements {
        if !e.inner.is_empty() {
            resolve_check(buf, &e.inner, registry)?;
            continue;
        }
        if registry.pipeline(&e.name).is_some() || registry.get(&e.name).is_some() {
            continue;
        }
        return Err(PipelineError::at(
            buf,
            e.name_pos,
            format!("'{}' does not refer to a registered pass or pass pipeline", e.name),
        ));
    }
    Ok(())
}

fn add_to_pipeline(
    elements: &[RawElement],
    pm: &mut OpPassManager,
    registry: &PassRegistry,
) -> Result<(), PipelineError> {
    for e in elements {
        let opts_text = e.options.as_ref().map(|o| o.0.as_str()).unwrap_or("");
        if !e.inner.is_empty() {
            let mut nested = OpPassManager::new(&e.name);
            add_to_pipeline(&e.inner, &mut nested, registry).map_err(|mut err| {
                if err.pos.is_none() {
                    let m = std::mem::take(&mut err.message);
                    err.preceding.push(m);
                    err.message = format!("failed to add `{}` with options `{}` to inner pipeline", e.name, opts_text);
                }
                err
            })?;
            pm.elements.push(PipelineElement::Nested(nested));
            continue;
        }
        let _ = e.has_inner;
        if let Some(p) = registry.pipeline(&e.name) {
            if !opts_text.trim().is_empty() {
                let mut err =
                    PipelineError::unlocated(format!("failed to add `{}` with options `{}`", e.name, opts_text));
                err.preceding.push("<Pass-Options-Parser>: pass pipelines registered from text take no options".into());
                return Err(err);
            }
            let text = p.text.clone();
            parse_pipeline_into(&text, pm, registry)?;
            continue;
        }
        let info = registry.get(&e.name).expect("resolved");
        let mut pass = (info.constructor)();
        let options = parse_options(opts_text);
        for (k, v) in &options {
            let value = v.as_deref().map(unescape_option_value).unwrap_or("");
            if let Err(m) = pass.set_option(k, value) {
                let mut err =
                    PipelineError::unlocated(format!("failed to add `{}` with options `{}`", e.name, opts_text));
                err.preceding.push(format!("<Pass-Options-Parser>: {m}"));
                return Err(err);
            }
        }
        let entry = PassEntry::new(pass, options);
        pm.add_entry(entry).map_err(PipelineError::unlocated)?;
    }
    Ok(())
}

/// Parse a full pipeline `anchor(elements)` (MLIR's `parsePassPipeline(StringRef, raw_ostream&)`).
pub fn parse_pass_pipeline(text: &str, registry: &PassRegistry) -> Result<OpPassManager, PipelineError> {
    let t = text.trim();
    let start = t.find('(');
    match start {
        Some(s) if s > 0 && t.ends_with(')') => {
            let anchor = t[..s].trim_end();
            let inner = &t[s + 1..t.len() - 1];
            let mut pm = OpPassManager::new(anchor);
            parse_pipeline_into(inner, &mut pm, registry)?;
            Ok(pm)
        }
        _ => Err(PipelineError::unlocated(
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'",
        )),
    }
}
