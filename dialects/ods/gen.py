#!/usr/bin/env python3
"""Generate Strata's op tables (dialects/src/ods/gen_<dialect>.rs) from MLIR 22's ODS.

Run from the repository root:  python3 dialects/ods/gen.py [/usr/lib/llvm-22]
It runs `llvm-tblgen-22 --dump-json` on each dialect's *Ops.td and writes one Rust table per
dialect: op names, operands/results (with variadicity and type constraint), inherent
attributes (kind, optionality, default value as MLIR text), regions, successors, traits and the
declarative assembly format string. For linalg it also transcribes the named ops' region
builders and static indexing maps from LinalgNamedStructuredOps.yamlgen.cpp.inc.
The output is committed; rerun only when moving to another MLIR version.
"""
import json, os, re, subprocess, sys

LLVM = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/llvm-22"
INC = LLVM + "/include"
TBLGEN = "llvm-tblgen-22"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "ods")

DIALECTS = {
    "arith": ["Arith/IR/ArithOps.td"],
    "math": ["Math/IR/MathOps.td"],
    "tensor": ["Tensor/IR/TensorOps.td"],
    "linalg": ["Linalg/IR/LinalgOps.td", "Linalg/IR/LinalgStructuredOps.td", "Linalg/IR/LinalgRelayoutOps.td"],
    "scf": ["SCF/IR/SCFOps.td"],
    "cf": ["ControlFlow/IR/ControlFlowOps.td"],
    "complex": ["Complex/IR/ComplexOps.td"],
    "memref": ["MemRef/IR/MemRefOps.td"],
    "bufferization": ["Bufferization/IR/BufferizationOps.td"],
    "affine": ["Affine/IR/AffineOps.td"],
    "vector": ["Vector/IR/VectorOps.td"],
    "ub": ["UB/IR/UBOps.td"],
}


def rs(s):
    """A Rust string literal."""
    return json.dumps(s if s is not None else "")


