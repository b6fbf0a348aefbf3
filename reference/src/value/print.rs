//! Printing tensors as MLIR prints them.
//!
//! - [`Tensor::to_mlir_string`] (also `Display`): the `DenseElementsAttr`
//!   syntax with its type, `dense<[[1.000000e+00, 2.000000e+00]]> :
//!   tensor<1x2xf32>`. As in MLIR's AsmPrinter: a splat (non-empty, every
//!   element with the same bits) prints one element (`dense<0.000000e+00>`;
//!   rank 0 is always a splat); an empty tensor prints `dense<>`; booleans
//!   print `true`/`false`; signless and signed integers print signed,
//!   unsigned ones unsigned; floats follow [`super::format`]; complex
//!   elements print `(re,im)` without a space.
//! - [`DenseFormat::hex_if_larger`]: like mlir-opt (whose default limit is
//!   100, [`DenseFormat::MLIR_DEFAULT`]), non-splat tensors with more
//!   elements print as a hex string of the raw little-endian data,
//!   `dense<"0x0000803F00000040"> : tensor<2xf32>`: ⌈bits/8⌉ bytes per
//!   element (per component for complex), `i1` packed eight to a byte, least
//!   significant bit first. [`Tensor::from_dense_hex`] reads that form back.
//! - [`Tensor::to_interpreter_string`]: the StableHLO reference
//!   interpreter's `Tensor::print` layout (`tensor<2x2xi8> {` … `}` with one
//!   bracketed row per line; complex elements as `[re, im]`).

use std::fmt;

use super::element::{Element, ElementType};
use super::format::format_mlir_float_bits;
use super::tensor::{num_elements, Data, Tensor};
use super::ValueError;

/// Options for [`Tensor::to_dense_attr_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DenseFormat {
    /// Print non-splat tensors with more elements than this as a hex string
    /// (`None`: never).
    pub hex_if_larger: Option<usize>,
}

impl DenseFormat {
    /// mlir-opt's default (`--mlir-print-elementsattrs-with-hex-if-larger=100`).
    pub const MLIR_DEFAULT: DenseFormat = DenseFormat { hex_if_larger: Some(100) };
    /// Always print elements.
    pub const ELEMENTS: DenseFormat = DenseFormat { hex_if_larger: None };
}

/// Formats elements one at a time; floats are printed from their bit
/// patterns so that NaN payloads survive.
struct ElementPrinter<'a> {
    tensor: &'a Tensor,
    bits: Vec<u64>,
}

impl<'a> ElementPrinter<'a> {
    fn new(tensor: &'a Tensor) -> Self {
        let ty = tensor.element_type();
        let bits = if ty.is_float() || ty.is_complex() { tensor.element_bits() } else { Vec::new() };
        ElementPrinter { tensor, bits }
    }

    fn float(&self, k: usize) -> String {
        format_mlir_float_bits(self.bits[k], self.tensor.element_type())
    }

    /// Element `i` as written inside `dense<…>`.
    fn dense(&self, i: usize) -> String {
        match self.tensor.get_flat(i).expect("in range") {
            Element::Bool(b) => b.to_string(),
            Element::Int(v) => v.to_string(),
            Element::UInt(v) => v.to_string(),
            Element::Float(_) => self.float(i),
            Element::Complex(_) => format!("({},{})", self.float(2 * i), self.float(2 * i + 1)),
        }
    }

    /// Element `i` as written by the StableHLO interpreter's printer.
    fn interpreter(&self, i: usize) -> String {
        if self.tensor.element_type().is_complex() {
            format!("[{}, {}]", self.float(2 * i), self.float(2 * i + 1))
        } else {
            self.dense(i)
        }
    }
}

impl Tensor {
    /// The MLIR tensor type: `tensor<2x3xf32>`, `tensor<i1>`,
    /// `tensor<4xcomplex<f64>>`.
    pub fn type_string(&self) -> String {
        let mut s = String::from("tensor<");
        for d in self.shape() {
            s.push_str(&d.to_string());
            s.push('x');
        }
        s.push_str(&self.element_type().mlir_name());
        s.push('>');
        s
    }

