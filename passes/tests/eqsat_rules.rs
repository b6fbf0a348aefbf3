//! The rule table as data: names are unique, every rule builds, every rule has a lit test in
//! tests/eqsat (its name appears there), and the generated table in passes/src/eqsat/RULES.md
//! is current (regenerate with `UPDATE_RULES_TABLE=1 cargo test -p strata-passes --test
//! eqsat_rules`).

use std::collections::BTreeSet;
use std::path::Path;

use strata_passes::eqsat::rules::{self, Exactness};

#[test]
fn rule_names_are_unique_and_every_rule_builds() {
    let mut seen = BTreeSet::new();
    for r in rules::all() {
        assert!(seen.insert(r.name), "duplicate rule name {}", r.name);
        let rw = (r.make)();
        assert_eq!(rw.name.as_str(), r.name, "rule {} builds a rewrite of another name", r.name);
        assert!(!r.algebra.is_empty() && !r.preconditions.is_empty(), "{} is undocumented", r.name);
    }
    let notes = rules::all().len();
    assert!(notes >= 50, "at least the 50 rules of ../shared/notes/eqsat-rules.md ({notes})");
    let exact = rules::all().iter().filter(|r| r.exactness == Exactness::Exact).count();
    println!("{notes} rules, {exact} exact, {} fast-math", notes - exact);
}

#[test]
fn every_rule_has_a_lit_test() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/eqsat");
    let mut text = String::new();
    for e in std::fs::read_dir(&dir).expect("tests/eqsat exists") {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "mlir") {
            text.push_str(&std::fs::read_to_string(&p).unwrap());
        }
    }
    let missing: Vec<&str> = rules::all()
        .iter()
        .map(|r| r.name)
        .filter(|n| {
            // A mention as a word: not as part of a longer rule name.
            !text.match_indices(n).any(|(i, _)| {
                let word_char = |c: char| c.is_alphanumeric() || c == '-';
                let before = text[..i].chars().last().unwrap_or(' ');
                let after = text[i + n.len()..].chars().next().unwrap_or(' ');
                !word_char(before) && !word_char(after)
            })
        })
        .collect();
    assert!(missing.is_empty(), "rules without a lit test in tests/eqsat: {missing:?}");
}

#[test]
fn the_rule_table_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/eqsat/RULES.md");
    let want = format!(
        "# stablehlo-eqsat rules\n\nGenerated from the rule data (`passes/src/eqsat/rules`) by `cargo test -p strata-passes --test eqsat_rules` \
         with `UPDATE_RULES_TABLE=1`; `strata-opt --stablehlo-eqsat=list-rules` prints the same table. \
         Exact rules give bit-identical results on the reference interpreter; fast-math rules run only with \
         `fast-math` and are checked within the tolerance shown. Expansive rules are searched in the first \
         iterations only.\n\n{}",
        rules::table_text()
    );
    if std::env::var_os("UPDATE_RULES_TABLE").is_some() {
        std::fs::write(&path, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{} is out of date: run with UPDATE_RULES_TABLE=1", path.display());
}
