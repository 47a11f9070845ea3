//! Puzzle sheets for paper: the pages laid out once ([`layout`]) on a
//! [`paper`] size, then written as PDF, SVG or HTML by a writer each.

pub mod board;
pub mod font;
pub mod html;
pub mod layout;
pub mod levels;
pub mod paper;
pub mod pdf;
pub mod svg;
