#!/usr/bin/env python3
"""Turns the examples of the StableHLO spec into interpreter tests.

Each op section of ../shared/reference/stablehlo/spec.md has examples: input values as comments
(`// %x: [[1, 2], [3, 4]]`), the op in generic form with its function type, and the expected
values of its results as comments after it. This script writes one lit test per op,
tests/spec/<op>.mlir: the inputs become `stablehlo.constant`s, the op is copied verbatim, and
every result is checked with `check.expect_eq_const` (integers, booleans) or
`check.expect_almost_eq_const` (floats, complex). Examples whose values the script cannot state
as MLIR attributes (tokens, tuples, quantized or dynamic types, symbolic values) are skipped and
listed in tests/spec/SKIPPED.md with the reason. Run from the repository root:

    python3 tests/spec/gen.py ../shared/reference/stablehlo/spec.md
"""
import re
import sys
from pathlib import Path


def split_top(s, sep=","):
    """Split on `sep` outside brackets <>()[]{}."""
    out, depth, cur = [], 0, ""
    for i, c in enumerate(s):
        if c in "<([{":
            depth += 1
        elif c in ">)]}" and not (c == ">" and i > 0 and s[i - 1] == "-"):
            depth -= 1
        if c == sep and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def take_value(text):
    """The leading value of a comment text: a bracketed list or a scalar token."""
    text = text.strip()
    if text.startswith("["):
        depth = 0
        for i, c in enumerate(text):
            if c == "[":
                depth += 1
            elif c == "]":
                depth -= 1
                if depth == 0:
                    return text[: i + 1]
        return None  # unbalanced: continues on later lines
    m = re.match(r"\(?-?[\w.+-]+(\s*,\s*-?[\w.+-]+\))?", text)
    return m.group(0) if m else None


def parse_comments(lines):
    """`// %name: value` (or `=`) comments, values possibly spanning several lines."""
    vals, cur_name, cur_text = {}, None, ""
    for ln in lines:
        body = ln.strip()[2:].strip() if ln.strip().startswith("//") else None
        if body is None:
            continue
        m = re.match(r"%?\s*([\w#]+)\s*[:=]\s*(.*)", body)
        if m and cur_name is None:
            cur_name, cur_text = "%" + m.group(1), m.group(2)
        elif cur_name is not None:
            cur_text += " " + body.split("//", 1)[0]
        else:
            continue
        v = take_value(cur_text)
        if v is not None or not cur_text.strip().startswith("["):
            vals[cur_name] = v
            cur_name, cur_text = None, ""
    return vals


def function_type(op_text):
    """The `(inputs) -> outputs` of a generic op: the text after the last top-level ` : `."""
    depth, last = 0, None
    for i, c in enumerate(op_text):
        if c in "<([{":
            depth += 1
        elif c in ">)]}" and not (c == ">" and i > 0 and op_text[i - 1] == "-"):
            depth -= 1
        elif c == ":" and depth == 0:
            last = i
    if last is None:
        return None
    sig = op_text[last + 1 :].strip()
    m = re.match(r"\((.*)\)\s*->\s*(.*)$", sig, re.S)
    if not m:
        return None
    ins = split_top(m.group(1))
    outs = m.group(2).strip()
    outs = split_top(outs[1:-1]) if outs.startswith("(") else [outs]
    return ins, outs


UNSUPPORTED = ("!stablehlo.token", "tuple<", "!quant", "?", "stablehlo.bounds", "!stablehlo.")


def elem_kind(ty):
    m = re.match(r"tensor<(?:[\dx]*x)?(.+)>$", ty)
    if not m:
        return None
    e = m.group(1)
    if e.startswith("complex") or re.match(r"(f|bf|tf)\d", e) or e.startswith("f8") or e.startswith("f4") or e.startswith("f6"):
        return "float"
    return "int"


def attr(value, ty):
    if value is None:
        return None
    plain = re.sub(r"0x[0-9A-Fa-f]+|true|false|\de[-+]?\d", "", value)
    if re.search(r"[a-zA-Z_]", plain):
        return None  # symbolic (inf, nan, pi, names)
    if "complex<" in ty and "(" not in value:
        return None  # complex values are written (re, im)
    if "x" not in ty.split("<", 1)[1].split(">")[0] and value.startswith("["):
        return None  # a list for a scalar type: not an example value
    return f"dense<{value}> : {ty}"


# Examples the spec states wrongly (checked against the spec's own semantics sections and
# StableHLO's verifier); listed in SKIPPED.md with the reason instead of being tested.
SPEC_DEFECTS = {
    "cholesky": "the example's result type is f32 for an f64 operand (fails type inference)",
    "cosine": "expected values are cos of the exact angles, not of the rounded f32 inputs",
    "sine": "expected values are sin of the exact angles, not of the rounded f32 inputs",
    "tan": "expected values are tan of the exact angles, not of the rounded f64 inputs",
    "divide": "the example divides 17.1 but states 17/3 = 5.66666651",
    "dynamic_conv": "input_spatial_dimensions = [0, 1] overlaps the batch dimension (rejected by the verifier)",
    "is_finite": "the operand type is written `tensor<7xf64` (no closing `>`)",
    "rng": "rng is not supported by StableHLO's reference interpreter either (interpreter_status.md: TBD)",
}


