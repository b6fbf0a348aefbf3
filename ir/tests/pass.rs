//! Pass manager tests: MLIR's textual pipeline syntax (parse, print, errors as mlir-opt reports
//! them), nested execution, verification after each pass, and the instrumentation output formats
//! (expected texts checked against mlir-opt-22's output for the same pipelines).

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use strata_ir::dialect::{Dialect, OpInfo, Traits};
use strata_ir::pass::instrumentation::{IrPrinting, TimingReport};
use strata_ir::pass::pipeline::{parse_options, parse_pass_pipeline};
use strata_ir::pass::*;
use strata_ir::printer::{print_op, PrintOptions};
use strata_ir::*;

/// A pass with free-form options (records what it was given).
struct OptPass {
    name: &'static str,
    display: &'static str,
    keys: &'static [&'static str],
    values: Vec<(String, String)>,
}

impl Pass for OptPass {
    fn name(&self) -> &str {
        self.name
    }
    fn display_name(&self) -> &str {
        self.display
    }
    fn description(&self) -> &str {
        "test pass"
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        if !self.keys.contains(&key) {
            return Err(format!("no such option {key}"));
        }
        if key == "max-iterations" {
            value
                .parse::<i64>()
                .map_err(|_| format!("for the --{key} option: '{value}' value invalid for long argument!"))?;
        }
        match self.values.iter_mut().find(|(k, _)| k == key) {
            Some(e) => e.1 = value.to_string(),
            None => self.values.push((key.into(), value.into())),
        }
        Ok(())
    }
    fn options(&self) -> Vec<(String, String)> {
        self.keys
            .iter()
            .map(|k| {
                let v = self.values.iter().find(|(kk, _)| kk == k).map(|(_, v)| v.clone());
                let default = match *k {
                    "max-iterations" => "10",
                    "top-down" => "true",
                    _ => "",
                };
                (k.to_string(), v.unwrap_or_else(|| default.to_string()))
            })
            .collect()
    }
    fn run(&mut self, _: &mut Context, _: OpId, _: &mut PassStatistics) -> Result<(), Failure> {
        Ok(())
    }
}

/// Marks every op it runs on with `visited = N` (N counting runs) and counts in a statistic.
struct Mark {
    target: Option<&'static str>,
    runs: i64,
}

impl Pass for Mark {
    fn name(&self) -> &str {
        "test-mark"
    }
    fn display_name(&self) -> &str {
        "TestMark"
    }
    fn description(&self) -> &str {
        "mark ops"
    }
    fn target(&self) -> Option<&str> {
        self.target
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, stats: &mut PassStatistics) -> Result<(), Failure> {
        self.runs += 1;
        let a = ctx.i64_attr(self.runs);
        ctx.set_attr(op, "visited", a);
        stats.add("num-visited", "Number of ops visited", 1);
        stats.add("a-zero", "Declared, stays zero", 0);
        Ok(())
    }
}

/// Fails on ops whose `sym_name` is `bad`.
struct FailOnBad;
impl Pass for FailOnBad {
    fn name(&self) -> &str {
        "test-fail"
    }
    fn display_name(&self) -> &str {
        "TestFail"
    }
    fn description(&self) -> &str {
        "fail"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _: &mut PassStatistics) -> Result<(), Failure> {
        if let Some(a) = ctx.attr(op, "sym_name") {
            if matches!(ctx.attr_kind(a), AttrKind::String { value, .. } if value == "bad") {
                let loc = ctx.op(op).loc();
                return Err(ctx.emit_error(loc, "test failure"));
            }
        }
        Ok(())
    }
}

/// Breaks the IR: moves the terminator of the op's entry block to the front.
struct Break;
impl Pass for Break {
    fn name(&self) -> &str {
        "test-break"
    }
    fn description(&self) -> &str {
        "break the IR"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _: &mut PassStatistics) -> Result<(), Failure> {
        let r = ctx.op_regions(op)[0];
        let b = ctx.region_entry(r).unwrap();
        let last = ctx.block_last_op(b).unwrap();
        ctx.move_op(last, InsertPoint::Start(b));
        Ok(())
    }
}

fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    r.register("cse", "Eliminate common sub-expressions", || {
        Box::new(OptPass { name: "cse", display: "CSE", keys: &[], values: vec![] })
    });
    r.register("canonicalize", "Canonicalize operations", || {
        Box::new(OptPass {
            name: "canonicalize",
            display: "Canonicalizer",
            keys: &["top-down", "max-iterations", "region-simplify", "disable-patterns"],
            values: vec![],
        })
    });
    r.register("test-mark", "mark", || Box::new(Mark { target: None, runs: 0 }));
    r.register("test-mark-func", "mark funcs", || Box::new(Mark { target: Some("t.func"), runs: 0 }));
    r.register("test-fail", "fail", || Box::new(FailOnBad));
    r.register("test-break", "break", || Box::new(Break));
    r.register_pipeline("test-pipeline", "cse then canonicalize", "cse,canonicalize");
    r
}

fn round_trip(text: &str) -> String {
    parse_pass_pipeline(text, &registry()).map(|pm| pm.to_string()).unwrap_or_else(|e| e.render())
}

#[test]
fn pipeline_round_trips() {
    for text in [
        "builtin.module(func.func(cse,canonicalize{max-iterations=3}))",
        "builtin.module(func.func(cse,canonicalize{max-iterations=3 region-simplify=disabled}),cse)",
        "builtin.module(cse,any(cse,canonicalize),func.func(any(cse)))",
        "builtin.module(canonicalize{disable-patterns=a,b top-down=false})",
        "builtin.module(canonicalize{disable-patterns=\"x y\"})",
        "builtin.module(canonicalize{top-down})",
        "builtin.module()",
    ] {
        assert_eq!(round_trip(text), text);
    }
    // Whitespace is not significant around names; pipelines expand.
    assert_eq!(round_trip(" builtin.module( cse , func.func( cse ) ) "), "builtin.module(cse,func.func(cse))");
    assert_eq!(round_trip("builtin.module(test-pipeline)"), "builtin.module(cse,canonicalize)");
}

#[test]
fn pipeline_full_and_pretty_print_like_dump_pass_pipeline() {
    let pm = parse_pass_pipeline(
        "builtin.module(func.func(cse,canonicalize{max-iterations=3 region-simplify=disabled}),cse)",
        &registry(),
    )
    .unwrap();
    assert_eq!(
        pm.to_string_full(),
        "builtin.module(func.func(cse,canonicalize{ max-iterations=3 region-simplify=disabled top-down=true}),cse)"
    );
    assert_eq!(
        pm.to_string_pretty(),
        "builtin.module(\n  func.func(\n    cse,\n    canonicalize{ max-iterations=3 region-simplify=disabled top-down=true}\n  ),\n  cse\n)"
    );
    let empty = parse_pass_pipeline("builtin.module()", &registry()).unwrap();
    assert_eq!(empty.to_string_pretty(), "builtin.module(\n\n)");
}

