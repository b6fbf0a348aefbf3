//! StableHLO elementwise ops on scalars (StableHLO's `MapStablehloOpToScalarOp`): the body of
//! every pointwise `linalg.generic`, and of the reducer regions (`reduce`, `sort`, `scatter`,
//! ...), whose 0-d tensor ops become these scalar ops.
//!
//! Integer semantics follow the spec (division by zero gives -1 / the dividend, shifts by the
//! bit width or more saturate), as StableHLO's lowering does.

use strata_dialects::stablehlo::attrs::{ComparisonDirection, ComparisonType};
use strata_ir::{FloatKind, Type, Value};

use super::builder::{LResult, B};

/// What a scalar op needs besides its operands.
#[derive(Clone, Debug, Default)]
pub struct ScalarAttrs {
    /// `compare`'s direction.
    pub dir: Option<ComparisonDirection>,
    /// `compare`'s type.
    pub cmp_type: Option<ComparisonType>,
    /// `reduce_precision`'s exponent bits.
    pub exponent_bits: i64,
    /// `reduce_precision`'s mantissa bits.
    pub mantissa_bits: i64,
}

/// Element kinds as the mapping needs them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum K {
    F,
    I,
    U,
    Bool,
    C,
}

fn kind(b: &B, t: Type) -> Option<K> {
    if b.float_kind(t).is_some() {
        return Some(K::F);
    }
    if b.complex_elt(t).is_some() {
        return Some(K::C);
    }
    match b.int_width(t) {
        Some(1) => Some(K::Bool),
        Some(_) if b.is_unsigned(t) => Some(K::U),
        Some(_) => Some(K::I),
        None => None,
    }
}

/// Whether `name` is an elementwise StableHLO op this module maps.
pub fn is_elementwise(name: &str) -> bool {
    matches!(
        name.strip_prefix("stablehlo.").unwrap_or(""),
        "abs"
            | "add"
            | "and"
            | "atan2"
            | "bitcast_convert"
            | "cbrt"
            | "ceil"
            | "clamp"
            | "compare"
            | "complex"
            | "convert"
            | "cosine"
            | "count_leading_zeros"
            | "divide"
            | "exponential"
            | "exponential_minus_one"
            | "floor"
            | "imag"
            | "is_finite"
            | "log"
            | "log_plus_one"
            | "logistic"
            | "maximum"
            | "minimum"
            | "multiply"
            | "negate"
            | "not"
            | "or"
            | "popcnt"
            | "power"
            | "real"
            | "reduce_precision"
            | "remainder"
            | "round_nearest_afz"
            | "round_nearest_even"
            | "rsqrt"
            | "select"
            | "shift_left"
            | "shift_right_arithmetic"
            | "shift_right_logical"
            | "sign"
            | "sine"
            | "sqrt"
            | "subtract"
            | "tan"
            | "tanh"
            | "xor"
    )
}

fn unsupported(b: &B, op: &str, t: Type) -> String {
    format!("'{}' on element type {} has no scalar lowering", op, strata_ir::printer::type_to_string(b.ctx(), t))
}

