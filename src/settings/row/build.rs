//! The const builders the table of rows is written with.

use super::{Channel, Flag, Kind, Panel, Row, Scale, Settings, Value};

/// A panel entry with no decimals, suffix or special text.
pub(crate) const fn shown(group: &'static str, step: f32) -> Panel {
    Panel {
        group,
        step,
        decimals: 0,
        suffix: "",
        at_min: "",
        at_max: "",
        compact: false,
    }
}

impl Panel {
    pub(crate) const fn decimals(mut self, decimals: u8) -> Panel {
        self.decimals = decimals;
        self
    }
    pub(crate) const fn suffix(mut self, suffix: &'static str) -> Panel {
        self.suffix = suffix;
        self
    }
    pub(crate) const fn at_min(mut self, text: &'static str) -> Panel {
        self.at_min = text;
        self
    }
    pub(crate) const fn at_max(mut self, text: &'static str) -> Panel {
        self.at_max = text;
        self
    }
    pub(crate) const fn compact(mut self) -> Panel {
        self.compact = true;
        self
    }
}

type Get = fn(&Settings) -> Value;
type Put = fn(&mut Settings, Value);

// Builders for the table in `super::table` (const, so the table is a static).
impl Row {
    const fn new(key: &'static str, label: &'static str, kind: Kind, get: Get, put: Put) -> Row {
        Row {
            key,
            label,
            doc: "",
            unit: "",
            note: "",
            kind,
            scale: Scale::Linear,
            flag: None,
            link: None,
            panel: None,
            get,
            put,
        }
    }
    pub(crate) const fn whole(key: &'static str, label: &'static str, range: [u64; 3]) -> Row {
        let [min, max, default] = range;
        Row::new(
            key,
            label,
            Kind::Whole { min, max, default },
            nothing,
            ignore,
        )
    }
    pub(crate) const fn real(key: &'static str, label: &'static str, range: [f64; 3]) -> Row {
        let [min, max, default] = range;
        let kind = Kind::Real {
            min,
            min_exclusive: false,
            max,
            default,
        };
        Row::new(key, label, kind, nothing, ignore)
    }
    pub(crate) const fn switch(key: &'static str, label: &'static str, default: bool) -> Row {
        Row::new(key, label, Kind::Switch { default }, nothing, ignore)
    }
    pub(crate) const fn channel(key: &'static str, label: &'static str, default: Channel) -> Row {
        Row::new(key, label, Kind::Channel { default }, nothing, ignore)
    }
    pub(crate) const fn doc(mut self, doc: &'static str) -> Row {
        self.doc = doc;
        self
    }
    pub(crate) const fn unit(mut self, unit: &'static str) -> Row {
        self.unit = unit;
        self
    }
    pub(crate) const fn note(mut self, note: &'static str) -> Row {
        self.note = note;
        self
    }
    pub(crate) const fn above_min(mut self) -> Row {
        if let Kind::Real {
            min, max, default, ..
        } = self.kind
        {
            self.kind = Kind::Real {
                min,
                min_exclusive: true,
                max,
                default,
            };
        }
        self
    }
    pub(crate) const fn log(mut self, first: f64) -> Row {
        self.scale = Scale::Log { first };
        self
    }
    pub(crate) const fn flag(mut self, long: &'static str, value_name: &'static str) -> Row {
        self.flag = Some(Flag { long, value_name });
        self
    }
    pub(crate) const fn link(mut self, name: &'static str) -> Row {
        self.link = Some(name);
        self
    }
    pub(crate) const fn panel(mut self, panel: Panel) -> Row {
        self.panel = Some(panel);
        self
    }
    pub(crate) const fn access(mut self, get: Get, put: Put) -> Row {
        self.get = get;
        self.put = put;
        self
    }
}

fn nothing(_: &Settings) -> Value {
    Value::Switch(false)
}

fn ignore(_: &mut Settings, _: Value) {}
