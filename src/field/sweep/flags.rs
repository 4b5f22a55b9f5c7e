//! The contract between the two stages and their kernels: the block
//! size, and the flags stage 1 records for each particle's trail (every
//! instruction set's kernel records the same, lane for lane).

/// Particles per block between the motion and drawing stages.
pub(crate) const BLOCK: usize = 256;

/// Flag: the trail is drawn now, inside the zone (no wrap, ends in the zone).
pub(crate) const DIRECT: u32 = 1;
/// Flag: the trail is three pixels whose zone indices are below the
/// zone's length (stage 1 checks them; stage 2 lands them unchecked).
/// With [`DIRECT`], a line at most two steps long: its two ends and the
/// middle one, one step from the start towards the end on each axis that
/// moves (Bresenham's choice, unit-tested). With [`WRAPPED`], a move across
/// the left or right edge only whose two pieces are such lines: its ends
/// and the one piece middle inside the canvas
/// ([`super::prepared::x_wrap_middle`]).
pub(crate) const SHORT: u32 = 2;
/// Flag (only with [`DIRECT`], never with [`SHORT`]): the line is three or
/// four steps long on its major axis (and at most four on the other); its
/// inner pixels are read from `LineTable` at the index in the flags' bits
/// from [`CODE_SHIFT`] up (see `line_code`).
pub(crate) const MEDIUM: u32 = 4;
/// Flag (never with [`DIRECT`]): the move wrapped, so its trail is two
/// pieces ([`crate::field::particles::pieces`]), landed as one trail with
/// [`SHORT`].
pub(crate) const WRAPPED: u32 = 8;
/// The flags bits from here up hold a [`MEDIUM`] line's `line_code`.
pub(crate) const CODE_SHIFT: u32 = 8;
