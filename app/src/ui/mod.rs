//! The window's look and its widgets: colours and sizes ([`theme`]), text
//! ([`text`]), counts written for people ([`numbers`]) and the settings
//! panel's immediate-mode widget set ([`widgets`], [`text_field`],
//! [`keyboard`]).

pub mod keyboard;
pub mod numbers;
pub mod text;
pub mod text_field;
pub mod theme;
pub mod widgets;
