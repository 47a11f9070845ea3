//! Puzzle sheets for paper: the pages laid out one at a time ([`layout`]) on
//! a [`paper`] size from entries read back from disk ([`spill`]), and
//! written as PDF, SVG or HTML by a writer each as they are made.

pub mod board;
pub mod font;
pub mod html;
pub mod layout;
pub mod levels;
pub mod paper;
pub mod pdf;
pub mod spill;
pub mod strings;
pub mod svg;
