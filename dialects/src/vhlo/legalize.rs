//! The conversions between StableHLO and VHLO (StableHLO's `StablehloLegalizeToVhlo.cpp` /
//! `VhloLegalizeToStablehlo.cpp`): ops become their current VHLO version (`stablehlo.exponential`
//! → `vhlo.exponential_v2`), types become VHLO types, attributes become VHLO attributes with every
//! default materialized (VHLO ops have no optional attributes), and struct attributes are
//! flattened (`#stablehlo.gather<...>` → `offset_dims`, `collapsed_slice_dims`, ...). The way
//! back drops the attributes that equal their defaults.
//!
//! Only the attribute rules that differ from the generic ones are written per op
//! ([`to_vhlo_attr`] / [`from_vhlo_op`]); everything else follows the generic attribute
//! conversion ([`generic_to_vhlo`] / [`generic_from_vhlo`]).

use strata_ir::attributes::DenseData;
use strata_ir::{AttrKind, Attribute, Context, Failure, NamedAttribute, OpId, Type, TypeKind};

use super::ops::{self, VOp};
use super::rebuild::{convert_module, Converter, NewOp};
use super::types::VType;
use super::vattr::{mk, stablehlo_enum_mnemonic, VAttr, ENUMS};
use crate::stablehlo::attrs as sa;

fn err(ctx: &mut Context, op: OpId, msg: String) {
    let loc = ctx.op(op).loc();
    ctx.emit_error(loc, msg);
}

fn vtype(ctx: &mut Context, t: Type) -> Option<Type> {
    let v = VType::from_builtin(ctx, t)?;
    Some(v.intern(ctx))
}

fn text(ctx: &Context, a: Attribute) -> String {
    strata_ir::printer::attr_to_string(ctx, a)
}