    /// The attribute without its type, `dense<…>`, always listing elements.
    pub fn to_dense_attr(&self) -> String {
        self.to_dense_attr_with(DenseFormat::ELEMENTS)
    }

    /// The attribute without its type, `dense<…>`, with options.
    pub fn to_dense_attr_with(&self, format: DenseFormat) -> String {
        let n = self.num_elements();
        let splat = self.is_splat();
        if let Some(limit) = format.hex_if_larger {
            if !splat && n > limit {
                return format!("dense<\"0x{}\">", hex_upper(&self.dense_raw_bytes()));
            }
        }
        let printer = ElementPrinter::new(self);
        let mut out = String::from("dense<");
        if splat {
            out.push_str(&printer.dense(0));
        } else if n > 0 {
            let shape: Vec<usize> = self.shape().iter().map(|&d| d as usize).collect();
            let mut next = 0usize;
            write_nested(&mut out, &shape, &mut |out| {
                out.push_str(&printer.dense(next));
                next += 1;
            });
        }
        out.push('>');
        out
    }

    /// `dense<…> : tensor<…>` (elements always listed).
    pub fn to_mlir_string(&self) -> String {
        format!("{} : {}", self.to_dense_attr(), self.type_string())
    }

    /// The StableHLO reference interpreter's printout:
    ///
    /// ```text
    /// tensor<2x2xi8> {
    ///   [
    ///     [1, 2],
    ///     [3, 4]
    ///   ]
    /// }
    /// ```
    ///
    /// (`tensor<ui8> {1}` for rank 0, `[]` for an empty dimension.)
    pub fn to_interpreter_string(&self) -> String {
        let mut out = self.type_string();
        out.push_str(" {");
        let shape: Vec<usize> = self.shape().iter().map(|&d| d as usize).collect();
        let mut idx = Vec::with_capacity(shape.len());
        let mut next = 0usize;
        let printer = ElementPrinter::new(self);
        Self::print_helper(&printer, &mut out, &shape, &mut idx, 1, &mut next);
        out.push('}');
        out
    }

    fn print_helper(
        printer: &ElementPrinter<'_>,
        out: &mut String,
        shape: &[usize],
        idx: &mut Vec<usize>,
        indent: usize,
        next: &mut usize,
    ) {
        let is_last = |idx: &[usize]| match idx.last() {
            None => true,
            Some(&i) => i + 1 == shape[idx.len() - 1],
        };
        let newline = |out: &mut String, n: usize| {
            out.push('\n');
            for _ in 0..n {
                out.push_str("  ");
            }
        };
        if idx.len() == shape.len() {
            out.push_str(&printer.interpreter(*next));
            *next += 1;
            if !is_last(idx) {
                out.push_str(", ");
            }
            return;
        }
        newline(out, indent);
        out.push('[');
        for i in 0..shape[idx.len()] {
            idx.push(i);
            Self::print_helper(printer, out, shape, idx, indent + 1, next);
            idx.pop();
        }
        out.push(']');
        if !is_last(idx) {
            out.push(',');
        } else {
            newline(out, indent - 1);
        }
    }

    /// The raw data of MLIR's hex form (see the module docs).
    pub fn dense_raw_bytes(&self) -> Vec<u8> {
        let ty = self.element_type();
        if let Data::Bool(v) = self.data() {
            let mut out = vec![0u8; v.len().div_ceil(8)];
            for (i, &b) in v.iter().enumerate() {
                if b {
                    out[i / 8] |= 1 << (i % 8);
                }
            }
            return out;
        }
        let comp_bits = ty.component_type().unwrap_or(ty).bit_width();
        let width = comp_bits.div_ceil(8) as usize;
        let mut out = Vec::new();
        for bits in self.element_bits() {
            out.extend_from_slice(&bits.to_le_bytes()[..width]);
        }
        out
    }

