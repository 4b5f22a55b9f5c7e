//! pygame's connected components: 8-connected groups of set texels,
//! labelled in one raster pass with a union-find (pygame-ce's `cc_label`,
//! followed step for step, so the order and pygame's size counts come out
//! as pygame's), then read back as bounding rects, masks or one mask.

use crate::mask::{Mask, Summary};

use super::Rows;

/// A labelled mask: texel labels (0 clear), the union-find array (labels
/// point down towards their root) and the texels counted per label.
struct Labels {
    image: Vec<u32>,
    ufind: Vec<u32>,
    largest: Vec<u32>,
}

/// The root of label `l`.
fn root_of(ufind: &[u32], mut l: u32) -> u32 {
    while ufind[l as usize] < l {
        l = ufind[l as usize];
    }
    l
}

/// pygame's union of the `c` label with another (`a` or `d`): both paths
/// pointed at the smaller root, which is returned.
fn union(ufind: &mut [u32], c: u32, other: u32) -> u32 {
    let mut root = root_of(ufind, c);
    if c != other {
        root = root.min(root_of(ufind, other));
        let mut temp = other;
        while ufind[temp as usize] > root {
            let next = ufind[temp as usize];
            ufind[temp as usize] = root;
            temp = next;
        }
    }
    let mut croot = c;
    while ufind[croot as usize] > root {
        let next = ufind[croot as usize];
        ufind[croot as usize] = root;
        croot = next;
    }
    root
}

fn label(m: &Mask) -> Labels {
    let (w, h) = (m.width() as usize, m.height() as usize);
    let mut image = vec![0u32; w * h];
    let mut ufind = vec![0u32];
    let mut largest = vec![0u32];
    // Set texels only, in row order (clear ones keep label 0).
    for y in 0..h {
        for (j, &word) in m.row(y as u32).iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let x = j * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let i = y * w + x;
                let up = |dx: isize| -> u32 {
                    let xx = x as isize + dx;
                    if y == 0 || xx < 0 || xx >= w as isize {
                        0
                    } else {
                        image[(y - 1) * w + xx as usize]
                    }
                };
                let d = if x > 0 { image[i - 1] } else { 0 };
                let (a, b, c) = (up(-1), up(0), up(1));
                // The first texel of a row looks at b then c; the last (when
                // the row has two or more) at b, a, d; the middle ones at all
                // four, c's label joined with a's or d's.
                let l = if b != 0 {
                    b
                } else if c != 0 && x + 1 < w {
                    if a != 0 {
                        union(&mut ufind, c, a)
                    } else if d != 0 {
                        union(&mut ufind, c, d)
                    } else {
                        c
                    }
                } else if a != 0 {
                    a
                } else if d != 0 {
                    d
                } else {
                    let next = ufind.len() as u32;
                    ufind.push(next);
                    largest.push(0);
                    next
                };
                image[i] = l;
                largest[l as usize] += 1;
            }
        }
    }
    Labels {
        image,
        ufind,
        largest,
    }
}

impl Labels {
    fn last(&self) -> usize {
        self.ufind.len() - 1
    }

    /// The texels whose label maps to `keep` through `ufind`.
    fn mask_of(&self, w: u32, h: u32, pick: impl Fn(u32) -> bool) -> Mask {
        let mut out = Rows::new(w, h);
        for (i, &l) in self.image.iter().enumerate() {
            if l != 0 && pick(self.ufind[l as usize]) {
                out.set((i % w as usize) as u32, (i / w as usize) as u32);
            }
        }
        out.into_mask()
    }
}

impl Mask {
    /// The bounding boxes `[x0, y0, x1, y1]` (half-open) of the
    /// 8-connected groups of set texels, ordered by each group's first
    /// texel in row order (pygame-ce's `get_bounding_rects`).
    pub fn component_bounds(&self) -> Vec<[u32; 4]> {
        let (w, h) = (self.width(), self.height());
        if w == 0 || h == 0 {
            return Vec::new();
        }
        let mut labels = label(self);
        let ufind = &mut labels.ufind;
        let mut relabel = 0u32;
        for l in 1..ufind.len() {
            if ufind[l] < l as u32 {
                ufind[l] = ufind[ufind[l] as usize];
            } else {
                relabel += 1;
                ufind[l] = relabel;
            }
        }
        // [x0, y0, x1, y1] per group, x1 == 0 while unseen.
        let mut boxes = vec![[0u32; 4]; relabel as usize + 1];
        for (i, &l) in labels.image.iter().enumerate() {
            if l == 0 {
                continue;
            }
            let (x, y) = ((i % w as usize) as u32, (i / w as usize) as u32);
            let b = &mut boxes[ufind[l as usize] as usize];
            *b = if b[2] == 0 {
                [x, y, x + 1, y + 1]
            } else {
                [b[0].min(x), b[1].min(y), b[2].max(x + 1), b[3].max(y + 1)]
            };
        }
        boxes.remove(0);
        boxes
    }

