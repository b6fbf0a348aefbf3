//! What the conformance suites share: finding a suite (a missing one fails, see
//! `strata_ir::testing::conformance_path`), collecting its files, and running `strata-run` on a
//! file so that **every chunk reports and every exit status counts**: a chunk that prints no
//! summary (a crash midway) is a failure, and so is an exit status that disagrees with the
//! summaries.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `../shared/conformance/<rel>`, or `None` when skipping is requested (a missing suite panics).
pub fn suite(rel: &str) -> Option<PathBuf> {
    strata_ir::testing::conformance_path(env!("CARGO_MANIFEST_DIR"), rel)
}

/// Every `.mlir` file under `dir`, sorted.
pub fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    strata_ir::testing::files_under(dir, "mlir", &[])
}

/// The RUN lines of a test file (`// RUN: ...`, not `RUN-DISABLED`).
pub fn run_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            l.trim_start().strip_prefix("//")?.trim_start().strip_prefix("RUN:").map(|s| s.trim().to_string())
        })
        .collect()
}

/// The outcome of one chunk.
#[derive(Clone, Debug)]
pub struct Chunk {
    /// 1-based chunk number.
    pub index: usize,
    /// Whether it passed.
    pub ok: bool,
    /// strata-run's diagnostics (for failures).
    pub log: String,
}

/// Runs `strata-run --interpret [--split-input-file] <path>`. With `split`, one outcome per
/// `// -----` chunk of the file; without, one outcome for the file. Every chunk must print its
/// summary and the exit status must agree with the summaries.
pub fn interpret(path: &Path, split: bool) -> Vec<Chunk> {
    let text = std::fs::read_to_string(path).expect("readable test file");
    let expected = if split { strata_tools::split::split(&text, "// -----", true).len() } else { 1 };
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_strata-run"));
    cmd.arg("--interpret");
    if split {
        cmd.arg("--split-input-file");
    }
    let out = cmd.arg(path).stdin(Stdio::null()).output().expect("strata-run runs");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let code = out.status.code();
    let mut chunks = Vec::with_capacity(expected);
    if split {
        let summaries: Vec<bool> = stderr
            .lines()
            .filter(|l| l.starts_with("strata-run: chunk "))
            .map(|l| l.trim_end().ends_with("PASSED"))
            .collect();
        for i in 0..expected {
            match summaries.get(i) {
                Some(&ok) => chunks.push(Chunk { index: i + 1, ok, log: stderr.clone() }),
                None => chunks.push(Chunk {
                    index: i + 1,
                    ok: false,
                    log: format!("no summary for chunk {} (exit status {code:?}):\n{stderr}", i + 1),
                }),
            }
        }
        let all_ok = chunks.iter().all(|c| c.ok);
        if summaries.len() != expected || (code == Some(0)) != all_ok {
            for c in chunks.iter_mut() {
                if c.ok {
                    c.ok = false;
                    c.log = format!(
                        "{} summaries for {expected} chunks and exit status {code:?}: the run is inconsistent\n{stderr}",
                        summaries.len()
                    );
                }
            }
        }
    } else {
        // Exit 0: every check passed; 1: a failed check or an error; anything else (a signal,
        // an abort) is a crash.
        let ok = code == Some(0);
        let log =
            if matches!(code, Some(0) | Some(1)) { stderr } else { format!("crashed ({:?}):\n{stderr}", out.status) };
        chunks.push(Chunk { index: 1, ok, log });
    }
    chunks
}
