//! Unit tests of the parser internals (end-to-end tests live in `ir/tests/parser.rs`).

use super::*;

#[test]
fn smoke() {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let m = parse_source(&mut ctx, &ParserConfig::new("t.mlir"), "%0 = \"foo.bar\"() : () -> i32\n").unwrap();
    assert_eq!(ctx.op_name_of(m), "builtin.module");
}

#[test]
#[ignore]
fn bench_lex_only() {
    let text = std::fs::read_to_string("/tmp/dev/big.mlir").unwrap();
    let t = std::time::Instant::now();
    let mut l = lexer::Lexer::new(&text);
    let mut n = 0usize;
    loop {
        let tk = l.next_token();
        if tk.kind == TokKind::Eof { break; }
        n += 1;
    }
    eprintln!("lex: {} tokens in {:?}", n, t.elapsed());
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let t = std::time::Instant::now();
    let _m = parse_source(&mut ctx, &ParserConfig::new("big.mlir"), &text).unwrap();
    eprintln!("parse: {:?}", t.elapsed());
    let t = std::time::Instant::now();
    let mut ctx2 = Context::new();
    let i32t = ctx2.int_type(32);
    let name = ctx2.op_name("arith.addi");
    let b = ctx2.create_block(&[(i32t, None)]);
    let a = ctx2.block_arg(b, 0);
    for i in 0..200_000u32 {
        let loc = ctx2.file_loc("big.mlir", i, 3);
        let mut st = crate::OperationState::new(name, loc);
        st.operands.push(a);
        st.operands.push(a);
        st.result_types.push(i32t);
        let op = ctx2.create_op(st);
        ctx2.append_op(b, op);
    }
    eprintln!("raw create: {:?}", t.elapsed());
}
