//! Frame history you can stop and read: each frame's stage times, the
//! steps it ran, the step it ran up to and each thread's busy time, for
//! the profiler's last frames and for the ten slowest frames of the
//! session; and a frozen copy of the graph (F key, *Freeze* button) that
//! holds still while the world keeps running.

use hitfield::stats::Ring;

use std::fmt::Write as _;

use super::frame::{FrameTimes, Part};

/// Slowest frames kept for the session.
pub const SLOWEST: usize = 10;

/// One frame as the history keeps it.
#[derive(Clone, Debug, Default)]
pub struct FrameRecord {
    /// Frame number since the demo started.
    pub frame: u64,
    /// The last step it ran (the world's step count after it, minus 1).
    pub step: u64,
    /// Steps it ran.
    pub steps: u32,
    /// Its times (the stages summed over its steps).
    pub times: FrameTimes,
    /// Each thread's busy milliseconds in it, threads in order of their
    /// first span.
    pub busy: Vec<f64>,
}

impl FrameRecord {
    /// The frame's work: every part, in milliseconds.
    pub fn work_ms(&self) -> f64 {
        self.times.total()
    }

    /// The steps' share of it (the step time).
    pub fn step_ms(&self) -> f64 {
        self.times.step_ms()
    }
}

/// Which frame the card shows in detail.
#[derive(Clone, Debug, PartialEq)]
pub enum Selected {
    /// None: the card lists the slowest frames only.
    None,
    /// A frame of the graph, by frame number.
    Frame(u64),
}

/// The last frames and the session's slowest.
pub struct History {
    recent: Ring<FrameRecord>,
    /// Slowest first.
    slowest: Vec<FrameRecord>,
    /// The graph's frames when frozen (oldest first), else `None`.
    frozen: Option<Vec<FrameRecord>>,
    /// The frame clicked on (kept while it is on the graph or a slowest one).
    pub selected: Selected,
}

impl History {
    /// Keeps the last `capacity` frames (at least 1).
    pub fn new(capacity: usize) -> History {
        History {
            recent: Ring::new(capacity),
            slowest: Vec::with_capacity(SLOWEST + 1),
            frozen: None,
            selected: Selected::None,
        }
    }

    /// Records a frame: into the last frames, and into the slowest if it is
    /// one of the ten slowest so far.
    pub fn record(&mut self, frame: FrameRecord) {
        let work = frame.work_ms();
        let slow_enough = self.slowest.len() < SLOWEST
            || self
                .slowest
                .last()
                .is_some_and(|last| work > last.work_ms());
        if slow_enough && work > 0.0 {
            let at = self
                .slowest
                .iter()
                .position(|f| work > f.work_ms())
                .unwrap_or(self.slowest.len());
            self.slowest.insert(at, frame.clone());
            self.slowest.truncate(SLOWEST);
        }
        self.recent.push(frame);
    }

    /// The frames the graph shows, oldest first: the frozen ones while
    /// frozen, else the last ones.
    pub fn shown(&self) -> Vec<&FrameRecord> {
        match &self.frozen {
            Some(frames) => frames.iter().collect(),
            None => self.recent.iter().collect(),
        }
    }

