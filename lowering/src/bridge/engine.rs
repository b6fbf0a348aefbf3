//! The JIT: [`compile`] lowers a module and creates an MLIR ExecutionEngine at -O3 for the host
//! CPU; [`CompiledModule::invoke`] runs an entry on Strata tensors.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Mutex;
use std::time::Instant;

use mlir_sys::*;
use strata_reference::value::Tensor;

use super::lower::{self, Ctx, LowerConfig, WrapperKind};
use super::{alloc, raw, CompileReport, EntrySig, Options};
use crate::cpu::Isa;
use crate::error::BridgeError;
use crate::tensors::{input_buffer, OutputBuf};

/// MLIR's global registrations and dialect loading are not thread-safe: compilations are
/// serialized (running compiled code is not).
static COMPILE_LOCK: Mutex<()> = Mutex::new(());

/// Holds the lock that serializes MLIR work in this process.
pub(super) fn engine_lock() -> std::sync::MutexGuard<'static, ()> {
    COMPILE_LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// An MLIR ExecutionEngine created through the C API and checked for null (melior's
/// `ExecutionEngine::new` cannot report a failed creation).
struct Engine {
    raw: MlirExecutionEngine,
}

impl Engine {
    fn lookup(&self, name: &str) -> *mut () {
        // SAFETY: raw is a live engine; the name is passed with its length.
        unsafe { mlirExecutionEngineLookup(self.raw, raw::sref(name)) as *mut () }
    }

    /// # Safety
    /// `ptr` must be a function with the C signature the compiled code declares for `name`.
    unsafe fn register_symbol(&self, name: &str, ptr: *mut ()) {
        mlirExecutionEngineRegisterSymbol(self.raw, raw::sref(name), ptr as _);
    }

    fn dump_to_object_file(&self, path: &str) {
        // SAFETY: raw is a live engine.
        unsafe { mlirExecutionEngineDumpToObjectFile(self.raw, raw::sref(path)) }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // SAFETY: created non-null in compile_uncached, destroyed once here.
        unsafe { mlirExecutionEngineDestroy(self.raw) }
    }
}

struct Inner {
    // field order = drop order: the engine before the context it was made in
    engine: Engine,
    _ctx: Ctx,
    entries: Vec<(EntrySig, *mut ())>,
    report: CompileReport,
}

/// A module compiled by the JIT. Cheap to clone (shared); not `Send` (MLIR objects are not).
#[derive(Clone)]
pub struct CompiledModule {
    inner: Rc<Inner>,
}

/// Modules kept per thread; the oldest is dropped beyond this (a long differential-test run
/// compiles thousands of modules).
const CACHE_CAPACITY: usize = 64;

/// Compiled modules by content hash: (module text, options, the module) per hash.
type Cache = HashMap<u64, Vec<(String, Options, CompiledModule)>>;

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(HashMap::new());
    static CACHE_ORDER: RefCell<std::collections::VecDeque<u64>> = const { RefCell::new(std::collections::VecDeque::new()) };
}

fn key(text: &str, o: &Options) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    o.hash(&mut h);
    h.finish()
}

/// Compiles a module at the linalg-on-tensors level (func, linalg, tensor, arith, math, scf,
/// bufferization) for the JIT. Every public function with statically shaped tensor arguments
/// and results becomes callable through [`CompiledModule::invoke`].
pub fn compile(mlir_text: &str, options: &Options) -> Result<CompiledModule, BridgeError> {
    if options.opt_level > 3 {
        return Err(BridgeError::Unsupported(format!("opt_level {} (0..=3)", options.opt_level)));
    }
    let k = key(mlir_text, options);
    if options.cache {
        let hit = CACHE.with(|c| {
            c.borrow()
                .get(&k)
                .and_then(|v| v.iter().find(|(t, o, _)| t == mlir_text && o == options).map(|e| e.2.clone()))
        });
        if let Some(m) = hit {
            return Ok(m);
        }
    }
    let m = compile_uncached(mlir_text, options)?;
    if options.cache {
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            c.entry(k).or_default().push((mlir_text.to_string(), options.clone(), m.clone()));
            CACHE_ORDER.with(|o| {
                let mut o = o.borrow_mut();
                o.push_back(k);
                while o.len() > CACHE_CAPACITY {
                    let old = o.pop_front().unwrap();
                    if let Some(v) = c.get_mut(&old) {
                        v.remove(0);
                        if v.is_empty() {
                            c.remove(&old);
                        }
                    }
                }
            });
        });
    }
    Ok(m)
}