class Gen:
    def __init__(self, j, dialect):
        self.j = j
        self.dialect = dialect

    def d(self, ref):
        return self.j[ref["def"]] if isinstance(ref, dict) else self.j[ref]

    def flat_traits(self, refs):
        out = []
        for r in refs:
            d = self.d(r)
            if "TraitList" in d["!superclasses"]:
                out += self.flat_traits(d["traits"])
            else:
                out.append(d)
        return out

    def enum_cases(self, info):
        cases = []
        for e in info["enumerants"]:
            ed = self.d(e)
            cases.append((ed["str"], ed["value"]))
        return cases

    def attr_kind(self, d):
        """(kind expression, default text, optional) of an attribute constraint."""
        optional = bool(d.get("isOptional"))
        default = d.get("defaultValue") or None
        base = d
        while base.get("baseAttr"):
            base = self.d(base["baseAttr"])
            optional = optional or bool(base.get("isOptional"))
            if default is None:
                default = base.get("defaultValue") or None
        sc = base["!superclasses"]
        name = base["!name"]
        kind = None
        deftext = None
        if "EnumAttr" in sc and "AttrDef" in sc:
            info = self.d(base["enum"])
            prefix = "#" + base["attrName"]
            bit = "BitEnumAttr" in info["!superclasses"] or "BitEnumBase" in info["!superclasses"] or any("BitEnum" in s for s in info["!superclasses"])
            cases = self.enum_cases(info)
            sep = info.get("separator") or ", "
            if sep == "|":
                sep = " | "
            groups = bool(info.get("printBitEnumPrimaryGroups", 0))
            kind = "AttrKind::DialectEnum { prefix: %s, bit: %s, sep: %s, groups: %s, cases: &[%s] }" % (
                rs(prefix), "true" if bit else "false", rs(sep), "true" if groups else "false",
                ", ".join("(%s, %d)" % (rs(s), v) for s, v in cases))
            if default:
                sym = default.split("::")[-1]
                # the case whose C++ symbol is `sym`
                txt = None
                for e in info["enumerants"]:
                    ed = self.d(e)
                    if ed["symbol"] == sym:
                        txt = ed["str"]
                if txt is None:
                    txt = sym
                deftext = "%s<%s>" % (prefix, txt)
        elif "IntEnumAttr" in sc or ("EnumAttrInfo" in sc and "bitwidth" in base):
            cases = self.enum_cases(base)
            kind = "AttrKind::IntEnum { width: %d, cases: &[%s] }" % (
                base["bitwidth"], ", ".join("(%s, %d)" % (rs(s), v) for s, v in cases))
        elif name in ("UnitAttr", "UnitProp"):
            kind = "AttrKind::Unit"
            if name == "UnitProp":
                # A bool property: absent prints `name = false` in the generic form, set prints `name`.
                deftext = "false"
        elif name == "BoolAttr":
            kind = "AttrKind::Bool"
            if default:
                deftext = default
        elif name in ("I64Attr", "I32Attr", "I16Attr", "I8Attr", "I1Attr", "IndexAttr", "SI64Attr", "UI64Attr", "UI32Attr", "SI32Attr"):
            ty = {"IndexAttr": "index"}.get(name, name[:-4].lower())
            kind = "AttrKind::Int { ty: %s }" % rs(ty)
            if default:
                deftext = "%s : %s" % (default, ty) if ty != "index" else "%s : index" % default
        elif name in ("F32Attr", "F64Attr"):
            kind = "AttrKind::Float { ty: %s }" % rs(name[:3].lower())
        elif name in ("StrAttr", "SymbolNameAttr"):
            kind = "AttrKind::Str" if name == "StrAttr" else "AttrKind::SymbolName"
        elif name in ("FlatSymbolRefAttr", "SymbolRefAttr"):
            kind = "AttrKind::SymbolRef"
        elif name in ("TypeAttr",) or "TypeAttrBase" in sc or name.startswith("TypeAttrOf"):
            kind = "AttrKind::Type"
        elif "DenseArrayAttrBase" in sc:
            elt = {"DenseI64ArrayAttr": "i64", "DenseI32ArrayAttr": "i32", "DenseI16ArrayAttr": "i16", "DenseI8ArrayAttr": "i8",
                   "DenseBoolArrayAttr": "i1", "DenseF32ArrayAttr": "f32", "DenseF64ArrayAttr": "f64"}.get(name)
            if elt is None:
                st = base.get("storageType", "")
                elt = "i64" if "I64" in st else "i32" if "I32" in st else "i1" if "Bool" in st else "i64"
            kind = "AttrKind::DenseArray { elt: %s }" % rs(elt)
            if default:
                m = re.search(r"\{([^}]*)\}", default)
                if m is not None:
                    deftext = "array<%s%s>" % (elt, (": " + m.group(1).strip()) if m.group(1).strip() else "")
        elif name in ("AffineMapAttr",):
            kind = "AttrKind::AffineMap"
        elif name in ("AffineMapArrayAttr",):
            kind = "AttrKind::AffineMapArray"
        elif name in ("TypedAttrInterface", "AnyAttr") or base.get("storageType", "").strip() in ("::mlir::TypedAttr", "::mlir::Attribute"):
            kind = "AttrKind::Any"
        elif "ArrayAttrBase" in sc or "TypedArrayAttrBase" in sc or name == "ArrayAttr" or base.get("storageType", "").strip() == "::mlir::ArrayAttr":
            kind = "AttrKind::Array"
            if default and default.strip() in ("{}", "::llvm::ArrayRef<::mlir::Attribute>{}"):
                deftext = "[]"
        elif "ElementsAttrBase" in sc or "Elements" in name or "ElementsAttr" in base.get("storageType", ""):
            kind = "AttrKind::Elements"
        elif "AttrDef" in sc:
            kind = "AttrKind::DialectAttr { prefix: %s }" % rs("#" + base.get("attrName", ""))
        elif name == "DictionaryAttr":
            kind = "AttrKind::Dict"
        else:
            kind = "AttrKind::Any"
        if default and name == "PoisonAttrInterface":
            # `{}`: mlir-opt-22 builds `#ub.poison` (and elides it in the custom form).
            deftext = "#ub.poison"
        return kind, deftext, optional, default is not None

    def var_of(self, d):
        sc = d["!superclasses"]
        if "VariadicOfVariadic" in sc:
            return "Var::VariadicOfVariadic"
        if "Variadic" in sc:
            return "Var::Variadic"
        if "Optional" in sc:
            return "Var::Optional"
        return "Var::Single"

    def cons_name(self, d):
        sc = d["!superclasses"]
        base = d
        while ("Variadic" in base["!superclasses"] or "Optional" in base["!superclasses"]) and base.get("baseType"):
            base = self.d(base["baseType"])
        name = base["!name"]
        if name.startswith("anonymous"):
            name = "anon:" + (base.get("summary") or "")
        return name, (base.get("summary") or "")

    def op(self, rec):
        d = self.j[rec]
        name = self.dialect + "." + d["opName"]
        operands, attrs = [], []
        for arg, an in d["arguments"]["args"]:
            ad = self.d(arg)
            sc = ad["!superclasses"]
            if "Attr" in sc or "AttrConstraint" in sc or "Property" in sc:
                kind, deftext, optional, hasdef = self.attr_kind(ad)
                attrs.append("AttrDef { name: %s, kind: %s, optional: %s, default: %s }" % (
                    rs(an), kind, "true" if optional else "false", "Some(%s)" % rs(deftext) if deftext else "None"))
            else:
                cn, summ = self.cons_name(ad)
                operands.append("ArgDef { name: %s, var: %s, cons: %s, summary: %s }" % (rs(an), self.var_of(ad), rs(cn), rs(summ)))
        results = []
        for arg, an in d["results"]["args"]:
            ad = self.d(arg)
            cn, summ = self.cons_name(ad)
            results.append("ArgDef { name: %s, var: %s, cons: %s, summary: %s }" % (rs(an), self.var_of(ad), rs(cn), rs(summ)))
        regions = []
        for arg, an in d["regions"]["args"]:
            ad = self.d(arg)
            sc = ad["!superclasses"]
            variadic = "VariadicRegion" in sc
            base = ad
            if variadic and ad.get("region"):
                base = self.d(ad["region"])
            single = "SizedRegion" in base["!superclasses"] or base["!name"] in ("SizedRegion", "AnyRegion") and False
            summ = base.get("summary") or ""
            single = "1 blocks" in summ or "one block" in summ or base["!name"] in ("SizedRegion<1>",)
            regions.append("RegionDef { name: %s, variadic: %s, single_block: %s }" % (rs(an), "true" if variadic else "false", "true" if single else "false"))
        succs = []
        for arg, an in d["successors"]["args"]:
            ad = self.d(arg)
            succs.append("SuccDef { name: %s, variadic: %s }" % (rs(an), "true" if "VariadicSuccessor" in ad["!superclasses"] else "false"))
        traits = []
        for t in self.flat_traits(d["traits"]):
            sc = t["!superclasses"]
            tn = t["!name"]
            if not tn.startswith("anonymous"):
                traits.append(tn)
                continue
            if "AllTypesMatch" in sc:
                traits.append("AllTypesMatch:" + ",".join(t["values"]))
            elif "TypesMatchWith" in sc:
                traits.append("TypesMatchWith:%s:%s:%s" % (t["lhs"], t["rhs"], t["transformer"].replace("\n", " ")))
            elif "AllElementTypesMatch" in sc:
                traits.append("AllElementTypesMatch:" + ",".join(t["values"]))
            elif "AllShapesMatch" in sc:
                traits.append("AllShapesMatch:" + ",".join(t["values"]))
            elif "AllRanksMatch" in sc:
                traits.append("AllRanksMatch:" + ",".join(t["values"]))
            elif "DeclareOpInterfaceMethods" in sc or "OpInterface" in sc:
                traits.append(t.get("cppInterfaceName", "Interface"))
            elif "trait" in t and t.get("trait"):
                tr = t["trait"]
                m = re.match(r'SingleBlockImplicitTerminator<"?(?:\w+::)*(\w+)"?>', tr)
                if m:
                    cls = m.group(1)
                    snake = re.sub(r"(?<!^)(?=[A-Z])", "_", cls[:-2] if cls.endswith("Op") else cls).lower()
                    traits.append("SingleBlockImplicitTerminator:" + self.cls_to_op.get(cls, self.dialect + "." + snake))
                    continue
                m = re.match(r'(HasParent|ParentOneOf)<(.*)>::Impl', tr)
                if m:
                    ps = [self.cls_to_op.get(p.strip().split("::")[-1], p.strip()) for p in m.group(2).split(",")]
                    traits.append("HasParent:" + ",".join(ps))
                    continue
                traits.append(tr.split("<")[0].split("::")[-1])
            elif "PredOpTrait" in sc:
                traits.append("Pred:" + (t.get("summary") or ""))
            else:
                traits.append(sc[-1])
        fmt = d["assemblyFormat"] or ""
        return name, ("    OpDef {\n        name: %s,\n        operands: &[%s],\n        results: &[%s],\n        attrs: &[%s],\n"
                      "        regions: &[%s],\n        successors: &[%s],\n        traits: &[%s],\n        format: %s,\n"
                      "        custom_asm: %s,\n        has_verifier: %s,\n        summary: %s,\n    },\n") % (
            rs(name), ", ".join(operands), ", ".join(results), ", ".join(attrs), ", ".join(regions), ", ".join(succs),
            ", ".join(rs(t) for t in traits), rs(" ".join(fmt.split())), "true" if d["hasCustomAssemblyFormat"] else "false",
            "true" if (d["hasVerifier"] or d["hasRegionVerifier"]) else "false", rs(d["summary"]))


