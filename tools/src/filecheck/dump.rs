//! The annotated input dump printed after a failure (`--dump-input`), in
//! FileCheck's format:
//!
//! ```text
//! Input was:
//! <<<<<<
//!            1: foo
//!            2: bar baz
//! check:3'0            X error: no match found
//! >>>>>>
//! ```

use super::pattern::CheckType;
use super::source::{BufId, Loc, SourceMgr, Span};
use super::DumpInputFilter;

/// What a diagnostic says about a match (`FileCheckDiag::MatchType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatchType {
    FoundAndExpected,
    FoundButExcluded,
    FoundButWrongLine,
    FoundButDiscarded,
    NoneAndExcluded,
    NoneButExpected,
    NoneForInvalidPattern,
    Fuzzy,
}

/// A diagnostic recorded for the input dump (`FileCheckDiag`).
#[derive(Clone, Debug)]
pub(crate) struct FcDiag {
    pub check_ty: CheckType,
    pub check_loc: Loc,
    pub match_ty: MatchType,
    pub start: (usize, usize),
    pub end: (usize, usize),
    pub note: Vec<u8>,
}

impl FcDiag {
    pub(crate) fn new(
        sm: &SourceMgr,
        check_ty: CheckType,
        check_loc: Loc,
        match_ty: MatchType,
        range: Span,
        note: Vec<u8>,
    ) -> FcDiag {
        FcDiag {
            check_ty,
            check_loc,
            match_ty,
            start: sm.line_and_col(range.loc()),
            end: sm.line_and_col(range.end_loc()),
            note,
        }
    }
}

#[derive(Clone, Debug)]
struct Marker {
    lead: u8,
    note: Vec<u8>,
    filters_as_error: bool,
}

fn marker(mt: MatchType) -> Marker {
    let (lead, note, err): (u8, &str, bool) = match mt {
        MatchType::FoundAndExpected => (b'^', "", false),
        MatchType::FoundButExcluded => (b'!', "error: no match expected", true),
        MatchType::FoundButWrongLine => (b'!', "error: match on wrong line", true),
        MatchType::FoundButDiscarded => (b'!', "discard: overlaps earlier match", false),
        MatchType::NoneAndExcluded => (b'X', "", false),
        MatchType::NoneButExpected => (b'X', "error: no match found", true),
        MatchType::NoneForInvalidPattern => (b'X', "error: match failed for invalid pattern", true),
        MatchType::Fuzzy => (b'?', "possible intended match", true),
    };
    Marker { lead, note: note.as_bytes().to_vec(), filters_as_error: err }
}

/// One annotation line under an input line.
#[derive(Clone, Debug)]
pub(crate) struct Annotation {
    diag_index: usize,
    label: String,
    is_first_line: bool,
    input_line: usize,
    start_col: usize,
    /// `usize::MAX` means "to the end of the line".
    end_col: usize,
    marker: Marker,
}

/// `BuildInputAnnotations`: turns diagnostics into per-line annotations;
/// returns them with the width of the widest label.
pub(crate) fn build_annotations(
    sm: &SourceMgr,
    check_buf: BufId,
    imp_range: (BufId, BufId),
    diags: &[FcDiag],
) -> (Vec<Annotation>, usize) {
    let mut count_per_pattern: std::collections::HashMap<Loc, usize> = Default::default();
    for d in diags {
        *count_per_pattern.entry(d.check_loc).or_default() += 1;
    }
    let mut index_per_pattern: std::collections::HashMap<Loc, usize> = Default::default();
    let mut anns = Vec::new();
    let mut label_width = 0;
    for (diag_index, d) in diags.iter().enumerate() {
        let mut label = format!("{}:", d.check_ty.abbreviation());
        if d.check_loc.buf == check_buf {
            label.push_str(&sm.line_and_col(d.check_loc).0.to_string());
        } else if imp_range.0 <= d.check_loc.buf && d.check_loc.buf < imp_range.1 {
            label.push_str(&format!("imp{}", d.check_loc.buf - imp_range.0 + 1));
        } else {
            label.push_str(&sm.line_and_col(d.check_loc).0.to_string());
        }
        if count_per_pattern.get(&d.check_loc).copied().unwrap_or(0) > 1 {
            let idx = index_per_pattern.entry(d.check_loc).or_default();
            label.push_str(&format!("'{}", idx));
            *idx += 1;
        }
        label_width = label_width.max(label.len());

        let mut m = marker(d.match_ty);
        if !d.note.is_empty() {
            m.note = d.note.clone();
            if d.start == d.end {
                m.lead = b' ';
            }
        }
        let (start_line, start_col) = d.start;
        let (end_line, end_col) = d.end;
        let first = Annotation {
            diag_index,
            label: label.clone(),
            is_first_line: true,
            input_line: start_line,
            start_col,
            end_col: if start_line == end_line { (start_col + 1).max(end_col) } else { usize::MAX },
            marker: m.clone(),
        };
        anns.push(first);
        if start_line < end_line {
            for l in start_line + 1..=end_line {
                if end_col == 1 && l == end_line {
                    break;
                }
                anns.push(Annotation {
                    diag_index,
                    label: label.clone(),
                    is_first_line: false,
                    input_line: l,
                    start_col: 1,
                    end_col: if l != end_line { usize::MAX } else { end_col },
                    marker: Marker { lead: b'~', note: Vec::new(), filters_as_error: m.filters_as_error },
                });
            }
        }
    }
    (anns, label_width)
}

