//! The constraint table (`docs/constraints.md`): every numbered constraint `(Cn)` of every op
//! in `../shared/reference/stablehlo/spec.md`, and the negative lit test in `tests/verify/`
//! that shows the verifier enforcing it (a case marked `// spec: OP Cn`, run by the lit suite
//! with `--verify-diagnostics`).
//!
//! A constraint that cannot have a negative test, or that Strata does not enforce, says why
//! with a marker line in a test file: `// spec-untestable: OP Cn: why` (it defines a term,
//! the syntax cannot express the violation, it is a property of runtime values, ...) or
//! `// spec-not-enforced: OP Cn: what is accepted and why it is left`.
//!
//! The table is generated: this test fails when the committed file differs from what the spec
//! and the tests give (`STRATA_UPDATE_CONSTRAINTS=1 cargo test --test constraints_table`
//! rewrites it), and when a test names a constraint the spec does not have.

use std::collections::BTreeMap;
use std::path::Path;

/// `(op, n) -> first line of the constraint text`, in spec order.
fn spec_constraints(spec: &str) -> Vec<(String, u32, String)> {
    let mut out = Vec::new();
    let mut op: Option<String> = None;
    let mut in_constraints = false;
    for line in spec.lines() {
        if let Some(h) = line.strip_prefix("### ") {
            let name = h.trim();
            let is_op =
                !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit());
            op = is_op.then(|| name.to_string());
            in_constraints = false;
            continue;
        }
        if line.starts_with("#### ") {
            in_constraints = line.trim() == "#### Constraints";
            continue;
        }
        let (Some(op), true) = (&op, in_constraints) else { continue };
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix("* (C") else { continue };
        let Some((num, text)) = rest.split_once(')') else { continue };
        let Ok(n) = num.parse::<u32>() else { continue };
        let text: String = text.trim().replace('|', "\\|");
        let short: String = text.chars().take(90).collect();
        if !out.iter().any(|(o, m, _): &(String, u32, String)| o == op && *m == n) {
            out.push((op.clone(), n, short));
        }
    }
    out
}

/// Why a constraint has no negative test.
#[derive(Clone, Debug, PartialEq)]
enum Reason {
    Untestable(String, String),
    NotEnforced(String, String),
}

/// The markers of `tests/verify/*.mlir`: `(op, n) -> test files` from `// spec: OP Cn`, and
/// `(op, n) -> reason` from `// spec-untestable: OP Cn: why` / `// spec-not-enforced: OP Cn: why`.
#[allow(clippy::type_complexity)]
fn tested(dir: &Path) -> (BTreeMap<(String, u32), Vec<String>>, BTreeMap<(String, u32), Reason>) {
    let mut out: BTreeMap<(String, u32), Vec<String>> = BTreeMap::new();
    let mut reasons: BTreeMap<(String, u32), Reason> = BTreeMap::new();
    let mut files: Vec<_> =
        std::fs::read_dir(dir).expect("tests/verify").filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    for f in files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "mlir")) {
        let text = std::fs::read_to_string(&f).expect("readable");
        let name = format!("tests/verify/{}", f.file_name().unwrap().to_string_lossy());
        for line in text.lines() {
            let t = line.trim();
            for (prefix, untestable) in [("// spec-untestable: ", true), ("// spec-not-enforced: ", false)] {
                let Some(m) = t.strip_prefix(prefix) else { continue };
                let (head, why) = m.split_once(": ").unwrap_or_else(|| panic!("{name}: `{t}` has no `: why`"));
                let mut it = head.split_whitespace();
                let (Some(op), Some(n)) = (it.next(), it.next().and_then(|c| c.strip_prefix('C')?.parse::<u32>().ok()))
                else {
                    panic!("{name}: `{t}` does not name `OP Cn`")
                };
                let why = why.trim().replace('|', "\\|");
                assert!(!why.is_empty(), "{name}: `{t}` gives no reason");
                let r = if untestable {
                    Reason::Untestable(why, name.clone())
                } else {
                    Reason::NotEnforced(why, name.clone())
                };
                let prev = reasons.insert((op.to_string(), n), r);
                assert!(prev.is_none(), "{name}: {op} C{n} has two spec-untestable/spec-not-enforced markers");
            }
            let Some(m) = t.strip_prefix("// spec: ") else { continue };
            let mut it = m.split_whitespace();
            let (Some(op), Some(c)) = (it.next(), it.next()) else { continue };
            let Some(n) = c.strip_prefix('C').and_then(|n| n.parse::<u32>().ok()) else { continue };
            let v = out.entry((op.to_string(), n)).or_default();
            if !v.contains(&name) {
                v.push(name.clone());
            }
        }
    }
    (out, reasons)
}