fn compile_uncached(text: &str, options: &Options) -> Result<CompiledModule, BridgeError> {
    let _guard = engine_lock();
    let ctx = Ctx::new();
    let cfg = LowerConfig {
        isa: options.isa.unwrap_or_else(Isa::host),
        schedule: options.schedule,
        dump: options.print_ir_after_all,
        generic_alloc: true,
        wrappers: WrapperKind::PackedAll,
    };
    let lower::Lowered { module, entries: lowered_entries, mut report } = lower::lower(&ctx, text, &cfg)?;
    let t = Instant::now();
    ctx.take_diags();
    // The C API returns a null engine on failure (and prints); it must never be used then.
    let raw_engine = unsafe {
        mlirExecutionEngineCreate(module.to_raw(), options.opt_level as i32, 0, std::ptr::null(), false, false)
    };
    if raw_engine.ptr.is_null() {
        return Err(BridgeError::Jit(format!("creating the execution engine failed: {}", ctx.take_diags())));
    }
    let engine = Engine { raw: raw_engine };
    unsafe {
        engine.register_symbol("_mlir_memref_to_llvm_alloc", alloc::mlir_alloc as *mut ());
        engine.register_symbol("_mlir_memref_to_llvm_aligned_alloc", alloc::mlir_aligned_alloc as *mut ());
        engine.register_symbol("_mlir_memref_to_llvm_free", alloc::mlir_free as *mut ());
        for (name, f) in super::softfloat::symbols() {
            engine.register_symbol(name, f);
        }
    }
    let mut entries = Vec::new();
    for e in lowered_entries {
        let sym = format!("__strata_packed_{}", e.name);
        let f = engine.lookup(&sym);
        if f.is_null() {
            return Err(BridgeError::Jit(format!(
                "looking up {sym} failed (unresolved symbols in the compiled code?): {}",
                ctx.take_diags()
            )));
        }
        entries.push((e, f));
    }
    drop(module);
    report.llvm_seconds = t.elapsed().as_secs_f64();
    Ok(CompiledModule { inner: Rc::new(Inner { engine, _ctx: ctx, entries, report }) })
}

impl CompiledModule {
    /// The signature of an entry point, if the module has it.
    pub fn signature(&self, entry: &str) -> Option<&EntrySig> {
        self.inner.entries.iter().find(|(e, _)| e.name == entry).map(|(e, _)| e)
    }

    /// The callable entry points.
    pub fn entries(&self) -> impl Iterator<Item = &EntrySig> {
        self.inner.entries.iter().map(|(e, _)| e)
    }

    /// What the compilation did.
    pub fn report(&self) -> &CompileReport {
        &self.inner.report
    }

    fn entry(&self, entry: &str) -> Result<(&EntrySig, *mut ()), BridgeError> {
        self.inner.entries.iter().find(|(e, _)| e.name == entry).map(|(e, f)| (e, *f)).ok_or_else(|| {
            let names: Vec<&str> = self.inner.entries.iter().map(|(e, _)| e.name.as_str()).collect();
            BridgeError::Invoke(format!(
                "no callable function @{entry} (callable: {}; only public functions whose arguments and results are \
                 statically shaped tensors of supported element types are)",
                if names.is_empty() { "none".to_string() } else { names.join(", ") }
            ))
        })
    }

    /// Runs `entry` on `inputs`; returns freshly allocated results.
    pub fn invoke(&self, entry: &str, inputs: &[Tensor]) -> Result<Vec<Tensor>, BridgeError> {
        let (sig, _) = self.entry(entry)?;
        let mut outs: Vec<OutputBuf> = sig.outputs.iter().map(OutputBuf::new).collect();
        self.invoke_into(entry, inputs, &mut outs)?;
        outs.into_iter().map(|o| o.into_tensor()).collect()
    }

    /// Runs `entry` writing into caller-provided output buffers (destination-passing style:
    /// reuse them across calls to avoid allocating and faulting in fresh pages).
    pub fn invoke_into(&self, entry: &str, inputs: &[Tensor], outputs: &mut [OutputBuf]) -> Result<(), BridgeError> {
        let (sig, f) = self.entry(entry)?;
        if inputs.len() != sig.inputs.len() {
            return Err(BridgeError::Invoke(format!(
                "@{entry} takes {} arguments, {} given",
                sig.inputs.len(),
                inputs.len()
            )));
        }
        if outputs.len() != sig.outputs.len() {
            return Err(BridgeError::Invoke(format!("@{entry} has {} results", sig.outputs.len())));
        }
        let bufs = inputs.iter().zip(&sig.inputs).enumerate().map(|(i, (t, ty))| input_buffer(t, ty, i));
        let bufs: Vec<_> = bufs.collect::<Result<_, _>>()?;
        let mut ptrs: Vec<*mut u8> = bufs.iter().map(|b| b.ptr()).collect();
        for (o, ty) in outputs.iter_mut().zip(&sig.outputs) {
            if o.arg_type() != ty {
                return Err(BridgeError::Invoke(format!(
                    "output buffer of type {} for a {}",
                    o.arg_type().mlir(),
                    ty.mlir()
                )));
            }
            ptrs.push(o.ptr());
        }
        // SAFETY: f is the packed wrapper generated for this signature: it reads one pointer
        // per argument and result from `ptrs`, each pointing to a buffer of the declared type.
        let status = unsafe {
            let g: extern "C" fn(*mut *mut u8) -> i32 = std::mem::transmute(f);
            g(ptrs.as_mut_ptr())
        };
        drop(bufs);
        if status != 0 {
            return Err(BridgeError::Invoke(format!("@{entry} returned status {status}")));
        }
        Ok(())
    }

    /// Prints the engine's object code to a file (for inspection).
    pub fn dump_object(&self, path: &str) {
        self.inner.engine.dump_to_object_file(path);
    }
}

/// Number of modules in this thread's compilation cache.
pub fn cache_len() -> usize {
    CACHE.with(|c| c.borrow().values().map(|v| v.len()).sum())
}
