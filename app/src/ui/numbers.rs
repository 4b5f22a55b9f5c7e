//! Counts written for people: `1,234`, `1 contact` (and short, `1.00M`,
//! by the library's [`hitfield::settings::compact`]).

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