/// The generic conversion of a builtin / StableHLO attribute to VHLO (`None`: not expressible).
pub fn generic_to_vhlo(ctx: &mut Context, a: Attribute) -> Option<Attribute> {
    let k = ctx.attr_kind(a).clone();
    Some(match k {
        AttrKind::Integer { value, ty } => {
            if matches!(ctx.type_kind(ty), TypeKind::Integer { width: 1, .. }) {
                mk::bool(ctx, value != 0)
            } else {
                VType::from_builtin(ctx, ty)?;
                VAttr::Integer(a).intern(ctx)
            }
        }
        AttrKind::Float { ty, .. } => {
            VType::from_builtin(ctx, ty)?;
            VAttr::Float(a).intern(ctx)
        }
        AttrKind::String { value, ty: None } => mk::string(ctx, &value),
        AttrKind::Unit => mk::bool(ctx, true),
        AttrKind::Array(v) => {
            let v = v.into_iter().map(|x| generic_to_vhlo(ctx, x)).collect::<Option<Vec<_>>>()?;
            mk::array(ctx, v)
        }
        AttrKind::DenseArray { element, values } => {
            let (w, _) = match ctx.type_kind(element) {
                TypeKind::Integer { width, signedness } => (*width, *signedness),
                _ => return None,
            };
            let ty = ctx.tensor_type(&[values.len() as i64], element);
            let bytes: Vec<u8> = if w == 1 {
                values.iter().map(|v| (*v != 0) as u8).collect()
            } else {
                let nb = (w as usize).div_ceil(8);
                values.iter().flat_map(|v| v.to_le_bytes()[..nb].to_vec()).collect()
            };
            let d =
                ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat: values.len() == 1, bytes } });
            VAttr::Tensor(d).intern(ctx)
        }
        AttrKind::Dictionary(v) => {
            let mut out = Vec::new();
            for n in v {
                let name = ctx.str(n.name).to_string();
                let key = mk::string(ctx, &name);
                out.push((key, generic_to_vhlo(ctx, n.value)?));
            }
            VAttr::Dict(out).intern(ctx)
        }
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => {
            let s = ctx.str(root).to_string();
            mk::string(ctx, &s)
        }
        AttrKind::DenseElements { ty, .. } => {
            VType::from_builtin(ctx, ty)?;
            VAttr::Tensor(a).intern(ctx)
        }
        AttrKind::Type(t) => {
            let vt = vtype(ctx, t)?;
            VAttr::Type(vt).intern(ctx)
        }
        AttrKind::Dialect { dialect, body, opaque } if ctx.str(dialect) == "stablehlo" => {
            // Enums: `#stablehlo<comparison_direction EQ>` / `#stablehlo.result_accuracy_mode<DEFAULT>`.
            let (m, v) = if opaque {
                let (m, v) = body.split_once(' ')?;
                (m.to_string(), v.trim().to_string())
            } else if let Some(open) = body.find('<') {
                (body[..open].to_string(), body[open + 1..body.len() - 1].trim().to_string())
            } else {
                return None;
            };
            if let Some((vm, _)) = ENUMS.iter().find(|(n, _)| stablehlo_enum_mnemonic(n) == m) {
                return mk::enum_(ctx, vm, &v);
            }
            match m.as_str() {
                "output_operand_alias" => {
                    let o = sa::OutputOperandAlias::parse_from_attr(ctx, a).ok()?;
                    VAttr::OutputOperandAlias(o.output_tuple_indices, o.operand_index, o.operand_tuple_indices)
                        .intern(ctx)
                }
                "result_accuracy" => {
                    let r = sa::ResultAccuracy::parse_from_attr(ctx, a).ok()?;
                    let mode = mk::enum_(ctx, "result_accuracy_mode_v1", r.mode.as_str())?;
                    VAttr::ResultAccuracy { atol: r.atol, rtol: r.rtol, ulps: r.ulps, mode }.intern(ctx)
                }
                "bounds" | "type_extensions" => {
                    let inner = &body[body.find('<')? + 1..body.len() - 1];
                    let inner = inner.trim().strip_prefix("bounds =").unwrap_or(inner).trim();
                    let inner = inner.trim_start_matches('[').trim_end_matches(']');
                    let b = super::vattr::split_top(inner, b',')
                        .into_iter()
                        .map(|x| if x == "?" { Some(strata_ir::DYNAMIC) } else { x.parse().ok() })
                        .collect::<Option<Vec<i64>>>()?;
                    VAttr::TypeExtensions(b).intern(ctx)
                }
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// The generic conversion of a VHLO attribute back to builtin / StableHLO.
pub fn generic_from_vhlo(ctx: &mut Context, a: Attribute) -> Option<Attribute> {
    Some(match VAttr::of(ctx, a)? {
        VAttr::Bool(b) => ctx.bool_attr(b),
        VAttr::Integer(x) | VAttr::Float(x) | VAttr::Tensor(x) => x,
        VAttr::String(s) => ctx.string_attr(&s),
        VAttr::Array(v) => {
            let v = v.into_iter().map(|x| generic_from_vhlo(ctx, x)).collect::<Option<Vec<_>>>()?;
            ctx.array_attr(v)
        }
        VAttr::Dict(v) => {
            let mut out = Vec::new();
            for (k, x) in v {
                let VAttr::String(name) = VAttr::of(ctx, k)? else { return None };
                let name = ctx.sym(&name);
                out.push(NamedAttribute { name, value: generic_from_vhlo(ctx, x)? });
            }
            ctx.dict_attr(out)
        }
        VAttr::Type(t) => {
            let b = VType::of(ctx, t)?.to_builtin(ctx)?;
            ctx.type_attr(b)
        }
        VAttr::Enum(i, k) => {
            let (m, vals) = ENUMS[i];
            let sm = stablehlo_enum_mnemonic(m);
            let v = vals[k as usize];
            let d = ctx.sym("stablehlo");
            let body = if sm == "result_accuracy_mode" { format!("{sm}<{v}>") } else { format!("{sm} {v}") };
            ctx.intern_attr(AttrKind::Dialect { dialect: d, body, opaque: false })
        }
        VAttr::OutputOperandAlias(o, i, p) => {
            sa::OutputOperandAlias { output_tuple_indices: o, operand_index: i, operand_tuple_indices: p }.to_attr(ctx)
        }
        VAttr::ResultAccuracy { atol, rtol, ulps, mode } => {
            let VAttr::Enum(i, k) = VAttr::of(ctx, mode)? else { return None };
            let mode = sa::ResultAccuracyMode::from_str(ENUMS[i].1[k as usize])?;
            sa::ResultAccuracy { atol, rtol, ulps, mode }.to_attr(ctx)
        }
        VAttr::TypeExtensions(b) => {
            let t = sa::TypeExtensions { bounds: b };
            t.to_attr(ctx)
        }
    })
}

// ----- helpers for the per-op rules -----

fn get(ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
    ctx.attr(op, name)
}

fn i64s_of(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { values, .. } => Some(values.clone()),
        AttrKind::DenseElements { .. } => strata_reference_free_i64s(ctx, a),
        _ => None,
    }
}

fn strata_reference_free_i64s(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let (shape, el) = match ctx.type_kind(*ty) {
        TypeKind::RankedTensor { shape, element, .. } => (shape.clone(), *element),
        _ => return None,
    };
    let (w, sg) = match ctx.type_kind(el) {
        TypeKind::Integer { width, signedness } => (*width, *signedness),
        _ => return None,
    };
    let n: usize = shape.iter().map(|d| *d as usize).product();
    let nb = (w as usize).div_ceil(8);
    let read = |i: usize| -> i64 {
        let mut buf = [0u8; 16];
        buf[..nb].copy_from_slice(&data.bytes[i * nb..i * nb + nb]);
        let raw = u128::from_le_bytes(buf);
        strata_ir::bytecode::builtin::int_from_bits(raw, w, sg) as i64
    };
    Some(if data.splat { vec![read(0); n] } else { (0..n).map(read).collect() })
}

fn i64_tensor_2d(ctx: &mut Context, rows: usize, v: &[i64]) -> Attribute {
    let i64t = ctx.int_type(64);
    let ty = ctx.tensor_type(&[rows as i64, 2], i64t);
    let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    let d = ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat: false, bytes } });
    VAttr::Tensor(d).intern(ctx)
}

fn bool_tensor(ctx: &mut Context, v: &[bool]) -> Attribute {
    let i1 = ctx.int_type(1);
    let ty = ctx.tensor_type(&[v.len() as i64], i1);
    let d = ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: DenseData { splat: v.len() == 1, bytes: v.iter().map(|b| *b as u8).collect() },
    });
    VAttr::Tensor(d).intern(ctx)
}

fn none_attr(ctx: &mut Context) -> Attribute {
    let t = VType::None.intern(ctx);
    VAttr::Type(t).intern(ctx)
}

