//! Reading a check file into check strings and verifying them against the
//! input: `FileCheck::readCheckFile`, `FileCheck::checkInput` and
//! `FileCheckString::Check` with its CHECK-DAG / CHECK-NOT / CHECK-NEXT /
//! CHECK-SAME helpers, producing FileCheck's diagnostics.

use std::collections::BTreeSet;

use super::dump::{FcDiag, MatchType};
use super::pattern::{
    log_all, parse_numeric_substitution_block, parse_variable_name, CheckKind, CheckType, Context, ErrorDiag, ExprAst,
    Match, MatchError, Pattern,
};
use super::source::{BufId, DiagKind, Loc, SourceMgr, Span};
use super::Request;

/// A CHECK-DAG or CHECK-NOT pattern with the prefix that introduced it.
#[derive(Clone, Debug)]
pub(crate) struct DagNotPrefixInfo {
    pub pat: Pattern,
    pub prefix: Vec<u8>,
}

/// A positive check together with the CHECK-DAG/CHECK-NOT directives that
/// precede it (`FileCheckString`).
#[derive(Clone, Debug)]
pub(crate) struct CheckString {
    pub pat: Pattern,
    pub prefix: Vec<u8>,
    pub loc: Loc,
    pub dag_not: Vec<DagNotPrefixInfo>,
}

/// Everything needed while checking.
pub(crate) struct Checker<'a> {
    pub sm: &'a SourceMgr,
    pub ctx: &'a mut Context,
    pub req: &'a Request,
    pub out: &'a mut Vec<u8>,
    pub diags: Option<&'a mut Vec<FcDiag>>,
}

fn is_part_of_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'_'
}

fn find_from(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || from > hay.len() {
        return None;
    }
    hay[from..].windows(needle.len()).position(|w| w == needle).map(|p| p + from)
}

/// `FindCheckType`: classifies the text after a prefix.  `rest` starts right
/// after the prefix; the returned offset (relative to `rest`) is where the
/// directive ends (FileCheck's `AfterSuffix`), when there is one.
fn find_check_type(req: &Request, rest: &[u8], prefix: &[u8]) -> (CheckType, Option<usize>) {
    let none = (CheckType::new(CheckKind::None), None);
    if rest.is_empty() {
        return none;
    }
    if req.comment_prefixes.iter().any(|p| p.as_slice() == prefix) {
        if rest[0] == b':' {
            return (CheckType::new(CheckKind::Comment), Some(1));
        }
        return none;
    }

    // Parses `:` or `{MODIFIERS}:` at offset `i`.
    let consume_modifiers = |mut ty: CheckType, i: usize| -> (CheckType, Option<usize>) {
        match rest.get(i) {
            Some(b':') => return (ty, Some(i + 1)),
            Some(b'{') => {}
            _ => return none,
        }
        let mut j = i + 1;
        let skip_ws = |mut j: usize| {
            while j < rest.len() && rest[j].is_ascii_whitespace() {
                j += 1;
            }
            j
        };
        loop {
            j = skip_ws(j);
            if rest[j..].starts_with(b"LITERAL") {
                ty.literal = true;
                j += 7;
            } else {
                return (CheckType::new(CheckKind::None), Some(j));
            }
            j = skip_ws(j);
            if rest.get(j) == Some(&b',') {
                j += 1;
            } else {
                break;
            }
        }
        if rest[j..].starts_with(b"}:") {
            (ty, Some(j + 2))
        } else {
            (CheckType::new(CheckKind::None), Some(j))
        }
    };

    if rest[0] == b':' {
        return (CheckType::new(CheckKind::Plain), Some(1));
    }
    if rest[0] == b'{' {
        return consume_modifiers(CheckType::new(CheckKind::Plain), 0);
    }
    let misspelled = rest[0] == b'_';
    if !misspelled && rest[0] != b'-' {
        return none;
    }
    let res = find_check_type_suffix(rest, &consume_modifiers);
    if misspelled && res.0.kind != CheckKind::None {
        return (CheckType::new(CheckKind::Misspelled), res.1);
    }
    res
}