/// Build the scalar form of StableHLO op `name` (`stablehlo.add`) on `args` (signless scalars),
/// given the original element types of the operands (`in_elts`, signedness kept) and of the
/// result (`out_elt`).
pub fn scalar_op(
    b: &mut B,
    name: &str,
    args: &[Value],
    in_elts: &[Type],
    out_elt: Type,
    at: &ScalarAttrs,
) -> LResult<Value> {
    let short = name.strip_prefix("stablehlo.").unwrap_or(name);
    let t0 = *in_elts.first().unwrap_or(&out_elt);
    let k = kind(b, t0).ok_or_else(|| unsupported(b, name, t0))?;
    let out_sl = b.signless(out_elt);
    let a = args.first().copied();
    let x = || a.expect("operand");
    macro_rules! pick {
        ($f:expr, $i:expr, $c:expr) => {
            match k {
                K::F => $f,
                K::I | K::U | K::Bool => $i,
                K::C => $c,
            }
        };
    }
    let r = match short {
        "add" => {
            let n = pick!("arith.addf", if k == K::Bool { "arith.ori" } else { "arith.addi" }, "complex.add");
            b.bin(n, args[0], args[1])
        }
        "subtract" => {
            let n = pick!("arith.subf", if k == K::Bool { "arith.xori" } else { "arith.subi" }, "complex.sub");
            b.bin(n, args[0], args[1])
        }
        "multiply" => {
            let n = pick!("arith.mulf", if k == K::Bool { "arith.andi" } else { "arith.muli" }, "complex.mul");
            b.bin(n, args[0], args[1])
        }
        "divide" => match k {
            K::F => b.bin("arith.divf", args[0], args[1]),
            K::C => b.bin("complex.div", args[0], args[1]),
            K::U | K::Bool => {
                let t = b.ty(args[0]);
                let m1 = b.cint(-1, t);
                let zero = b.cint(0, t);
                let one = b.cint(1, t);
                let is0 = b.cmpi("eq", args[1], zero);
                let safe = b.select(is0, one, args[1]);
                let q = b.bin("arith.divui", args[0], safe);
                b.select(is0, m1, q)
            }
            K::I => {
                let t = b.ty(args[0]);
                let w = b.int_width(t).unwrap_or(32);
                let m1 = b.cint(-1, t);
                let smin = b.cint(-(1i128 << (w - 1)), t);
                let zero = b.cint(0, t);
                let one = b.cint(1, t);
                let is0 = b.cmpi("eq", args[1], zero);
                let lmin = b.cmpi("eq", args[0], smin);
                let rm1 = b.cmpi("eq", args[1], m1);
                let ovf = b.bin("arith.andi", lmin, rm1);
                let bad = b.bin("arith.ori", is0, ovf);
                let safe = b.select(bad, one, args[1]);
                let q = b.bin("arith.divsi", args[0], safe);
                let q = b.select(ovf, smin, q);
                b.select(is0, m1, q)
            }
        },
        "remainder" => match k {
            K::F => b.bin("arith.remf", args[0], args[1]),
            K::C => return Err(unsupported(b, name, t0)),
            K::U | K::Bool => {
                let t = b.ty(args[0]);
                let zero = b.cint(0, t);
                let one = b.cint(1, t);
                let is0 = b.cmpi("eq", args[1], zero);
                let safe = b.select(is0, one, args[1]);
                let r = b.bin("arith.remui", args[0], safe);
                b.select(is0, args[0], r)
            }
            K::I => {
                let t = b.ty(args[0]);
                let w = b.int_width(t).unwrap_or(32);
                let m1 = b.cint(-1, t);
                let smin = b.cint(-(1i128 << (w - 1)), t);
                let zero = b.cint(0, t);
                let one = b.cint(1, t);
                let is0 = b.cmpi("eq", args[1], zero);
                let lmin = b.cmpi("eq", args[0], smin);
                let rm1 = b.cmpi("eq", args[1], m1);
                let ovf = b.bin("arith.andi", lmin, rm1);
                let bad = b.bin("arith.ori", is0, ovf);
                let safe = b.select(bad, one, args[1]);
                let r = b.bin("arith.remsi", args[0], safe);
                let r = b.select(ovf, zero, r);
                b.select(is0, args[0], r)
            }
        },
        "maximum" | "minimum" => {
            let mx = short == "maximum";
            let n = match k {
                K::F => {
                    if mx {
                        "arith.maximumf"
                    } else {
                        "arith.minimumf"
                    }
                }
                K::I => {
                    if mx {
                        "arith.maxsi"
                    } else {
                        "arith.minsi"
                    }
                }
                K::U | K::Bool => {
                    if mx {
                        "arith.maxui"
                    } else {
                        "arith.minui"
                    }
                }
                K::C => {
                    // Lexicographic on (re, im), as the interpreter: a if a > b (a < b) else b.
                    let t = b.ty(args[0]);
                    let e = b.complex_elt(t).expect("complex");
                    let (ar, ai) = (b.cast("complex.re", args[0], e), b.cast("complex.im", args[0], e));
                    let (br, bi) = (b.cast("complex.re", args[1], e), b.cast("complex.im", args[1], e));
                    let p = if mx { "ogt" } else { "olt" };
                    let req = b.cmpf("oeq", ar, br);
                    let ci = b.cmpf(p, ai, bi);
                    let cr = b.cmpf(p, ar, br);
                    let pick = b.select(req, ci, cr);
                    return Ok(b.select(pick, args[0], args[1]));
                }
            };
            b.bin(n, args[0], args[1])
        }
        "and" | "or" | "xor" => {
            if matches!(k, K::F | K::C) {
                return Err(unsupported(b, name, t0));
            }
            b.bin(&format!("arith.{short}i"), args[0], args[1])
        }
        "not" => {
            if matches!(k, K::F | K::C) {
                return Err(unsupported(b, name, t0));
            }
            let t = b.ty(x());
            let m1 = b.cint(-1, t);
            b.bin("arith.xori", x(), m1)
        }
        "negate" => match k {
            K::F => b.un("arith.negf", x()),
            K::C => b.un("complex.neg", x()),
            _ => {
                let t = b.ty(x());
                let z = b.cint(0, t);
                b.bin("arith.subi", z, x())
            }
        },
        "abs" => match k {
            K::F => b.un("math.absf", x()),
            K::C => b.cast("complex.abs", x(), out_sl),
            K::I => b.un("math.absi", x()),
            _ => x(),
        },
        "sign" => match k {
            K::F => {
                // sign(x) = x for 0 and NaN, else copysign(1, x).
                let t = b.ty(x());
                let zero = b.cfloat(0.0, t);
                let one = b.cfloat(1.0, t);
                let ne0 = b.cmpf("one", x(), zero);
                let s = b.bin("math.copysign", one, x());
                b.select(ne0, s, x())
            }
            K::C => b.un("complex.sign", x()),
            K::I => {
                // (x >> (w-1)) | (x != 0)
                let t = b.ty(x());
                let w = b.int_width(t).unwrap_or(32);
                let zero = b.cint(0, t);
                let sh = b.cint(w as i128 - 1, t);
                let ne = b.cmpi("ne", x(), zero);
                let nez = b.cast("arith.extui", ne, t);
                let hi = b.bin("arith.shrsi", x(), sh);
                b.bin("arith.ori", hi, nez)
            }
            _ => {
                let t = b.ty(x());
                let zero = b.cint(0, t);
                let ne = b.cmpi("ne", x(), zero);
                if b.int_width(t) == Some(1) {
                    ne
                } else {
                    b.cast("arith.extui", ne, t)
                }
            }
        },
        "exponential" => b.un(pick!("math.exp", return Err(unsupported(b, name, t0)), "complex.exp"), x()),
        "exponential_minus_one" => {
            b.un(pick!("math.expm1", return Err(unsupported(b, name, t0)), "complex.expm1"), x())
        }
        "log" => b.un(pick!("math.log", return Err(unsupported(b, name, t0)), "complex.log"), x()),
        "log_plus_one" => b.un(pick!("math.log1p", return Err(unsupported(b, name, t0)), "complex.log1p"), x()),
        "sqrt" => b.un(pick!("math.sqrt", return Err(unsupported(b, name, t0)), "complex.sqrt"), x()),
        "rsqrt" => b.un(pick!("math.rsqrt", return Err(unsupported(b, name, t0)), "complex.rsqrt"), x()),
        "cbrt" => {
            b.un(pick!("math.cbrt", return Err(unsupported(b, name, t0)), return Err(unsupported(b, name, t0))), x())
        }
        "sine" => b.un(pick!("math.sin", return Err(unsupported(b, name, t0)), "complex.sin"), x()),
        "cosine" => b.un(pick!("math.cos", return Err(unsupported(b, name, t0)), "complex.cos"), x()),
        "tan" => b.un(pick!("math.tan", return Err(unsupported(b, name, t0)), "complex.tan"), x()),
        "tanh" => b.un(pick!("math.tanh", return Err(unsupported(b, name, t0)), "complex.tanh"), x()),
        "atan2" => b.bin(pick!("math.atan2", return Err(unsupported(b, name, t0)), "complex.atan2"), args[0], args[1]),
        "floor" | "ceil" | "round_nearest_afz" | "round_nearest_even" => {
            if k != K::F {
                return Err(unsupported(b, name, t0));
            }
            let n = match short {
                "floor" => "math.floor",
                "ceil" => "math.ceil",
                "round_nearest_afz" => "math.round",
                _ => "math.roundeven",
            };
            b.un(n, x())
        }
        "logistic" => match k {
            K::F => {
                let t = b.ty(x());
                let one = b.cfloat(1.0, t);
                let n = b.un("arith.negf", x());
                let e = b.un("math.exp", n);
                let d = b.bin("arith.addf", e, one);
                b.bin("arith.divf", one, d)
            }
            K::C => {
                let t = b.ty(x());
                let et = b.complex_elt(t).expect("complex");
                let zero = b.cfloat(0.0, et);
                let onef = b.cfloat(1.0, et);
                let n = b.un("complex.neg", x());
                let e = b.un("complex.exp", n);
                let one = b.op1("complex.create", &[onef, zero], t, vec![]);
                let d = b.bin("complex.add", e, one);
                b.bin("complex.div", one, d)
            }
            _ => return Err(unsupported(b, name, t0)),
        },
        "is_finite" => {
            if k != K::F {
                return Err(unsupported(b, name, t0));
            }
            let t = b.ty(x());
            let inf = b.cfloat(f64::INFINITY, t);
            let ab = b.un("math.absf", x());
            b.cmpf("one", ab, inf)
        }
        "popcnt" => b.un("math.ctpop", x()),
        "count_leading_zeros" => b.un("math.ctlz", x()),
        "shift_left" | "shift_right_logical" | "shift_right_arithmetic" => {
            if matches!(k, K::F | K::C) {
                return Err(unsupported(b, name, t0));
            }
            let t = b.ty(args[0]);
            let w = b.int_width(t).unwrap_or(32) as i128;
            let bits = b.cint(w, t);
            match short {
                "shift_right_arithmetic" => {
                    let maxs = b.cint(w - 1, t);
                    let sh = b.bin("arith.shrsi", args[0], args[1]);
                    let full = b.bin("arith.shrsi", args[0], maxs);
                    let ok = b.cmpi("ult", args[1], bits);
                    b.select(ok, sh, full)
                }
                _ => {
                    let zero = b.cint(0, t);
                    let n = if short == "shift_left" { "arith.shli" } else { "arith.shrui" };
                    let sh = b.bin(n, args[0], args[1]);
                    let ok = b.cmpi("ult", args[1], bits);
                    b.select(ok, sh, zero)
                }
            }
        }
        "power" => match k {
            K::F => b.bin("math.powf", args[0], args[1]),
            K::C => b.bin("complex.pow", args[0], args[1]),
            _ => int_power(b, args[0], args[1], k == K::U)?,
        },
        "compare" => compare(b, args[0], args[1], t0, at)?,
        "select" => b.select(args[0], args[1], args[2]),
        "clamp" => {
            // clamp(lo, x, hi) = min(max(lo, x), hi)
            let (mx, mn) = match k {
                K::F => ("arith.maximumf", "arith.minimumf"),
                K::I => ("arith.maxsi", "arith.minsi"),
                K::U | K::Bool => ("arith.maxui", "arith.minui"),
                K::C => return Err(unsupported(b, name, t0)),
            };
            let m = b.bin(mx, args[0], args[1]);
            b.bin(mn, m, args[2])
        }
        "complex" => b.op1("complex.create", &[args[0], args[1]], out_sl, vec![]),
        "real" => match k {
            K::C => b.cast("complex.re", x(), out_sl),
            _ => x(),
        },
        "imag" => match k {
            K::C => b.cast("complex.im", x(), out_sl),
            _ => {
                let t = b.ty(x());
                b.zero(t)?
            }
        },
        "convert" => convert(b, x(), t0, out_elt)?,
        "bitcast_convert" => {
            if b.ty(x()) == out_sl {
                x()
            } else {
                b.cast("arith.bitcast", x(), out_sl)
            }
        }
        "reduce_precision" => reduce_precision(b, x(), at.exponent_bits, at.mantissa_bits)?,
        _ => return Err(format!("'{name}' is not an elementwise op")),
    };
    Ok(r)
}

