//! **Asm** — the hand-written assembly of `uhash-asm` (feature `asm`).
//!
//! | target | kernel | product | reduction |
//! |---|---|---|---|
//! | x86-64 (BMI2) | `uhash_dfc_module_mulx`, `uhash_dfc_module_batch_mulx` | `mulx`, `add`/`adc` | complement method, `sbb` mask |
//! | AArch64 | `uhash_dfc_module_a64`, `uhash_dfc_module_batch_a64` | `mul` + `umulh` (the paper's Alpha `umulq`/`umulh`, §5.3) | complement method, `sbc` mask |
//! | ARMv4+ (ARM state) | `uhash_dfc_module_armv4`, `uhash_dfc_module_batch_armv4` | four UMULL/UMLAL (the paper's "64-bit C", §5.2) | complement method, `sbc` mask |
//!
//! Every kernel is the paper's §2 complement reduction exactly as
//! [`uhash_core::p64::reduce_complement`] writes it (R + 13·¬Q + 182, then
//! the final fold with a borrow mask instead of the paper's small table):
//! no branch, no table. On ARM7TDMI-class cores the multiplier terminates
//! early on small Rs operands, so there the module is not constant time
//! in x (the paper's §4 caveat); ARM9E and later, AArch64 and x86-64
//! multiply in fixed time.
//!
//! A value of [`AsmCpu`] proves that this build assembled the kernels and
//! the CPU can run them (on x86-64: BMI2, through the [`Mulx`] witness). An
//! assembly function cannot be inlined, so [`module`] costs a call per
//! value, like the `mulx` strategy; [`module_batch`] runs the whole loop in
//! assembly.
//!
//! Measured on x86-64 (one run, `cargo bench -p uhash-bench --features asm
//! --bench dfc_module -- '(native|mulx|asm)'`, TSC cycles per call at
//! 2.7 GHz, criterion medians): throughput (1024 independent calls through
//! the batch function) native 6.8, mulx 10.4, asm 9.4; latency (dependent
//! chain) native 17.3, mulx 16.6, asm 16.4. The assembly is not the default.
//! The compiled `native` batch loop (checked with `objdump`) is the same
//! algorithm with two `mul`s, but indexes the four arrays with one counter
//! where the kernel advances four pointers, and folds 13h with `lea`/`shl`
//! and the final correction into fewer instructions; with independent calls
//! the front end is the limit, so fewer µops win. The dependent chain is
//! product → ·13 → fold in every version, hence equal latencies.
//!
//! [`Mulx`]: uhash_core::backend::Mulx

use uhash_core::Error;

/// Proof that the assembly kernels exist in this build and run on this
/// CPU. Obtain it from [`AsmCpu::detect`].
#[derive(Clone, Copy, Debug)]
pub struct AsmCpu {
    #[cfg(target_arch = "x86_64")]
    k: uhash_asm::x86_64::Kernels,
    #[cfg(target_arch = "aarch64")]
    k: uhash_asm::aarch64::Kernels,
    #[cfg(target_arch = "arm")]
    k: uhash_asm::armv4::Kernels,
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "arm")))]
    k: core::convert::Infallible,
}

impl AsmCpu {
    /// The kernels, if this build assembled them and the CPU has what they
    /// need (x86-64: BMI2 and ADX — the [`Mulx`](uhash_core::backend::Mulx)
    /// set). `None` under `--cfg uhash_backend="soft"`.
    #[must_use]
    #[allow(unreachable_code)]
    pub fn detect() -> Option<Self> {
        if uhash_core::backend::forced_soft() {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        {
            uhash_core::backend::Mulx::detect()?;
            return uhash_asm::x86_64::KERNELS.map(|k| Self { k });
        }
        #[cfg(target_arch = "aarch64")]
        return uhash_asm::aarch64::KERNELS.map(|k| Self { k });
        #[cfg(target_arch = "arm")]
        return uhash_asm::armv4::KERNELS.map(|k| Self { k });
        None
    }
}

/// ((a·x + b) mod (2^64 + 13)) mod 2^64 in assembly. Constant time (see the
/// module docs for ARM7TDMI).
#[inline]
#[must_use]
pub fn module(cpu: AsmCpu, a: u64, b: u64, x: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `cpu` exists only if BMI2 (`mulx`) was detected and the
    // kernels were assembled; the kernel takes values only.
    return unsafe { (cpu.k.dfc_module_mulx)(a, b, x) };
    #[cfg(any(target_arch = "aarch64", target_arch = "arm"))]
    // SAFETY: `cpu` exists only if the kernels were assembled for this
    // target (base instructions only); the kernel takes values only.
    return unsafe { (cpu.k.dfc_module)(a, b, x) };
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "arm")))]
    match cpu.k {}
}

/// `y[i] = module(a[i], b[i], x[i])` for every i, the loop in assembly.
///
/// # Errors
/// [`Error::InvalidParameter`] when the four slices do not all have the
/// same length (nothing is written then).
pub fn module_batch(
    cpu: AsmCpu,
    a: &[u64],
    b: &[u64],
    x: &[u64],
    y: &mut [u64],
) -> Result<(), Error> {
    super::check_lengths(a, b, x, y)?;
    let n = y.len();
    #[cfg(target_arch = "x86_64")]
    let f = cpu.k.dfc_module_batch_mulx;
    #[cfg(any(target_arch = "aarch64", target_arch = "arm"))]
    let f = cpu.k.dfc_module_batch;
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "arm")))]
    let f: unsafe extern "C" fn(*const u64, *const u64, *const u64, *mut u64, usize) =
        match cpu.k {};
    // SAFETY: `cpu` proves the kernels and the CPU features (above); the
    // four slices hold n words each (checked), `y` is a unique borrow, so
    // it overlaps none of the inputs; the kernel reads n words of a, b, x
    // and writes n words of y, nothing else.
    unsafe { f(a.as_ptr(), b.as_ptr(), x.as_ptr(), y.as_mut_ptr(), n) };
    Ok(())
}
