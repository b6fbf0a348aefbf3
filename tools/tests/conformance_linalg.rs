//! StableHLO's `stablehlo-legalize-to-linalg` tests (`../shared/conformance/stablehlo/linalg`),
//! run as their RUN lines say: `strata-opt FILE --stablehlo-legalize-to-linalg[=OPTS]
//! --split-input-file --canonicalize | strata-check FILE [--check-prefix=P]`, one `// -----`
//! chunk at a time so that each chunk is a case.
//!
//! A chunk passes when, for every RUN line whose check prefix has directives in the chunk,
//! strata-opt succeeds and strata-check accepts its output against the chunk's directives (a
//! chunk with no directives for any RUN line passes when strata-opt succeeds on it). The test
//! prints a per-file table and fails when a chunk outside [`KNOWN_FAILING`] fails; chunks in
//! the list that pass are reported, so the list can shrink. The suite is read in place.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Chunks expected to fail: (file, 1-based chunk, reason).
const KNOWN_FAILING: &[(&str, usize, &str)] = &[
    (
        "convolution.mlir",
        1,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        2,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        3,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        4,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        5,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        6,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        7,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        8,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        9,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        10,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        11,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        12,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        13,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        14,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        15,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        16,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        17,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        18,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "convolution.mlir",
        19,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        1,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        2,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        3,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        4,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        5,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        6,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        7,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        8,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        9,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        10,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        11,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        12,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        13,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        14,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        15,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        16,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        17,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        18,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "dot-product.mlir",
        19,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "gather.mlir",
        1,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "gather.mlir",
        2,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "gather.mlir",
        3,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "gather.mlir",
        4,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "gather.mlir",
        5,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "gather.mlir",
        6,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "gather.mlir",
        7,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "gather.mlir",
        8,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "gather.mlir",
        9,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        1,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        2,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        3,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        4,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        5,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        6,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        9,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        10,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        11,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        12,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        13,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        14,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        15,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        16,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        17,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        18,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        19,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        20,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        21,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        22,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        23,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        24,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        25,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        26,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        27,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        28,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        29,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        30,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        31,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        32,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        33,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        34,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        35,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        36,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        37,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        38,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        39,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        41,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        42,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        43,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        44,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        45,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        46,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        47,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        48,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        49,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        50,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        51,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        52,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        53,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        54,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        55,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        56,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        57,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        58,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        59,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        60,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        61,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        62,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        63,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        64,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        65,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        66,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        67,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        68,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        69,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        70,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        71,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        72,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        73,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        74,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        75,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        76,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        77,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        78,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        79,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        80,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        81,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "miscellaneous.mlir",
        82,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        1,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        2,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        3,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        4,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        5,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        6,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        7,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        8,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        9,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        10,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        11,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        12,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        13,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        14,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        15,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        16,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        17,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        18,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        19,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        20,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        21,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        22,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        23,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        24,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        25,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        26,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        27,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        28,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        29,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        30,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        31,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        32,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        33,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        34,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        35,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        36,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        37,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        38,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        39,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        40,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        41,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        42,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        43,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        44,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        45,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        46,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        47,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        48,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        49,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        50,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        51,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        52,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        53,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        54,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        55,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        56,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        57,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        58,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        59,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        60,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        61,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        62,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        63,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        64,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        65,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        66,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        67,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        68,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        69,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        70,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        71,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        72,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        73,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        74,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        76,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        77,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        78,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        79,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        80,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        81,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        82,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        83,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        84,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        85,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        86,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        87,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        88,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "pointwise.mlir",
        89,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        1,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        2,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        3,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        4,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        5,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        6,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        7,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        8,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        9,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        10,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        11,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        12,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        13,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        14,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        15,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "random.mlir",
        16,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        1,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        2,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        3,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        4,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        5,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        6,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        7,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        8,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        9,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        10,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        11,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        12,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        13,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        14,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        15,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        16,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        17,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        18,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        19,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        20,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        21,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        22,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        23,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        24,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        25,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        26,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "reduce.mlir",
        27,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        1,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        2,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        3,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        4,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        5,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        6,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        7,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        8,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        9,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        10,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        11,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        12,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        13,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        14,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        15,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        16,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        17,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        18,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        19,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        20,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        21,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
    (
        "sparse.mlir",
        23,
        "the lowered IR uses arith/linalg/tensor/scf/complex ops, not registered in Strata before the dialects land",
    ),
];

/// One RUN line: the pass flag (with options) and the check prefix.
struct Run {
    pass_flag: String,
    prefix: String,
}

fn parse_runs(text: &str) -> Vec<Run> {
    common::run_lines(text)
        .into_iter()
        .filter(|l| l.contains("FileCheck"))
        .filter_map(|l| {
            let pass_flag = l
                .split_whitespace()
                .find(|w| w.starts_with("--stablehlo-legalize-to-linalg"))?
                .replace('"', "")
                .replace('\'', "");
            let prefix =
                l.split_whitespace().find_map(|w| w.strip_prefix("--check-prefix=")).unwrap_or("CHECK").to_string();
            Some(Run { pass_flag, prefix })
        })
        .collect()
}

/// Whether `chunk` has a FileCheck directive with `prefix` (`P:`, `P-NEXT:`, ...).
fn has_directives(chunk: &str, prefix: &str) -> bool {
    const SUFFIXES: [&str; 8] = [":", "-NEXT:", "-SAME:", "-DAG:", "-NOT:", "-LABEL:", "-EMPTY:", "-COUNT"];
    chunk.lines().any(|l| {
        let mut rest = l;
        while let Some(i) = rest.find(prefix) {
            let after = &rest[i + prefix.len()..];
            let before_ok = i == 0 || !rest.as_bytes()[i - 1].is_ascii_alphanumeric() && rest.as_bytes()[i - 1] != b'-';
            if before_ok && SUFFIXES.iter().any(|s| after.starts_with(s)) {
                return true;
            }
            rest = &rest[i + prefix.len()..];
        }
        false
    })
}

/// Run one chunk under one RUN line; `Err(log)` on failure.
fn run_chunk(chunk_path: &Path, run: &Run) -> Result<(), String> {
    let opt = env!("CARGO_BIN_EXE_strata-opt");
    let check = env!("CARGO_BIN_EXE_strata-check");
    let produced = Command::new(opt)
        .arg(chunk_path)
        .arg(&run.pass_flag)
        .arg("--canonicalize")
        .output()
        .map_err(|e| format!("strata-opt: {e}"))?;
    if !produced.status.success() {
        return Err(format!("strata-opt failed:\n{}", String::from_utf8_lossy(&produced.stderr)));
    }
    let mut child = Command::new(check)
        .arg(chunk_path)
        .arg(format!("--check-prefix={}", run.prefix))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("strata-check: {e}"))?;
    {
        let mut si = child.stdin.take().expect("stdin");
        let _ = si.write_all(&produced.stdout);
    }
    let res = child.wait_with_output().map_err(|e| format!("strata-check: {e}"))?;
    if res.status.success() {
        Ok(())
    } else {
        Err(format!(
            "strata-check ({}) failed:\n{}\n--- output ---\n{}",
            run.prefix,
            String::from_utf8_lossy(&res.stderr),
            String::from_utf8_lossy(&produced.stdout)
        ))
    }
}