def linalg_named(path):
    """Region builders and static indexing maps of linalg's OpDSL named ops."""
    src = open(path).read()
    bodies = {}
    for m in re.finditer(r"void (\w+)Op::regionBuilder\(.*?\n\}\n", src, re.S):
        cls = m.group(1)
        steps = []
        for line in m.group(0).split("\n"):
            line = line.strip()
            mm = re.match(r"Value value(\d+) = helper\.(\w+)\((.*)\);$", line)
            if not mm:
                continue
            fn, args = mm.group(2), mm.group(3)
            args = args.replace(", emitError", "")
            steps.append((int(mm.group(1)), fn, args))
        bodies[cls] = steps
    maps = {}
    for m in re.finditer(r"ArrayAttr (\w+)Op::getIndexingMaps\(\) \{(.*?)\n\}\n", src, re.S):
        ms = re.findall(r'parseAttribute\("(affine_map<[^"]*>)"', m.group(2))
        maps[m.group(1)] = ms
    binds = {}
    for m in re.finditer(r"getSymbolBindings\((\w+)Op self\) \{(.*?)\n\}\n", src, re.S):
        out = []
        for line in m.group(2).split("\n"):
            line = line.strip()
            a = re.match(r"exprs\.push_back\(getAffineSymbolExpr\((\d+), context\)\);", line)
            b = re.match(r"int64_t cst(\d+) = self\.get(\w+)\(\)\.getValues<int64_t>\(\)\[(\d+)\];", line)
            if a:
                out.append("Sym(%s)" % a.group(1))
            elif b:
                attr = b.group(2)
                attr = attr[0].lower() + attr[1:]
                out.append("Attr(%s, %s)" % (rs(attr), b.group(3)))
        binds[m.group(1)] = out
    return bodies, maps, binds