    /// Reads MLIR's hex form `"0x…"` (quotes optional) for a tensor of
    /// type `ty` and shape `shape`: either the full raw data or one element
    /// (a splat); for `i1`, a single byte `0x00`/`0xFF` is a splat, otherwise
    /// bits are packed.
    pub fn from_dense_hex(ty: ElementType, shape: &[i64], hex: &str) -> Result<Tensor, ValueError> {
        let hex = hex.trim().trim_matches('"');
        let digits = hex
            .strip_prefix("0x")
            .or_else(|| hex.strip_prefix("0X"))
            .ok_or_else(|| ValueError::Parse("hex data must start with 0x".into()))?;
        if digits.len() % 2 != 0 || !digits.bytes().all(|c| c.is_ascii_hexdigit()) {
            return Err(ValueError::Parse("malformed hex data".into()));
        }
        let bytes: Vec<u8> = (0..digits.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&digits[i..i + 2], 16).expect("checked hex digits"))
            .collect();
        let n = num_elements(shape)?;
        if ty == ElementType::I1 {
            if bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xFF) {
                return Tensor::from_bools(shape, &vec![bytes[0] != 0; n]);
            }
            if bytes.len() != n.div_ceil(8) {
                return Err(ValueError::Parse(format!(
                    "expected {} bytes of i1 data, got {}",
                    n.div_ceil(8),
                    bytes.len()
                )));
            }
            let v: Vec<bool> = (0..n).map(|i| bytes[i / 8] >> (i % 8) & 1 != 0).collect();
            return Tensor::from_bools(shape, &v);
        }
        let comps = if ty.is_complex() { 2 } else { 1 };
        let comp_ty = ty.component_type().unwrap_or(ty);
        let width = comp_ty.bit_width().div_ceil(8) as usize;
        let elem = width * comps;
        let splat = bytes.len() == elem && n != 1;
        if !splat && Some(bytes.len()) != n.checked_mul(elem) {
            return Err(ValueError::Parse(format!(
                "expected {} bytes of data, got {}",
                n.saturating_mul(elem),
                bytes.len()
            )));
        }
        // Re-pack into the unpacked container layout of `Tensor::from_bytes`.
        let container = comp_ty.byte_size();
        let mut raw = Vec::with_capacity(n * container * comps);
        let count = if splat { 1 } else { n };
        for chunk in bytes.chunks_exact(width).take(count * comps) {
            let mut word = [0u8; 8];
            word[..width].copy_from_slice(chunk);
            raw.extend_from_slice(&word[..container]);
        }
        let one = Tensor::from_bytes(ty, if splat { &[] } else { shape }, &raw)?;
        if splat {
            Tensor::splat(ty, shape, one.get_flat(0).expect("one element"))
        } else {
            Ok(one)
        }
    }
}

/// Writes nested brackets for a non-empty row-major array of `shape`,
/// calling `leaf` for each element in order.
fn write_nested(out: &mut String, shape: &[usize], leaf: &mut dyn FnMut(&mut String)) {
    match shape.split_first() {
        None => leaf(out),
        Some((&d, rest)) => {
            out.push('[');
            for i in 0..d {
                if i > 0 {
                    out.push_str(", ");
                }
                write_nested(out, rest, leaf);
            }
            out.push(']');
        }
    }
}

fn hex_upper(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push_str(&format!("{b:02X}"));
    }
    s
}

impl fmt::Display for Tensor {
    /// [`Tensor::to_mlir_string`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_mlir_string())
    }
}

#[cfg(test)]
#[allow(clippy::approx_constant)]
mod tests {
    use super::*;
    use num_complex::Complex;

    fn i8s(shape: &[i64], v: &[i64]) -> Tensor {
        Tensor::from_i64s(ElementType::SInt(8), shape, v).unwrap()
    }

