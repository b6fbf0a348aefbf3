//! Software prefetch hints (no-ops where the target has none).

/// Hint that `*r` will be read soon.
#[inline(always)]
pub(crate) fn read<T>(r: &T) {
    read_ptr(r as *const T as *const u8);
}

/// Hint that the byte at `p` will be read soon (an address only: never faults, loads nothing).
#[inline(always)]
pub(crate) fn read_ptr(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and has no architectural effect.
    unsafe {
        core::arch::x86_64::_mm_prefetch(p as *const i8, core::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Hint that all of `*r` will be read soon: its first and its last byte's cache lines (a
/// value up to a line long straddles at most two).
#[inline(always)]
pub(crate) fn read_all<T>(r: &T) {
    let p = r as *const T as *const u8;
    read_ptr(p);
    read_ptr(p.wrapping_add(std::mem::size_of::<T>().saturating_sub(1)));
}
