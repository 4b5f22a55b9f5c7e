//! Pixel checks on a capture of the demo (window or browser canvas): the
//! field shows particle trails and ships with hit texels, the panel and the
//! status bar are where the layout puts them, and the picture is top-down.

use std::collections::HashSet;

use image::RgbaImage;

/// Panel body colour (drawn at 94% over the field).
pub const PANEL_BG: [u8; 3] = [0x12, 0x18, 0x22];
/// The accent strip along the panel's top edge.
pub const ACCENT: [u8; 3] = [0x4E, 0x88, 0xC9];
/// Hit texels.
pub const HIT_BLUE: [u8; 3] = [0x4E, 0x88, 0xC9];
/// Status bar along the window's bottom edge.
pub const STATUS_BG: [u8; 3] = [0x0E, 0x13, 0x1B];

/// A rectangle of pixels: `[x0, y0, x1, y1]`, ends excluded.
pub type Region = [u32; 4];

/// Profiler card background over the window background.
pub const CARD_BG: [u8; 3] = [0x0B, 0x10, 0x16];

/// Where the demo draws what, for a window of a given size.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Window (or canvas) size.
    pub size: (u32, u32),
    /// The field canvas (sized to its room when the demo starts).
    pub field: Region,
    /// Inside the settings panel's body.
    pub panel: Region,
    /// Columns of the panel's accent strip.
    pub accent_cols: (u32, u32),
    /// The profiler card, in the band under the field.
    pub profiler: Region,
}

impl Layout {
    /// The demo's layout in a `w`×`h` window with the panel and profiler
    /// shown and the canvas fitted to its room: the panel is 340 px wide,
    /// 10 px from the right and top edges; the status bar 24 px tall; the
    /// profiler card 10 px above it, as wide as the field less 10 px each
    /// side, 300 px tall, or 202 (no long view under the frames) in
    /// windows under 700 px tall or wide enough for the long view beside
    /// the rest (a 1454 px card); the field fills what is left, with 10 px
    /// gaps.
    pub fn for_window(w: u32, h: u32) -> Layout {
        let panel_x = w - 10 - 340;
        let body_h = h - 24;
        let card_w = panel_x - 10 - 20;
        let card_h = if h < 700 || card_w >= 934 + 520 {
            202
        } else {
            300
        };
        let field = [0, 0, panel_x - 10, body_h - 10 - card_h - 10];
        Layout {
            size: (w, h),
            field,
            panel: [panel_x + 15, 70, panel_x + 315, 460.min(h - 60)],
            accent_cols: (panel_x + 20, panel_x + 300),
            profiler: [10, body_h - 10 - card_h, 10 + card_w, body_h - 10],
        }
    }
}

/// The colour at `(x, y)`.
pub fn rgb(img: &RgbaImage, x: u32, y: u32) -> [u8; 3] {
    let p = img.get_pixel(x, y).0;
    [p[0], p[1], p[2]]
}

/// Every channel within `tol` of `b`.
pub fn near(a: [u8; 3], b: [u8; 3], tol: u8) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= tol)
}

/// The pixels of `r`, row by row.
pub fn pixels(r: Region) -> impl Iterator<Item = (u32, u32)> {
    (r[1]..r[3]).flat_map(move |y| (r[0]..r[2]).map(move |x| (x, y)))
}

/// The fraction of `r`'s pixels whose colour passes `f`.
pub fn fraction(img: &RgbaImage, r: Region, f: impl Fn([u8; 3]) -> bool) -> f64 {
    let (mut hit, mut all) = (0u64, 0u64);
    for (x, y) in pixels(r) {
        all += 1;
        hit += u64::from(f(rgb(img, x, y)));
    }
    hit as f64 / all.max(1) as f64
}

/// Every fully opaque colour of the default ship sprites, and the hit blue.
pub fn ship_palette() -> HashSet<[u8; 3]> {
    let mut set: HashSet<[u8; 3]> = hitfield::assets::default_sprites()
        .iter()
        .flat_map(|(_, img)| {
            img.as_bytes()
                .chunks_exact(4)
                .filter(|p| p[3] == 255)
                .map(|p| [p[0], p[1], p[2]])
                .collect::<Vec<_>>()
        })
        .collect();
    set.insert(HIT_BLUE);
    set
}

