//! pygame-ce's `get_bounding_rects`: 8-connected components labelled in one
//! raster pass with a union-find (`cc_label` in pygame-ce's `mask.c`,
//! followed step for step so the rects come out in pygame's order).

use crate::bits::Bits;

/// Labels each texel (0: clear) and fills `ufind`; returns the last label.
fn label(m: &Bits, image: &mut [u32], ufind: &mut Vec<u32>) -> u32 {
    let (w, h) = (m.w, m.h);
    let mut next = 0u32;
    let mut new_label = |ufind: &mut Vec<u32>| {
        next += 1;
        ufind.push(next);
        next
    };
    // The root of `l` (labels point down to smaller ones).
    fn root_of(ufind: &[u32], mut l: u32) -> u32 {
        while ufind[l as usize] < l {
            l = ufind[l as usize];
        }
        l
    }
    // pygame's union of the c label with another (a or d).
    fn union(ufind: &mut [u32], c: u32, other: u32) -> u32 {
        let mut root = root_of(ufind, c);
        if c != other {
            let aroot = root_of(ufind, other);
            if root > aroot {
                root = aroot;
            }
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
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if !m.get(x, y) {
                image[i] = 0;
                continue;
            }
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
            // The first pixel of a row (x == 0) looks at b then c; the last
            // (x == w - 1, w > 1) at b, a, d; the middle ones at all four.
            let l = if b != 0 {
                b
            } else if c != 0 && x + 1 < w {
                if a != 0 {
                    union(ufind, c, a)
                } else if d != 0 {
                    union(ufind, c, d)
                } else {
                    c
                }
            } else if a != 0 {
                a
            } else if d != 0 {
                d
            } else {
                new_label(ufind)
            };
            image[i] = l;
        }
    }
    next
}

/// The bounding rects `[x, y, w, h]` of the 8-connected components, in
/// pygame-ce's order (by each component's smallest label).
pub fn bounding_rects(m: &Bits) -> Vec<[i64; 4]> {
    if m.w == 0 || m.h == 0 {
        return Vec::new();
    }
    let mut image = vec![0u32; m.w * m.h];
    let mut ufind = vec![0u32];
    let labels = label(m, &mut image, &mut ufind);
    let mut relabel = 0u32;
    for l in 1..=labels as usize {
        if ufind[l] < l as u32 {
            ufind[l] = ufind[ufind[l] as usize];
        } else {
            relabel += 1;
            ufind[l] = relabel;
        }
    }
    // [x0, y0, x1, y1] per component, x1 == 0 while unseen.
    let mut boxes = vec![[0i64, 0, 0, 0]; relabel as usize + 1];
    for y in 0..m.h {
        for x in 0..m.w {
            let k = ufind[image[y * m.w + x] as usize] as usize;
            if k == 0 {
                continue;
            }
            let (x, y) = (x as i64, y as i64);
            let b = &mut boxes[k];
            if b[2] == 0 {
                *b = [x, y, x + 1, y + 1];
            } else {
                *b = [b[0].min(x), b[1].min(y), b[2].max(x + 1), b[3].max(y + 1)];
            }
        }
    }
    boxes[1..]
        .iter()
        .map(|b| [b[0], b[1], b[2] - b[0], b[3] - b[1]])
        .collect()
}