#[test]
fn pipeline_errors_as_mlir_reports_them() {
    let cases = [
        (
            "builtin.module(func.func(foo))",
            "MLIR Textual PassPipeline Parser:1:11: error: 'foo' does not refer to a registered pass or pass pipeline\nfunc.func(foo)\n          ^\n",
        ),
        (
            "builtin.module(func.func(cse,canonicalize{foo=1}))",
            "<Pass-Options-Parser>: no such option foo\nfailed to add `canonicalize` with options `foo=1`\nfailed to add `func.func` with options `` to inner pipeline\n",
        ),
        (
            "builtin.module(cse))",
            "MLIR Textual PassPipeline Parser:1:4: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline\ncse)\n   ^\n",
        ),
        (
            "builtin.module(func.func(cse)",
            "MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline\nfunc.func(cse\n          ^\n",
        ),
        ("cse", "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'\n"),
        (
            "builtin.module(func.func())",
            "MLIR Textual PassPipeline Parser:1:11: error: '' does not refer to a registered pass or pass pipeline\nfunc.func()\n          ^\n",
        ),
        (
            "builtin.module(canonicalize{max-iterations=3)",
            "MLIR Textual PassPipeline Parser:1:13: error: missing closing '}' while processing pass options\ncanonicalize{max-iterations=3\n            ^\n",
        ),
        (
            "builtin.module(func.func(cse)x)",
            "MLIR Textual PassPipeline Parser:1:15: error: expected ',' after parsing pipeline\nfunc.func(cse)x\n              ^\n",
        ),
        (
            "builtin.module(canonicalize{max-iterations=abc})",
            "<Pass-Options-Parser>: for the --max-iterations option: 'abc' value invalid for long argument!\nfailed to add `canonicalize` with options `max-iterations=abc`\n",
        ),
        (
            "builtin.module(test-mark-func)",
            "Can't add pass 'TestMark' restricted to 't.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?\n",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(round_trip(text), expected, "for {text}");
    }
}

#[test]
fn option_lexing() {
    assert_eq!(
        parse_options("a=1 b=\"x y\" c={d=1 e=2} f g='h i' l=1,2"),
        vec![
            ("a".to_string(), Some("1".to_string())),
            ("b".to_string(), Some("\"x y\"".to_string())),
            ("c".to_string(), Some("{d=1 e=2}".to_string())),
            ("f".to_string(), None),
            ("g".to_string(), Some("'h i'".to_string())),
            ("l".to_string(), Some("1,2".to_string())),
        ]
    );
    assert_eq!(pipeline::unescape_option_value("\"x y\""), "x y");
    assert_eq!(pipeline::unescape_option_value("{d=1 e=2}"), "d=1 e=2");
    assert_eq!(split_list_option("a,\"b,c\",{d,e}"), vec!["a", "b,c", "d,e"]);
    assert_eq!(split_list_option(""), Vec::<String>::new());
    assert_eq!(parse_bool_option("x", ""), Ok(true));
    assert_eq!(parse_bool_option("x", "false"), Ok(false));
    assert!(parse_bool_option("x", "maybe").is_err());
}

// ----- running -----

fn test_ctx() -> Context {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    ctx.register_dialect(
        Dialect::new("t")
            .op(OpInfo::new("t.func").traits(Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL).inherent(&["sym_name"]))
            .op(OpInfo::new("t.return").traits(Traits::IS_TERMINATOR | Traits::PURE)),
    );
    ctx
}

/// A module with functions `names`, each `t.func` with a `t.return`; each op at `t:<line>:1`.
fn module_with(ctx: &mut Context, names: &[&str]) -> OpId {
    let r = ctx.create_region();
    let mb = ctx.create_block(&[]);
    ctx.append_block(r, mb);
    let mname = ctx.op_name("builtin.module");
    let loc = ctx.file_loc("t", 1, 1);
    let mut st = OperationState::new(mname, loc);
    st.regions.push(r);
    let m = ctx.create_op(st);
    for (i, n) in names.iter().enumerate() {
        let fr = ctx.create_region();
        let fb = ctx.create_block(&[]);
        ctx.append_block(fr, fb);
        let fname = ctx.op_name("t.func");
        let loc = ctx.file_loc("t", 2 + i as u32, 1);
        let mut st = OperationState::new(fname, loc);
        let s = ctx.sym("sym_name");
        let v = ctx.string_attr(n);
        st.add_attr(s, v);
        st.regions.push(fr);
        let f = ctx.create_op(st);
        ctx.append_op(mb, f);
        let rname = ctx.op_name("t.return");
        let ret = ctx.create_op(OperationState::new(rname, loc));
        ctx.append_op(fb, ret);
        // An unregistered sibling that nested pipelines anchored on t.func must skip.
        let other = ctx.op_name("u.other");
        let o = ctx.create_op(OperationState::new(other, loc));
        ctx.append_op(mb, o);
    }
    m
}

fn printer() -> strata_ir::pass::instrumentation::IrPrinterFn {
    Box::new(|ctx: &Context, op: OpId| print_op(ctx, op, &PrintOptions::generic()))
}

fn capture() -> (Rc<RefCell<String>>, strata_ir::pass::instrumentation::OutputFn) {
    let buf = Rc::new(RefCell::new(String::new()));
    let b2 = buf.clone();
    (buf, Box::new(move |s: &str| b2.borrow_mut().push_str(s)))
}

#[test]
fn nested_pipelines_run_on_matching_children() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["a", "b"]);
    let mut pm = PassManager::parse("builtin.module(t.func(test-mark),test-mark)", &registry()).unwrap();
    pm.run(&mut ctx, m).unwrap();
    let mut visited = Vec::new();
    ctx.walk_pre(m, &mut |o| {
        if let Some(a) = ctx.attr(o, "visited") {
            if let AttrKind::Integer { value, .. } = ctx.attr_kind(a) {
                visited.push((ctx.op_name_of(o).to_string(), *value));
            }
        }
    });
    // The nested pass instance ran twice (a then b), the module pass once.
    assert_eq!(visited, vec![("builtin.module".into(), 1), ("t.func".into(), 1), ("t.func".into(), 2)]);
    assert_eq!(
        pm.statistics_report(),
        "===-------------------------------------------------------------------------===\n\
         \x20                        ... Pass statistics report ...\n\
         ===-------------------------------------------------------------------------===\n\
         't.func' Pipeline\n\
         \x20 TestMark\n\
         \x20   (S) 0 a-zero      - Declared, stays zero\n\
         \x20   (S) 2 num-visited - Number of ops visited\n\
         TestMark\n\
         \x20 (S) 0 a-zero      - Declared, stays zero\n\
         \x20 (S) 1 num-visited - Number of ops visited\n\
         \n"
    );
    // List display: merged by pass name.
    assert_eq!(
        pm.statistics_report_list(),
        "===-------------------------------------------------------------------------===\n\
         \x20                        ... Pass statistics report ...\n\
         ===-------------------------------------------------------------------------===\n\
         \x20 TestMark\n\
         \x20   (S) 0 a-zero      - Declared, stays zero\n\
         \x20   (S) 3 num-visited - Number of ops visited\n\
         \n"
    );
}