/// Particle trails: plenty of lit field pixels, many of them red-dominant.
pub fn assert_trails(img: &RgbaImage, field: Region) {
    let lit = fraction(img, field, |p| p.iter().any(|&c| c > 24));
    let red = fraction(img, field, |p| {
        p[0] > 60 && p[0] > p[1].saturating_add(20) && p[0] >= p[2]
    });
    eprintln!("lit {lit:.3}, red-dominant {red:.4}");
    assert!(lit > 0.10, "too few lit field pixels: {lit:.3}");
    assert!(red > 0.01, "too few red-dominant trail pixels: {red:.4}");
}

/// Ships: exact sprite colours (nearest filtering keeps them), in clusters
/// of ship size rather than scattered like trail pixels; and at least
/// `min_hit` texels painted hit blue.
pub fn assert_ships_with_hits(img: &RgbaImage, field: Region, min_hit: usize) {
    let palette = ship_palette();
    let block = 40;
    let mut dense_blocks = 0;
    for by in (field[1]..field[3].saturating_sub(block)).step_by(block as usize) {
        for bx in (field[0]..field[2].saturating_sub(block)).step_by(block as usize) {
            let n = pixels([bx, by, bx + block, by + block])
                .filter(|&(x, y)| palette.contains(&rgb(img, x, y)))
                .count();
            dense_blocks += usize::from(n >= 60);
        }
    }
    eprintln!("dense ship blocks {dense_blocks}");
    assert!(
        dense_blocks >= 2,
        "expected ships (clusters of sprite colours), found {dense_blocks} dense blocks"
    );
    let hit_blue = pixels(field)
        .filter(|&(x, y)| rgb(img, x, y) == HIT_BLUE)
        .count();
    eprintln!("hit-blue pixels {hit_blue}");
    assert!(
        hit_blue >= min_hit,
        "too few hit texels painted: {hit_blue}"
    );
}

/// The panel's body fills its region, its accent strip runs along the top
/// edge and the status bar along the bottom (a bottom-up capture would have
/// them swapped).
pub fn assert_panel_and_status_bar(img: &RgbaImage, layout: &Layout) {
    let body = fraction(img, layout.panel, |p| near(p, PANEL_BG, 14));
    eprintln!("panel body {body:.3}");
    assert!(body > 0.5, "panel body not found on the right: {body:.3}");
    let (c0, c1) = layout.accent_cols;
    let strip_row = (0..40)
        .find(|&y| fraction(img, [c0, y, c1, y + 1], |p| p == ACCENT) > 0.9)
        .unwrap_or_else(|| panic!("no accent strip in the top 40 rows"));
    assert!(strip_row < 20, "accent strip at row {strip_row}");
    assert_status_bar(img);
}

/// The status bar's colour along the bottom rows.
pub fn assert_status_bar(img: &RgbaImage) {
    let (w, h) = img.dimensions();
    let status = fraction(img, [0, h - 4, w, h], |p| near(p, STATUS_BG, 2));
    assert!(status > 0.5, "status bar not at the bottom: {status:.3}");
}

/// The profiler card under the field: its background fills much of its
/// region (text and graph cover the rest), and its right edge is clear of
/// the panel.
pub fn assert_profiler_card(img: &RgbaImage, layout: &Layout) {
    let card = fraction(img, layout.profiler, |p| near(p, CARD_BG, 3));
    eprintln!("profiler card {card:.3}");
    assert!(card > 0.3, "profiler card not under the field: {card:.3}");
    assert!(
        layout.profiler[2] < layout.panel[0],
        "profiler under the panel"
    );
}

/// Everything a capture of the running demo must show.
pub fn assert_demo_picture(img: &RgbaImage, layout: &Layout) {
    assert_eq!(
        img.dimensions(),
        layout.size,
        "the capture is the whole window"
    );
    assert_trails(img, layout.field);
    assert_ships_with_hits(img, layout.field, 30);
    assert_panel_and_status_bar(img, layout);
    assert_profiler_card(img, layout);
}