/// A reason for a failing chunk, from its log (used to regenerate [`KNOWN_FAILING`] with
/// `STRATA_CONFORMANCE_PRINT_KNOWN=1`; the reasons are then edited by hand where needed).
fn classify(log: &str) -> String {
    if let Some(i) = log.find("failed to legalize operation '") {
        let rest = &log[i + "failed to legalize operation '".len()..];
        let line = rest.lines().next().unwrap_or("");
        return format!("not lowered: '{line}");
    }
    if let Some(i) = log.find("unregistered operation '") {
        let rest = &log[i + "unregistered operation '".len()..];
        let op = rest.split('\'').next().unwrap_or("");
        return format!("the lowered IR's {op} is not a registered op in Strata yet");
    }
    if log.starts_with("strata-opt failed") {
        let first = log.lines().nth(1).unwrap_or("").trim();
        return format!("strata-opt fails: {first}");
    }
    let first = log.lines().nth(1).unwrap_or("").trim();
    format!("output differs from StableHLO's: {first}")
}

#[test]
fn stablehlo_legalize_to_linalg_suite() {
    let Some(dir) = common::suite("stablehlo/linalg") else { return };
    let tmp = std::env::temp_dir().join(format!("strata-conformance-linalg-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let verbose = std::env::var("STRATA_CONFORMANCE_VERBOSE").is_ok();
    let print_known = std::env::var("STRATA_CONFORMANCE_PRINT_KNOWN").is_ok();
    let mut known_lines: Vec<String> = Vec::new();
    let mut table = String::new();
    let mut regressions = Vec::new();
    let mut newly_passing = Vec::new();
    let (mut all_pass, mut all_total) = (0, 0);
    for path in common::mlir_files(&dir) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).expect("readable");
        let runs = parse_runs(&text);
        let chunks = strata_tools::split::split(&text, "// -----", true);
        let mut passed = 0;
        let mut failing = Vec::new();
        for (i, ch) in chunks.iter().enumerate() {
            let idx = i + 1;
            // Keep the file's line numbers in diagnostics: pad with the lines before the chunk.
            let body = format!("{}{}", "\n".repeat(ch.line_offset as usize), ch.text);
            let cp = tmp.join(format!("{}.{idx}.mlir", name.trim_end_matches(".mlir")));
            std::fs::write(&cp, &body).expect("write chunk");
            let applicable: Vec<&Run> = runs.iter().filter(|r| has_directives(ch.text, &r.prefix)).collect();
            let result = if applicable.is_empty() {
                run_chunk(&cp, &Run { pass_flag: runs[0].pass_flag.clone(), prefix: "CHECK".into() }).or_else(|e| {
                    if e.starts_with("strata-opt failed") {
                        Err(e)
                    } else {
                        Ok(())
                    }
                })
            } else {
                applicable.iter().try_for_each(|r| run_chunk(&cp, r))
            };
            let known = KNOWN_FAILING.iter().find(|(f, c, _)| *f == name && *c == idx);
            match result {
                Ok(()) => {
                    passed += 1;
                    if known.is_some() {
                        newly_passing.push(format!("{name} chunk {idx}"));
                    }
                }
                Err(log) => {
                    if print_known {
                        known_lines.push(format!("    ({name:?}, {idx}, {:?}),", classify(&log)));
                    }
                    if verbose {
                        eprintln!("==== {name} chunk {idx} (line {}) ====\n{log}", ch.line_offset + 1);
                    }
                    failing.push(idx);
                    if known.is_none() {
                        regressions.push(format!("{name} chunk {idx} (line {}):\n{log}", ch.line_offset + 1));
                    }
                }
            }
        }
        all_pass += passed;
        all_total += chunks.len();
        table.push_str(&format!("{name:<24} {passed:>4}/{:<4} failing: {failing:?}\n", chunks.len()));
    }
    let _ = std::fs::remove_dir_all(&tmp);
    eprintln!("stablehlo/linalg conformance:\n{table}total {all_pass}/{all_total}");
    if print_known {
        eprintln!("const KNOWN_FAILING: &[(&str, usize, &str)] = &[\n{}\n];", known_lines.join("\n"));
    }
    if !newly_passing.is_empty() {
        eprintln!("now passing (remove from KNOWN_FAILING): {newly_passing:?}");
    }
    assert!(
        regressions.is_empty(),
        "{} chunks fail outside KNOWN_FAILING:\n{}",
        regressions.len(),
        regressions.join("\n")
    );
}