#[test]
fn any_anchor_and_targets() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["a"]);
    // any(test-mark-func) runs only on ops test-mark-func can run on (t.func).
    let mut pm = PassManager::parse("builtin.module(any(test-mark-func))", &registry()).unwrap();
    pm.run(&mut ctx, m).unwrap();
    let mut names = Vec::new();
    ctx.walk_pre(m, &mut |o| {
        if ctx.attr(o, "visited").is_some() {
            names.push(ctx.op_name_of(o).to_string());
        }
    });
    assert_eq!(names, vec!["t.func"]);
}

#[test]
fn wrong_root_op() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["a"]);
    let mut pm = PassManager::parse("t.func(cse)", &registry()).unwrap();
    assert!(pm.run(&mut ctx, m).is_err());
    let d = ctx.take_diagnostics();
    assert_eq!(d[0].message, "can't run 't.func' pass manager on 'builtin.module' op");
}

#[test]
fn failing_pass_stops_its_pipeline_but_siblings_run() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["bad", "good"]);
    let mut pm = PassManager::parse("builtin.module(t.func(test-fail,test-mark),test-mark)", &registry()).unwrap();
    let err = pm.run(&mut ctx, m).unwrap_err();
    assert_eq!(err, PassFailure { pass: "test-fail".into(), display_name: "TestFail".into(), verification: false });
    assert_eq!(err.to_string(), "pass 'test-fail' failed");
    let d = ctx.take_diagnostics();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].message, "test failure");
    // "good" was marked, "bad" not, the module pass did not run.
    let mut visited = Vec::new();
    ctx.walk_pre(m, &mut |o| {
        if ctx.attr(o, "visited").is_some() {
            let n = ctx.attr(o, "sym_name").map(|a| format!("{:?}", ctx.attr_kind(a))).unwrap_or_default();
            visited.push(n);
        }
    });
    assert_eq!(visited.len(), 1);
    assert!(visited[0].contains("good"));
}

