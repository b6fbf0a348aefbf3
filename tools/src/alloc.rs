//! The global allocator of Strata's tools: mimalloc, entered without its aligned path for the
//! ordinary alignments. The IR is many small allocations, so the allocator matters for
//! throughput. Each binary installs it with
//! `#[global_allocator] static GLOBAL: strata_tools::alloc::Allocator = strata_tools::alloc::Allocator;`.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys as mi;

/// `mi_option_allow_thp` in the mimalloc v3 sources `libmimalloc-sys` 0.1.49 builds (the
/// version is pinned in tools/Cargo.toml: the index of an option changes between releases).
const MI_OPTION_ALLOW_THP: std::ffi::c_int = 43;

extern "C" {
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
    fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
}

/// No transparent huge pages for the heap unless `MIMALLOC_ALLOW_THP` asks for them: set before
/// `main` (from `.init_array`), so before the first allocation reserves an arena.
///
/// Measured on the 2-core VM this project runs on: the kernel hands out 2 MB pages from the
/// free blocks the balloon driver reports to the host after ~2 s of idleness, so a run that
/// follows a pause touches host-cold memory (a 200k-op bytecode read: 0.18 s with huge pages
/// vs 0.08-0.12 s without; the text parse+verify+print of the 200k-op arith file: 0.32-0.52 s
/// vs 0.24-0.26 s). Only back-to-back runs are faster with huge pages (0.055 s vs 0.083 s for
/// the bytecode read). 4 KB pages are what glibc's malloc (and so mlir-opt) gets here.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static NO_THP: extern "C" fn() = no_thp;

#[cfg(target_os = "linux")]
extern "C" fn no_thp() {
    // (`var_os` of an unset variable allocates nothing: no arena is reserved before the option
    // is set. mimalloc has read its environment already, so a set variable is left to it.)
    if std::env::var_os("MIMALLOC_ALLOW_THP").is_none() {
        // SAFETY: plain option setter of the linked mimalloc; runs before any thread starts.
        unsafe { mi_option_set(MI_OPTION_ALLOW_THP, 0) };
    }
}

/// Whether the heap may use transparent huge pages (see [`NO_THP`]).
pub fn huge_pages_allowed() -> bool {
    // SAFETY: plain option getter of the linked mimalloc.
    unsafe { mi_option_get(MI_OPTION_ALLOW_THP) != 0 }
}

/// `mimalloc::MiMalloc` always takes mimalloc's aligned path (`mi_malloc_aligned`); every
/// mimalloc block is already aligned to `MI_MAX_ALIGN_SIZE` (16), so requests with a smaller
/// alignment go to the plain entry points and only over-aligned ones to the aligned path.
pub struct Allocator;

const MIN_ALIGN: usize = 16;

unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= MIN_ALIGN {
            mi::mi_malloc(layout.size()) as *mut u8
        } else {
            mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }
    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= MIN_ALIGN {
            mi::mi_zalloc(layout.size()) as *mut u8
        } else {
            mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }
    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr as *mut c_void);
    }
    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= MIN_ALIGN {
            mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
        } else {
            mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    /// The constructor ran before the test harness: the heap gets no huge pages unless the
    /// environment asks for them.
    #[test]
    fn heap_has_no_huge_pages_by_default() {
        assert_eq!(super::huge_pages_allowed(), std::env::var_os("MIMALLOC_ALLOW_THP").is_some_and(|v| v != "0"));
    }
}
