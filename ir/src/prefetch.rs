//! Memory hints: software prefetches (no-ops where the target has none) and mapping the
//! reserved room of a vector before it is written.

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

/// How much memory [`populate_ahead`] maps ahead of the writes to an arena.
const AHEAD_BYTES: usize = 256 << 10;

/// Before a push to `v`, a vector filled one entry at a time into capacity reserved from an
/// estimate (the IR arenas): at every chunk boundary, map the next chunk's memory
/// ([`populate_spare`]). A chunk is the largest power of two of entries within
/// [`AHEAD_BYTES`], so chunks of a page-aligned vector end on page boundaries (a chunk that
/// ended inside a page would leave that page to fault). Never more than a chunk beyond what is
/// written, whatever the estimate.
#[inline(always)]
pub(crate) fn populate_ahead<T>(v: &mut Vec<T>) {
    let fit = (AHEAD_BYTES / std::mem::size_of::<T>().max(1)).max(1);
    let chunk = 1usize << (usize::BITS - 1 - fit.leading_zeros());
    if v.len().is_multiple_of(chunk) {
        populate_spare(v, chunk);
    }
}

/// Map the memory of the next `n` entries of `v`'s spare capacity now, in one call, instead of
/// a page fault at a time as they are written (a fault is a trap into the kernel, on a virtual
/// machine an expensive one: about 1.5 µs each here). For tables about to be filled with a
/// known number of entries. Only within the capacity already reserved and only a hint: below
/// 64 KiB it does nothing (the faults cost less than the call), and a kernel without
/// `MADV_POPULATE_WRITE` (Linux 5.14) says no and nothing changes.
#[cold]
pub(crate) fn populate_spare<T>(v: &mut Vec<T>, n: usize) {
    #[cfg(target_os = "linux")]
    {
        let size = std::mem::size_of::<T>();
        let n = n.min(v.capacity() - v.len());
        if n * size < 1 << 16 {
            return;
        }
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        let page = if page > 0 { page as usize } else { return };
        let start = v.spare_capacity_mut().as_mut_ptr() as usize;
        let (a, b) = ((start + page - 1) & !(page - 1), (start + n * size) & !(page - 1));
        if b > a {
            // SAFETY: [a, b) lies within the vector's allocation (its spare capacity); populating
            // only maps pages, never changing what they hold.
            unsafe {
                libc::madvise(a as *mut libc::c_void, b - a, libc::MADV_POPULATE_WRITE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (v, n);
}
