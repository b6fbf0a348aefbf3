//! Small helpers over the MLIR C API (mlir-sys) for walking and editing a module. Handles are
//! plain `Copy` C structs; every function here is used only while the module is alive.

use std::ffi::c_void;

use mlir_sys::*;

/// A string from a C API printing callback.
unsafe extern "C" fn push_str(s: MlirStringRef, data: *mut c_void) {
    let out = &mut *(data as *mut Vec<u8>);
    out.extend_from_slice(std::slice::from_raw_parts(s.data as *const u8, s.length));
}

pub fn sref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr() as *const _, length: s.len() }
}

pub unsafe fn sref_to_string(s: MlirStringRef) -> String {
    if s.data.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)).into_owned()
}

pub unsafe fn type_str(t: MlirType) -> String {
    let mut v = Vec::new();
    mlirTypePrint(t, Some(push_str), &mut v as *mut _ as *mut c_void);
    String::from_utf8_lossy(&v).into_owned()
}

pub unsafe fn attr_str(a: MlirAttribute) -> String {
    let mut v = Vec::new();
    mlirAttributePrint(a, Some(push_str), &mut v as *mut _ as *mut c_void);
    String::from_utf8_lossy(&v).into_owned()
}

pub unsafe fn op_name(op: MlirOperation) -> String {
    sref_to_string(mlirIdentifierStr(mlirOperationGetName(op)))
}

/// The attribute `name` of `op` printed, if present.
pub unsafe fn attr(op: MlirOperation, name: &str) -> Option<String> {
    let a = mlirOperationGetAttributeByName(op, sref(name));
    if a.ptr.is_null() {
        None
    } else {
        Some(attr_str(a))
    }
}

/// The ops of a block, in order.
pub unsafe fn block_ops(block: MlirBlock) -> Vec<MlirOperation> {
    let mut out = Vec::new();
    if block.ptr.is_null() {
        return out;
    }
    let mut op = mlirBlockGetFirstOperation(block);
    while !op.ptr.is_null() {
        out.push(op);
        op = mlirOperationGetNextInBlock(op);
    }
    out
}

/// The first block of region `i` of `op` (null if none).
pub unsafe fn region_block(op: MlirOperation, i: isize) -> MlirBlock {
    if i >= mlirOperationGetNumRegions(op) {
        return MlirBlock { ptr: std::ptr::null_mut() };
    }
    mlirRegionGetFirstBlock(mlirOperationGetRegion(op, i))
}

/// Every op nested in `root` (pre-order, including root).
pub unsafe fn walk(root: MlirOperation) -> Vec<MlirOperation> {
    unsafe extern "C" fn cb(op: MlirOperation, data: *mut c_void) -> MlirWalkResult {
        (*(data as *mut Vec<MlirOperation>)).push(op);
        MlirWalkResult_MlirWalkResultAdvance
    }
    let mut v: Vec<MlirOperation> = Vec::new();
    mlirOperationWalk(root, Some(cb), &mut v as *mut _ as *mut c_void, MlirWalkOrder_MlirWalkPreOrder);
    v
}

pub unsafe fn operands(op: MlirOperation) -> Vec<MlirValue> {
    (0..mlirOperationGetNumOperands(op)).map(|i| mlirOperationGetOperand(op, i)).collect()
}

pub unsafe fn results(op: MlirOperation) -> Vec<MlirValue> {
    (0..mlirOperationGetNumResults(op)).map(|i| mlirOperationGetResult(op, i)).collect()
}

/// The op defining `v`, if it is an op result.
pub unsafe fn defining_op(v: MlirValue) -> Option<MlirOperation> {
    if mlirValueIsAOpResult(v) {
        Some(mlirOpResultGetOwner(v))
    } else {
        None
    }
}

/// The ops using `v`.
pub unsafe fn users(v: MlirValue) -> Vec<MlirOperation> {
    let mut out = Vec::new();
    let mut u = mlirValueGetFirstUse(v);
    while !mlirOpOperandIsNull(u) {
        out.push(mlirOpOperandGetOwner(u));
        u = mlirOpOperandGetNextUse(u);
    }
    out
}

/// Sets a discardable integer attribute `name = value : i64`.
pub unsafe fn set_i64_attr(ctx: MlirContext, op: MlirOperation, name: &str, value: i64) {
    let a = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), value);
    mlirOperationSetDiscardableAttributeByName(op, sref(name), a);
}

/// Sets attribute `name` to the parsed `text` (false if it does not parse).
pub unsafe fn set_parsed_attr(ctx: MlirContext, op: MlirOperation, name: &str, text: &str) -> bool {
    let a = mlirAttributeParseGet(ctx, sref(text));
    if a.ptr.is_null() {
        return false;
    }
    mlirOperationSetAttributeByName(op, sref(name), a);
    true
}

/// Creates `func.call @callee(args) : (..) -> result_type` before `before`; returns its result.
pub unsafe fn insert_call_before(
    ctx: MlirContext,
    before: MlirOperation,
    callee: &str,
    args: &[MlirValue],
    result_type: MlirType,
) -> MlirValue {
    let loc = mlirOperationGetLocation(before);
    let mut state = mlirOperationStateGet(sref("func.call"), loc);
    mlirOperationStateAddOperands(&mut state, args.len() as isize, args.as_ptr());
    mlirOperationStateAddResults(&mut state, 1, &result_type);
    let callee_attr = mlirFlatSymbolRefAttrGet(ctx, sref(callee));
    let named = mlirNamedAttributeGet(mlirIdentifierGet(ctx, sref("callee")), callee_attr);
    mlirOperationStateAddAttributes(&mut state, 1, &named);
    let call = mlirOperationCreate(&mut state);
    let block = mlirOperationGetBlock(before);
    mlirBlockInsertOwnedOperationBefore(block, before, call);
    mlirOperationGetResult(call, 0)
}

/// Moves every top-level op of `from` (a module) to the end of module `to`'s body.
pub unsafe fn move_module_ops(from: MlirModule, to: MlirModule) {
    let ops = block_ops(mlirModuleGetBody(from));
    let body = mlirModuleGetBody(to);
    for op in ops {
        mlirOperationRemoveFromParent(op);
        mlirBlockAppendOwnedOperation(body, op);
    }
}
