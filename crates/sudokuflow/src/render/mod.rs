//! An explanation written out for people and programs: in words with
//! candidate grids ([`text`]), as JSON Lines ([`json`]), or as one
//! self-contained HTML page with a board for each step ([`html`]).

pub mod html;
pub mod json;
pub mod text;

use crate::logic::Technique;

/// How an explanation is written (the `explain` command's `--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// In words, with candidate grids ([`text`]).
    #[default]
    Text,
    /// One JSON document per line ([`json`]).
    Json,
    /// A section of an HTML page ([`html`]), between the page's head
    /// ([`html::page_head`]) and foot ([`html::PAGE_FOOT`]).
    Html,
}

/// True for the steps a person takes without looking at candidates: they
/// need no candidate grid, and a run of them can share one board.
pub(crate) fn is_single(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingleLine
            | Technique::NakedSingle
    )
}
