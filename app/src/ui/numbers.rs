//! Counts written for people: `1.00M`, `1,234`, `1 contact`.

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
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and the noun that goes with it: `1 contact`, `0 contacts`,
/// `1,234 contacts`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn counts_take_the_right_noun() {
        assert_eq!(count(0, "contact", "contacts"), "0 contacts");
        assert_eq!(count(1, "contact", "contacts"), "1 contact");
        assert_eq!(count(2, "ship", "ships"), "2 ships");
        assert_eq!(count(1234, "texel hit", "texels hit"), "1,234 texels hit");
    }
}
