//! The bench chart: frame time per stage against particle count (log x).

use std::path::Path;

use plotters::prelude::*;

use super::sweep::RunResult;
use crate::stats::frame::Part;
use hitfield::profile::Stage;

/// The font the chart's text is drawn with (DejaVu Sans Mono, see assets/fonts).
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");

/// A stage's colour, the one the demo's profiler draws it in.
fn colour(stage: Stage) -> RGBColor {
    let [_, r, g, b] = Part::Step(stage).rgb().to_be_bytes();
    RGBColor(r, g, b)
}

/// Draws median time per stage (and the whole frame) against particle count
/// for every thread count, with samples every step, into a PNG at `path`.
pub fn draw(path: &Path, results: &[RunResult]) -> Result<(), String> {
    // Registering twice (a second bench in one process) is harmless.
    plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
        .map_err(|_| "the embedded font is invalid".to_string())?;
    let root = BitMapBackend::new(path, (1400, 620)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut threads: Vec<usize> = results.iter().map(|r| r.spec.threads).collect();
    threads.sort_unstable();
    threads.dedup();
    let panels = root.split_evenly((1, threads.len().max(1)));
    let max_ms = results
        .iter()
        .filter(|r| r.spec.sample_interval_ms == 0.0)
        .map(|r| r.total.p50_ms)
        .fold(0.1f64, f64::max);
    // Log y too, so the small stages stay readable next to the big ones.
    const FLOOR_MS: f64 = 0.001;
    for (panel, &t) in panels.iter().zip(&threads) {
        let runs: Vec<&RunResult> = results
            .iter()
            .filter(|r| {
                r.spec.threads == t && r.spec.sample_interval_ms == 0.0 && r.spec.particles > 0
            })
            .collect();
        let (min_n, max_n) = runs.iter().fold((f64::MAX, 1.0f64), |(lo, hi), r| {
            let n = r.spec.particles as f64;
            (lo.min(n), hi.max(n))
        });
        if runs.is_empty() {
            continue;
        }
        let mut chart = ChartBuilder::on(panel)
            .caption(
                format!("{t} thread(s): median ms per stage, 100 ships sampled every step"),
                ("sans-serif", 20),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(55)
            .build_cartesian_2d(
                (min_n * 0.8..max_n * 1.25).log_scale(),
                (FLOOR_MS..max_ms * 2.0).log_scale(),
            )
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("particles (log scale)")
            .y_desc("ms (log scale)")
            .x_label_formatter(&|v| format_count(*v))
            .label_style(("sans-serif", 14))
            .draw()
            .map_err(|e| e.to_string())?;
        for stage in Stage::ALL {
            let colour = colour(stage);
            let points: Vec<(f64, f64)> = runs
                .iter()
                .map(|r| {
                    let ms = r
                        .stages
                        .iter()
                        .find(|(s, _)| *s == stage)
                        .map_or(0.0, |(_, v)| v.p50_ms);
                    (r.spec.particles as f64, ms.max(FLOOR_MS))
                })
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(stage.name())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(3))
                });
            chart
                .draw_series(
                    points
                        .into_iter()
                        .map(|p| Circle::new(p, 3, colour.filled())),
                )
                .map_err(|e| e.to_string())?;
        }
        let totals: Vec<(f64, f64)> = runs
            .iter()
            .map(|r| (r.spec.particles as f64, r.total.p50_ms))
            .collect();
        chart
            .draw_series(LineSeries::new(totals, BLACK.stroke_width(3)))
            .map_err(|e| e.to_string())?
            .label("whole frame")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], BLACK.stroke_width(3)));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 14))
            .draw()
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}

fn format_count(v: f64) -> String {
    if v >= 1e6 {
        format!("{}M", v / 1e6)
    } else if v >= 1e3 {
        format!("{}k", v / 1e3)
    } else {
        format!("{v}")
    }
}
