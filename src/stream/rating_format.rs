//! How ratings and explanations are written: the one-line `rate` answer,
//! and `explain`'s text (steps in words, candidate grids where they help) and
//! JSON Lines forms.

use std::io::Write;

use serde::Serialize;

use crate::grid::Grid;
use crate::logic::cells::digits;
use crate::logic::{Candidate, Candidates, Difficulty, Explanation, Rating, Step, Technique};

/// Appends `<puzzle> <ER>/<EP>/<ED> <level> <hardest technique>` and a
/// newline, the triple as [`Rating::triple`] writes it. Written byte by byte:
/// through `format!`, the line took a tenth of an easy puzzle's time.
pub fn write_rating_line(puzzle: &Grid, rating: &Rating, out: &mut Vec<u8>) {
    puzzle.write_line(out);
    out.push(b' ');
    if !rating.complete {
        out.push(b'>');
    }
    push_difficulty(rating.er, out);
    out.push(b'/');
    push_difficulty(rating.ep, out);
    out.push(b'/');
    push_difficulty(rating.ed, out);
    out.push(b' ');
    out.extend_from_slice(rating.level.name().as_bytes());
    out.push(b' ');
    out.extend_from_slice(rating.hardest.name().as_bytes());
    out.push(b'\n');
}

/// Appends the `rating` and `level` fields of a CSV row, `<ER>/<EP>/<ED>`
/// as [`write_rating_line`] writes it and the level, split by `delimiter`,
/// and a newline.
pub fn write_rating_fields(rating: &Rating, delimiter: u8, out: &mut Vec<u8>) {
    if !rating.complete {
        out.push(b'>');
    }
    push_difficulty(rating.er, out);
    out.push(b'/');
    push_difficulty(rating.ep, out);
    out.push(b'/');
    push_difficulty(rating.ed, out);
    out.push(delimiter);
    out.extend_from_slice(rating.level.name().as_bytes());
    out.push(b'\n');
}

/// Appends a difficulty as its `Display` writes it (`4.4`).
fn push_difficulty(difficulty: Difficulty, out: &mut Vec<u8>) {
    let (whole, tenth) = (difficulty.0 / 10, difficulty.0 % 10);
    if whole >= 10 {
        write!(out, "{difficulty}").expect("writing to a Vec cannot fail");
        return;
    }
    out.extend_from_slice(&[b'0' + whole as u8, b'.', b'0' + tenth as u8]);
}

/// True for the steps a person takes without looking at candidates.
fn is_single(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingleLine
            | Technique::NakedSingle
    )
}

/// Appends an explanation in words: a header with the rating, the steps
/// numbered with their ratings, the candidate grid before every step that
/// needs candidates, and the solution.
pub fn write_explanation_text(explanation: &Explanation, out: &mut Vec<u8>) {
    let rating = &explanation.rating;
    out.extend_from_slice(b"Puzzle   ");
    explanation.puzzle.write_line(out);
    let bound = if rating.complete {
        ""
    } else {
        " (a lower bound: the engine stopped before the solution)"
    };
    let _ = writeln!(
        out,
        "\nRating   {} {}, hardest step: {}{bound}\n",
        rating.triple(),
        rating.level,
        rating.hardest.name()
    );
    let mut candidates =
        Candidates::from_grid(&explanation.puzzle).expect("an explained puzzle is consistent");
    for (number, step) in explanation.steps.iter().enumerate() {
        if !is_single(step.technique) {
            write_candidate_grid(&candidates, out);
        }
        let _ = writeln!(out, "{:>3}. [{}] {}", number + 1, step.rating, step.text);
        step.apply(&mut candidates);
    }
    if candidates.is_solved() {
        out.extend_from_slice(b"\nSolution ");
        explanation.solution.write_line(out);
        out.push(b'\n');
    } else {
        let _ = writeln!(
            out,
            "\nThe engine found no further step{}; the grid so far:",
            if rating.complete {
                ""
            } else {
                " within its budget"
            }
        );
        write_candidate_grid(&candidates, out);
    }
    out.push(b'\n');
}

/// Appends the grid with every empty cell's candidates, boxes ruled off.
pub fn write_candidate_grid(candidates: &Candidates, out: &mut Vec<u8>) {
    let text: Vec<String> = (0..81)
        .map(|cell| match candidates.value(cell) {
            0 => digits(candidates.mask(cell))
                .map(|d| char::from(b'0' + d))
                .collect(),
            v => v.to_string(),
        })
        .collect();
    let widths: Vec<usize> = (0..9)
        .map(|col| {
            (0..9)
                .map(|row| text[row * 9 + col].len())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let rule: String = (0..3)
        .map(|stack| {
            let width: usize = widths[stack * 3..stack * 3 + 3].iter().map(|w| w + 2).sum();
            format!("+{}", "-".repeat(width + 1))
        })
        .collect::<String>()
        + "+\n";
    for row in 0..9 {
        if row % 3 == 0 {
            out.extend_from_slice(rule.as_bytes());
        }
        for col in 0..9 {
            if col % 3 == 0 {
                out.extend_from_slice(b"| ");
            }
            let _ = write!(out, "{:<w$}  ", text[row * 9 + col], w = widths[col]);
        }
        out.extend_from_slice(b"|\n");
    }
    out.extend_from_slice(rule.as_bytes());
}

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
    rating: f64,
    placements: Vec<[u8; 3]>,
    eliminations: Vec<[u8; 3]>,
    text: &'a str,
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

/// Appends an explanation as one JSON document and a newline (JSON Lines):
/// rows, columns and digits count from 1.
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

fn json_step(step: &Step) -> JsonStep<'_> {
    JsonStep {
        technique: step.technique.name(),
        rating: step.rating.value(),
        placements: triples(&step.placements),
        eliminations: triples(&step.eliminations),
        text: &step.text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Level;

    #[test]
    fn rating_lines_write_the_triple_as_display_does() {
        let puzzle: Grid =
            "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9."
                .parse()
                .unwrap();
        for (er, complete) in [
            (44, true),
            (10, true),
            (95, false),
            (110, true),
            (123, false),
        ] {
            let rating = Rating {
                er: Difficulty(er),
                ep: Difficulty(12),
                ed: Difficulty(15),
                hardest: Technique::XyWing,
                level: Level::of(Difficulty(er)),
                complete,
            };
            let mut line = Vec::new();
            write_rating_line(&puzzle, &rating, &mut line);
            let expected = format!(
                "{puzzle} {} {} {}\n",
                rating.triple(),
                rating.level,
                rating.hardest.name()
            );
            assert_eq!(String::from_utf8(line).unwrap(), expected);
        }
    }
}
