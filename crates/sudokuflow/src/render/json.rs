//! An explanation as one JSON document per line (JSON Lines), and the
//! document a bad line gets instead. Rows, columns and digits count from
//! 1; docs/rating.md documents the schema.

use serde::Serialize;

use crate::format::Problem;
use crate::grid::Grid;
use crate::logic::{Candidate, ChainNode, Explanation, Step};

#[derive(Serialize)]
struct JsonExplanation<'a> {
    puzzle: String,
    solution: String,
    rating: JsonRating<'a>,
    steps: Vec<JsonStep<'a>>,
}

#[derive(Serialize)]
struct JsonRating<'a> {
    er: f64,
    ep: f64,
    ed: f64,
    level: &'a str,
    hardest: &'a str,
    /// False when `er` is a lower bound.
    complete: bool,
}

#[derive(Serialize)]
struct JsonStep<'a> {
    technique: &'a str,
    /// `"type 1"` to `"type 4"` for the techniques that have types.
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<String>,
    /// The one digit a single, intersection, fish or single-digit chain is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<u8>,
    rating: f64,
    placements: Vec<[u8; 3]>,
    eliminations: Vec<[u8; 3]>,
    cells: Vec<[u8; 2]>,
    houses: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chain: Option<Vec<JsonNode<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chains: Option<Vec<Vec<JsonNode<'a>>>>,
    text: &'a str,
}

#[derive(Serialize)]
struct JsonNode<'a> {
    cell: [u8; 2],
    digit: u8,
    on: bool,
    reason: &'a str,
    /// The nodes it follows from, by their position in the same chain.
    from: &'a [u16],
    /// The branches of the chain nested inside that proves the node.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    inner: Vec<Vec<JsonNode<'a>>>,
}

#[derive(Serialize)]
struct JsonError<'a> {
    line: u64,
    error: &'a str,
    message: String,
}

fn triples(candidates: &[Candidate]) -> Vec<[u8; 3]> {
    candidates
        .iter()
        .map(|c| [c.row(), c.col(), c.digit])
        .collect()
}

fn line(grid: &Grid) -> String {
    let mut bytes = Vec::with_capacity(81);
    grid.write_line(&mut bytes);
    String::from_utf8(bytes).expect("a grid line is ASCII")
}

/// Appends an explanation as one JSON document and a newline.
pub fn write_explanation_json(explanation: &Explanation, out: &mut Vec<u8>) {
    let rating = &explanation.rating;
    let document = JsonExplanation {
        puzzle: line(&explanation.puzzle),
        solution: line(&explanation.solution),
        rating: JsonRating {
            er: rating.er.value(),
            ep: rating.ep.value(),
            ed: rating.ed.value(),
            level: rating.level.name(),
            hardest: rating.hardest.name(),
            complete: rating.complete,
        },
        steps: explanation.steps.iter().map(json_step).collect(),
    };
    serde_json::to_writer(&mut *out, &document).expect("writing to a Vec cannot fail");
    out.push(b'\n');
}

/// Appends the document of a bad line: `{"line": 3, "error":
/// "conflicting-givens", "message": "..."}`, the error being the marker
/// `rate` writes without its `!`.
pub fn write_error_json(line: u64, problem: Problem, out: &mut Vec<u8>) {
    let document = JsonError {
        line,
        error: problem.marker().trim_start_matches('!'),
        message: problem.to_string(),
    };
    serde_json::to_writer(&mut *out, &document).expect("writing to a Vec cannot fail");
    out.push(b'\n');
}

fn json_step(step: &Step) -> JsonStep<'_> {
    let mut chains: Vec<Vec<JsonNode<'_>>> = step.chains.iter().map(|c| json_chain(c)).collect();
    let (chain, chains) = match chains.len() {
        0 => (None, None),
        1 => (chains.pop(), None),
        _ => (None, Some(chains)),
    };
    JsonStep {
        technique: step.technique.name(),
        variant: step.variant.map(|n| format!("type {n}")),
        digit: step.digit,
        rating: step.rating.value(),
        placements: triples(&step.placements),
        eliminations: triples(&step.eliminations),
        cells: step.cells.iter().map(|&c| [c / 9 + 1, c % 9 + 1]).collect(),
        houses: step.houses.iter().map(ToString::to_string).collect(),
        chain,
        chains,
        text: &step.text,
    }
}

fn json_chain(chain: &[ChainNode]) -> Vec<JsonNode<'_>> {
    chain
        .iter()
        .map(|node| JsonNode {
            cell: [node.candidate.row(), node.candidate.col()],
            digit: node.candidate.digit,
            on: node.on,
            reason: &node.reason,
            from: &node.from,
            inner: node.inner.iter().map(|c| json_chain(c)).collect(),
        })
        .collect()
}
