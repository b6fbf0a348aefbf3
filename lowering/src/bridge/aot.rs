//! Ahead-of-time compilation: the lowered module translated to LLVM IR, optimized at -O3 for a
//! chosen CPU and emitted as an object file (or assembly / LLVM IR / llvm-dialect MLIR), through
//! LLVM's C API (statically linked with MLIR). The object has no dependency on MLIR's runtime:
//! allocations call malloc/free, copies become loops or memcpy.

use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::Once;
use std::time::Instant;

use mlir_sys::*;

use super::lower::{self, Ctx, LowerConfig, WrapperKind};
use super::{AotArtifact, AotOptions, Emit};
use crate::cpu::Isa;
use crate::error::BridgeError;

type TargetRef = *mut c_void;
type TargetMachineRef = *mut c_void;
type TargetDataRef = *mut c_void;
type PassBuilderOptionsRef = *mut c_void;
type ErrorRef = *mut c_void;
type ModuleRef = LLVMModuleRef;

extern "C" {
    fn LLVMInitializeX86TargetInfo();
    fn LLVMInitializeX86Target();
    fn LLVMInitializeX86TargetMC();
    fn LLVMInitializeX86AsmPrinter();
    fn LLVMGetDefaultTargetTriple() -> *mut c_char;
    fn LLVMGetTargetFromTriple(triple: *const c_char, t: *mut TargetRef, err: *mut *mut c_char) -> i32;
    fn LLVMCreateTargetMachine(
        t: TargetRef,
        triple: *const c_char,
        cpu: *const c_char,
        features: *const c_char,
        level: u32,
        reloc: u32,
        code_model: u32,
    ) -> TargetMachineRef;
    fn LLVMDisposeTargetMachine(tm: TargetMachineRef);
    fn LLVMGetHostCPUName() -> *mut c_char;
    fn LLVMGetHostCPUFeatures() -> *mut c_char;
    fn LLVMCreateTargetDataLayout(tm: TargetMachineRef) -> TargetDataRef;
    fn LLVMSetModuleDataLayout(m: ModuleRef, dl: TargetDataRef);
    fn LLVMDisposeTargetData(dl: TargetDataRef);
    fn LLVMCreatePassBuilderOptions() -> PassBuilderOptionsRef;
    fn LLVMDisposePassBuilderOptions(o: PassBuilderOptionsRef);
    fn LLVMRunPasses(m: ModuleRef, passes: *const c_char, tm: TargetMachineRef, o: PassBuilderOptionsRef) -> ErrorRef;
    fn LLVMGetErrorMessage(e: ErrorRef) -> *mut c_char;
    fn LLVMDisposeErrorMessage(msg: *mut c_char);
    fn LLVMTargetMachineEmitToMemoryBuffer(
        tm: TargetMachineRef,
        m: ModuleRef,
        codegen: u32,
        err: *mut *mut c_char,
        out: *mut *mut c_void,
    ) -> i32;
    fn LLVMGetBufferStart(buf: *mut c_void) -> *const c_char;
    fn LLVMGetBufferSize(buf: *mut c_void) -> usize;
    fn LLVMDisposeMemoryBuffer(buf: *mut c_void);
    fn LLVMSetTarget(m: ModuleRef, triple: *const c_char);
    fn LLVMPrintModuleToString(m: ModuleRef) -> *mut c_char;
    fn LLVMDisposeMessage(m: *mut c_char);
    fn LLVMVerifyModule(m: ModuleRef, action: u32, out: *mut *mut c_char) -> i32;
}

unsafe fn take_msg(p: *mut c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    let s = CStr::from_ptr(p).to_string_lossy().into_owned();
    LLVMDisposeMessage(p);
    s
}

/// Compiles `entry` of a linalg-level module to an object (or text) exporting
/// `int32_t name(const T *arg0, ..., T *res0, ...)`.
pub fn compile_aot(mlir_text: &str, o: &AotOptions) -> Result<AotArtifact, BridgeError> {
    if !is_c_identifier(&o.name) {
        return Err(BridgeError::Unsupported(format!("--name {:?} is not a C identifier", o.name)));
    }
    let _guard = super::engine_lock();
    let ctx = Ctx::new();
    let cfg = LowerConfig {
        isa: o.options.isa.unwrap_or_else(|| Isa::of_cpu_name(&o.target_cpu)),
        schedule: o.options.schedule,
        dump: o.options.print_ir_after_all,
        generic_alloc: false,
        wrappers: WrapperKind::Named { entry: o.entry.clone(), name: o.name.clone() },
    };
    let lowered = lower::lower(&ctx, mlir_text, &cfg)?;
    let sig = lowered.entries.into_iter().next().ok_or_else(|| BridgeError::Unsupported("no entry".into()))?;
    let mut report = lowered.report;
    if o.emit == Emit::MlirLlvm {
        let text = lowered.module.as_operation().to_string();
        return Ok(AotArtifact { bytes: text.into_bytes(), sig, report });
    }
    let t = Instant::now();
    let bytes = unsafe { emit_llvm(&ctx, &lowered.module, o)? };
    report.llvm_seconds = t.elapsed().as_secs_f64();
    Ok(AotArtifact { bytes, sig, report })
}

