//! Resource limits: the largest value (in bytes of the interpreter's storage) the interpreter,
//! the folders and the JIT's argument passing may create. A value above the limit is an
//! error naming the op and the size instead of an allocation failure (which aborts the
//! process).
//!
//! The limit is process-wide: [`set_max_memory`] (strata-run's `--max-memory`) or, by
//! default, the machine's available memory (`MemAvailable` of `/proc/meminfo`; 8 GiB where
//! that cannot be read).

use std::sync::atomic::{AtomicU64, Ordering};

use crate::value::{ElementType, StorageKind};
use crate::InterpError;

/// 0: not set, the default applies.
static MAX_MEMORY: AtomicU64 = AtomicU64::new(0);
static DEFAULT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// Sets the limit (bytes); 0 restores the default.
pub fn set_max_memory(bytes: u64) {
    MAX_MEMORY.store(bytes, Ordering::Relaxed);
}

/// The machine's available memory (`MemAvailable`), or 8 GiB where it cannot be read.
pub fn default_max_memory() -> u64 {
    *DEFAULT.get_or_init(|| {
        std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|s| {
                s.lines().find(|l| l.starts_with("MemAvailable:")).and_then(|l| {
                    let kb: u64 = l.split_whitespace().nth(1)?.parse().ok()?;
                    Some(kb.saturating_mul(1024))
                })
            })
            .filter(|&b| b > 0)
            .unwrap_or(8 << 30)
    })
}

/// The limit in force (bytes).
pub fn max_memory() -> u64 {
    match MAX_MEMORY.load(Ordering::Relaxed) {
        0 => default_max_memory(),
        b => b,
    }
}

/// Bytes one element of `et` takes in the interpreter's storage.
pub fn storage_bytes(et: ElementType) -> u64 {
    match et.storage() {
        StorageKind::Bool => 1,
        StorageKind::F32 => 4,
        StorageKind::I64 | StorageKind::U64 | StorageKind::F64 | StorageKind::C64 => 8,
        StorageKind::C128 => 16,
    }
}

/// Bytes a tensor of `shape` and `et` takes (saturating: an overflowing product is `u64::MAX`).
pub fn tensor_bytes(shape: &[i64], et: ElementType) -> u64 {
    shape.iter().try_fold(storage_bytes(et), |acc, &d| acc.checked_mul(d.max(0) as u64)).unwrap_or(u64::MAX)
}

/// A size for people: `37.3 GiB`.
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut x = b as f64;
    let mut u = 0;
    while x >= 1024.0 && u + 1 < UNITS.len() {
        x /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} bytes")
    } else {
        format!("{x:.1} {}", UNITS[u])
    }
}

/// `Ok` when a value of `bytes` fits the limit; otherwise the error naming `op` and `what`
/// (the value: `result #0 of type tensor<100000x100000xf32>`).
pub fn check_bytes(op: &str, what: &str, bytes: u64) -> Result<(), InterpError> {
    let limit = max_memory();
    if bytes <= limit {
        return Ok(());
    }
    let size = if bytes == u64::MAX {
        "more than 2^64 bytes".to_string()
    } else {
        format!("{bytes} bytes ({})", human_bytes(bytes))
    };
    Err(InterpError::invalid(
        op,
        format!(
            "{what} needs {size}, more than the memory limit of {limit} bytes ({}); raise it with --max-memory",
            human_bytes(limit)
        ),
    ))
}

/// [`check_bytes`] for a tensor of `shape` and `et`.
pub fn check_tensor(op: &str, what: &str, shape: &[i64], et: ElementType) -> Result<(), InterpError> {
    check_bytes(op, what, tensor_bytes(shape, et))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_messages() {
        assert_eq!(tensor_bytes(&[100000, 100000], ElementType::F32), 40_000_000_000);
        assert_eq!(tensor_bytes(&[i64::MAX, 4], ElementType::F64), u64::MAX);
        assert_eq!(human_bytes(40_000_000_000), "37.3 GiB");
        let e = check_bytes("stablehlo.add", "result #0", u64::MAX).unwrap_err().to_string();
        assert!(e.starts_with("stablehlo.add: result #0 needs more than 2^64 bytes"), "{e}");
        assert!(check_bytes("x", "y", 16).is_ok());
    }
}
