//! Typing into the widget set: each typed character as an [`Edit`] to the
//! focused text field.

/// One keyboard edit to the focused text field, in the order typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// A printable character.
    Char(char),
    /// Delete the last character.
    Backspace,
    /// Submit.
    Enter,
}

impl Edit {
    /// The edit a typed character stands for (X11 sends Backspace as
    /// U+0008 and Enter as U+000D); other control characters are dropped.
    pub fn from_char(c: char) -> Option<Edit> {
        match c {
            '\u{8}' => Some(Edit::Backspace),
            '\r' | '\n' => Some(Edit::Enter),
            c if c.is_control() => None,
            c => Some(Edit::Char(c)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_characters_become_edits() {
        assert_eq!(Edit::from_char('4'), Some(Edit::Char('4')));
        assert_eq!(Edit::from_char('\u{8}'), Some(Edit::Backspace));
        assert_eq!(Edit::from_char('\r'), Some(Edit::Enter));
        assert_eq!(Edit::from_char('\u{1b}'), None);
        assert_eq!(Edit::from_char('\u{7f}'), None);
        assert_eq!(Edit::from_char('é'), Some(Edit::Char('é')));
    }
}