#[test]
fn verification_after_each_pass() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["a"]);
    // Make t.func's body have two ops so that moving the terminator breaks it.
    let f = ctx.region_entry(ctx.op_regions(m)[0]).and_then(|b| ctx.block_first_op(b)).unwrap();
    let fb = ctx.region_entry(ctx.op_regions(f)[0]).unwrap();
    let n = ctx.op_name("u.op");
    let o = ctx.create_op(OperationState::new(n, ctx.unknown_loc()));
    ctx.insert_op(InsertPoint::Start(fb), o);
    let mut pm = PassManager::parse("builtin.module(t.func(test-break))", &registry()).unwrap();
    let err = pm.run(&mut ctx, m).unwrap_err();
    assert!(err.verification);
    assert_eq!(err.to_string(), "verification failed after pass 'test-break'");
    let d = ctx.take_diagnostics();
    assert_eq!(d[0].message, "'t.return' op must be the last operation in the parent block");
    // With verify_each off the broken IR goes through.
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["a"]);
    let f = ctx.region_entry(ctx.op_regions(m)[0]).and_then(|b| ctx.block_first_op(b)).unwrap();
    let fb = ctx.region_entry(ctx.op_regions(f)[0]).unwrap();
    let n = ctx.op_name("u.op");
    let o = ctx.create_op(OperationState::new(n, ctx.unknown_loc()));
    ctx.insert_op(InsertPoint::Start(fb), o);
    let mut pm = PassManager::parse("builtin.module(t.func(test-break))", &registry()).unwrap();
    pm.verify_each = false;
    assert!(pm.run(&mut ctx, m).is_ok());
}

#[test]
fn ir_printing_formats() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["a"]);
    let mut pm = PassManager::parse("builtin.module(t.func(cse),test-mark)", &registry()).unwrap();
    let (buf, out) = capture();
    let mut p = IrPrinting::new(printer());
    p.before_all = true;
    p.after_all = true;
    p.output = out;
    pm.ir_printing = Some(p);
    pm.run(&mut ctx, m).unwrap();
    let s = buf.borrow().clone();
    let headers: Vec<&str> = s.lines().filter(|l| l.starts_with("// -----//")).collect();
    assert_eq!(
        headers,
        vec![
            "// -----// IR Dump Before CSE (cse) //----- //",
            "// -----// IR Dump After CSE (cse) //----- //",
            "// -----// IR Dump Before TestMark (test-mark) //----- //",
            "// -----// IR Dump After TestMark (test-mark) //----- //",
        ]
    );
    // The nested pass prints its op only, followed by a blank line.
    let first = s.split("// -----// IR Dump After CSE (cse) //----- //\n").nth(1).unwrap();
    assert!(first.starts_with("\"t.func\"() <{sym_name = \"a\"}> ({\n"), "{first}");
    assert!(first.contains("}) : () -> ()\n\n// -----// IR Dump Before TestMark"), "{first}");
}

#[test]
fn ir_printing_after_change_and_module_scope() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["a"]);
    let mut pm = PassManager::parse("builtin.module(t.func(cse,test-mark))", &registry()).unwrap();
    let (buf, out) = capture();
    let mut p = IrPrinting::new(printer());
    p.after_all = true;
    p.after_change = true;
    p.module_scope = true;
    p.output = out;
    pm.ir_printing = Some(p);
    pm.run(&mut ctx, m).unwrap();
    let s = buf.borrow().clone();
    let headers: Vec<&str> = s.lines().filter(|l| l.starts_with("// -----//")).collect();
    // cse changed nothing: not printed.
    assert_eq!(headers, vec!["// -----// IR Dump After TestMark (test-mark) ('t.func' operation: @a) //----- //"]);
    // Module scope: the whole module is printed.
    assert!(s.contains("\"builtin.module\"() ({"), "{s}");
}