fn is_none_attr(ctx: &mut Context, a: Attribute) -> bool {
    matches!(VAttr::of(ctx, a), Some(VAttr::Type(t)) if VType::of(ctx, t) == Some(VType::None))
}

fn default_accuracy(ctx: &mut Context) -> Attribute {
    let mode = mk::enum_(ctx, "result_accuracy_mode_v1", "DEFAULT").expect("enum");
    VAttr::ResultAccuracy { atol: 0.0, rtol: 0.0, ulps: 0, mode }.intern(ctx)
}

fn rank_of(ctx: &Context, t: Type) -> usize {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => shape.len(),
        _ => match VType::of(ctx, t) {
            Some(VType::Tensor { shape, .. }) => shape.len(),
            _ => 0,
        },
    }
}

fn conv_spatial(ctx: &Context, op: OpId) -> usize {
    ctx.operands(op).first().map(|v| rank_of(ctx, ctx.value_type(*v)).saturating_sub(2)).unwrap_or(0)
}

fn operand_rank(ctx: &Context, op: OpId) -> usize {
    ctx.operands(op).first().map(|v| rank_of(ctx, ctx.value_type(*v))).unwrap_or(0)
}

/// The VHLO value of attribute `name` of the current VHLO form of `op` (`base`).
fn to_vhlo_attr(ctx: &mut Context, op: OpId, base: &str, name: &str) -> Result<Attribute, String> {
    let short = base.split('.').nth(1).unwrap_or(base);
    let conv = |ctx: &mut Context, a: Attribute| {
        generic_to_vhlo(ctx, a).ok_or_else(|| format!("attribute '{name}' ({}) has no VHLO form", text(ctx, a)))
    };
    // Struct attributes flattened into fields.
    match (short, name) {
        ("gather" | "dynamic_gather", _) if name != "slice_sizes" && name != "indices_are_sorted" => {
            let g = match get(ctx, op, "dimension_numbers") {
                Some(a) => sa::GatherDimensionNumbers::parse_from_attr(ctx, a)?,
                None => return Err("missing 'dimension_numbers'".into()),
            };
            return Ok(match name {
                "offset_dims" => mk::i64_tensor(ctx, &g.offset_dims),
                "collapsed_slice_dims" => mk::i64_tensor(ctx, &g.collapsed_slice_dims),
                "operand_batching_dims" => mk::i64_tensor(ctx, &g.operand_batching_dims),
                "start_indices_batching_dims" => mk::i64_tensor(ctx, &g.start_indices_batching_dims),
                "start_index_map" => mk::i64_tensor(ctx, &g.start_index_map),
                _ => mk::i64(ctx, g.index_vector_dim),
            });
        }
        ("scatter", _) if name != "indices_are_sorted" && name != "unique_indices" => {
            let s = match get(ctx, op, "scatter_dimension_numbers") {
                Some(a) => sa::ScatterDimensionNumbers::parse_from_attr(ctx, a)?,
                None => return Err("missing 'scatter_dimension_numbers'".into()),
            };
            return Ok(match name {
                "update_window_dims" => mk::i64_tensor(ctx, &s.update_window_dims),
                "inserted_window_dims" => mk::i64_tensor(ctx, &s.inserted_window_dims),
                "input_batching_dims" => mk::i64_tensor(ctx, &s.input_batching_dims),
                "scatter_indices_batching_dims" => mk::i64_tensor(ctx, &s.scatter_indices_batching_dims),
                "scatter_dims_to_operand_dims" => mk::i64_tensor(ctx, &s.scatter_dims_to_operand_dims),
                _ => mk::i64(ctx, s.index_vector_dim),
            });
        }
        (
            "dot_general",
            "lhs_batching_dimensions"
            | "rhs_batching_dimensions"
            | "lhs_contracting_dimensions"
            | "rhs_contracting_dimensions",
        ) => {
            let d = match get(ctx, op, "dot_dimension_numbers") {
                Some(a) => sa::DotDimensionNumbers::parse_from_attr(ctx, a)?,
                None => return Err("missing 'dot_dimension_numbers'".into()),
            };
            let v = match name {
                "lhs_batching_dimensions" => d.lhs_batching_dimensions,
                "rhs_batching_dimensions" => d.rhs_batching_dimensions,
                "lhs_contracting_dimensions" => d.lhs_contracting_dimensions,
                _ => d.rhs_contracting_dimensions,
            };
            return Ok(mk::i64_tensor(ctx, &v));
        }
        (
            "dot_general",
            "lhs_precision_type"
            | "rhs_precision_type"
            | "accumulation_type"
            | "lhs_component_count"
            | "rhs_component_count"
            | "num_primitive_operations"
            | "allow_imprecise_accumulation",
        ) => {
            let Some(a) = get(ctx, op, "algorithm") else { return Ok(none_attr(ctx)) };
            let alg = sa::DotAlgorithm::parse_from_attr(ctx, a)?;
            let ty = |ctx: &mut Context, s: &str| -> Result<Attribute, String> {
                let t = strata_ir::parser::parse_type_str(ctx, s).map_err(|_| format!("invalid type '{s}'"))?;
                mk::type_(ctx, t).ok_or_else(|| format!("type '{s}' has no VHLO form"))
            };
            return match name {
                "lhs_precision_type" => ty(ctx, &alg.lhs_precision_type),
                "rhs_precision_type" => ty(ctx, &alg.rhs_precision_type),
                "accumulation_type" => ty(ctx, &alg.accumulation_type),
                "lhs_component_count" => Ok(mk::i64(ctx, alg.lhs_component_count)),
                "rhs_component_count" => Ok(mk::i64(ctx, alg.rhs_component_count)),
                "num_primitive_operations" => Ok(mk::i64(ctx, alg.num_primitive_operations)),
                _ => Ok(mk::bool(ctx, alg.allow_imprecise_accumulation)),
            };
        }
        ("convolution" | "dynamic_conv", _)
            if name.contains("_dimension") && name != "feature_group_count" && name != "batch_group_count" =>
        {
            let d = match get(ctx, op, "dimension_numbers") {
                Some(a) => sa::ConvDimensionNumbers::parse_from_attr(ctx, a)?,
                None => return Err("missing 'dimension_numbers'".into()),
            };
            return Ok(match name {
                "input_batch_dimension" => mk::i64(ctx, d.input_batch_dimension),
                "input_feature_dimension" => mk::i64(ctx, d.input_feature_dimension),
                "input_spatial_dimensions" => mk::i64_tensor(ctx, &d.input_spatial_dimensions),
                "kernel_input_feature_dimension" => mk::i64(ctx, d.kernel_input_feature_dimension),
                "kernel_output_feature_dimension" => mk::i64(ctx, d.kernel_output_feature_dimension),
                "kernel_spatial_dimensions" => mk::i64_tensor(ctx, &d.kernel_spatial_dimensions),
                "output_batch_dimension" => mk::i64(ctx, d.output_batch_dimension),
                "output_feature_dimension" => mk::i64(ctx, d.output_feature_dimension),
                _ => mk::i64_tensor(ctx, &d.output_spatial_dimensions),
            });
        }
        (_, "channel_id" | "channel_type") => {
            let h = match get(ctx, op, "channel_handle") {
                Some(a) => sa::ChannelHandle::parse_from_attr(ctx, a)?,
                None => sa::ChannelHandle { handle: 0, ty: 0 },
            };
            return Ok(mk::i64(ctx, if name == "channel_id" { h.handle } else { h.ty }));
        }
        _ => {}
    }
    if let Some(a) = get(ctx, op, name) {
        // Attributes whose StableHLO form is not the generic one.
        match (short, name) {
            ("custom_call", "api_version") => {
                if let AttrKind::Integer { value, .. } = ctx.attr_kind(a).clone() {
                    let v = sa::CustomCallApiVersion::from_i64(value as i64).ok_or("invalid api_version")?;
                    return mk::enum_(ctx, "api_version_v1", v.as_str()).ok_or_else(|| "invalid api_version".into());
                }
            }
            ("func", "arg_attrs" | "res_attrs") => {}
            _ => {}
        }
        return conv(ctx, a);
    }
    // Defaults of absent attributes.
    let n = conv_spatial(ctx, op);
    Ok(match (short, name) {
        (_, "result_accuracy") => default_accuracy(ctx),
        ("compare", "compare_type") => mk::enum_(ctx, "comparison_type_v1", "NOTYPE").expect("enum"),
        (
            _,
            "use_global_device_ids"
            | "indices_are_sorted"
            | "unique_indices"
            | "is_host_transfer"
            | "has_side_effect"
            | "is_stable",
        )
        | ("cholesky", "lower") => mk::bool(ctx, false),
        ("sort", "dimension") => mk::i64(ctx, -1),
        (
            _,
            "precision_config"
            | "called_computations"
            | "operand_layouts"
            | "result_layouts"
            | "output_operand_aliases"
            | "layout"
            | "arg_attrs"
            | "res_attrs",
        ) => mk::array(ctx, vec![]),
        (_, "backend_config" | "infeed_config" | "outfeed_config" | "sym_visibility") => mk::string(ctx, ""),
        ("custom_call", "api_version") => mk::enum_(ctx, "api_version_v1", "API_VERSION_ORIGINAL").expect("enum"),
        (_, "source_target_pairs") => {
            let i64t = ctx.int_type(64);
            let ty = ctx.tensor_type(&[0], i64t);
            let d = ctx.intern_attr(AttrKind::DenseElements { ty, data: DenseData { splat: false, bytes: vec![] } });
            VAttr::Tensor(d).intern(ctx)
        }
        (_, "known_expanding_dimensions" | "known_nonexpanding_dimensions") => mk::i64_tensor(ctx, &[]),
        ("convolution" | "dynamic_conv", "window_strides" | "lhs_dilation" | "rhs_dilation") => {
            mk::i64_tensor(ctx, &vec![1; n])
        }
        ("convolution" | "dynamic_conv", "padding") => i64_tensor_2d(ctx, n, &vec![0; 2 * n]),
        ("convolution" | "dynamic_conv", "window_reversal") => bool_tensor(ctx, &vec![false; n]),
        ("reduce_window" | "select_and_scatter", "window_strides" | "base_dilations" | "window_dilations") => {
            let r = operand_rank(ctx, op);
            mk::i64_tensor(ctx, &vec![1; r])
        }
        ("reduce_window" | "select_and_scatter", "padding") => {
            let r = operand_rank(ctx, op);
            i64_tensor_2d(ctx, r, &vec![0; 2 * r])
        }
        ("composite", "composite_attributes") => VAttr::Dict(vec![]).intern(ctx),
        ("composite", "version") => {
            let i32t = ctx.int_type(32);
            mk::int(ctx, 0, i32t)
        }
        _ => return Err(format!("missing required attribute '{name}'")),
    })
}

