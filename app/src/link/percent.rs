//! Percent-encoding of a URL fragment's `key=value` pairs, as the page's
//! `URLSearchParams` reads them: `%XY` is a byte, `+` a space, and a `%`
//! not followed by two hex digits stands for itself.

/// The bytes `text` stands for (not yet checked to be UTF-8).
pub fn decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).and_then(|pair| {
                    let hi = char::from(pair[0]).to_digit(16)?;
                    let lo = char::from(pair[1]).to_digit(16)?;
                    u8::try_from(hi * 16 + lo).ok()
                });
                if let Some(byte) = hex {
                    out.push(byte);
                    i += 3;
                    continue;
                }
                out.push(b'%');
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    out
}

/// `text` with every byte but ASCII letters, digits and `-._~` written as
/// `%XY`, so it survives as one key or value of a fragment.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes_plus_and_stray_percent_signs() {
        assert_eq!(decode("a%20b+c"), b"a b c");
        assert_eq!(decode("%e2%82%AC"), "€".as_bytes());
        assert_eq!(decode("100%"), b"100%");
        assert_eq!(decode("%zz%4"), b"%zz%4");
        assert_eq!(decode("%FF"), [0xFF]);
    }

    #[test]
    fn encode_then_decode_is_the_text() {
        for text in ["", "1e-5", "a b&c=d#e", "€%+", "field.seed"] {
            assert_eq!(decode(&encode(text)), text.as_bytes(), "{text}");
        }
        assert_eq!(encode("0.5"), "0.5");
        assert_eq!(encode("a&b"), "a%26b");
    }
}