def floatify(value):
    """Integer literals in a float example (`[6, 8]` for f32) written as floats, as MLIR requires."""
    return re.sub(r"(?<![\w.])(-?\d+)(?![\w.])", r"\1.0", value)


def examples(lines):
    """(input comments, op lines, output comments) for each op statement of a code block."""
    ops, i = [], 0
    while i < len(lines):
        l = lines[i]
        if l.strip() and not l.strip().startswith("//"):
            j = i
            # An op runs on while lines are not top-level comments (comments inside it are indented).
            while j + 1 < len(lines) and lines[j + 1].strip() and not lines[j + 1].startswith("//"):
                j += 1
            ops.append((i, j))
            i = j + 1
        else:
            i += 1
    out = []
    for k, (a, b) in enumerate(ops):
        before = lines[ops[k - 1][1] + 1 if k else 0 : a]
        after = lines[b + 1 : ops[k + 1][0] if k + 1 < len(ops) else len(lines)]
        out.append((before, "\n".join(lines[a : b + 1]), after))
    return out


def generate(op, blocks):
    chunks, skipped = [], []
    if op in SPEC_DEFECTS:
        return chunks, [(0, SPEC_DEFECTS[op])]
    exs = [e for block in blocks for e in examples(block.splitlines())]
    for k, (before, op_text, after) in enumerate(exs):
        if any(u in op_text for u in UNSUPPORTED):
            skipped.append((k, "token, tuple, quantized or dynamic types"))
            continue
        if op_text.count('"stablehlo.') == 0 or not op_text.lstrip().startswith("%"):
            skipped.append((k, "not a single stablehlo op with results"))
            continue
        head = op_text.split("=", 1)[0]
        results = [r.strip() for r in head.split(",")]
        m = re.match(r'\s*%[^=]+=\s*"stablehlo\.[\w.]+"\(([^)]*)\)', op_text)
        if not m:
            skipped.append((k, "operands not in one list"))
            continue
        operands = [o.strip() for o in m.group(1).split(",") if o.strip()]
        ft = function_type(op_text)
        if ft is None or len(ft[0]) != len(operands) or len(ft[1]) != len(results):
            skipped.append((k, "function type not understood"))
            continue
        defined = set(operands) | set(re.findall(r"(%[\w#]+)\s*[:=]", op_text))
        if set(re.findall(r"%[\w#]+", op_text)) - defined - set(results):
            skipped.append((k, "the op uses values defined outside it (region captures)"))
            continue
        ins, outs = parse_comments(before), parse_comments(after)
        body, ok, seen = [], True, set()
        for name, ty in zip(operands, ft[0]):
            if name in seen:
                continue
            seen.add(name)
            v = ins.get(name)
            a = attr(floatify(v) if v and elem_kind(ty) == "float" else v, ty)
            if a is None:
                ok = False
                break
            body.append(f"  {name} = stablehlo.constant {a}")
        checks = []
        for name, ty in zip(results, ft[1]):
            v = outs.get(name)
            a = attr(floatify(v) if v and elem_kind(ty) == "float" else v, ty)
            if a is None:
                ok = False
                break
            check = "check.expect_almost_eq_const" if elem_kind(ty) == "float" else "check.expect_eq_const"
            checks.append(f"  {check} {name}, {a}")
        if not ok:
            skipped.append((k, "a value is symbolic (inf, nan, names), missing or not a literal"))
            continue
        fn = [f"func.func @{op}_{k}() {{"] + body + ["  " + l for l in op_text.splitlines()] + checks
        chunks.append("\n".join(fn + ["  func.return", "}"]))
    return chunks, skipped


def main():
    spec = Path(sys.argv[1]).read_text()
    out_dir = Path(__file__).parent
    sections = re.split(r"^### ", spec, flags=re.M)[1:]
    skipped_all = []
    written = 0
    for sec in sections:
        op = sec.split("\n", 1)[0].strip()
        if not re.fullmatch(r"[a-z_0-9]+", op):
            continue
        ex = sec.split("#### Examples", 1)
        if len(ex) < 2:
            continue
        blocks = re.findall(r"```mlir\n(.*?)```", ex[1], re.S)
        chunks, skipped = generate(op, blocks)
        skipped_all += [(op, k, why) for k, why in skipped]
        if not chunks:
            continue
        header = (
            f"// The examples of `{op}` in the StableHLO spec, run on the interpreter.\n"
            "// Generated by tests/spec/gen.py from ../shared/reference/stablehlo/spec.md; do not edit.\n"
            "// RUN: strata-run --interpret --split-input-file %s\n\n"
        )
        (out_dir / f"{op}.mlir").write_text(header + "\n\n// -----\n\n".join(chunks) + "\n")
        written += 1
    lines = ["# Spec examples not turned into tests", "", "| op | example | reason |", "|---|---|---|"]
    lines += [f"| {op} | {k} | {why} |" for op, k, why in skipped_all]
    (out_dir / "SKIPPED.md").write_text("\n".join(lines) + "\n")
    print(f"{written} test files, {len(skipped_all)} examples skipped")


main()
