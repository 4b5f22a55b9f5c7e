//! How a trail's line is drawn by its length: at most two steps, its ends
//! and the pixel between them ([`Line::Short`]); three or four, its ends
//! and three inner pixels from a table ([`Line::Medium`], [`LineTable`]);
//! longer, Bresenham's line pixel by pixel. Stage 1 records the choice in
//! the flags, stage 2 draws by it; both ask [`Line::of`].

use crate::field::raster::line_pixels;

/// Longest [`MEDIUM`] line, in steps along either axis.
pub(crate) const MEDIUM_STEPS: i32 = 4;

/// Longest [`Line::Short`] line, in steps along either axis.
const SHORT_STEPS: i32 = 2;

/// How the line of a move `(dx, dy)` pixels long is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// At most two steps on each axis: its pixels are its two ends and the
    /// middle one, one step from the start towards the end on each axis
    /// that moves ([`Line::middle`]; Bresenham's choice, unit-tested).
    Short,
    /// Three or four steps on its major axis (at most four on the other):
    /// its inner pixels are the [`LineTable`] entry at this code
    /// ([`line_code`]).
    Medium(u32),
    /// Longer: drawn pixel by pixel.
    Long,
}

impl Line {
    /// How the line from `(0, 0)` to `(dx, dy)` is drawn.
    #[inline(always)]
    pub fn of(dx: i32, dy: i32) -> Line {
        if dx.abs() <= SHORT_STEPS && dy.abs() <= SHORT_STEPS {
            Line::Short
        } else if dx.abs() <= MEDIUM_STEPS && dy.abs() <= MEDIUM_STEPS {
            Line::Medium(line_code(dx, dy))
        } else {
            Line::Long
        }
    }

    /// The middle pixel of a [`Line::Short`] line from `(x0, y0)` to
    /// `(x1, y1)`.
    #[inline(always)]
    pub fn middle((x0, y0): (i32, i32), (x1, y1): (i32, i32)) -> (i32, i32) {
        (x0 + (x1 - x0).signum(), y0 + (y1 - y0).signum())
    }
}

/// The [`LineTable`] index of a line from pixel `(0, 0)` to `(dx, dy)`
/// (both within ±[`MEDIUM_STEPS`]).
#[inline]
pub(crate) const fn line_code(dx: i32, dy: i32) -> u32 {
    ((dy + MEDIUM_STEPS) * (2 * MEDIUM_STEPS + 1) + dx + MEDIUM_STEPS) as u32
}

/// The inner pixels (neither end) of every line from pixel `(0, 0)` to
/// `(dx, dy)` with both within ±[`MEDIUM_STEPS`], as offsets in a canvas
/// row-major and `width` wide, at [`line_code`]`(dx, dy)`. Lines with fewer
/// than three inner pixels repeat the start (offset 0): merging a pixel
/// twice changes nothing. Bresenham's lines depend only on `(dx, dy)`, so
/// one table serves every start.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LineTable {
    width: u32,
    inner: [[i32; 3]; LINES],
    /// The same pixels as `(dx, dy)` steps from the start.
    steps: [[(i32, i32); 3]; LINES],
}

/// Lines in a [`LineTable`].
const LINES: usize = ((2 * MEDIUM_STEPS + 1) * (2 * MEDIUM_STEPS + 1)) as usize;

impl LineTable {
    /// The table for a canvas `width` pixels wide.
    pub fn new(width: u32) -> LineTable {
        let mut inner = [[0i32; 3]; LINES];
        let mut steps = [[(0i32, 0i32); 3]; LINES];
        for dy in -MEDIUM_STEPS..=MEDIUM_STEPS {
            for dx in -MEDIUM_STEPS..=MEDIUM_STEPS {
                let mut pixels = Vec::with_capacity(5);
                line_pixels(0, 0, dx, dy, |x, y| pixels.push((x, y)));
                let code = line_code(dx, dy) as usize;
                let inside = &pixels[1..pixels.len().saturating_sub(1).max(1)];
                for (k, &(x, y)) in inside.iter().enumerate() {
                    inner[code][k] = y * width as i32 + x;
                    steps[code][k] = (x, y);
                }
            }
        }
        LineTable {
            width,
            inner,
            steps,
        }
    }

    /// The canvas width the table is for.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The inner pixel offsets of the line with `code`.
    #[inline]
    pub fn inner(&self, code: u32) -> &[i32; 3] {
        &self.inner[code as usize]
    }

    /// The inner pixels of the line with `code`, as steps from its start.
    #[inline]
    pub fn steps(&self, code: u32) -> &[(i32, i32); 3] {
        &self.steps[code as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::{line_code, LineTable, MEDIUM_STEPS};
    use crate::field::raster::line_pixels;

    /// Each entry is the line's pixels between its ends (start repeated).
    #[test]
    fn line_table_holds_each_lines_inner_pixels() {
        let width = 37;
        let table = LineTable::new(width);
        for dy in -MEDIUM_STEPS..=MEDIUM_STEPS {
            for dx in -MEDIUM_STEPS..=MEDIUM_STEPS {
                let mut line = Vec::new();
                line_pixels(5, 6, 5 + dx, 6 + dy, |x, y| line.push(y * width as i32 + x));
                let start = 6 * width as i32 + 5;
                let mut got: Vec<i32> = table
                    .inner(line_code(dx, dy))
                    .iter()
                    .map(|o| start + o)
                    .collect();
                let steps: Vec<i32> = table
                    .steps(line_code(dx, dy))
                    .iter()
                    .map(|&(x, y)| start + y * width as i32 + x)
                    .collect();
                assert_eq!(got, steps, "steps to ({dx}, {dy})");
                got.push(start);
                got.push(start + dy * width as i32 + dx);
                got.sort_unstable();
                got.dedup();
                line.sort_unstable();
                line.dedup();
                assert_eq!(got, line, "to ({dx}, {dy})");
            }
        }
    }

    /// A line of at most two steps is its ends and the pixel one step from
    /// the start towards the end on each axis that moves.
    #[test]
    fn two_step_lines_are_ends_and_the_signum_step() {
        for (x1, y1) in (-2..=2).flat_map(|x| (-2..=2).map(move |y| (x, y))) {
            let mut line = Vec::new();
            line_pixels(0, 0, x1, y1, |x, y| line.push((x, y)));
            let mut three = vec![(0, 0), (x1.signum(), y1.signum()), (x1, y1)];
            line.sort_unstable();
            line.dedup();
            three.sort_unstable();
            three.dedup();
            assert_eq!(line, three, "to ({x1}, {y1})");
        }
    }
}