    #[test]
    fn dense_syntax() {
        let t = Tensor::from_f64s(ElementType::F32, &[1, 2], &[1.0, 2.0]).unwrap();
        assert_eq!(t.to_string(), "dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>");
        assert_eq!(i8s(&[4], &[1, 2, -3, -4]).to_string(), "dense<[1, 2, -3, -4]> : tensor<4xi8>");
        assert_eq!(i8s(&[1], &[1]).to_string(), "dense<1> : tensor<1xi8>");
        assert_eq!(
            i8s(&[2, 2, 2], &[0, 1, 2, 3, 4, 0, 1, 2]).to_string(),
            "dense<[[[0, 1], [2, 3]], [[4, 0], [1, 2]]]> : tensor<2x2x2xi8>"
        );
        assert_eq!(Tensor::zeros(ElementType::UInt(8), &[0]).unwrap().to_string(), "dense<> : tensor<0xui8>");
        assert_eq!(Tensor::zeros(ElementType::SInt(8), &[2, 0]).unwrap().to_string(), "dense<> : tensor<2x0xi8>");
        let u = Tensor::from_i64s(ElementType::UInt(8), &[], &[255]).unwrap();
        assert_eq!(u.to_string(), "dense<255> : tensor<ui8>");
        let b = Tensor::from_bools(&[2], &[true, false]).unwrap();
        assert_eq!(b.to_string(), "dense<[true, false]> : tensor<2xi1>");
        let c = Tensor::from_complex(ElementType::Complex64, &[4], &[Complex::new(3.14, 1.0); 4]).unwrap();
        assert_eq!(c.to_string(), "dense<(3.140000e+00,1.000000e+00)> : tensor<4xcomplex<f32>>");
        let f = Tensor::from_f64s(ElementType::F32, &[2], &[f64::NAN, 0.1]).unwrap();
        assert_eq!(f.to_string(), "dense<[0x7FC00000, 1.000000e-01]> : tensor<2xf32>");
        let snan = Tensor::from_f32_vec(&[2], vec![f32::from_bits(0xFF800001), f32::NEG_INFINITY]).unwrap();
        assert_eq!(snan.to_string(), "dense<[0xFF800001, 0xFF800000]> : tensor<2xf32>");
        let s = Tensor::from_f64s(ElementType::F16, &[2, 3], &[1.0; 6]).unwrap();
        assert_eq!(s.to_string(), "dense<1.000000e+00> : tensor<2x3xf16>");
        let f6 = Tensor::from_f64s(ElementType::F6E2M3FN, &[4], &[1.0, 2.0, -3.0, -4.0]).unwrap();
        assert_eq!(
            f6.to_string(),
            "dense<[1.000000e+00, 2.000000e+00, -3.000000e+00, -4.000000e+00]> : tensor<4xf6E2M3FN>"
        );
    }

    #[test]
    fn interpreter_syntax() {
        assert_eq!(i8s(&[4], &[1, 2, -3, -4]).to_interpreter_string(), "tensor<4xi8> {\n  [1, 2, -3, -4]\n}");
        assert_eq!(
            i8s(&[2, 2], &[1, 2, 3, 4]).to_interpreter_string(),
            "tensor<2x2xi8> {\n  [\n    [1, 2],\n    [3, 4]\n  ]\n}"
        );
        let u = Tensor::from_i64s(ElementType::UInt(8), &[], &[1]).unwrap();
        assert_eq!(u.to_interpreter_string(), "tensor<ui8> {1}");
        assert_eq!(
            Tensor::zeros(ElementType::UInt(8), &[0]).unwrap().to_interpreter_string(),
            "tensor<0xui8> {\n  []\n}"
        );
        assert_eq!(
            Tensor::zeros(ElementType::SInt(8), &[0, 2]).unwrap().to_interpreter_string(),
            "tensor<0x2xi8> {\n  []\n}"
        );
        assert_eq!(
            Tensor::zeros(ElementType::SInt(8), &[2, 0]).unwrap().to_interpreter_string(),
            "tensor<2x0xi8> {\n  [\n    [],\n    []\n  ]\n}"
        );
        let c = Tensor::from_complex(ElementType::Complex128, &[2], &[Complex::new(3.14, 1.0); 2]).unwrap();
        assert_eq!(
            c.to_interpreter_string(),
            "tensor<2xcomplex<f64>> {\n  [[3.140000e+00, 1.000000e+00], [3.140000e+00, 1.000000e+00]]\n}"
        );
        let x = Tensor::from_i64s(ElementType::SInt(64), &[2, 2, 2], &[0, 1, 2, 3, 4, 0, 1, 2]).unwrap();
        assert_eq!(
            x.to_interpreter_string(),
            "tensor<2x2x2xi64> {\n  [\n    [\n      [0, 1],\n      [2, 3]\n    ],\n    [\n      [4, 0],\n      [1, 2]\n    ]\n  ]\n}"
        );
    }

