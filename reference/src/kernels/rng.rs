//! `rng_bit_generator`, bit for bit as XLA's `RngBitGeneratorExpander` and
//! `prng.cc` compute it (the spec leaves the algorithms
//! implementation-defined; matching XLA makes results comparable with JAX).
//!
//! - `THREE_FRY` (state `[key, counter]`): Threefry-2x32 with 20 rounds; a
//!   64-bit output element `i` is `threefry(counter + i)`; 32-bit outputs
//!   split the shape in halves along its first even (else largest)
//!   dimension and interleave the two 32-bit words; narrower outputs keep
//!   the low bits of 32-bit ones. The new state is `[key, counter + n]`.
//! - `PHILOX` (state `[key, counter]` or `[key, counter_lo, counter_hi]`):
//!   Philox-4x32 with 10 rounds over a 128-bit counter (for a 2-element
//!   state XLA reverses it: the counter is `(state[1], state[0])`); words are
//!   taken round-robin.
//! - `DEFAULT` is `PHILOX`, XLA's choice on CPU and GPU.

use crate::value::{ElementType, Tensor};
use crate::{InterpError, KResult};

/// `rng_algorithm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum RngAlgorithm {
    Default,
    ThreeFry,
    Philox,
}

impl RngAlgorithm {
    /// From the keyword.
    pub fn from_keyword(s: &str) -> Option<Self> {
        Some(match s.trim() {
            "DEFAULT" => RngAlgorithm::Default,
            "THREE_FRY" => RngAlgorithm::ThreeFry,
            "PHILOX" => RngAlgorithm::Philox,
            _ => return None,
        })
    }
}

/// Threefry-2x32, 20 rounds.
pub fn threefry2x32(x: [u32; 2], key: [u32; 2]) -> [u32; 2] {
    const ROT: [u32; 8] = [13, 15, 26, 6, 17, 29, 16, 24];
    let ks = [key[0], key[1], 0x1BD1_1BDA ^ key[0] ^ key[1]];
    let (mut x0, mut x1) = (x[0].wrapping_add(ks[0]), x[1].wrapping_add(ks[1]));
    let rounds = |x0: &mut u32, x1: &mut u32, r: &[u32]| {
        for &rot in r {
            *x0 = x0.wrapping_add(*x1);
            *x1 = x1.rotate_left(rot);
            *x1 ^= *x0;
        }
    };
    for i in 0..5u32 {
        let r = if i % 2 == 0 { &ROT[..4] } else { &ROT[4..] };
        rounds(&mut x0, &mut x1, r);
        let a = ks[((i + 1) % 3) as usize];
        let b = ks[((i + 2) % 3) as usize];
        x0 = x0.wrapping_add(a);
        x1 = x1.wrapping_add(b).wrapping_add(i + 1);
    }
    [x0, x1]
}

/// Philox-4x32, 10 rounds.
pub fn philox4x32(mut x: [u32; 4], mut key: [u32; 2]) -> [u32; 4] {
    const M0: u64 = 0xD251_1F53;
    const M1: u64 = 0xCD9E_8D57;
    for _ in 0..10 {
        let p0 = x[0] as u64 * M0;
        let p1 = x[2] as u64 * M1;
        x = [((p1 >> 32) as u32) ^ x[1] ^ key[0], p1 as u32, ((p0 >> 32) as u32) ^ x[3] ^ key[1], p0 as u32];
        key = [key[0].wrapping_add(0x9E37_79B9), key[1].wrapping_add(0xBB67_AE85)];
    }
    x
}

fn split(u: u64) -> [u32; 2] {
    [u as u32, (u >> 32) as u32]
}

/// Threefry 32-bit words for `shape`: (words, elements consumed).
fn threefry32(key: [u32; 2], counter: u64, shape: &[i64]) -> (Vec<u32>, u64) {
    let n: usize = shape.iter().product::<i64>() as usize;
    if shape.is_empty() {
        return (vec![threefry2x32(split(counter), key)[0]], 1);
    }
    let split_dim = shape.iter().position(|&d| d % 2 == 0).unwrap_or_else(|| {
        let mut best = 0;
        for (i, &d) in shape.iter().enumerate() {
            if d > shape[best] {
                best = i;
            }
        }
        best
    });
    let d = shape[split_dim];
    let half = (d + 1) / 2;
    let before: i64 = shape[..split_dim].iter().product();
    let after: i64 = shape[split_dim + 1..].iter().product();
    let half_n = (before * half * after) as u64;
    let mut out = Vec::with_capacity(n);
    for b in 0..before {
        for j in 0..d {
            let (h, c) = (j / 2, (j % 2) as usize);
            for a in 0..after {
                let lin = ((b * half + h) * after + a) as u64;
                out.push(threefry2x32(split(counter.wrapping_add(lin)), key)[c]);
            }
        }
    }
    (out, half_n)
}