fn is_c_identifier(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(ch) if ch.is_ascii_alphabetic() || ch == '_')
        && c.all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
}

unsafe fn emit_llvm(ctx: &Ctx, module: &melior::ir::Module, o: &AotOptions) -> Result<Vec<u8>, BridgeError> {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        LLVMInitializeX86TargetInfo();
        LLVMInitializeX86Target();
        LLVMInitializeX86TargetMC();
        LLVMInitializeX86AsmPrinter();
    });
    let llctx = LLVMContextCreate();
    let m = mlirTranslateModuleToLLVMIR(module.as_operation().to_raw(), llctx);
    if m.is_null() {
        LLVMContextDispose(llctx);
        return Err(BridgeError::Emit(format!("translation to LLVM IR failed: {}", ctx.take_diags())));
    }
    let result = emit_module(m as ModuleRef, o);
    LLVMDisposeModule(m);
    LLVMContextDispose(llctx);
    result
}

unsafe fn emit_module(m: ModuleRef, o: &AotOptions) -> Result<Vec<u8>, BridgeError> {
    let triple = LLVMGetDefaultTargetTriple();
    let mut target: TargetRef = std::ptr::null_mut();
    let mut err: *mut c_char = std::ptr::null_mut();
    if LLVMGetTargetFromTriple(triple, &mut target, &mut err) != 0 {
        let e = take_msg(err);
        LLVMDisposeMessage(triple);
        return Err(BridgeError::Emit(format!("no LLVM target for this host: {e}")));
    }
    let (cpu, features) = if o.target_cpu == "host" || o.target_cpu == "native" {
        (take_msg(LLVMGetHostCPUName()), take_msg(LLVMGetHostCPUFeatures()))
    } else {
        (o.target_cpu.clone(), String::new())
    };
    let c_cpu = CString::new(cpu.clone()).map_err(|_| BridgeError::Emit("bad CPU name".into()))?;
    let c_feat = CString::new(features).unwrap_or_default();
    // opt level 3 (aggressive), PIC relocations (for PIE executables), default code model
    let level = u32::from(o.options.opt_level.min(3));
    let tm = LLVMCreateTargetMachine(target, triple, c_cpu.as_ptr(), c_feat.as_ptr(), level, 2, 0);
    if tm.is_null() {
        LLVMDisposeMessage(triple);
        return Err(BridgeError::Emit(format!("cannot create a target machine for CPU {cpu:?}")));
    }
    LLVMSetTarget(m, triple);
    LLVMDisposeMessage(triple);
    let dl = LLVMCreateTargetDataLayout(tm);
    LLVMSetModuleDataLayout(m, dl);
    LLVMDisposeTargetData(dl);
    let result = (|| {
        let mut verr: *mut c_char = std::ptr::null_mut();
        // action 2 = LLVMReturnStatusAction
        if LLVMVerifyModule(m, 2, &mut verr) != 0 {
            return Err(BridgeError::Emit(format!("invalid LLVM module: {}", take_msg(verr))));
        }
        take_msg(verr);
        let opts = LLVMCreatePassBuilderOptions();
        let passes = CString::new(format!("default<O{level}>")).unwrap();
        let e = LLVMRunPasses(m, passes.as_ptr(), tm, opts);
        LLVMDisposePassBuilderOptions(opts);
        if !e.is_null() {
            let msg = LLVMGetErrorMessage(e);
            let s = CStr::from_ptr(msg).to_string_lossy().into_owned();
            LLVMDisposeErrorMessage(msg);
            return Err(BridgeError::Emit(format!("LLVM optimization failed: {s}")));
        }
        match o.emit {
            Emit::LlvmIr => Ok(take_msg(LLVMPrintModuleToString(m)).into_bytes()),
            Emit::Obj | Emit::Asm => {
                let mut buf: *mut c_void = std::ptr::null_mut();
                let mut err: *mut c_char = std::ptr::null_mut();
                let kind = if o.emit == Emit::Obj { 1 } else { 0 };
                if LLVMTargetMachineEmitToMemoryBuffer(tm, m, kind, &mut err, &mut buf) != 0 {
                    return Err(BridgeError::Emit(format!("code generation failed: {}", take_msg(err))));
                }
                let bytes =
                    std::slice::from_raw_parts(LLVMGetBufferStart(buf) as *const u8, LLVMGetBufferSize(buf)).to_vec();
                LLVMDisposeMemoryBuffer(buf);
                Ok(bytes)
            }
            Emit::MlirLlvm => unreachable!("handled before translation"),
        }
    })();
    LLVMDisposeTargetMachine(tm);
    result
}