    #[test]
    fn hex_form() {
        let t = Tensor::from_f64s(ElementType::F32, &[2], &[1.0, 2.0]).unwrap();
        let fmt = DenseFormat { hex_if_larger: Some(1) };
        assert_eq!(t.to_dense_attr_with(fmt), "dense<\"0x0000803F00000040\">");
        let back = Tensor::from_dense_hex(ElementType::F32, &[2], "\"0x0000803F00000040\"").unwrap();
        assert!(back.bitwise_eq(&t));
        // Splats never use hex; a one-element buffer reads as a splat.
        let s = Tensor::from_f64s(ElementType::F32, &[3], &[1.0; 3]).unwrap();
        assert_eq!(s.to_dense_attr_with(fmt), "dense<1.000000e+00>");
        assert!(Tensor::from_dense_hex(ElementType::F32, &[3], "0x0000803F").unwrap().bitwise_eq(&s));
        let b = Tensor::from_bools(&[10], &[true, false, true, true, false, false, false, false, false, true]).unwrap();
        assert_eq!(b.to_dense_attr_with(fmt), "dense<\"0x0D02\">");
        assert!(Tensor::from_dense_hex(ElementType::I1, &[10], "0x0D02").unwrap().bitwise_eq(&b));
        assert!(Tensor::from_dense_hex(ElementType::I1, &[10], "0xFF").unwrap().as_bool().unwrap().iter().all(|&x| x));
        let i4 = Tensor::from_i64s(ElementType::SInt(4), &[2], &[-1, 3]).unwrap();
        assert_eq!(i4.to_dense_attr_with(fmt), "dense<\"0x0F03\">");
        assert!(Tensor::from_dense_hex(ElementType::SInt(4), &[2], "0x0F03").unwrap().bitwise_eq(&i4));
        let tf = Tensor::from_f64s(ElementType::TF32, &[2], &[1.0, -2.0]).unwrap();
        // tf32: 19 bits -> 3 bytes per element.
        assert_eq!(tf.to_dense_attr_with(fmt), "dense<\"0x00FC01000006\">");
        assert!(Tensor::from_dense_hex(ElementType::TF32, &[2], "0x00FC01000006").unwrap().bitwise_eq(&tf));
        let c = Tensor::from_complex(ElementType::Complex64, &[2], &[Complex::new(1.0, 2.0), Complex::new(0.0, 0.0)])
            .unwrap();
        let h = c.to_dense_attr_with(fmt);
        assert_eq!(h, "dense<\"0x0000803F000000400000000000000000\">");
        assert!(Tensor::from_dense_hex(ElementType::Complex64, &[2], &h[6..h.len() - 1]).unwrap().bitwise_eq(&c));
        for bad in ["", "0x", "0x0", "0xZZ", "12", "0x00"] {
            assert!(Tensor::from_dense_hex(ElementType::F32, &[2], bad).is_err(), "{bad}");
        }
    }
}