    /// The 8-connected groups of set texels, one mask each (this mask's
    /// size), ordered by each group's first texel in row order, as
    /// pygame-ce's `connected_components(minimum)`: groups whose counted
    /// size is below `minimum` are left out. pygame counts a group's
    /// texels by adding each label's count to its parent label once, in
    /// label order, so when labels chain (a label pointing at a label that
    /// was itself joined to a smaller root later) a group's count can fall
    /// short of its size; this counts the same way, so the same groups are
    /// left out.
    pub fn components(&self, minimum: i64) -> Vec<Mask> {
        let (w, h) = (self.width(), self.height());
        if w == 0 || h == 0 {
            return Vec::new();
        }
        let mut labels = label(self);
        let last = labels.last();
        let (ufind, largest) = (&mut labels.ufind, &mut labels.largest);
        for l in 1..=last {
            if (ufind[l] as usize) < l {
                largest[ufind[l] as usize] += largest[l];
            }
        }
        let min = minimum.max(0) as u64;
        let mut relabel = 0u32;
        for l in 1..=last {
            if (ufind[l] as usize) < l {
                ufind[l] = ufind[ufind[l] as usize];
            } else if u64::from(largest[l]) >= min {
                relabel += 1;
                ufind[l] = relabel;
            } else {
                ufind[l] = 0;
            }
        }
        // One pass sorts the texels into their groups' rows, gathering
        // each group's box and count on the way.
        let mut groups: Vec<(Rows, [u32; 4], u64)> = (0..relabel)
            .map(|_| (Rows::new(w, h), [u32::MAX, u32::MAX, 0, 0], 0))
            .collect();
        for (i, &l) in labels.image.iter().enumerate() {
            let k = labels.ufind[l as usize];
            if l != 0 && k != 0 {
                let (x, y) = ((i % w as usize) as u32, (i / w as usize) as u32);
                let (rows, b, n) = &mut groups[k as usize - 1];
                rows.set(x, y);
                *b = [b[0].min(x), b[1].min(y), b[2].max(x + 1), b[3].max(y + 1)];
                *n += 1;
            }
        }
        groups
            .into_iter()
            .map(|(rows, b, n)| {
                Mask::from_summarised(rows.width, rows.height, rows.words, Summary::of_box(b, n))
            })
            .collect()
    }

    /// The largest 8-connected group of set texels as a mask of this size,
    /// as pygame-ce's `connected_component()`: sizes counted as
    /// [`Mask::components`] counts them, and of equal counts the group
    /// pygame's single pass meets first at that count. Clear when nothing
    /// is set.
    pub fn largest_component(&self) -> Mask {
        let (w, h) = (self.width(), self.height());
        if w == 0 || h == 0 {
            return self.clone();
        }
        let mut labels = label(self);
        let last = labels.last();
        let (ufind, largest) = (&mut labels.ufind, &mut labels.largest);
        let mut max = 1usize;
        for x in 2..=last {
            if ufind[x] as usize != x {
                largest[ufind[x] as usize] += largest[x];
                ufind[x] = ufind[ufind[x] as usize];
            }
            if largest[ufind[x] as usize] > largest[max] {
                max = ufind[x] as usize;
            }
        }
        if last == 0 {
            return Rows::new(w, h).into_mask();
        }
        labels.mask_of(w, h, |k| k as usize == max)
    }

    /// The 8-connected group holding texel `(x, y)` as a mask of this
    /// size (clear when that texel is clear), as pygame-ce's
    /// `connected_component(pos)`; `None` when `(x, y)` is outside.
    pub fn component_at(&self, x: u32, y: u32) -> Option<Mask> {
        let (w, h) = (self.width(), self.height());
        if x >= w || y >= h {
            return None;
        }
        if !self.get(x, y) {
            return Some(Rows::new(w, h).into_mask());
        }
        let mut labels = label(self);
        let ufind = &mut labels.ufind;
        for l in 2..ufind.len() {
            if ufind[l] as usize != l {
                ufind[l] = ufind[ufind[l] as usize];
            }
        }
        let keep = ufind[labels.image[y as usize * w as usize + x as usize] as usize];
        Some(labels.mask_of(w, h, |k| k == keep))
    }
}