fn base_of(name: &str) -> &str {
    match name {
        "func.return" => "stablehlo.return",
        n => n,
    }
}

/// `stablehlo-legalize-to-vhlo`: every StableHLO/func op in `module` to its current VHLO op.
pub fn legalize_to_vhlo(ctx: &mut Context, module: OpId) -> Result<(), Failure> {
    struct C;
    impl Converter for C {
        fn op(&mut self, ctx: &mut Context, op: OpId) -> Result<NewOp, Failure> {
            let name = ctx.op_name_of(op).to_string();
            let Some(row) = ops::current_of(base_of(&name)) else {
                err(ctx, op, format!("failed to legalize operation '{name}' to VHLO: no VHLO equivalent"));
                return Err(Failure);
            };
            let mut results = Vec::new();
            for v in ctx.results(op).collect::<Vec<_>>() {
                let t = ctx.value_type(v);
                match vtype(ctx, t) {
                    Some(t) => results.push(t),
                    None => {
                        let ts = strata_ir::printer::type_to_string(ctx, t);
                        err(
                            ctx,
                            op,
                            format!("failed to legalize operation '{name}' to VHLO: type {ts} has no VHLO form"),
                        );
                        return Err(Failure);
                    }
                }
            }
            let mut properties = Vec::new();
            for a in row.attrs {
                match to_vhlo_attr(ctx, op, base_of(&name), a) {
                    Ok(v) => {
                        let s = ctx.sym(a);
                        properties.push(NamedAttribute { name: s, value: v });
                    }
                    Err(m) => {
                        err(ctx, op, format!("failed to legalize operation '{name}' to VHLO: {m}"));
                        return Err(Failure);
                    }
                }
            }
            // Discardable attributes, converted generically.
            let mut attributes = Vec::new();
            let known: Vec<&str> = known_stablehlo_attrs(&name);
            for na in ctx.op(op).attributes().to_vec() {
                let an = ctx.str(na.name).to_string();
                if known.contains(&an.as_str()) {
                    continue;
                }
                match generic_to_vhlo(ctx, na.value) {
                    Some(v) => attributes.push(NamedAttribute { name: na.name, value: v }),
                    None => {
                        let t = text(ctx, na.value);
                        err(ctx, op, format!("failed to legalize operation '{name}' to VHLO: attribute '{an}' ({t}) has no VHLO form"));
                        return Err(Failure);
                    }
                }
            }
            Ok(NewOp { name: format!("vhlo.{}", row.name), results, properties, attributes })
        }
        fn block_arg(&mut self, ctx: &mut Context, op: OpId, t: Type) -> Result<Type, Failure> {
            vtype(ctx, t).ok_or_else(|| {
                let ts = strata_ir::printer::type_to_string(ctx, t);
                err(ctx, op, format!("failed to legalize block argument of type {ts} to VHLO"));
                Failure
            })
        }
    }
    convert_module(ctx, module, &mut C)
}