/// `compare` with StableHLO's predicates (TOTALORDER on floats through the integer trick).
fn compare(b: &mut B, l: Value, r: Value, t: Type, at: &ScalarAttrs) -> LResult<Value> {
    let dir = at.dir.ok_or("compare without comparison_direction")?;
    let k = kind(b, t).ok_or_else(|| unsupported(b, "stablehlo.compare", t))?;
    let d = match dir {
        ComparisonDirection::EQ => "eq",
        ComparisonDirection::NE => "ne",
        ComparisonDirection::LT => "lt",
        ComparisonDirection::LE => "le",
        ComparisonDirection::GT => "gt",
        ComparisonDirection::GE => "ge",
    };
    match k {
        K::F => {
            if at.cmp_type == Some(ComparisonType::TOTALORDER) {
                let ft = b.ty(l);
                let w = match b.float_kind(ft) {
                    Some(FloatKind::F64) => 64,
                    Some(FloatKind::F32) => 32,
                    Some(FloatKind::F16 | FloatKind::BF16) => 16,
                    _ => return Err(unsupported(b, "stablehlo.compare", t)),
                };
                let it = b.int_ty(w);
                let zero = b.cint(0, it);
                let maxv = b.cint((1i128 << (w - 1)) - 1, it);
                let conv = |b: &mut B, v: Value| {
                    let i = b.cast("arith.bitcast", v, it);
                    let neg = b.cmpi("slt", i, zero);
                    let s = b.bin("arith.subi", maxv, i);
                    b.select(neg, s, i)
                };
                let li = conv(b, l);
                let ri = conv(b, r);
                let p = if d == "eq" || d == "ne" { d.to_string() } else { format!("s{d}") };
                return Ok(b.cmpi(&p, li, ri));
            }
            let p = match d {
                "ne" => "une".to_string(),
                _ => format!("o{d}"),
            };
            Ok(b.cmpf(&p, l, r))
        }
        K::C => match d {
            "eq" => {
                let i1 = b.int_ty(1);
                Ok(b.op1("complex.eq", &[l, r], i1, vec![]))
            }
            "ne" => {
                let i1 = b.int_ty(1);
                Ok(b.op1("complex.neq", &[l, r], i1, vec![]))
            }
            _ => Err("ordered comparison of complex numbers has no scalar lowering".into()),
        },
        K::I | K::U | K::Bool => {
            let unsigned = k != K::I;
            let p = if d == "eq" || d == "ne" {
                d.to_string()
            } else if unsigned {
                format!("u{d}")
            } else {
                format!("s{d}")
            };
            Ok(b.cmpi(&p, l, r))
        }
    }
}