    /// The last frames, oldest first, whether the graph is frozen or not.
    pub fn recent(&self) -> impl DoubleEndedIterator<Item = &FrameRecord> + '_ {
        self.recent.iter()
    }

    /// The ten slowest frames of the session, slowest first.
    pub fn slowest(&self) -> &[FrameRecord] {
        &self.slowest
    }

    /// True while the graph is frozen.
    pub fn is_frozen(&self) -> bool {
        self.frozen.is_some()
    }

    /// Freezes the graph on the frames it shows now, or lets it run again.
    pub fn toggle_freeze(&mut self) {
        self.frozen = match self.frozen.take() {
            Some(_) => None,
            None => Some(self.recent.iter().cloned().collect()),
        };
    }

    /// The selected frame, from the graph's frames or the slowest.
    pub fn selected(&self) -> Option<&FrameRecord> {
        let Selected::Frame(n) = self.selected else {
            return None;
        };
        let on_graph = match &self.frozen {
            Some(frames) => frames.iter().find(|f| f.frame == n),
            None => self.recent.iter().find(|f| f.frame == n),
        };
        on_graph.or_else(|| self.slowest.iter().find(|f| f.frame == n))
    }

    /// The last frames (frozen or not) as CSV: a header, then one row a
    /// frame with a column a part and `total`, in milliseconds; and how
    /// many frames that is.
    pub fn to_csv(&self) -> (usize, String) {
        let mut out = String::from("frame");
        for part in Part::ALL {
            out.push(',');
            out.push_str(part.name());
        }
        out.push_str(",total\n");
        for (i, frame) in self.recent.iter().enumerate() {
            let _ = write!(out, "{i}");
            for part in Part::ALL {
                let _ = write!(out, ",{:.4}", frame.times.get(part));
            }
            let _ = writeln!(out, ",{:.4}", frame.times.total());
        }
        (self.recent.len(), out)
    }

    /// Forgets every frame (a reset), and thaws the graph.
    pub fn clear(&mut self) {
        self.recent.clear();
        self.slowest.clear();
        self.frozen = None;
        self.selected = Selected::None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hitfield::profile::{Stage, StageTimes};

    fn frame(n: u64, ms: f64) -> FrameRecord {
        let mut times = StageTimes::default();
        times.add(Stage::Particles, ms);
        FrameRecord {
            frame: n,
            step: n,
            steps: 1,
            times: times.into(),
            busy: vec![ms / 2.0],
        }
    }

    #[test]
    fn csv_has_a_header_and_a_row_per_frame() {
        let mut h = History::new(10);
        h.record(frame(0, 1.0));
        h.record(frame(1, 2.25));
        let (n, csv) = h.to_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!((n, lines.len()), (2, 3));
        assert!(lines[0].starts_with("frame,flow,particles,trails,ships"));
        assert!(lines[0].ends_with(",total"));
        assert!(lines[2].starts_with("1,0.0000,2.2500,"));
        assert!(lines[2].ends_with(",2.2500"));
    }

    #[test]
    fn keeps_the_ten_slowest_slowest_first() {
        let mut h = History::new(5);
        for n in 0..40u64 {
            h.record(frame(n, ((n * 37) % 41) as f64));
        }
        let slow: Vec<f64> = h.slowest().iter().map(FrameRecord::work_ms).collect();
        assert_eq!(slow.len(), SLOWEST);
        assert!(slow.windows(2).all(|w| w[0] >= w[1]), "{slow:?}");
        assert_eq!(slow[0], 40.0);
        assert_eq!(h.shown().len(), 5, "the graph keeps its last frames");
        assert_eq!(h.shown()[4].frame, 39);
    }

    #[test]
    fn a_frozen_graph_holds_still_while_frames_come() {
        let mut h = History::new(3);
        for n in 0..3 {
            h.record(frame(n, 1.0));
        }
        h.toggle_freeze();
        h.selected = Selected::Frame(1);
        for n in 3..20 {
            h.record(frame(n, 2.0));
        }
        let shown: Vec<u64> = h.shown().iter().map(|f| f.frame).collect();
        assert_eq!(shown, vec![0, 1, 2]);
        assert_eq!(
            h.selected().map(|f| f.frame),
            Some(1),
            "readable while frozen"
        );
        assert_eq!(h.slowest()[0].work_ms(), 2.0, "slowest still recorded");
        h.toggle_freeze();
        let shown: Vec<u64> = h.shown().iter().map(|f| f.frame).collect();
        assert_eq!(shown, vec![17, 18, 19]);
        // Frame 1 is gone from the graph and was not among the slowest.
        assert!(h.selected().is_none());
        h.selected = Selected::Frame(3);
        assert_eq!(h.selected().map(|f| f.frame), Some(3), "a slowest frame");
        h.clear();
        assert!(h.shown().is_empty() && h.slowest().is_empty() && !h.is_frozen());
    }
}