/// The StableHLO attributes consumed by the per-op rules (struct attributes flattened into
/// several VHLO attributes, or renamed).
fn known_stablehlo_attrs(name: &str) -> Vec<&'static str> {
    let short = name.split('.').nth(1).unwrap_or(name);
    let mut v = vec!["channel_handle"];
    match short {
        "gather" | "dynamic_gather" | "convolution" | "dynamic_conv" => v.push("dimension_numbers"),
        "scatter" => v.push("scatter_dimension_numbers"),
        "dot_general" => v.extend(["dot_dimension_numbers", "algorithm"]),
        _ => {}
    }
    if let Some(row) = ops::current_of(base_of(name)) {
        v.extend(row.attrs.iter().copied());
    }
    v
}

// ----- VHLO → StableHLO -----

/// Attributes whose StableHLO form is `array<i64: ...>` (VHLO `tensor_v1` of i64), per op.
fn is_dense_array_attr(short: &str, name: &str) -> bool {
    match name {
        "dimensions"
        | "broadcast_dimensions"
        | "broadcast_sizes"
        | "slice_sizes"
        | "permutation"
        | "start_indices"
        | "limit_indices"
        | "strides"
        | "edge_padding_low"
        | "edge_padding_high"
        | "interior_padding"
        | "window_dimensions"
        | "base_dilations"
        | "window_dilations"
        | "fft_length"
        | "lhs_dilation"
        | "rhs_dilation"
        | "window_reversal"
        | "known_expanding_dimensions"
        | "known_nonexpanding_dimensions" => true,
        "window_strides" => true,
        _ => short == "never",
    }
}

fn tensor_to_dense_array(ctx: &mut Context, a: Attribute) -> Option<Attribute> {
    let AttrKind::DenseElements { ty, .. } = ctx.attr_kind(a).clone() else { return None };
    let el = match ctx.type_kind(ty) {
        TypeKind::RankedTensor { element, shape, .. } if shape.len() == 1 => *element,
        _ => return None,
    };
    let vals = strata_reference_free_i64s(ctx, a)?;
    let vals = if matches!(ctx.type_kind(el), TypeKind::Integer { width: 1, .. }) {
        vals.into_iter().map(|v| (v != 0) as i64).collect()
    } else {
        vals
    };
    Some(ctx.intern_attr(AttrKind::DenseArray { element: el, values: vals }))
}