/// The part of `FindCheckType` after the `-` (or misspelled `_`) that
/// follows the prefix; `rest[0]` is that separator.
fn find_check_type_suffix(
    rest: &[u8],
    consume_modifiers: &dyn Fn(CheckType, usize) -> (CheckType, Option<usize>),
) -> (CheckType, Option<usize>) {
    let s = &rest[1..];
    if s.starts_with(b"COUNT-") {
        let start = 1 + 6;
        let bad = |i: usize| (CheckType::new(CheckKind::BadCount), Some(i));
        let neg = rest.get(start) == Some(&b'-');
        let digits_start = if neg { start + 1 } else { start };
        let digits = rest[digits_start..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return bad(start);
        }
        let end = digits_start + digits;
        let text = std::str::from_utf8(&rest[digits_start..end]).unwrap_or("");
        let count: i64 = match text.parse::<i64>() {
            Ok(v) => {
                if neg {
                    -v
                } else {
                    v
                }
            }
            Err(_) => return bad(start),
        };
        if count <= 0 || count > i64::from(i32::MAX) {
            return bad(end);
        }
        if rest.get(end) != Some(&b':') && rest.get(end) != Some(&b'{') {
            return bad(end);
        }
        let mut ty = CheckType::new(CheckKind::Plain);
        ty.count = count as u32;
        return consume_modifiers(ty, end);
    }
    for combo in [
        &b"DAG-NOT:"[..],
        b"NOT-DAG:",
        b"NEXT-NOT:",
        b"NOT-NEXT:",
        b"SAME-NOT:",
        b"NOT-SAME:",
        b"EMPTY-NOT:",
        b"NOT-EMPTY:",
    ] {
        if s.starts_with(combo) {
            return (CheckType::new(CheckKind::BadNot), Some(1));
        }
    }
    for (word, kind) in [
        (&b"NEXT"[..], CheckKind::Next),
        (b"SAME", CheckKind::Same),
        (b"NOT", CheckKind::Not),
        (b"DAG", CheckKind::Dag),
        (b"LABEL", CheckKind::Label),
        (b"EMPTY", CheckKind::Empty),
    ] {
        if s.starts_with(word) {
            return consume_modifiers(CheckType::new(kind), 1 + word.len());
        }
    }
    (CheckType::new(CheckKind::None), Some(1))
}

/// `PrefixMatcher`: finds the earliest occurrence of any prefix at or after
/// a position, preferring the longest prefix at equal positions.  The next
/// occurrence of each prefix is cached so that scanning a check file is
/// linear.
struct PrefixMatcher<'p> {
    /// Prefixes (longest first) with their next known occurrence.
    prefixes: Vec<(&'p [u8], Option<usize>)>,
}

