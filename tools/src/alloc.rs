//! The global allocator of Strata's tools: mimalloc, entered without its aligned path for the
//! ordinary alignments. The IR is many small allocations, so the allocator matters for
//! throughput. Each binary installs it with
//! `#[global_allocator] static GLOBAL: strata_tools::alloc::Allocator = strata_tools::alloc::Allocator;`.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys as mi;

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