/// `convert` between any two element types (StableHLO's `ConvertOp` mapping).
pub fn convert(b: &mut B, v: Value, from: Type, to: Type) -> LResult<Value> {
    let fk = kind(b, from).ok_or_else(|| unsupported(b, "stablehlo.convert", from))?;
    let tk = kind(b, to).ok_or_else(|| unsupported(b, "stablehlo.convert", to))?;
    let to_sl = b.signless(to);
    let vt = b.ty(v);
    if vt == to_sl && fk == tk {
        return Ok(v);
    }
    let fw = b.int_width(from).unwrap_or(0);
    let tw = b.int_width(to).unwrap_or(0);
    let fbits = b.float_kind(from).map(|k| k.bit_width()).unwrap_or(0);
    let tbits = b.float_kind(to).map(|k| k.bit_width()).unwrap_or(0);
    Ok(match (fk, tk) {
        (_, K::Bool) if fk != K::C => {
            if fk == K::F {
                let z = b.cfloat(0.0, vt);
                b.cmpf("une", v, z)
            } else {
                let z = b.cint(0, vt);
                b.cmpi("ne", v, z)
            }
        }
        (K::Bool, K::F) => b.cast("arith.uitofp", v, to_sl),
        (K::Bool, K::I | K::U) => b.cast("arith.extui", v, to_sl),
        (K::I, K::I | K::U) | (K::U, K::I | K::U) => {
            if tw > fw {
                b.cast(if fk == K::U { "arith.extui" } else { "arith.extsi" }, v, to_sl)
            } else if tw < fw {
                b.cast("arith.trunci", v, to_sl)
            } else {
                v
            }
        }
        (K::I, K::F) => b.cast("arith.sitofp", v, to_sl),
        (K::U, K::F) => b.cast("arith.uitofp", v, to_sl),
        (K::F, K::I) => b.cast("arith.fptosi", v, to_sl),
        (K::F, K::U) => b.cast("arith.fptoui", v, to_sl),
        (K::F, K::F) => {
            if tbits > fbits {
                b.cast("arith.extf", v, to_sl)
            } else if tbits < fbits || b.float_kind(from) != b.float_kind(to) {
                if tbits == fbits {
                    // Same width, different format (f16 <-> bf16): through f32.
                    let f32t = b.float_ty(FloatKind::F32);
                    let e = b.cast("arith.extf", v, f32t);
                    b.cast("arith.truncf", e, to_sl)
                } else {
                    b.cast("arith.truncf", v, to_sl)
                }
            } else {
                v
            }
        }
        (K::C, K::C) => {
            let fe = b.complex_elt(from).expect("complex");
            let te = b.complex_elt(to).expect("complex");
            let re = b.cast("complex.re", v, fe);
            let im = b.cast("complex.im", v, fe);
            let re = convert(b, re, fe, te)?;
            let im = convert(b, im, fe, te)?;
            b.op1("complex.create", &[re, im], to_sl, vec![])
        }
        (K::C, _) => {
            let fe = b.complex_elt(from).expect("complex");
            let re = b.cast("complex.re", v, fe);
            convert(b, re, fe, to)?
        }
        (_, K::C) => {
            let te = b.complex_elt(to).expect("complex");
            let re = convert(b, v, from, te)?;
            let zero = b.cfloat(0.0, te);
            b.op1("complex.create", &[re, zero], to_sl, vec![])
        }
        _ => return Err(unsupported(b, "stablehlo.convert", from)),
    })
}