def step_rs(fn, args):
    def val(a):
        a = a.strip()
        m = re.match(r"block\.getArgument\((\d+)\)$", a)
        if m:
            return "V::Arg(%s)" % m.group(1)
        m = re.match(r"value(\d+)$", a)
        if m:
            return "V::Val(%s)" % m.group(1)
        return None

    def ty(a):
        a = a.strip()
        m = re.match(r"block\.getArgument\((\d+)\)\.getType\(\)$", a)
        if m:
            return "T::ArgType(%s)" % m.group(1)
        m = re.match(r"helper\.getIntegerType\((\d+)\)$", a)
        if m:
            return "T::Int(%s)" % m.group(1)
        if a == "castVal":
            return "T::CastAttr"
        if a == "helper.getFloat64Type()":
            return "T::F64"
        if a == "helper.getFloat32Type()":
            return "T::F32"
        return None
    parts = [p.strip() for p in split_args(args)]
    if fn == "buildTypeFn":
        f = parts[0].split("::")[-1]
        return "Step::Type(%s, %s, %s)" % (rs(f if "::" in parts[0] else "cast_attr"), ty(parts[1]), val(parts[2]))
    if fn == "buildBinaryFn":
        f = parts[0].split("::")[-1]
        return "Step::Binary(%s, %s, %s)" % (rs(f if "::" in parts[0] else "fun_attr"), val(parts[1]), val(parts[2]))
    if fn == "buildUnaryFn":
        f = parts[0].split("::")[-1]
        return "Step::Unary(%s, %s)" % (rs(f if "::" in parts[0] else "fun_attr"), val(parts[1]))
    if fn == "buildTernaryFn":
        return "Step::Ternary(%s, %s, %s, %s)" % (rs(parts[0].split("::")[-1]), val(parts[1]), val(parts[2]), val(parts[3]))
    if fn == "constant":
        return "Step::Constant(%s)" % rs(parts[0].strip('"'))
    if fn == "index":
        return "Step::Index(%s)" % parts[0]
    raise SystemExit("unknown region step " + fn + args)