fn render(
    spec: &[(String, u32, String)],
    tests: &BTreeMap<(String, u32), Vec<String>>,
    reasons: &BTreeMap<(String, u32), Reason>,
) -> String {
    let ops: std::collections::BTreeSet<&str> = spec.iter().map(|(o, _, _)| o.as_str()).collect();
    let covered = spec.iter().filter(|(o, n, _)| tests.contains_key(&(o.clone(), *n))).count();
    let count = |untestable: bool| {
        spec.iter()
            .filter(|(o, n, _)| {
                matches!(
                    (reasons.get(&(o.clone(), *n)), untestable),
                    (Some(Reason::Untestable(..)), true) | (Some(Reason::NotEnforced(..)), false)
                )
            })
            .count()
    };
    let (untestable, not_enforced) = (count(true), count(false));
    let mut s = String::new();
    s.push_str("# Verifier constraints: spec.md × negative tests\n\n");
    s.push_str(
        "Generated by `tools/tests/constraints_table.rs` from `../shared/reference/stablehlo/spec.md` and the\n",
    );
    s.push_str(
        "`// spec: OP Cn` markers of `tests/verify/*.mlir` (run with `--verify-diagnostics` by the lit suite);\n",
    );
    s.push_str(
        "regenerate with `STRATA_UPDATE_CONSTRAINTS=1 cargo test -p strata-tools --test constraints_table`.\n\n",
    );
    s.push_str(&format!(
        "{} ops, {} numbered constraints: {} shown enforced by a negative test here, {} untestable (why is \
         given), {} not enforced (why is given), {} without a test or a reason yet.\n\n",
        ops.len(),
        spec.len(),
        covered,
        untestable,
        not_enforced,
        spec.len() - covered - untestable - not_enforced
    ));
    s.push_str("\"no negative test yet\" does not mean unenforced: the verifier implements StableHLO's checks op by\n");
    s.push_str(
        "op (`dialects/src/stablehlo/*.rs`) and the public verifier suite (`../shared/conformance/stablehlo/verify`)\n",
    );
    s.push_str("exercises many of them; it means no case written from the spec text pins that constraint yet.\n\n");
    s.push_str("| op | constraint | spec text (start) | status |\n|---|---|---|---|\n");
    for (op, n, text) in spec {
        let key = (op.clone(), *n);
        let status = match (tests.get(&key), reasons.get(&key)) {
            (Some(files), _) => format!("enforced: {}", files.join(", ")),
            (None, Some(Reason::Untestable(why, file))) => format!("untestable: {why} ({file})"),
            (None, Some(Reason::NotEnforced(why, file))) => format!("NOT enforced: {why} ({file})"),
            (None, None) => "no negative test yet".to_string(),
        };
        s.push_str(&format!("| {op} | C{n} | {text} | {status} |\n"));
    }
    s
}

#[test]
fn constraint_table_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let spec_path = root.join("../shared/reference/stablehlo/spec.md");
    let spec = match std::fs::read_to_string(&spec_path) {
        Ok(s) => s,
        Err(e) => {
            if std::env::var_os("STRATA_SKIP_CONFORMANCE").is_some() {
                println!("skipping: STRATA_SKIP_CONFORMANCE is set and {} is missing", spec_path.display());
                return;
            }
            panic!("cannot read {}: {e} (set STRATA_SKIP_CONFORMANCE=1 to skip)", spec_path.display());
        }
    };
    let constraints = spec_constraints(&spec);
    assert!(constraints.len() > 300, "expected the spec's constraints, found {}", constraints.len());
    let (tests, reasons) = tested(&root.join("tests/verify"));
    let contradictions: Vec<String> = reasons
        .iter()
        .filter(|(k, r)| matches!(r, Reason::NotEnforced(..)) && tests.contains_key(k))
        .map(|((o, n), _)| format!("{o} C{n}"))
        .collect();
    assert!(contradictions.is_empty(), "marked spec-not-enforced but tested: {contradictions:?}");
    let unknown: Vec<String> = tests
        .keys()
        .chain(reasons.keys())
        .filter(|(o, n)| !constraints.iter().any(|(p, m, _)| p == o && m == n))
        .map(|(o, n)| format!("{o} C{n}"))
        .collect();
    assert!(unknown.is_empty(), "tests/verify names constraints spec.md does not have: {unknown:?}");
    let table = render(&constraints, &tests, &reasons);
    let doc = root.join("docs/constraints.md");
    if std::env::var_os("STRATA_UPDATE_CONSTRAINTS").is_some() {
        std::fs::write(&doc, &table).expect("write docs/constraints.md");
    }
    let current = std::fs::read_to_string(&doc).unwrap_or_default();
    println!("{}", table.lines().nth(5).unwrap_or(""));
    assert!(
        current == table,
        "docs/constraints.md is out of date: run STRATA_UPDATE_CONSTRAINTS=1 cargo test -p strata-tools --test constraints_table"
    );
}