/// Integer `power` by squaring (6 rounds cover every exponent bit that matters below 64 bits),
/// with the spec's negative exponents: `1^n = 1`, `(-1)^n = ±1`, otherwise 0.
fn int_power(b: &mut B, base: Value, exp: Value, unsigned: bool) -> LResult<Value> {
    let t = b.ty(base);
    let w = b.int_width(t).unwrap_or(32);
    let one = b.cint(1, t);
    let zero = b.cint(0, t);
    // Unrolled square-and-multiply over every bit of the exponent.
    let mut acc = one;
    let mut p = base;
    let mut e = exp;
    for i in 0..w {
        let bit = b.bin("arith.andi", e, one);
        let odd = b.cmpi("ne", bit, zero);
        let m = b.bin("arith.muli", acc, p);
        acc = b.select(odd, m, acc);
        if i + 1 < w {
            p = b.bin("arith.muli", p, p);
            e = b.bin("arith.shrui", e, one);
        }
    }
    if unsigned {
        return Ok(acc);
    }
    let m1 = b.cint(-1, t);
    let neg = b.cmpi("slt", exp, zero);
    let is1 = b.cmpi("eq", base, one);
    let ism1 = b.cmpi("eq", base, m1);
    let bit = b.bin("arith.andi", exp, one);
    let odd = b.cmpi("ne", bit, zero);
    let sgn = b.select(odd, m1, one);
    let r = b.select(ism1, sgn, zero);
    let r = b.select(is1, one, r);
    Ok(b.select(neg, r, acc))
}