def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    for dialect, tds in DIALECTS.items():
        chunks, names = [], []
        named_rs = ""
        for td in tds:
            j = json.loads(subprocess.check_output([TBLGEN, "--dump-json", "-I", INC, INC + "/mlir/Dialect/" + td]))
            g = Gen(j, dialect)
            g.cls_to_op = {}
            for rec in j["!instanceof"]["Op"]:
                g.cls_to_op[rec.split("_", 1)[-1] if "_" in rec else rec] = dialect + "." + j[rec]["opName"]
            for rec in sorted(j["!instanceof"]["Op"], key=lambda r: j[r]["opName"]):
                if j[rec]["opDialect"]["def"] not in (j[rec]["opDialect"]["def"],):
                    continue
                name, text = g.op(rec)
                if name in names:
                    continue
                names.append(name)
                chunks.append((name, text))
        chunks.sort()
        body = "".join(t for _, t in chunks)
        if dialect == "linalg":
            bodies, maps, binds = linalg_named(INC + "/mlir/Dialect/Linalg/IR/LinalgNamedStructuredOps.yamlgen.cpp.inc")
            j = json.loads(subprocess.check_output([TBLGEN, "--dump-json", "-I", INC, INC + "/mlir/Dialect/Linalg/IR/LinalgStructuredOps.td"]))
            cls_name = {}
            for rec in j["!instanceof"]["Op"]:
                cls_name[j[rec].get("cppClassName") or rec] = "linalg." + j[rec]["opName"]
            entries = []
            for cls in sorted(bodies):
                opn = None
                for rec in j["!instanceof"]["Op"]:
                    if rec == cls + "Op" or rec.endswith("_" + cls + "Op") or rec == cls:
                        opn = "linalg." + j[rec]["opName"]
                if opn is None:
                    continue
                steps = ", ".join("(%d, %s)" % (n, step_rs(fn, a)) for n, fn, a in bodies[cls])
                entries.append("    NamedOp {\n        name: %s,\n        body: &[%s],\n        maps: &[%s],\n        bindings: &[%s],\n    },\n" % (
                    rs(opn), steps, ", ".join(rs(m) for m in maps.get(cls, [])), ", ".join(binds.get(cls, []))))
            named_rs = "\n/// The OpDSL named ops: region body steps, indexing maps (with symbols) and symbol bindings.\npub static NAMED: &[NamedOp] = &[\n%s];\n" % "".join(entries)
        text = ("// @generated by dialects/ods/gen.py from MLIR 22's ODS (%s). Do not edit.\n"
                "#![allow(clippy::all)]\n\nuse super::*;\n\n/// The ops of `%s`, sorted by name.\npub static OPS: &[OpDef] = &[\n%s];\n%s") % (
            ", ".join(tds), dialect, body, named_rs)
        with open(os.path.join(OUT, "gen_%s.rs" % dialect), "w") as f:
            f.write(text)
        print(dialect, len(chunks))


if __name__ == "__main__":
    main()