impl<'p> PrefixMatcher<'p> {
    fn new(prefixes: &'p [Vec<u8>], buffer: &[u8]) -> PrefixMatcher<'p> {
        let mut v: Vec<(&[u8], Option<usize>)> =
            prefixes.iter().map(|p| (p.as_slice(), find_from(buffer, p, 0))).collect();
        v.sort_by_key(|p| std::cmp::Reverse(p.0.len()));
        PrefixMatcher { prefixes: v }
    }

    fn next(&mut self, buffer: &[u8], from: usize) -> Option<(usize, &'p [u8])> {
        let mut best: Option<(usize, &[u8])> = None;
        for (p, pos) in self.prefixes.iter_mut() {
            if let Some(old) = *pos {
                if old < from {
                    *pos = find_from(buffer, p, from);
                }
            }
            if let Some(at) = *pos {
                if best.is_none_or(|(b, _)| at < b) {
                    best = Some((at, *p));
                }
            }
        }
        best
    }
}

/// Result of reading a check file.
pub(crate) struct ParsedChecks {
    pub check_strings: Vec<CheckString>,
    /// Buffer ids `[first, last)` used for `--implicit-check-not` patterns.
    pub imp_pat_range: (BufId, BufId),
}

/// `FileCheckPatternContext::defineCmdlineVariables`.
fn define_cmdline_variables(sm: &mut SourceMgr, ctx: &mut Context, defines: &[Vec<u8>]) -> Result<(), Vec<ErrorDiag>> {
    if defines.is_empty() {
        return Ok(());
    }
    let mut diag_text: Vec<u8> = Vec::new();
    let mut indices: Vec<(usize, usize)> = Vec::new();
    for (i, def) in defines.iter().enumerate() {
        let prefix = format!("Global define #{}: ", i + 1);
        let eq = match def.iter().position(|&c| c == b'=') {
            Some(e) => e,
            None => {
                indices.push((diag_text.len(), 0));
                continue;
            }
        };
        if def.first() == Some(&b'#') {
            diag_text.extend_from_slice(prefix.as_bytes());
            diag_text.extend_from_slice(def);
            diag_text.extend_from_slice(b" (parsed as: [[");
            let mut subst = def.clone();
            subst[eq] = b':';
            indices.push((diag_text.len(), subst.len()));
            diag_text.extend_from_slice(&subst);
            diag_text.extend_from_slice(b"]])\n");
        } else {
            diag_text.extend_from_slice(prefix.as_bytes());
            indices.push((diag_text.len(), def.len()));
            diag_text.extend_from_slice(def);
            diag_text.push(b'\n');
        }
    }
    let buf = sm.add_buffer("Global defines", diag_text);
    let sm: &SourceMgr = sm;
    let mut errors = Vec::new();
    for (start, len) in indices {
        let def = Span::new(buf, start, start + len);
        if def.is_empty() {
            errors.push(ErrorDiag { loc: Some(def.loc()), msg: b"missing equal sign in global definition".to_vec() });
            continue;
        }
        let text = sm.text(def);
        if text[0] == b'#' {
            match parse_numeric_substitution_block(sm, ctx, def.drop_front(1), false, None) {
                Err(e) => errors.extend(e),
                Ok((expr, defined)) => {
                    let value = match &expr.ast {
                        Some(ast) => ast_eval(ast, ctx),
                        None => Err(Vec::new()),
                    };
                    match (value, defined) {
                        (Ok(v), Some(var)) => {
                            ctx.numeric_vars[var].value = Some(Ok(v));
                            let name = ctx.numeric_vars[var].name.clone();
                            ctx.numeric_table.insert(name, var);
                        }
                        (Err(e), _) => errors.extend(e),
                        (Ok(_), None) => {}
                    }
                }
            }
        } else {
            let eq = text.iter().position(|&c| c == b'=').unwrap_or(text.len());
            let name_span = def.take_front(eq);
            let value_span = def.drop_front(eq + 1);
            let mut rest = name_span;
            match parse_variable_for_define(sm, &mut rest) {
                Err(e) => errors.push(e),
                Ok((name, is_pseudo)) => {
                    if is_pseudo || !rest.is_empty() {
                        let mut msg = b"invalid name in string variable definition '".to_vec();
                        msg.extend_from_slice(sm.text(name_span));
                        msg.push(b'\'');
                        errors.push(ErrorDiag { loc: Some(name_span.loc()), msg });
                        continue;
                    }
                    let n = sm.text(name).to_vec();
                    if ctx.numeric_table.contains_key(&n) {
                        let mut msg = b"numeric variable with name '".to_vec();
                        msg.extend_from_slice(&n);
                        msg.extend_from_slice(b"' already exists");
                        errors.push(ErrorDiag { loc: Some(name.loc()), msg });
                        continue;
                    }
                    ctx.string_vars.entry(n.clone()).or_insert(value_span);
                    ctx.defined_string_vars.insert(n);
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn ast_eval(ast: &ExprAst, ctx: &Context) -> Result<i128, Vec<ErrorDiag>> {
    ast.eval_for_define(ctx)
}

fn parse_variable_for_define(sm: &SourceMgr, s: &mut Span) -> Result<(Span, bool), ErrorDiag> {
    parse_variable_name(sm, s)
}

/// `FileCheck::readCheckFile`.  Diagnostics go to `out`; `Err` carries the
/// exit status.
pub(crate) fn read_check_file(
    sm: &mut SourceMgr,
    ctx: &mut Context,
    req: &Request,
    check_buf: BufId,
    out: &mut Vec<u8>,
) -> Result<ParsedChecks, i32> {
    if let Err(errors) = define_cmdline_variables(sm, ctx, &req.global_defines) {
        log_all(&errors, sm, out);
        return Err(2);
    }

    let imp_start = sm_len(sm);
    let mut implicit: Vec<DagNotPrefixInfo> = Vec::new();
    let mut implicit_bufs = Vec::new();
    for pat in &req.implicit_check_not {
        let mut text = b"-implicit-check-not='".to_vec();
        let start = text.len();
        text.extend_from_slice(pat);
        text.push(b'\'');
        let buf = sm.add_buffer("command line", text);
        implicit_bufs.push((buf, start, start + pat.len()));
    }
    let imp_end = sm_len(sm);
    let sm: &SourceMgr = sm;
    for (buf, start, end) in implicit_bufs {
        let mut p = Pattern::new(CheckType::new(CheckKind::Not), None);
        // Like FileCheck, the result of parsing implicit patterns is not
        // checked (errors are still printed).
        let _ = p.parse(sm, ctx, Span::new(buf, start, end), b"IMPLICIT-CHECK", req, out);
        implicit.push(DagNotPrefixInfo { pat: p, prefix: b"IMPLICIT-CHECK".to_vec() });
    }

    let buffer = sm.data(check_buf);
    let mut check_strings: Vec<CheckString> = Vec::new();
    let mut dag_not: Vec<DagNotPrefixInfo> = implicit.clone();
    let mut line_number = 1usize;
    let all_prefixes: Vec<Vec<u8>> = req.check_prefixes.iter().chain(req.comment_prefixes.iter()).cloned().collect();
    let mut not_found: BTreeSet<Vec<u8>> = req.check_prefixes.iter().cloned().collect();
    let distinct = not_found.len();
    let mut pos = 0usize;
    let mut matcher = PrefixMatcher::new(&all_prefixes, buffer);

    loop {
        // FindFirstMatchingPrefix.
        let mut found: Option<(usize, Vec<u8>, CheckType, Option<usize>)> = None;
        while pos < buffer.len() {
            let Some((loc, prefix)) = matcher.next(buffer, pos) else {
                break;
            };
            line_number += buffer[pos..loc].iter().filter(|&&c| c == b'\n').count();
            if loc == pos || !is_part_of_word(buffer[loc - 1]) {
                let rest = &buffer[loc + prefix.len()..];
                let (ty, after) = find_check_type(req, rest, prefix);
                if ty.kind != CheckKind::None {
                    found = Some((loc, prefix.to_vec(), ty, after.map(|a| loc + prefix.len() + a)));
                    break;
                }
            }
            let mut skip = prefix.len();
            while loc + skip < buffer.len() && is_part_of_word(buffer[loc + skip]) {
                skip += 1;
            }
            pos = loc + skip;
        }
        let (prefix_start, prefix, ty, after) = match found {
            Some(f) => f,
            None => break,
        };
        if ty.kind != CheckKind::Comment {
            not_found.remove(&prefix);
        }
        let prefix_loc = Loc { buf: check_buf, off: prefix_start };
        let after_suffix = after.filter(|&a| a < buffer.len());
        pos = after_suffix.unwrap_or(prefix_start + prefix.len());

        match ty.kind {
            CheckKind::Misspelled => {
                let end = after.unwrap_or(prefix_start + prefix.len()).min(buffer.len());
                let mut msg = b"misspelled directive '".to_vec();
                msg.extend_from_slice(&buffer[prefix_start..end]);
                msg.push(b'\'');
                sm.print_message(out, prefix_loc, DiagKind::Error, &msg, &[]);
                return Err(2);
            }
            CheckKind::BadNot => {
                let mut msg = b"unsupported -NOT combo on prefix '".to_vec();
                msg.extend_from_slice(&prefix);
                msg.push(b'\'');
                sm.print_message(out, Loc { buf: check_buf, off: pos }, DiagKind::Error, &msg, &[]);
                return Err(2);
            }
            CheckKind::BadCount => {
                let mut msg = b"invalid count in -COUNT specification on prefix '".to_vec();
                msg.extend_from_slice(&prefix);
                msg.push(b'\'');
                sm.print_message(out, Loc { buf: check_buf, off: pos }, DiagKind::Error, &msg, &[]);
                return Err(2);
            }
            _ => {}
        }

        if !(req.strict_whitespace && req.match_full_lines) {
            match buffer[pos..].iter().position(|&c| c != b' ' && c != b'\t') {
                Some(n) => pos += n,
                None => pos = buffer.len(),
            }
        }
        let eol = buffer[pos..].iter().position(|&c| c == b'\n' || c == b'\r').map_or(buffer.len(), |n| pos + n);
        let pattern_span = Span::new(check_buf, pos, eol);
        let pattern_loc = pattern_span.loc();
        pos = eol;

        if ty.kind == CheckKind::Comment {
            continue;
        }

        let mut p = Pattern::new(ty, Some(line_number));
        p.parse(sm, ctx, pattern_span, &prefix, req, out)?;

        if ty.kind == CheckKind::Label && p.has_variable() {
            let mut msg = b"found '".to_vec();
            msg.extend_from_slice(&prefix);
            msg.extend_from_slice(b"-LABEL:' with variable definition or use");
            sm.print_message(out, prefix_loc, DiagKind::Error, &msg, &[]);
            return Err(2);
        }

        if matches!(ty.kind, CheckKind::Next | CheckKind::Same | CheckKind::Empty) && check_strings.is_empty() {
            let t = match ty.kind {
                CheckKind::Next => "NEXT",
                CheckKind::Empty => "EMPTY",
                _ => "SAME",
            };
            let mut msg = b"found '".to_vec();
            msg.extend_from_slice(&prefix);
            msg.extend_from_slice(format!("-{}' without previous '", t).as_bytes());
            msg.extend_from_slice(&prefix);
            msg.extend_from_slice(b": line");
            sm.print_message(out, prefix_loc, DiagKind::Error, &msg, &[]);
            return Err(2);
        }

        if matches!(ty.kind, CheckKind::Dag | CheckKind::Not) {
            dag_not.push(DagNotPrefixInfo { pat: p, prefix });
            continue;
        }

        check_strings.push(CheckString {
            pat: p,
            prefix,
            loc: pattern_loc,
            dag_not: std::mem::replace(&mut dag_not, implicit.clone()),
        });
    }

    if !dag_not.is_empty() {
        let eof = Pattern::new(CheckType::new(CheckKind::Eof), Some(line_number + 1));
        check_strings.push(CheckString {
            pat: eof,
            prefix: req.check_prefixes.first().cloned().unwrap_or_default(),
            loc: Loc { buf: check_buf, off: pos.min(buffer.len()) },
            dag_not: std::mem::take(&mut dag_not),
        });
    }

    let no_prefixes_found = not_found.len() == distinct;
    let some_unused = !req.allow_unused_prefixes && !not_found.is_empty();
    if (no_prefixes_found || some_unused) && (implicit.is_empty() || !req.is_default_check_prefix) {
        let mut msg = b"error: no check strings found with prefix".to_vec();
        msg.extend_from_slice(if not_found.len() > 1 { b"es " } else { b" " });
        for (i, p) in not_found.iter().enumerate() {
            if i > 0 {
                msg.extend_from_slice(b", ");
            }
            msg.push(b'\'');
            msg.extend_from_slice(p);
            msg.extend_from_slice(b":'");
        }
        msg.push(b'\n');
        out.extend_from_slice(&msg);
        return Err(2);
    }

    Ok(ParsedChecks { check_strings, imp_pat_range: (imp_start, imp_end) })
}

fn sm_len(sm: &SourceMgr) -> BufId {
    sm.num_buffers()
}

/// `CountNumNewlinesBetween`: number of line breaks in `range` (`\r\n` and
/// `\n\r` count once) and the offset just after the first one.
fn count_newlines_between(range: &[u8]) -> (usize, usize) {
    let mut count = 0;
    let mut first = 0;
    let mut i = 0;
    while let Some(p) = range[i..].iter().position(|&c| c == b'\n' || c == b'\r') {
        i += p;
        count += 1;
        if i + 1 < range.len() && (range[i + 1] == b'\n' || range[i + 1] == b'\r') && range[i] != range[i + 1] {
            i += 1;
        }
        i += 1;
        if count == 1 {
            first = i;
        }
    }
    (count, first)
}

impl<'a> Checker<'a> {
    fn push_diag(&mut self, check_ty: CheckType, check_loc: Loc, match_ty: MatchType, range: Span, note: Vec<u8>) {
        if let Some(d) = self.diags.as_deref_mut() {
            d.push(FcDiag::new(self.sm, check_ty, check_loc, match_ty, range, note));
        }
    }

    /// `ProcessMatchResult`.
    #[allow(clippy::too_many_arguments)]
    fn process_match_result(
        &mut self,
        match_ty: MatchType,
        check_loc: Loc,
        check_ty: CheckType,
        buffer: Span,
        pos: usize,
        len: usize,
        adjust_prev: bool,
    ) -> Span {
        let range = Span::new(buffer.buf, buffer.start + pos, buffer.start + pos + len);
        if let Some(d) = self.diags.as_deref_mut() {
            if adjust_prev {
                if let Some(last) = d.last().map(|x| x.check_loc) {
                    for diag in d.iter_mut().rev() {
                        if diag.check_loc != last {
                            break;
                        }
                        diag.match_ty = match_ty;
                    }
                }
            } else {
                d.push(FcDiag::new(self.sm, check_ty, check_loc, match_ty, range, Vec::new()));
            }
        }
        range
    }

    fn print(&mut self, loc: Loc, kind: DiagKind, msg: &[u8], ranges: &[Span]) {
        self.sm.print_message(self.out, loc, kind, msg, ranges);
    }

    fn print_substitutions(&mut self, pat: &Pattern, range: Span, match_ty: MatchType, to_diags: bool) {
        for note in pat.substitution_notes(self.sm, self.ctx) {
            if to_diags {
                let point = Span::new(range.buf, range.start, range.start);
                self.push_diag(pat.check_ty, pat.loc, match_ty, point, note);
            } else {
                self.print(range.loc(), DiagKind::Note, &note, &[]);
            }
        }
    }

    fn print_variable_defs(&mut self, pat: &Pattern, match_ty: MatchType, to_diags: bool) {
        for (name, span) in pat.captured_vars(self.ctx) {
            let mut msg = b"captured var \"".to_vec();
            msg.extend_from_slice(&name);
            msg.push(b'"');
            if to_diags {
                self.push_diag(pat.check_ty, pat.loc, match_ty, span, msg);
            } else {
                self.print(span.loc(), DiagKind::Note, &msg, &[span]);
            }
        }
    }

    fn count_suffix(pat: &Pattern, matched_count: u32, msg: &mut Vec<u8>) {
        if pat.count() > 1 {
            msg.extend_from_slice(format!(" ({} out of {})", matched_count, pat.count()).as_bytes());
        }
    }

    /// `printMatch`.  Returns true if an error was reported.
    #[allow(clippy::too_many_arguments)]
    fn print_match(
        &mut self,
        expected: bool,
        prefix: &[u8],
        loc: Loc,
        pat: &Pattern,
        matched_count: u32,
        buffer: Span,
        m: Match,
    ) -> bool {
        let has_error = !expected;
        let mut print_diag = true;
        if !has_error {
            if !self.req.verbose {
                return false;
            }
            if !self.req.verbose_verbose && pat.check_ty.kind == CheckKind::Eof {
                return false;
            }
            print_diag = self.diags.is_none();
        }
        let match_ty = if expected { MatchType::FoundAndExpected } else { MatchType::FoundButExcluded };
        let range = self.process_match_result(match_ty, loc, pat.check_ty, buffer, m.pos, m.len, false);
        if self.diags.is_some() {
            self.print_substitutions(pat, range, match_ty, true);
            self.print_variable_defs(pat, match_ty, true);
        }
        if !print_diag {
            return has_error;
        }
        let mut msg = pat.check_ty.description(prefix);
        msg.extend_from_slice(if expected {
            b": expected string found in input"
        } else {
            b": excluded string found in input"
        });
        Self::count_suffix(pat, matched_count, &mut msg);
        self.print(loc, if expected { DiagKind::Remark } else { DiagKind::Error }, &msg, &[]);
        self.print(range.loc(), DiagKind::Note, b"found here", &[range]);
        self.print_substitutions(pat, range, match_ty, false);
        self.print_variable_defs(pat, match_ty, false);
        has_error
    }

    /// `printNoMatch`.  Returns true if an error was reported.
    #[allow(clippy::too_many_arguments)]
    fn print_no_match(
        &mut self,
        expected: bool,
        prefix: &[u8],
        loc: Loc,
        pat: &Pattern,
        matched_count: u32,
        buffer: Span,
        err: MatchError,
    ) -> bool {
        let mut has_error = expected;
        let mut has_pattern_error = false;
        let mut match_ty = if expected { MatchType::NoneButExpected } else { MatchType::NoneAndExcluded };
        let mut error_msgs = Vec::new();
        if let MatchError::Diags(errors) = err {
            has_error = true;
            has_pattern_error = true;
            match_ty = MatchType::NoneForInvalidPattern;
            for e in errors {
                e.log(self.sm, self.out);
                error_msgs.push(e.msg);
            }
        }
        let mut print_diag = true;
        if !has_error {
            if !self.req.verbose_verbose {
                return false;
            }
            print_diag = self.diags.is_none();
        }
        let search = self.process_match_result(match_ty, loc, pat.check_ty, buffer, 0, buffer.len(), false);
        if self.diags.is_some() {
            let point = Span::new(search.buf, search.start, search.start);
            for msg in error_msgs {
                self.push_diag(pat.check_ty, loc, match_ty, point, msg);
            }
            self.print_substitutions(pat, search, match_ty, true);
        }
        if !print_diag {
            return has_error;
        }
        if !has_pattern_error {
            let mut msg = pat.check_ty.description(prefix);
            msg.extend_from_slice(if expected {
                b": expected string not found in input"
            } else {
                b": excluded string not found in input"
            });
            Self::count_suffix(pat, matched_count, &mut msg);
            self.print(loc, if expected { DiagKind::Error } else { DiagKind::Remark }, &msg, &[]);
            self.print(search.loc(), DiagKind::Note, b"scanning from here", &[]);
        }
        self.print_substitutions(pat, search, match_ty, false);
        if expected {
            if let Some(best) = pat.fuzzy_match(self.sm, buffer) {
                let range = self.process_match_result(MatchType::Fuzzy, pat.loc, pat.check_ty, buffer, best, 0, false);
                self.print(range.loc(), DiagKind::Note, b"possible intended match here", &[]);
            }
        }
        has_error
    }

    #[allow(clippy::too_many_arguments)]
    fn report_match_result(
        &mut self,
        expected: bool,
        prefix: &[u8],
        loc: Loc,
        pat: &Pattern,
        matched_count: u32,
        buffer: Span,
        result: Result<Match, MatchError>,
    ) -> Result<Match, ()> {
        match result {
            Ok(m) => {
                if self.print_match(expected, prefix, loc, pat, matched_count, buffer, m) {
                    Err(())
                } else {
                    Ok(m)
                }
            }
            Err(e) => {
                if self.print_no_match(expected, prefix, loc, pat, matched_count, buffer, e) {
                    Err(())
                } else {
                    Ok(Match { pos: usize::MAX, len: 0 })
                }
            }
        }
    }

    /// `FileCheckString::CheckNext` (also used for CHECK-EMPTY).
    fn check_next(&mut self, cs: &CheckString, range: Span) -> bool {
        let kind = cs.pat.check_ty.kind;
        if kind != CheckKind::Next && kind != CheckKind::Empty {
            return false;
        }
        let mut name = cs.prefix.clone();
        name.extend_from_slice(if kind == CheckKind::Empty { b"-EMPTY" } else { b"-NEXT" });
        let (n, first) = count_newlines_between(self.sm.text(range));
        if n == 0 {
            name.extend_from_slice(b": is on the same line as previous match");
            self.print(cs.loc, DiagKind::Error, &name, &[]);
            self.print(range.end_loc(), DiagKind::Note, b"'next' match was here", &[]);
            self.print(range.loc(), DiagKind::Note, b"previous match ended here", &[]);
            return true;
        }
        if n != 1 {
            name.extend_from_slice(b": is not on the line after the previous match");
            self.print(cs.loc, DiagKind::Error, &name, &[]);
            self.print(range.end_loc(), DiagKind::Note, b"'next' match was here", &[]);
            self.print(range.loc(), DiagKind::Note, b"previous match ended here", &[]);
            let fl = Loc { buf: range.buf, off: range.start + first };
            self.print(fl, DiagKind::Note, b"non-matching line after previous match is here", &[]);
            return true;
        }
        false
    }

    /// `FileCheckString::CheckSame`.
    fn check_same(&mut self, cs: &CheckString, range: Span) -> bool {
        if cs.pat.check_ty.kind != CheckKind::Same {
            return false;
        }
        let (n, _) = count_newlines_between(self.sm.text(range));
        if n != 0 {
            let mut msg = cs.prefix.clone();
            msg.extend_from_slice(b"-SAME: is not on the same line as the previous match");
            self.print(cs.loc, DiagKind::Error, &msg, &[]);
            self.print(range.end_loc(), DiagKind::Note, b"'next' match was here", &[]);
            self.print(range.loc(), DiagKind::Note, b"previous match ended here", &[]);
            return true;
        }
        false
    }

    /// `FileCheckString::CheckNot`: true if any excluded pattern matched.
    fn check_not(&mut self, buffer: Span, not_strings: &[&DagNotPrefixInfo]) -> bool {
        let mut failed = false;
        for info in not_strings {
            let r = info.pat.match_in(self.sm, self.ctx, buffer);
            if self.report_match_result(false, &info.prefix, info.pat.loc, &info.pat, 1, buffer, r).is_err() {
                failed = true;
            }
        }
        failed
    }

    /// `FileCheckString::CheckDag`: matches the CHECK-DAG groups (checking
    /// interleaved CHECK-NOTs) and returns where the main pattern's search
    /// starts; `not_strings` receives the trailing CHECK-NOTs.
    fn check_dag<'c>(
        &mut self,
        cs: &'c CheckString,
        buffer: Span,
        not_strings: &mut Vec<&'c DagNotPrefixInfo>,
    ) -> Option<usize> {
        if cs.dag_not.is_empty() {
            return Some(0);
        }
        let mut start_pos = 0usize;
        // Sorted, non-overlapping ranges of this group's matches.
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        let n = cs.dag_not.len();
        for idx in 0..n {
            let info = &cs.dag_not[idx];
            let pat = &info.pat;
            if pat.check_ty.kind == CheckKind::Not {
                not_strings.push(info);
                continue;
            }
            let mut match_pos = start_pos;
            let mut match_len;
            let mut mi = 0usize;
            loop {
                let match_buffer = buffer.drop_front(match_pos);
                let result = pat.match_in(self.sm, self.ctx, match_buffer);
                let m = match result {
                    Ok(m) if !self.req.verbose_verbose => m,
                    r => match self.report_match_result(true, &info.prefix, pat.loc, pat, 1, match_buffer, r) {
                        Err(()) => return None,
                        Ok(m) => m,
                    },
                };
                match_len = m.len;
                match_pos += m.pos;
                let (mpos, mend) = (match_pos, match_pos + match_len);
                if self.req.allow_deprecated_dag_overlap {
                    if ranges.is_empty() {
                        ranges.push((mpos, mend));
                    } else {
                        ranges[0].0 = ranges[0].0.min(mpos);
                        ranges[0].1 = ranges[0].1.max(mend);
                    }
                    break;
                }
                let mut overlap = false;
                while mi < ranges.len() {
                    if mpos < ranges[mi].1 {
                        overlap = ranges[mi].0 < mend;
                        break;
                    }
                    mi += 1;
                }
                if !overlap {
                    ranges.insert(mi, (mpos, mend));
                    break;
                }
                if self.req.verbose_verbose {
                    let (os, oe) = ranges[mi];
                    if self.diags.is_none() {
                        let old = Span::new(buffer.buf, buffer.start + os, buffer.start + oe);
                        self.print(
                            old.loc(),
                            DiagKind::Note,
                            b"match discarded, overlaps earlier DAG match here",
                            &[old],
                        );
                    } else if let Some(d) = self.diags.as_deref_mut() {
                        if let Some(last) = d.last().map(|x| x.check_loc) {
                            for diag in d.iter_mut().rev() {
                                if diag.check_loc != last {
                                    break;
                                }
                                diag.match_ty = MatchType::FoundButDiscarded;
                            }
                        }
                    }
                }
                match_pos = ranges[mi].1;
                mi += 1;
            }
            if !self.req.verbose_verbose {
                self.print_match(true, &info.prefix, pat.loc, pat, 1, buffer, Match { pos: match_pos, len: match_len });
            }

            let group_end = idx + 1 == n || cs.dag_not[idx + 1].pat.check_ty.kind == CheckKind::Not;
            if group_end {
                if !not_strings.is_empty() {
                    let first = ranges.first().map_or(start_pos, |r| r.0);
                    let skipped = buffer.slice(start_pos, first);
                    if self.check_not(skipped, not_strings) {
                        return None;
                    }
                    not_strings.clear();
                }
                start_pos = ranges.last().map_or(start_pos, |r| r.1);
                ranges.clear();
            }
        }
        Some(start_pos)
    }

    /// `FileCheckString::Check`: returns the match position and length
    /// (relative to `buffer`), or `None` after reporting a failure.
    pub(crate) fn check_string(&mut self, cs: &CheckString, buffer: Span, label_scan: bool) -> Option<(usize, usize)> {
        let mut last_pos = 0usize;
        let mut not_strings: Vec<&DagNotPrefixInfo> = Vec::new();
        if !label_scan {
            last_pos = self.check_dag(cs, buffer, &mut not_strings)?;
        }
        let mut last_match_end = last_pos;
        let mut first_match_pos = 0usize;
        for i in 1..=cs.pat.count() {
            let match_buffer = buffer.drop_front(last_match_end);
            let result = cs.pat.match_in(self.sm, self.ctx, match_buffer);
            let m = self.report_match_result(true, &cs.prefix, cs.loc, &cs.pat, i, match_buffer, result).ok()?;
            if i == 1 {
                first_match_pos = last_pos + m.pos;
            }
            last_match_end += m.pos + m.len;
        }
        let match_len = last_match_end - first_match_pos;

        if !label_scan {
            let match_pos = first_match_pos - last_pos;
            let match_buffer = buffer.drop_front(last_pos);
            let skipped = buffer.substr(last_pos, match_pos);
            if self.check_next(cs, skipped) || self.check_same(cs, skipped) {
                let verbose = self.req.verbose;
                self.process_match_result(
                    MatchType::FoundButWrongLine,
                    cs.loc,
                    cs.pat.check_ty,
                    match_buffer,
                    match_pos,
                    match_len,
                    verbose,
                );
                return None;
            }
            if self.check_not(skipped, &not_strings) {
                return None;
            }
        }
        Some((first_match_pos, match_len))
    }

    /// `FileCheck::checkInput`: true if all checks passed.
    pub(crate) fn check_input(&mut self, checks: &[CheckString], input: Span) -> bool {
        let mut failed = false;
        let mut buffer = input;
        let (mut i, mut j) = (0usize, 0usize);
        let e = checks.len();
        loop {
            let mut region;
            if j == e {
                region = buffer;
            } else {
                let label = &checks[j];
                if label.pat.check_ty.kind != CheckKind::Label {
                    j += 1;
                    continue;
                }
                let (pos, len) = match self.check_string(label, buffer, true) {
                    Some(r) => r,
                    None => return false,
                };
                region = buffer.substr(0, pos + len);
                buffer = buffer.drop_front(pos + len);
                j += 1;
            }
            if i != 0 && self.req.enable_var_scope {
                self.ctx.clear_local_vars();
            }
            while i != j {
                match self.check_string(&checks[i], region, false) {
                    None => {
                        failed = true;
                        i = j;
                        break;
                    }
                    Some((pos, len)) => region = region.drop_front(pos + len),
                }
                i += 1;
            }
            if j == e {
                break;
            }
        }
        !failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newline_counting() {
        assert_eq!(count_newlines_between(b"abc"), (0, 0));
        assert_eq!(count_newlines_between(b"a\nb"), (1, 2));
        assert_eq!(count_newlines_between(b"a\r\nb\n"), (2, 3));
    }
}
