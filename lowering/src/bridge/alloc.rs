//! The JIT's allocator for memrefs (`finalize-memref-to-llvm{use-generic-functions=true}` makes
//! compiled code call `_mlir_memref_to_llvm_alloc/aligned_alloc/free`). Freed blocks are kept
//! per size for reuse, so per-call packing buffers and temporaries do not go back to the
//! kernel (glibc trims/munmaps large blocks, and the page faults of fresh pages cost 25-35% of
//! a matmul, see the recipe). At most `CACHE_LIMIT` bytes are kept.

use std::alloc::Layout;
use std::collections::HashMap;
use std::sync::Mutex;

const ALIGN: usize = 64;
const CACHE_LIMIT: usize = 1 << 30;

struct Cache {
    /// live and cached blocks: address → (size, alignment)
    sizes: HashMap<usize, (usize, usize)>,
    /// free blocks by size
    free: HashMap<usize, Vec<usize>>,
    cached_bytes: usize,
}

static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

fn layout(size: usize, align: usize) -> Layout {
    Layout::from_size_align(size.max(1), align.max(ALIGN)).expect("allocation size overflows")
}

unsafe fn alloc_impl(size: usize, align: usize) -> *mut u8 {
    let mut g = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let c = g.get_or_insert_with(|| Cache { sizes: HashMap::new(), free: HashMap::new(), cached_bytes: 0 });
    if align > ALIGN {
        // rare: over-aligned requests bypass the cache
        let p = std::alloc::alloc(layout(size, align));
        if !p.is_null() {
            c.sizes.insert(p as usize, (size, align));
        }
        return p;
    }
    if let Some(p) = c.free.get_mut(&size).and_then(|v| v.pop()) {
        c.cached_bytes -= size;
        return p as *mut u8;
    }
    let p = std::alloc::alloc(layout(size, ALIGN));
    if !p.is_null() {
        c.sizes.insert(p as usize, (size, ALIGN));
    }
    p
}

/// `void *_mlir_memref_to_llvm_alloc(size_t)`.
pub unsafe extern "C" fn mlir_alloc(size: u64) -> *mut u8 {
    alloc_impl(size as usize, ALIGN)
}

/// `void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size)`.
pub unsafe extern "C" fn mlir_aligned_alloc(alignment: u64, size: u64) -> *mut u8 {
    alloc_impl(size as usize, alignment as usize)
}

/// `void _mlir_memref_to_llvm_free(void *)`.
pub unsafe extern "C" fn mlir_free(p: *mut u8) {
    if p.is_null() {
        return;
    }
    let mut g = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let Some(c) = g.as_mut() else { return };
    let Some(&(size, align)) = c.sizes.get(&(p as usize)) else {
        return; // not allocated here: never happens for code compiled by the bridge
    };
    if align == ALIGN && c.cached_bytes + size <= CACHE_LIMIT {
        c.free.entry(size).or_default().push(p as usize);
        c.cached_bytes += size;
    } else {
        c.sizes.remove(&(p as usize));
        std::alloc::dealloc(p, layout(size, align));
    }
}
