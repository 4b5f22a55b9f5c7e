//! A frame's parts: the library's step stages, then the window's upload and
//! draw, which only the demo has. [`Part`] names them (and gives each the
//! one colour every view and chart draws it in); [`FrameTimes`] holds one
//! frame's milliseconds.

use hitfield::profile::{Stage, StageTimes};

/// One part of a frame, in the order the work happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// A stage of the world's step.
    Step(Stage),
    /// Copying the canvas (and changed ship textures) to the GPU.
    Upload,
    /// Drawing the frame.
    Draw,
}

impl Part {
    /// Every part, in frame order.
    pub const ALL: [Part; Stage::COUNT + 2] = {
        let mut all = [Part::Upload; Stage::COUNT + 2];
        let mut i = 0;
        while i < Stage::COUNT {
            all[i] = Part::Step(Stage::ALL[i]);
            i += 1;
        }
        all[Stage::COUNT + 1] = Part::Draw;
        all
    };

    /// Lower-case name used in CSV headers, JSON keys and the legend.
    pub fn name(self) -> &'static str {
        match self {
            Part::Step(stage) => stage.name(),
            Part::Upload => "upload",
            Part::Draw => "draw",
        }
    }

    /// Its colour as `0xRRGGBB`, the same in the profiler and the bench chart.
    pub fn rgb(self) -> u32 {
        match self {
            Part::Step(Stage::Flow) => 0x8E7CF0,
            Part::Step(Stage::Particles) => 0xF0795A,
            Part::Step(Stage::Trails) => 0xF6C35B,
            Part::Step(Stage::Ships) => 0x3CCB9A,
            Part::Step(Stage::Sample) => 0x4E88C9,
            Part::Step(Stage::Collide) => 0xF25C8A,
            Part::Upload => 0x7FD3F7,
            Part::Draw => 0x9AA7B8,
        }
    }
}

/// Milliseconds spent in each part of one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameTimes {
    /// The world's steps in it (summed when it ran several).
    pub step: StageTimes,
    /// Uploading to the GPU.
    pub upload_ms: f64,
    /// Drawing.
    pub draw_ms: f64,
}

impl From<StageTimes> for FrameTimes {
    /// A frame that only stepped (the headless runner and the bench).
    fn from(step: StageTimes) -> FrameTimes {
        FrameTimes {
            step,
            ..FrameTimes::default()
        }
    }
}

impl FrameTimes {
    /// Milliseconds recorded for `part`.
    pub fn get(&self, part: Part) -> f64 {
        match part {
            Part::Step(stage) => self.step.get(stage),
            Part::Upload => self.upload_ms,
            Part::Draw => self.draw_ms,
        }
    }

    /// The steps' share: every stage of the world's steps.
    pub fn step_ms(&self) -> f64 {
        self.step.total()
    }

    /// Sum over all parts.
    pub fn total(&self) -> f64 {
        self.step.total() + self.upload_ms + self.draw_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_once_in_frame_order_with_its_own_colour() {
        let names: Vec<&str> = Part::ALL.iter().map(|p| p.name()).collect();
        let stages: Vec<&str> = Stage::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(names[..Stage::COUNT], stages[..], "the step's stages first");
        assert_eq!(names[Stage::COUNT..], ["upload", "draw"]);
        let mut colours: Vec<u32> = Part::ALL.iter().map(|p| p.rgb()).collect();
        colours.sort_unstable();
        colours.dedup();
        assert_eq!(colours.len(), Part::ALL.len());
    }

    #[test]
    fn a_frame_sums_its_steps_upload_and_draw() {
        let mut step = StageTimes::default();
        step.add(Stage::Sample, 2.0);
        let f = FrameTimes {
            step,
            upload_ms: 0.5,
            draw_ms: 1.0,
        };
        assert_eq!((f.step_ms(), f.total()), (2.0, 3.5));
        assert_eq!(f.get(Part::Step(Stage::Sample)), 2.0);
        assert_eq!(f.get(Part::Draw), 1.0);
        assert_eq!(FrameTimes::from(step).total(), 2.0);
    }
}