/// `reduce_precision` by bit manipulation (XLA's algorithm, as StableHLO's lowering).
fn reduce_precision(b: &mut B, x: Value, ebits: i64, mbits: i64) -> LResult<Value> {
    let ft = b.ty(x);
    let fk = b.float_kind(ft).ok_or("reduce_precision on a non-float type")?;
    let (nbits, src_m, src_e) = match fk {
        FloatKind::F64 => (64u32, 52i64, 11i64),
        FloatKind::F32 => (32, 23, 8),
        FloatKind::F16 => (16, 10, 5),
        FloatKind::BF16 => (16, 7, 8),
        _ => return Err("reduce_precision on this float type has no lowering".into()),
    };
    let it = b.int_ty(nbits);
    let wrap = |v: i128| -> i128 {
        let m = if nbits == 128 { u128::MAX } else { (1u128 << nbits) - 1 };
        let u = (v as u128) & m;
        if (u >> (nbits - 1)) & 1 == 1 {
            (u | !m) as i128
        } else {
            u as i128
        }
    };
    let xi = b.cast("arith.bitcast", x, it);
    let abs_mask = b.cint(wrap((1i128 << (nbits - 1)) - 1), it);
    let exp_mask = b.cint(wrap(((1i128 << src_e) - 1) << src_m), it);
    let absx = b.bin("arith.andi", xi, abs_mask);
    let is_nan = b.cmpi("ugt", absx, exp_mask);
    let mut v = xi;
    if mbits < src_m {
        let drop = src_m - mbits;
        let last = b.cint(wrap(1i128 << drop), it);
        let shift = b.cint(drop as i128, it);
        let half = b.cint(wrap((1i128 << (drop - 1)) - 1), it);
        let trunc = b.cint(wrap(!((1i128 << drop) - 1)), it);
        let masked = b.bin("arith.andi", v, last);
        let lsb = b.bin("arith.shrui", masked, shift);
        let bias = b.bin("arith.addi", lsb, half);
        let rounded = b.bin("arith.addi", v, bias);
        v = b.bin("arith.andi", rounded, trunc);
        // Keep the unmasked value for the exponent checks below, as XLA does.
        if ebits < src_e {
            let e = reduce_exponent(b, rounded, v, it, src_m, src_e, ebits, nbits, &wrap)?;
            v = e;
        }
    } else if ebits < src_e {
        v = reduce_exponent(b, v, v, it, src_m, src_e, ebits, nbits, &wrap)?;
    }
    let conv = b.cast("arith.bitcast", v, ft);
    Ok(b.select(is_nan, x, conv))
}

#[allow(clippy::too_many_arguments)]
fn reduce_exponent(
    b: &mut B,
    rounded: Value,
    masked: Value,
    it: Type,
    src_m: i64,
    src_e: i64,
    ebits: i64,
    nbits: u32,
    wrap: &dyn Fn(i128) -> i128,
) -> LResult<Value> {
    let exp_mask = b.cint(wrap(((1i128 << src_e) - 1) << src_m), it);
    let src_bias = (1i128 << (src_e - 1)) - 1;
    let dst_bias = (1i128 << (ebits - 1)) - 1;
    let max_exp = b.cint(wrap((src_bias + dst_bias) << src_m), it);
    let min_exp = b.cint(wrap((src_bias - dst_bias) << src_m), it);
    let sign_mask = b.cint(wrap(1i128 << (nbits - 1)), it);
    let e = b.bin("arith.andi", rounded, exp_mask);
    let overflow = b.cmpi("ugt", e, max_exp);
    let underflow = b.cmpi("ule", e, min_exp);
    let sign = b.bin("arith.andi", rounded, sign_mask);
    let inf = b.bin("arith.ori", sign, exp_mask);
    let r = b.select(overflow, inf, masked);
    Ok(b.select(underflow, sign, r))
}