fn vattr(ctx: &mut Context, op: OpId, name: &str) -> Option<Attribute> {
    ctx.attr(op, name)
}

fn v_i64s(ctx: &mut Context, op: OpId, name: &str) -> Result<Vec<i64>, String> {
    let a = vattr(ctx, op, name).ok_or_else(|| format!("missing '{name}'"))?;
    match VAttr::of(ctx, a) {
        Some(VAttr::Tensor(t)) => i64s_of(ctx, t).ok_or_else(|| format!("'{name}' is not an integer tensor")),
        _ => Err(format!("'{name}' is not a tensor_v1")),
    }
}

fn v_i64(ctx: &mut Context, op: OpId, name: &str) -> Result<i64, String> {
    let a = vattr(ctx, op, name).ok_or_else(|| format!("missing '{name}'"))?;
    match VAttr::of(ctx, a) {
        Some(VAttr::Integer(i)) => match ctx.attr_kind(i) {
            AttrKind::Integer { value, .. } => Ok(*value as i64),
            _ => Err(format!("'{name}' is not an integer")),
        },
        _ => Err(format!("'{name}' is not an integer_v1")),
    }
}

fn v_bool(ctx: &mut Context, op: OpId, name: &str) -> Option<bool> {
    let a = vattr(ctx, op, name)?;
    match VAttr::of(ctx, a) {
        Some(VAttr::Bool(b)) => Some(b),
        _ => None,
    }
}

/// Whether VHLO attribute `a` of `name` equals the default the legalization materializes (so
/// the StableHLO op leaves it out).
fn is_default(ctx: &mut Context, op: OpId, short: &str, name: &str, a: Attribute) -> bool {
    if is_none_attr(ctx, a) {
        return true;
    }
    let Some(v) = VAttr::of(ctx, a) else { return false };
    let n = conv_spatial(ctx, op);
    match (short, name, &v) {
        (_, "result_accuracy", _) => a == default_accuracy(ctx),
        ("compare", "compare_type", VAttr::Enum(_, 0)) => true,
        (
            _,
            "use_global_device_ids"
            | "indices_are_sorted"
            | "unique_indices"
            | "is_host_transfer"
            | "has_side_effect"
            | "is_stable",
            VAttr::Bool(false),
        ) => true,
        ("cholesky", "lower", VAttr::Bool(false)) => true,
        ("sort", "dimension", _) => v_i64(ctx, op, name) == Ok(-1),
        (
            _,
            "precision_config"
            | "called_computations"
            | "operand_layouts"
            | "result_layouts"
            | "output_operand_aliases"
            | "layout"
            | "arg_attrs"
            | "res_attrs",
            VAttr::Array(x),
        ) => x.is_empty(),
        (_, "backend_config" | "infeed_config" | "outfeed_config" | "sym_visibility", VAttr::String(s)) => s.is_empty(),
        ("custom_call", "api_version", VAttr::Enum(_, 1)) => true,
        (_, "source_target_pairs", _) if short == "send" || short == "recv" => {
            v_i64s(ctx, op, name).is_ok_and(|x| x.is_empty())
        }
        (_, "known_expanding_dimensions" | "known_nonexpanding_dimensions", _) => {
            v_i64s(ctx, op, name).is_ok_and(|x| x.is_empty())
        }
        ("convolution" | "dynamic_conv", "window_strides" | "lhs_dilation" | "rhs_dilation", _) => {
            v_i64s(ctx, op, name).is_ok_and(|x| x.len() == n && x.iter().all(|v| *v == 1))
        }
        ("convolution" | "dynamic_conv", "padding", _) => {
            v_i64s(ctx, op, name).is_ok_and(|x| x.len() == 2 * n && x.iter().all(|v| *v == 0))
        }
        ("convolution" | "dynamic_conv", "window_reversal", _) => {
            v_i64s(ctx, op, name).is_ok_and(|x| x.len() == n && x.iter().all(|v| *v == 0))
        }
        ("reduce_window" | "select_and_scatter", "window_strides" | "base_dilations" | "window_dilations", _) => {
            v_i64s(ctx, op, name).is_ok_and(|x| x.iter().all(|v| *v == 1))
        }
        ("reduce_window" | "select_and_scatter", "padding", _) => {
            v_i64s(ctx, op, name).is_ok_and(|x| x.iter().all(|v| *v == 0))
        }
        ("composite", "composite_attributes", VAttr::Dict(x)) => x.is_empty(),
        ("composite", "version", _) => v_i64(ctx, op, name) == Ok(0),
        _ => false,
    }
}