fn find_input_line_in_filter(filter: DumpInputFilter, cur: usize, anns: &[Annotation]) -> usize {
    if filter == DumpInputFilter::All {
        return cur;
    }
    for a in anns {
        match filter {
            DumpInputFilter::AnnotationFull => return a.input_line,
            DumpInputFilter::Annotation => {
                if a.is_first_line {
                    return a.input_line;
                }
            }
            DumpInputFilter::Error => {
                if a.is_first_line && a.marker.filters_as_error {
                    return a.input_line;
                }
            }
            DumpInputFilter::All => {}
        }
    }
    usize::MAX
}

fn dump_ellipsis_or_elided(out: &mut Vec<u8>, elided: &mut Vec<u8>, label_width: usize) {
    if elided.is_empty() {
        return;
    }
    if elided.iter().filter(|&&c| c == b'\n').count() > 3 {
        for _ in 0..3 {
            out.extend_from_slice(format!("{:>w$}\n", ".", w = label_width).as_bytes());
        }
    } else {
        out.extend_from_slice(elided);
    }
    elided.clear();
}

/// `DumpAnnotatedInputFile`.
pub(crate) fn dump_annotated_input(
    out: &mut Vec<u8>,
    filter: DumpInputFilter,
    context: usize,
    input: &[u8],
    mut anns: Vec<Annotation>,
    label_width: usize,
) {
    out.extend_from_slice(b"Input was:\n<<<<<<\n");
    anns.sort_by_key(|a| (a.input_line, a.diag_index));

    let mut line_count = input.iter().filter(|&&c| c == b'\n').count();
    if input.last().is_some_and(|&c| c != b'\n') {
        line_count += 1;
    }
    let line_no_width = line_count.max(1).to_string().len();
    let label_width = label_width.max(line_no_width) + 3;

    let mut prev_in_filter = 0usize;
    let mut next_in_filter = 0usize;
    let mut elided: Vec<u8> = Vec::new();
    let mut ai = 0usize;
    let mut p = 0usize;
    let mut line = 1usize;
    while p < input.len() || ai < anns.len() {
        if next_in_filter < line {
            next_in_filter = find_input_line_in_filter(filter, line, &anns[ai..]);
        }
        if next_in_filter == line {
            prev_in_filter = line;
        }
        let elide = (prev_in_filter == 0 || prev_in_filter.saturating_add(context) < line)
            && (next_in_filter == usize::MAX || line.saturating_add(context) < next_in_filter);
        let mut buf: Vec<u8> = Vec::new();
        if !elide {
            dump_ellipsis_or_elided(out, &mut elided, label_width);
        }
        buf.extend_from_slice(format!("{:>w$}: ", line, w = label_width).as_bytes());
        let line_start = p;
        while p < input.len() {
            let c = input[p];
            p += 1;
            if c == b'\n' {
                buf.push(b' ');
                break;
            }
            buf.push(c);
        }
        buf.push(b'\n');
        let line_width = p - line_start;

        while ai < anns.len() && anns[ai].input_line == line {
            let a = &anns[ai];
            buf.extend_from_slice(format!("{:<w$}  ", a.label, w = label_width).as_bytes());
            let mut col = 1;
            while col < a.start_col {
                buf.push(b' ');
                col += 1;
            }
            buf.push(a.marker.lead);
            col += 1;
            while col < a.end_col && col <= line_width {
                buf.push(b'~');
                col += 1;
            }
            if !a.marker.note.is_empty() {
                while col <= line_width {
                    buf.push(b' ');
                    col += 1;
                }
                buf.push(b' ');
                buf.extend_from_slice(&a.marker.note);
            }
            buf.push(b'\n');
            ai += 1;
        }
        if elide {
            elided.extend_from_slice(&buf);
        } else {
            out.extend_from_slice(&buf);
        }
        line += 1;
    }
    dump_ellipsis_or_elided(out, &mut elided, label_width);
    out.extend_from_slice(b">>>>>>\n");
}

/// Text printed for `--dump-input=help`.
pub const DUMP_INPUT_HELP: &str = "\
The following description was requested by -dump-input=help to
explain the input dump printed by FileCheck.

Related command-line options:

  - -dump-input=<value> enables or disables the input dump
  - -dump-input-filter=<value> filters the input lines
  - -dump-input-context=<N> adjusts the context of filtered lines
  - -v and -vv add more annotations
  - -color forces colors to be enabled both in the dump and below
  - -help documents the above options in more detail

These options can also be set via FILECHECK_OPTS.  For example, for
maximum debugging output on failures:

  $ FILECHECK_OPTS='-dump-input-filter=all -vv -color' ninja check

Input dump annotation format:

  - L:     labels line number L of the input file
           An extra space is added after each input line to represent the
           newline character.
  - T:L    labels the only match result for either (1) a pattern of type T
           from line L of the check file if L is an integer or (2) the
           I-th implicit pattern if L is \"imp\" followed by an integer I
  - T:L'N  labels the Nth match result for such a pattern
  - ^~~    marks good match (reported if -v)
  - !~~    marks bad match, such as:
           - CHECK-NEXT on same line as previous match (error)
           - CHECK-NOT found (error)
           - CHECK-DAG overlapping match (discarded, reported if -vv)
  - X~~    marks search range when no match is found, such as:
           - CHECK-NEXT not found (error)
           - CHECK-NOT not found (success, reported if -vv)
           - CHECK-DAG not found after discarded matches (error)
  - ?      marks fuzzy match when no match is found
  - colors success, error, fuzzy match, discarded match, unmatched input

If you are not seeing color above or in input dumps, try: -color
";
