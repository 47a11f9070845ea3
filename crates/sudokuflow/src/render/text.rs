//! An explanation in words: the puzzle on a board, the rating, every step
//! with its rating and reason, the candidate grid before each step that
//! needs candidates (rows and columns labelled, what the step removes and
//! places marked), and the solution.

use std::io::Write;

use super::is_single;
use crate::grid::Grid;
use crate::logic::cells::digits;
use crate::logic::{Candidates, Explanation, Step};

/// What the marks of a candidate grid mean, written before the first one.
const LEGEND: &str = "In the grids, 5 is a given, =5 a digit placed by an earlier step, 347 \
the candidates\nleft in an empty cell ({5} when one is left); (7) marks a candidate the step \
below\neliminates, [5] the digit it places.";

/// Appends an explanation in words.
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
    write_puzzle_grid(&explanation.puzzle, out);
    if explanation.steps.iter().any(|s| !is_single(s.technique)) {
        let _ = writeln!(out, "\n{LEGEND}");
    }
    out.push(b'\n');
    let mut candidates =
        Candidates::from_grid(&explanation.puzzle).expect("an explained puzzle is consistent");
    for (number, step) in explanation.steps.iter().enumerate() {
        if !is_single(step.technique) {
            write_candidate_grid(&explanation.puzzle, &candidates, Some(step), out);
        }
        write_step(number + 1, step, out);
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
        write_candidate_grid(&explanation.puzzle, &candidates, None, out);
    }
    out.push(b'\n');
}

/// The widest line a step's text is wrapped to.
const WIDTH: usize = 96;

/// Appends `  12. [2.6] ` and the step's text, its further lines (a
/// chain's nodes) lined up under the first, each wrapped at [`WIDTH`].
fn write_step(number: usize, step: &Step, out: &mut Vec<u8>) {
    let mut lines = step.text.lines();
    let first = format!("{number:>3}. [{}] ", step.rating);
    let indent = first.len();
    wrap(&first, lines.next().unwrap_or(""), indent, out);
    for line in lines {
        let text = line.trim_start();
        let depth = 5 + line.len() - text.len();
        // A chain node's reason goes on under the reason (after the
        // node, padded to 10), anything else a little further in.
        let bytes = text.as_bytes();
        let node =
            bytes.len() > 11 && bytes[0] == b'r' && bytes[1].is_ascii_digit() && bytes[2] == b'c';
        wrap(
            &" ".repeat(depth),
            text,
            depth + if node { 11 } else { 2 },
            out,
        );
    }
}

/// Appends `prefix` and `text`, wrapped at word breaks at [`WIDTH`], its
/// further lines `indent` spaces in.
fn wrap(prefix: &str, text: &str, indent: usize, out: &mut Vec<u8>) {
    let mut line = prefix.to_string();
    let mut fresh = true;
    for word in text.split(' ') {
        if !fresh && line.len() + 1 + word.len() > WIDTH {
            let _ = writeln!(out, "{}", line.trim_end());
            line = " ".repeat(indent);
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = word.is_empty() && fresh;
    }
    let _ = writeln!(out, "{}", line.trim_end());
}

/// Appends the puzzle on a labelled board, `.` for an empty cell.
pub fn write_puzzle_grid(puzzle: &Grid, out: &mut Vec<u8>) {
    let cells: Vec<String> = puzzle
        .cells()
        .iter()
        .map(|&v| match v {
            0 => ".".to_string(),
            v => v.to_string(),
        })
        .collect();
    write_board(&cells, out);
}

/// Appends the grid of candidates `candidates` of `puzzle`, rows and
/// columns labelled: a given as its digit, a digit placed since as `=5`,
/// an empty cell's candidates (`{5}` for the last one). With `step`, the
/// candidates it eliminates are marked `(7)` and the digits it places `[5]`.
pub fn write_candidate_grid(
    puzzle: &Grid,
    candidates: &Candidates,
    step: Option<&Step>,
    out: &mut Vec<u8>,
) {
    let marked = |list: &[crate::logic::Candidate], cell: usize, digit: u8| {
        list.iter()
            .any(|c| usize::from(c.cell) == cell && c.digit == digit)
    };
    let cells: Vec<String> = (0..81)
        .map(|cell| match candidates.value(cell) {
            0 => {
                let mask = candidates.mask(cell);
                let mut text = String::new();
                let mut plain = true;
                for d in digits(mask) {
                    let digit = char::from(b'0' + d);
                    match step {
                        Some(s) if marked(&s.eliminations, cell, d) => {
                            plain = false;
                            text.extend(['(', digit, ')']);
                        }
                        Some(s) if marked(&s.placements, cell, d) => {
                            plain = false;
                            text.extend(['[', digit, ']']);
                        }
                        _ => text.push(digit),
                    }
                }
                if plain && mask.count_ones() == 1 {
                    text = format!("{{{text}}}");
                }
                text
            }
            v if puzzle.get(cell) == v => v.to_string(),
            v => format!("={v}"),
        })
        .collect();
    write_board(&cells, out);
}

/// Appends a board of cell texts: columns as wide as their widest cell,
/// boxes ruled off, rows labelled `r1` to `r9` and columns `c1` to `c9`.
fn write_board(cells: &[String], out: &mut Vec<u8>) {
    let widths: Vec<usize> = (0..9)
        .map(|col| {
            (0..9)
                .map(|row| cells[row * 9 + col].len())
                .max()
                .unwrap_or(1)
                .max(2)
        })
        .collect();
    let mut header = String::from("    ");
    for (col, width) in widths.iter().enumerate() {
        if col % 3 == 0 {
            header.push_str("  ");
        }
        header.push_str(&format!("c{:<w$}  ", col + 1, w = width - 1));
    }
    let _ = writeln!(out, "{}", header.trim_end());
    let rule: String = String::from("     ")
        + &(0..3)
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
        let _ = write!(out, "  r{} ", row + 1);
        for col in 0..9 {
            if col % 3 == 0 {
                out.extend_from_slice(b"| ");
            }
            let _ = write!(out, "{:<w$}  ", cells[row * 9 + col], w = widths[col]);
        }
        out.extend_from_slice(b"|\n");
    }
    out.extend_from_slice(rule.as_bytes());
}
