//! The spike ring: the spans of the last few frames kept in memory, whole
//! frames at a time, bounded by a frame count and an event count, so a
//! slow frame's trace can be written after the fact with the frames
//! before it.

use hitfield::stats::Ring;

use super::Event;

/// Where a frame starts in the ring.
#[derive(Clone, Copy, Debug)]
struct Mark {
    frame: u64,
    /// Index of its first event, counted from the ring's first event ever.
    first: u64,
    /// Clock reading at its start, seconds.
    at: f64,
}

/// The last frames' span events.
pub struct SpikeRing {
    events: Ring<Event>,
    /// Index (counted from the first event ever) of the oldest event kept.
    base: u64,
    marks: Ring<Mark>,
}

impl SpikeRing {
    /// Keeps at most `max_frames` frames and `max_events` events (each at
    /// least 1); older frames go first.
    pub fn new(max_frames: usize, max_events: usize) -> SpikeRing {
        SpikeRing {
            events: Ring::new(max_events),
            base: 0,
            marks: Ring::new(max_frames),
        }
    }

    /// Starts frame `frame` at clock reading `at` (call between frames).
    pub fn start_frame(&mut self, frame: u64, at: f64) {
        let mark = Mark {
            frame,
            first: self.base + self.events.len() as u64,
            at,
        };
        if self.marks.len() == self.marks.capacity() {
            self.drop_oldest_frame();
        }
        self.marks.push(mark);
    }

    /// Adds an event to the frame being run; when full, the oldest frame
    /// goes (or, in a frame that alone fills the ring, its oldest event).
    pub fn push(&mut self, event: Event) {
        while self.events.len() == self.events.capacity() && self.marks.len() > 1 {
            self.drop_oldest_frame();
        }
        if self.events.push(event).is_some() {
            self.base += 1;
        }
    }

    /// The events from the start of `frame` (or the oldest kept frame, if
    /// it is gone) to now, and the clock reading their frames start at.
    pub fn since(&self, frame: u64) -> (f64, impl Iterator<Item = &Event> + '_) {
        let mark = self
            .marks
            .iter()
            .find(|m| m.frame >= frame)
            .or(self.marks.last());
        let (first, at) = mark.map_or((self.base, 0.0), |m| (m.first, m.at));
        let skip = first.saturating_sub(self.base) as usize;
        (at, self.events.iter().skip(skip))
    }

    /// The first frame to write so that frames `earliest..=spike` take
    /// at most `budget` bytes (as estimated per event), going back from
    /// `spike` one frame at a time; `spike` itself is always in.
    pub fn first_within(&self, earliest: u64, spike: u64, budget: u64) -> u64 {
        let mut first = spike;
        let mut total = 0u64;
        for (k, mark) in self.marks.iter().enumerate().rev() {
            if mark.frame > spike {
                continue;
            }
            if mark.frame < earliest {
                break;
            }
            let end = self
                .marks
                .get(k + 1)
                .map_or(self.base + self.events.len() as u64, |m| m.first);
            let bytes: u64 = self
                .events
                .iter()
                .skip(mark.first.saturating_sub(self.base) as usize)
                .take(end.saturating_sub(mark.first) as usize)
                .map(estimated_bytes)
                .sum();
            if total + bytes > budget && mark.frame != spike {
                break;
            }
            total += bytes;
            first = mark.frame;
        }
        first
    }

    /// The oldest frame still kept.
    #[cfg(test)]
    pub fn oldest_frame(&self) -> Option<u64> {
        self.marks.first().map(|m| m.frame)
    }

    fn drop_oldest_frame(&mut self) {
        self.marks.pop_oldest();
        let end = self
            .marks
            .first()
            .map_or(self.base + self.events.len() as u64, |m| m.first);
        for _ in self.base..end {
            if self.events.pop_oldest().is_some() {
                self.base += 1;
            }
        }
    }
}

/// About how many bytes `event` takes in a file.
fn estimated_bytes(event: &Event) -> u64 {
    let args = event.args.as_ref().map_or(0, |a| a.json.get().len() + 8);
    (event.name.len() + args + 80) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(tid: usize) -> Event {
        Event {
            begin: true,
            name: "world.step",
            at: 0.0,
            tid,
            args: None,
        }
    }

    #[test]
    fn keeps_whole_frames_within_both_bounds() {
        let mut ring = SpikeRing::new(3, 10);
        for frame in 0..5u64 {
            ring.start_frame(frame, frame as f64);
            for _ in 0..2 {
                ring.push(event(frame as usize));
            }
        }
        assert_eq!(ring.oldest_frame(), Some(2));
        let (at, events) = ring.since(3);
        assert_eq!(at, 3.0);
        let tids: Vec<usize> = events.map(|e| e.tid).collect();
        assert_eq!(tids, vec![3, 3, 4, 4]);
        // A gone frame reads from the oldest kept one.
        assert_eq!(ring.since(0).1.count(), 6);
        // The event bound drops whole frames first.
        ring.start_frame(5, 5.0);
        for _ in 0..7 {
            ring.push(event(5));
        }
        assert!(ring.events.len() <= 10);
        assert_eq!(ring.oldest_frame(), Some(4));
        assert_eq!(ring.since(4).1.count(), 9);
        // Frame 5 is 7 events of about 90 bytes, frame 4 two more: both
        // fit in 900 bytes, not in 700; the spike frame is always in.
        assert_eq!(ring.first_within(0, 5, 10_000), 4);
        assert_eq!(ring.first_within(0, 5, 900), 4);
        assert_eq!(ring.first_within(0, 5, 700), 5);
        assert_eq!(ring.first_within(0, 5, 100), 5);
        assert_eq!(ring.first_within(5, 5, 10_000), 5);
    }
}