fn from_vhlo_op(ctx: &mut Context, op: OpId, row: &VOp) -> Result<(String, Vec<NamedAttribute>), String> {
    let base = row.base;
    let short = base.split('.').nth(1).unwrap_or(base);
    let mut out: Vec<(String, Attribute)> = Vec::new();
    let mut done: Vec<&str> = Vec::new();
    match short {
        "gather" | "dynamic_gather" => {
            let g = sa::GatherDimensionNumbers {
                offset_dims: v_i64s(ctx, op, "offset_dims")?,
                collapsed_slice_dims: v_i64s(ctx, op, "collapsed_slice_dims")?,
                operand_batching_dims: v_i64s(ctx, op, "operand_batching_dims").unwrap_or_default(),
                start_indices_batching_dims: v_i64s(ctx, op, "start_indices_batching_dims").unwrap_or_default(),
                start_index_map: v_i64s(ctx, op, "start_index_map")?,
                index_vector_dim: v_i64(ctx, op, "index_vector_dim")?,
            };
            out.push(("dimension_numbers".into(), g.to_attr(ctx)));
            done.extend([
                "offset_dims",
                "collapsed_slice_dims",
                "operand_batching_dims",
                "start_indices_batching_dims",
                "start_index_map",
                "index_vector_dim",
            ]);
        }
        "scatter" => {
            let s = sa::ScatterDimensionNumbers {
                update_window_dims: v_i64s(ctx, op, "update_window_dims")?,
                inserted_window_dims: v_i64s(ctx, op, "inserted_window_dims")?,
                input_batching_dims: v_i64s(ctx, op, "input_batching_dims").unwrap_or_default(),
                scatter_indices_batching_dims: v_i64s(ctx, op, "scatter_indices_batching_dims").unwrap_or_default(),
                scatter_dims_to_operand_dims: v_i64s(ctx, op, "scatter_dims_to_operand_dims")?,
                index_vector_dim: v_i64(ctx, op, "index_vector_dim")?,
            };
            out.push(("scatter_dimension_numbers".into(), s.to_attr(ctx)));
            done.extend([
                "update_window_dims",
                "inserted_window_dims",
                "input_batching_dims",
                "scatter_indices_batching_dims",
                "scatter_dims_to_operand_dims",
                "index_vector_dim",
            ]);
        }
        "dot_general" => {
            let d = sa::DotDimensionNumbers {
                lhs_batching_dimensions: v_i64s(ctx, op, "lhs_batching_dimensions")?,
                rhs_batching_dimensions: v_i64s(ctx, op, "rhs_batching_dimensions")?,
                lhs_contracting_dimensions: v_i64s(ctx, op, "lhs_contracting_dimensions")?,
                rhs_contracting_dimensions: v_i64s(ctx, op, "rhs_contracting_dimensions")?,
            };
            out.push(("dot_dimension_numbers".into(), d.to_attr(ctx)));
            done.extend([
                "lhs_batching_dimensions",
                "rhs_batching_dimensions",
                "lhs_contracting_dimensions",
                "rhs_contracting_dimensions",
            ]);
            const ALG: [&str; 7] = [
                "lhs_precision_type",
                "rhs_precision_type",
                "accumulation_type",
                "lhs_component_count",
                "rhs_component_count",
                "num_primitive_operations",
                "allow_imprecise_accumulation",
            ];
            done.extend(ALG);
            if let Some(a) = vattr(ctx, op, "lhs_precision_type") {
                if !is_none_attr(ctx, a) {
                    let ty = |ctx: &mut Context, n: &str| -> Result<String, String> {
                        let a = vattr(ctx, op, n).ok_or_else(|| format!("missing '{n}'"))?;
                        match VAttr::of(ctx, a) {
                            Some(VAttr::Type(t)) => {
                                let b = VType::of(ctx, t).and_then(|v| v.to_builtin(ctx)).ok_or("bad type")?;
                                Ok(strata_ir::printer::type_to_string(ctx, b))
                            }
                            _ => Err(format!("'{n}' is not a type_v1")),
                        }
                    };
                    let alg = sa::DotAlgorithm {
                        lhs_precision_type: ty(ctx, "lhs_precision_type")?,
                        rhs_precision_type: ty(ctx, "rhs_precision_type")?,
                        accumulation_type: ty(ctx, "accumulation_type")?,
                        lhs_component_count: v_i64(ctx, op, "lhs_component_count")?,
                        rhs_component_count: v_i64(ctx, op, "rhs_component_count")?,
                        num_primitive_operations: v_i64(ctx, op, "num_primitive_operations")?,
                        allow_imprecise_accumulation: v_bool(ctx, op, "allow_imprecise_accumulation").unwrap_or(false),
                    };
                    out.push(("algorithm".into(), alg.to_attr(ctx)));
                }
            }
        }
        "convolution" | "dynamic_conv" => {
            let d = sa::ConvDimensionNumbers {
                input_batch_dimension: v_i64(ctx, op, "input_batch_dimension")?,
                input_feature_dimension: v_i64(ctx, op, "input_feature_dimension")?,
                input_spatial_dimensions: v_i64s(ctx, op, "input_spatial_dimensions")?,
                kernel_input_feature_dimension: v_i64(ctx, op, "kernel_input_feature_dimension")?,
                kernel_output_feature_dimension: v_i64(ctx, op, "kernel_output_feature_dimension")?,
                kernel_spatial_dimensions: v_i64s(ctx, op, "kernel_spatial_dimensions")?,
                output_batch_dimension: v_i64(ctx, op, "output_batch_dimension")?,
                output_feature_dimension: v_i64(ctx, op, "output_feature_dimension")?,
                output_spatial_dimensions: v_i64s(ctx, op, "output_spatial_dimensions")?,
            };
            out.push(("dimension_numbers".into(), d.to_attr(ctx)));
            done.extend([
                "input_batch_dimension",
                "input_feature_dimension",
                "input_spatial_dimensions",
                "kernel_input_feature_dimension",
                "kernel_output_feature_dimension",
                "kernel_spatial_dimensions",
                "output_batch_dimension",
                "output_feature_dimension",
                "output_spatial_dimensions",
            ]);
        }
        _ => {}
    }
    if row.attrs.contains(&"channel_id") {
        let id = v_i64(ctx, op, "channel_id")?;
        let ty = if row.attrs.contains(&"channel_type") { v_i64(ctx, op, "channel_type")? } else { 0 };
        done.extend(["channel_id", "channel_type"]);
        if id != 0 || ty != 0 || short == "send" || short == "recv" {
            out.push(("channel_handle".into(), sa::ChannelHandle { handle: id, ty }.to_attr(ctx)));
        }
    }
    for name in row.attrs {
        if done.contains(name) {
            continue;
        }
        let Some(a) = vattr(ctx, op, name) else { return Err(format!("missing attribute '{name}'")) };
        if is_default(ctx, op, short, name, a) {
            continue;
        }
        let v = match (short, *name) {
            ("func", "function_type") => generic_from_vhlo(ctx, a),
            ("call", "callee") | ("composite", "decomposition") => match VAttr::of(ctx, a) {
                Some(VAttr::String(s)) => Some(ctx.symbol_ref_attr(&s)),
                _ => None,
            },
            // StableHLO's `api_version` is an `I32EnumAttr`: an `i32` integer.
            ("custom_call", "api_version") => match VAttr::of(ctx, a) {
                Some(VAttr::Enum(_, k)) => {
                    let i32t = ctx.int_type(32);
                    Some(ctx.int_attr(k as i128, i32t))
                }
                _ => None,
            },
            // A `UnitAttr` in StableHLO.
            (_, "use_global_device_ids") => match VAttr::of(ctx, a) {
                Some(VAttr::Bool(true)) => Some(ctx.unit_attr()),
                _ => None,
            },
            _ if is_dense_array_attr(short, name)
                && !((short == "convolution" || short == "dynamic_conv") && *name == "padding") =>
            {
                match VAttr::of(ctx, a) {
                    Some(VAttr::Tensor(t)) => tensor_to_dense_array(ctx, t),
                    _ => generic_from_vhlo(ctx, a),
                }
            }
            _ => generic_from_vhlo(ctx, a),
        };
        match v {
            Some(v) => out.push((name.to_string(), v)),
            None => {
                let t = text(ctx, a);
                return Err(format!("attribute '{name}' ({t}) has no StableHLO form"));
            }
        }
    }
    let mut props = Vec::new();
    for (n, v) in out {
        let s = ctx.sym(&n);
        props.push(NamedAttribute { name: s, value: v });
    }
    let name = match base {
        "stablehlo.return" => {
            let parent = ctx.parent_op(op).map(|p| ctx.op_name_of(p).to_string());
            if parent.as_deref() == Some("vhlo.func_v1") {
                "func.return".to_string()
            } else {
                "stablehlo.return".to_string()
            }
        }
        b => b.to_string(),
    };
    Ok((name, props))
}

