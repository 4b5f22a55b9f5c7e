//! Sizing the first world to the window it opens in: the canvas fills the
//! field's room at 1:1 and the particle count keeps the default density,
//! for whatever the user did not set.

use hitfield::settings::{FieldSettings, Settings};

use super::layout::{Regions, Wanted};

/// What the demo may size from the window when it starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FitToWindow {
    /// Size the canvas to the field's room (no `--width`, `--height` or `--preset`).
    pub canvas: bool,
    /// Scale the particle count with the canvas (no `--particles` or `--preset`).
    pub particles: bool,
}

impl FitToWindow {
    /// Fit both.
    pub const ALL: FitToWindow = FitToWindow {
        canvas: true,
        particles: true,
    };
}

/// The default particle density: the default particle count over the
/// default canvas's area (100,000 on 1280×720 today).
pub fn particles_per_pixel() -> f64 {
    let f = FieldSettings::default();
    f.particles as f64 / (f64::from(f.width) * f64::from(f.height))
}
/// The largest canvas side the demo picks by itself (WebGL and OpenGL
/// implementations take textures of this size).
pub const MAX_SIDE: u32 = 4096;
/// The smallest canvas side the demo picks by itself.
pub const MIN_SIDE: u32 = 64;

/// Sizes the canvas, and with it the particle count, to the field's room
/// in a `screen_w`×`screen_h` window with the panel and profiler shown, as
/// far as `fit` allows. A window with no room leaves the settings alone.
pub fn fit_to_window(settings: &mut Settings, fit: FitToWindow, screen_w: f32, screen_h: f32) {
    let room = Regions::arrange(screen_w, screen_h, Wanted::everything()).field;
    if !(fit.canvas && room.w >= 1.0 && room.h >= 1.0) {
        return;
    }
    let side = |v: f32| (v.floor() as u32).clamp(MIN_SIDE, MAX_SIDE);
    let f = &mut settings.field;
    (f.width, f.height) = (side(room.w), side(room.h));
    if fit.particles {
        let area = f64::from(f.width) * f64::from(f.height);
        f.particles = (area * particles_per_pixel()).round() as usize;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canvas_fills_the_fields_room_at_the_default_density() {
        let mut s = Settings::default();
        fit_to_window(&mut s, FitToWindow::ALL, 1280.0, 800.0);
        let room = Regions::arrange(1280.0, 800.0, Wanted::everything()).field;
        assert_eq!(
            (s.field.width, s.field.height),
            (room.w as u32, room.h as u32)
        );
        let density = s.field.particles as f64 / f64::from(s.field.width * s.field.height);
        assert!((density - particles_per_pixel()).abs() < 1e-5, "{density}");
        assert!(s.validate().is_ok());
    }

    #[test]
    fn what_the_user_set_is_kept() {
        let mut s = Settings::default();
        s.field.particles = 1234;
        let only_canvas = FitToWindow {
            canvas: true,
            particles: false,
        };
        fit_to_window(&mut s, only_canvas, 1920.0, 1080.0);
        assert_eq!(s.field.particles, 1234);
        let d = FieldSettings::default();
        assert_ne!((s.field.width, s.field.height), (d.width, d.height));
        let mut t = Settings::default();
        fit_to_window(&mut t, FitToWindow::default(), 1920.0, 1080.0);
        assert_eq!(t, Settings::default());
    }

    #[test]
    fn huge_and_degenerate_windows_stay_in_range() {
        let mut s = Settings::default();
        fit_to_window(&mut s, FitToWindow::ALL, 20000.0, 20000.0);
        assert_eq!((s.field.width, s.field.height), (MAX_SIDE, MAX_SIDE));
        assert!(s.validate().is_ok());
        for (w, h) in [(0.0, 0.0), (f32::NAN, 800.0), (-3.0, -3.0), (1.0, 1.0)] {
            let mut t = Settings::default();
            fit_to_window(&mut t, FitToWindow::ALL, w, h);
            assert_eq!(t, Settings::default(), "{w}x{h}");
        }
    }
}