#[test]
fn ir_printing_after_failure() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["bad"]);
    let mut pm = PassManager::parse("builtin.module(t.func(test-mark,test-fail))", &registry()).unwrap();
    let (buf, out) = capture();
    let mut p = IrPrinting::new(printer());
    p.after_failure = true;
    p.output = out;
    pm.ir_printing = Some(p);
    assert!(pm.run(&mut ctx, m).is_err());
    let s = buf.borrow().clone();
    let headers: Vec<&str> = s.lines().filter(|l| l.starts_with("// -----//")).collect();
    assert_eq!(headers, vec!["// -----// IR Dump After TestFail Failed (test-fail) //----- //"]);
}

#[test]
fn print_before_and_after_selected_passes() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["a"]);
    let mut pm = PassManager::parse("builtin.module(cse,test-mark,cse)", &registry()).unwrap();
    let (buf, out) = capture();
    let mut p = IrPrinting::new(printer());
    p.before = vec!["test-mark".into()];
    p.after = vec!["cse".into()];
    p.output = out;
    pm.ir_printing = Some(p);
    pm.run(&mut ctx, m).unwrap();
    let s = buf.borrow().clone();
    let headers: Vec<&str> = s.lines().filter(|l| l.starts_with("// -----//")).collect();
    assert_eq!(
        headers,
        vec![
            "// -----// IR Dump After CSE (cse) //----- //",
            "// -----// IR Dump Before TestMark (test-mark) //----- //",
            "// -----// IR Dump After CSE (cse) //----- //",
        ]
    );
}

#[test]
fn timing_report_format() {
    let mut t = TimingReport::new();
    t.add("Parser", Duration::from_micros(700));
    t.add_path(&["'func.func' Pipeline"], Duration::from_micros(200));
    t.add_path(&["'func.func' Pipeline", "CSE"], Duration::from_micros(65));
    t.add_path(&["'func.func' Pipeline", "Canonicalizer"], Duration::from_micros(159));
    t.add("SymbolDCE", Duration::from_micros(39));
    t.add("Output", Duration::from_micros(108));
    let expected = "\
===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 0.0013 seconds

  ----Wall Time----  ----Name----
    0.0007 ( 53.8%)  Parser
    0.0002 ( 15.4%)  'func.func' Pipeline
    0.0001 (  5.0%)    CSE
    0.0002 ( 12.2%)    Canonicalizer
    0.0000 (  3.0%)  SymbolDCE
    0.0001 (  8.3%)  Output
    0.0003 ( 19.5%)  Rest
    0.0013 (100.0%)  Total
";
    assert_eq!(t.report_with_total(Duration::from_micros(1300)), expected);
}

#[test]
fn timing_of_a_run() {
    let mut ctx = test_ctx();
    let m = module_with(&mut ctx, &["a", "b"]);
    let mut pm = PassManager::parse("builtin.module(t.func(cse,test-mark),test-mark)", &registry()).unwrap();
    let mut t = TimingReport::new();
    t.add("Parser", Duration::from_micros(10));
    pm.timing = Some(t);
    pm.run(&mut ctx, m).unwrap();
    let mut t = pm.timing.take().unwrap();
    t.add("Output", Duration::from_micros(10));
    let report = t.report();
    let names: Vec<String> = report.lines().skip(6).map(|l| l.split("%)  ").nth(1).unwrap_or("").to_string()).collect();
    assert_eq!(
        names,
        vec!["Parser", "'t.func' Pipeline", "  CSE", "  TestMark", "TestMark", "Output", "Rest", "Total"]
    );
}
