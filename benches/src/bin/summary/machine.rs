//! What the table says of the machine: CPU model and flags, the TSC
//! frequency, the date, the command line.

use std::time::{SystemTime, UNIX_EPOCH};

pub(crate) fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .unwrap_or_else(|| format!("unknown {} CPU", std::env::consts::ARCH))
}

pub(crate) fn cpu_features() -> String {
    #[cfg(target_arch = "x86_64")]
    {
        let mut f = Vec::new();
        macro_rules! check {
            ($($feat:tt),*) => {$(
                if std::is_x86_feature_detected!($feat) {
                    f.push($feat);
                }
            )*};
        }
        check!("avx2", "bmi2", "adx", "avx512f", "avx512vl", "avx512ifma");
        f.join(" ")
    }
    #[cfg(not(target_arch = "x86_64"))]
    String::from("(not x86_64)")
}

/// TSC ticks per second, measured against the OS clock over ~50 ms.
#[cfg(target_arch = "x86_64")]
pub(crate) fn measured_tsc_ghz() -> Option<f64> {
    // SAFETY: RDTSC is available on every x86_64 CPU.
    let c0 = unsafe { core::arch::x86_64::_rdtsc() };
    let t0 = std::time::Instant::now();
    while t0.elapsed() < std::time::Duration::from_millis(50) {}
    // SAFETY: as above.
    let c1 = unsafe { core::arch::x86_64::_rdtsc() };
    Some((c1 - c0) as f64 / t0.elapsed().as_secs_f64() / 1e9)
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn measured_tsc_ghz() -> Option<f64> {
    None
}

/// `YYYY-MM-DD HH:MM UTC` from the system clock.
pub(crate) fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

pub(crate) fn shell_quote(a: &str) -> String {
    if !a.is_empty()
        && a.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        a.to_owned()
    } else {
        format!("'{}'", a.replace('\'', r"'\''"))
    }
}