/// `vhlo-legalize-to-stablehlo`: every VHLO op back to StableHLO/func (the module must be at
/// the current version: run [`super::version::vhlo_to_version`] first).
pub fn legalize_to_stablehlo(ctx: &mut Context, module: OpId) -> Result<(), Failure> {
    struct C;
    impl Converter for C {
        fn op(&mut self, ctx: &mut Context, op: OpId) -> Result<NewOp, Failure> {
            let name = ctx.op_name_of(op).to_string();
            let row = name.strip_prefix("vhlo.").and_then(ops::lookup);
            let Some(row) = row else {
                err(ctx, op, format!("failed to legalize operation '{name}' to StableHLO: not a VHLO op"));
                return Err(Failure);
            };
            if row.until.is_some() {
                err(ctx, op, format!("failed to legalize operation '{name}' to StableHLO: it is not the current version of {} (run vhlo-to-version first)", row.base));
                return Err(Failure);
            }
            let mut results = Vec::new();
            for v in ctx.results(op).collect::<Vec<_>>() {
                let t = ctx.value_type(v);
                match VType::of(ctx, t).and_then(|vt| vt.to_builtin(ctx)) {
                    Some(t) => results.push(t),
                    None => {
                        let ts = strata_ir::printer::type_to_string(ctx, t);
                        err(
                            ctx,
                            op,
                            format!("failed to legalize operation '{name}' to StableHLO: type {ts} is not a VHLO type"),
                        );
                        return Err(Failure);
                    }
                }
            }
            let (new_name, properties) = match from_vhlo_op(ctx, op, row) {
                Ok(x) => x,
                Err(m) => {
                    err(ctx, op, format!("failed to legalize operation '{name}' to StableHLO: {m}"));
                    return Err(Failure);
                }
            };
            let mut attributes = Vec::new();
            for na in ctx.op(op).attributes().to_vec() {
                match generic_from_vhlo(ctx, na.value) {
                    Some(v) => attributes.push(NamedAttribute { name: na.name, value: v }),
                    None => attributes.push(na),
                }
            }
            Ok(NewOp { name: new_name, results, properties, attributes })
        }
        fn block_arg(&mut self, ctx: &mut Context, op: OpId, t: Type) -> Result<Type, Failure> {
            match VType::of(ctx, t).and_then(|vt| vt.to_builtin(ctx)) {
                Some(t) => Ok(t),
                None => {
                    let ts = strata_ir::printer::type_to_string(ctx, t);
                    err(ctx, op, format!("failed to legalize block argument of type {ts} to StableHLO"));
                    Err(Failure)
                }
            }
        }
    }
    convert_module(ctx, module, &mut C)
}
