//! Slider scales (slider position `t ∈ [0, 1]` ↔ value) and compact value
//! formatting for the panel.

/// Most particles the panel offers.
pub const MAX_PARTICLES: usize = 1_000_000;

/// Slider position of a particle count on a log-like scale: 0 at the left,
/// 1,000,000 at the right, 1,000 near the middle.
pub fn particles_to_t(n: usize) -> f32 {
    let top = (MAX_PARTICLES as f64 + 1.0).ln();
    ((n.min(MAX_PARTICLES) as f64 + 1.0).ln() / top) as f32
}

/// Particle count at slider position `t`, rounded to two significant digits
/// so dragging lands on round numbers.
pub fn t_to_particles(t: f32) -> usize {
    let t = f64::from(t.clamp(0.0, 1.0));
    let raw = (MAX_PARTICLES as f64 + 1.0).powf(t) - 1.0;
    round_sig2(raw.round() as usize).min(MAX_PARTICLES)
}

fn round_sig2(n: usize) -> usize {
    if n < 100 {
        return n;
    }
    let mut unit = 1;
    while n / unit >= 100 {
        unit *= 10;
    }
    (n + unit / 2) / unit * unit
}

/// Slider position of `v` on a logarithmic scale from `lo` to `hi` (both > 0).
pub fn log_to_t(v: f64, lo: f64, hi: f64) -> f32 {
    if !(v.is_finite() && v > 0.0) {
        return 0.0;
    }
    ((v.clamp(lo, hi) / lo).ln() / (hi / lo).ln()) as f32
}

/// Value at slider position `t` on a logarithmic scale from `lo` to `hi`.
pub fn t_to_log(t: f32, lo: f64, hi: f64) -> f64 {
    lo * (hi / lo).powf(f64::from(t.clamp(0.0, 1.0)))
}

/// Slider position of `v` on a linear scale.
pub fn lin_to_t(v: f64, lo: f64, hi: f64) -> f32 {
    if !v.is_finite() || hi <= lo {
        return 0.0;
    }
    ((v.clamp(lo, hi) - lo) / (hi - lo)) as f32
}

/// Value at slider position `t` on a linear scale.
pub fn t_to_lin(t: f32, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * f64::from(t.clamp(0.0, 1.0))
}

/// Integer at slider position `t` between `lo` and `hi` inclusive.
pub fn t_to_int(t: f32, lo: u32, hi: u32) -> u32 {
    (t_to_lin(t, f64::from(lo), f64::from(hi)).round() as u32).clamp(lo, hi)
}

/// `1.0M`, `250k`, `12.5k`, `800`.
pub fn compact(n: usize) -> String {
    if n >= 1_000_000 {
        format!("{:.2}M", n as f64 / 1e6)
    } else if n >= 100_000 {
        format!("{}k", n / 1000)
    } else if n >= 1000 {
        format!("{:.1}k", n as f64 / 1e3)
    } else {
        n.to_string()
    }
}

/// `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn particle_scale_reaches_both_ends_and_round_numbers() {
        assert_eq!(t_to_particles(0.0), 0);
        assert_eq!(t_to_particles(1.0), MAX_PARTICLES);
        assert_eq!(particles_to_t(0), 0.0);
        assert_eq!(particles_to_t(MAX_PARTICLES), 1.0);
        assert_eq!(particles_to_t(5_000_000), 1.0);
        let mid = t_to_particles(0.5);
        assert!((900..=1100).contains(&mid), "{mid}");
        for n in [0usize, 7, 50, 100_000, 250_000, 1_000_000] {
            assert_eq!(t_to_particles(particles_to_t(n)), n, "{n}");
        }
        let mut last = 0;
        for i in 0..=1000 {
            let n = t_to_particles(i as f32 / 1000.0);
            assert!(n >= last, "monotonic");
            last = n;
        }
    }

    #[test]
    fn log_and_linear_scales_round_trip() {
        for v in [0.0005, 0.004, 0.05] {
            let back = t_to_log(log_to_t(v, 0.0005, 0.05), 0.0005, 0.05);
            assert!((back - v).abs() / v < 1e-5, "{v} {back}");
        }
        assert_eq!(log_to_t(f64::NAN, 1.0, 2.0), 0.0);
        assert_eq!(t_to_lin(lin_to_t(250.0, 0.0, 1000.0), 0.0, 1000.0), 250.0);
        assert_eq!(t_to_int(1.0, 1, 8), 8);
        assert_eq!(t_to_int(0.0, 1, 8), 1);
        assert_eq!(t_to_int(0.5, 1, 8), 5);
    }

    #[test]
    fn formats_counts() {
        assert_eq!(compact(1_000_000), "1.00M");
        assert_eq!(compact(250_000), "250k");
        assert_eq!(compact(12_500), "12.5k");
        assert_eq!(compact(800), "800");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
    }
}