/// Philox 32-bit words: (words, new 128-bit counter).
fn philox_words(key: [u32; 2], ctr: u128, n32: usize) -> (Vec<[u32; 4]>, u128) {
    let nv = n32.div_ceil(4);
    let mut out = Vec::with_capacity(nv);
    for i in 0..nv {
        let c = ctr.wrapping_add(i as u128);
        let lo = c as u64;
        let hi = (c >> 64) as u64;
        out.push(philox4x32([lo as u32, (lo >> 32) as u32, hi as u32, (hi >> 32) as u32], key));
    }
    (out, ctr.wrapping_add(nv as u128))
}

/// `stablehlo.rng_bit_generator`: (new state, random bits of
/// `out_ty`/`out_shape`).
pub fn rng_bit_generator(
    alg: RngAlgorithm,
    state: &Tensor,
    out_ty: ElementType,
    out_shape: &[i64],
) -> KResult<(Tensor, Tensor)> {
    let op = "rng_bit_generator";
    let st = state
        .as_u64()
        .filter(|_| state.element_type() == ElementType::UInt(64) && state.rank() == 1)
        .ok_or_else(|| InterpError::invalid(op, "initial_state must be a 1-D ui64 tensor"))?
        .to_vec();
    super::check_shape(op, out_shape)?;
    let n: usize = out_shape.iter().product::<i64>() as usize;
    let width = out_ty.bit_width();
    if !(out_ty.is_integer() || out_ty.is_float()) || width > 64 {
        return Err(InterpError::unsupported_type(op, out_ty));
    }
    let alg = if alg == RngAlgorithm::Default { RngAlgorithm::Philox } else { alg };
    let (bits, new_state): (Vec<u64>, Vec<u64>) = match alg {
        RngAlgorithm::ThreeFry => {
            if st.len() != 2 {
                return Err(InterpError::invalid(op, "THREE_FRY needs a 2-element state"));
            }
            let key = split(st[0]);
            if width == 64 {
                let bits = (0..n as u64)
                    .map(|i| {
                        let w = threefry2x32(split(st[1].wrapping_add(i)), key);
                        w[0] as u64 | (w[1] as u64) << 32
                    })
                    .collect();
                (bits, vec![st[0], st[1].wrapping_add(n as u64)])
            } else {
                let (w, used) = threefry32(key, st[1], out_shape);
                (w.into_iter().map(|x| x as u64).collect(), vec![st[0], st[1].wrapping_add(used)])
            }
        }
        _ => {
            if st.len() != 2 && st.len() != 3 {
                return Err(InterpError::invalid(op, "PHILOX needs a 2- or 3-element state"));
            }
            let key = split(st[0]);
            let ctr: u128 = if st.len() >= 3 {
                st[1] as u128 | (st[2] as u128) << 64
            } else {
                st[1] as u128 | (st[0] as u128) << 64
            };
            let (bits, new_ctr) = if width == 64 {
                let (w, c) = philox_words(key, ctr, 2 * n);
                let mut b = Vec::with_capacity(n);
                for v in &w {
                    b.push(v[0] as u64 | (v[1] as u64) << 32);
                    b.push(v[2] as u64 | (v[3] as u64) << 32);
                }
                b.truncate(n);
                (b, c)
            } else {
                let (w, c) = philox_words(key, ctr, n);
                let mut b: Vec<u64> = w.iter().flat_map(|v| v.iter().map(|&x| x as u64)).collect();
                b.truncate(n);
                (b, c)
            };
            let mut ns = vec![st[0], new_ctr as u64];
            if st.len() >= 3 {
                ns.push((new_ctr >> 64) as u64);
            }
            (bits, ns)
        }
    };
    let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
    let bits: Vec<u64> = bits.into_iter().map(|b| b & mask).collect();
    let out_state = Tensor::from_u64s(ElementType::UInt(64), &[new_state.len() as i64], &new_state)?;
    // reinterpret the bits in the output type
    let as_uint = Tensor::from_u64s(ElementType::UInt(width.max(2) as u8), out_shape, &bits)?;
    let out = if out_ty == ElementType::UInt(width as u8) {
        as_uint
    } else {
        super::bitcast::bitcast_convert(&as_uint, out_ty, out_shape)?
    };
    Ok((out_state, out))
}
