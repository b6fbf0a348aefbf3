//! Host CPU detection: which vector ISA the generated code may use.
//!
//! Hosts differ (some have AVX-512, some AVX2 + FMA only, and a VM may list `avx512f` in
//! /proc/cpuinfo while its XCR0 hides the zmm state). `std::arch::is_x86_feature_detected!`
//! checks CPUID *and* XCR0 (OS support), so it is the one source of truth here; the JIT's LLVM
//! target machine makes the same decision from the same registers.

/// The vector instruction set the schedules are tuned for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// AVX-512F (+ FMA): 32 zmm registers of 16 f32 lanes.
    Avx512,
    /// AVX2 + FMA: 16 ymm registers of 8 f32 lanes.
    Avx2,
    /// SSE2 (any x86-64) or a non-x86 host: 16 registers of 4 f32 lanes.
    Baseline,
}

impl Isa {
    /// The host's ISA, detected at run time.
    pub fn host() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("fma") {
                return Isa::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
                return Isa::Avx2;
            }
        }
        Isa::Baseline
    }

    /// The ISA implied by an LLVM CPU name given to `strata-compile --target-cpu` (`host` detects).
    pub fn of_cpu_name(cpu: &str) -> Isa {
        match cpu {
            "host" | "native" => Isa::host(),
            "x86-64-v4" | "skylake-avx512" | "cascadelake" | "cooperlake" | "icelake-server" | "icelake-client"
            | "tigerlake" | "sapphirerapids" | "emeraldrapids" | "graniterapids" | "znver4" | "znver5" => Isa::Avx512,
            "x86-64-v3" | "haswell" | "broadwell" | "skylake" | "znver1" | "znver2" | "znver3" | "alderlake"
            | "raptorlake" | "meteorlake" => Isa::Avx2,
            _ => Isa::Baseline,
        }
    }

    /// f32 lanes in one vector register.
    pub fn f32_lanes(self) -> i64 {
        match self {
            Isa::Avx512 => 16,
            Isa::Avx2 => 8,
            Isa::Baseline => 4,
        }
    }

    /// Register-tile (MR, NR, KR) of the packed matmul micro-kernel for f32: MR rows of A
    /// broadcast, NR columns of B in NR/lanes vector registers, MR*NR/lanes accumulators.
    /// AVX2: 4x16 = 8 ymm accumulators (an 8x16 tile spills, see the recipe); AVX-512: 8x32 =
    /// 16 zmm accumulators of 32 registers.
    pub fn matmul_tile(self) -> (i64, i64, i64) {
        match self {
            Isa::Avx512 => (8, 32, 4),
            Isa::Avx2 => (4, 16, 4),
            Isa::Baseline => (4, 8, 4),
        }
    }

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Avx512 => "avx512",
            Isa::Avx2 => "avx2+fma",
            Isa::Baseline => "baseline",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_is_consistent_with_std_detection() {
        let isa = Isa::host();
        #[cfg(target_arch = "x86_64")]
        if isa == Isa::Avx512 {
            assert!(std::arch::is_x86_feature_detected!("avx512f"));
        }
        let (mr, nr, _) = isa.matmul_tile();
        assert_eq!(nr % isa.f32_lanes(), 0);
        // accumulators + one B row + one broadcast must fit in the register file
        let regs = if isa == Isa::Avx512 { 32 } else { 16 };
        assert!(mr * nr / isa.f32_lanes() + nr / isa.f32_lanes() < regs);
    }

    #[test]
    fn cpu_names() {
        assert_eq!(Isa::of_cpu_name("x86-64-v3"), Isa::Avx2);
        assert_eq!(Isa::of_cpu_name("x86-64-v4"), Isa::Avx512);
        assert_eq!(Isa::of_cpu_name("x86-64"), Isa::Baseline);
    }
}
