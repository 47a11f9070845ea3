//! Streaming I/O: reading inputs in chunks, the text formats, and the
//! parallel ordered pipeline that answers puzzles by the million.

pub mod answer;
pub mod batch;
mod class;
mod compressed;
pub mod dataset;
pub mod format;
pub mod input;
pub mod pipeline;
pub mod puzzles;
pub(crate) mod rating_format;
mod table;
