//! One board drawn in SVG, for SVG pages and HTML: its grid lines are a
//! shape defined once per document and reused by every board of that size,
//! and its digits are text, a row to a `<text>` element with a position per
//! digit. A board takes about 0.5 KB in HTML (1 KB with every cell filled),
//! twice that in SVG files.

use std::fmt::Write;

use super::layout::{Board, Cell};

/// The grid shapes a document has defined so far, by id.
#[derive(Debug, Default)]
pub struct Grids(Vec<String>);

/// How the digits of a row are placed in their cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placing {
    /// A list of positions on the row's `<text>`, one per digit: compact,
    /// for browsers (every browser follows the standard here).
    Positions,
    /// A `<tspan>` per digit: for SVG files, which other programs read too
    /// (librsvg places only the first digit of a list).
    Spans,
}

/// Appends `board` as a group: `class="board"`, `id="puzzle-N"` (or
/// `answer-N` on answer pages), drawn in units of one cell, moved and
/// scaled into place; digits in `<text class="given">` (black) and
/// `<text class="answer">` (grey) elements, one per row. Defines the grid
/// shape first if `grids` does not have it yet.
pub fn write(board: &Board, placing: Placing, grids: &mut Grids, out: &mut String) {
    let unit = |length: f32| length / board.cell;
    let (thin, thick) = (unit(board.thin_line()), unit(board.thick_line()));
    let grid = format!("grid-{:.0}-{:.0}", thin * 1000.0, thick * 1000.0);
    if !grids.0.contains(&grid) {
        // Thin lines between cells, then thick lines around boxes on top.
        let _ = writeln!(
            out,
            "<defs><g id=\"{grid}\" fill=\"none\" stroke=\"black\">\
             <path stroke-width=\"{thin:.4}\" d=\"M1 0v9M2 0v9M4 0v9M5 0v9M7 0v9M8 0v9\
             M0 1h9M0 2h9M0 4h9M0 5h9M0 7h9M0 8h9\"/>\
             <path stroke-width=\"{thick:.4}\" stroke-linecap=\"square\" \
             d=\"M0 0h9v9h-9zM3 0v9M6 0v9M0 3h9M0 6h9\"/></g></defs>"
        );
        grids.0.push(grid.clone());
    }
    let kind = if board.answer { "answer" } else { "puzzle" };
    let _ = writeln!(
        out,
        "<g class=\"board\" id=\"{kind}-{}\" transform=\"translate({:.2} {:.2}) scale({:.3})\" \
         font-size=\"{:.3}\" text-anchor=\"middle\"><use href=\"#{grid}\"/>",
        board.number,
        board.x,
        board.y,
        board.cell,
        unit(board.digit_size()),
    );
    // The offset from a cell's centre to the baseline of its digit.
    let baseline = 0.5 + unit(board.digit_baseline(0.0));
    for (class, answers) in [("given", false), ("answer", true)] {
        for row in 0..9 {
            let digits: Vec<(usize, u8)> = (0..9)
                .filter_map(|col| match (board.cells[row * 9 + col], answers) {
                    (Cell::Given(digit), false) | (Cell::Answer(digit), true) => Some((col, digit)),
                    _ => None,
                })
                .collect();
            if digits.is_empty() {
                continue;
            }
            let fill = if answers { " fill=\"#666\"" } else { "" };
            let y = row as f32 + baseline;
            match placing {
                Placing::Positions => {
                    let xs: Vec<String> =
                        digits.iter().map(|(col, _)| format!("{col}.5")).collect();
                    let text: String = digits.iter().map(|&(_, d)| char::from(b'0' + d)).collect();
                    let _ = writeln!(
                        out,
                        "<text class=\"{class}\" x=\"{}\" y=\"{y:.3}\"{fill}>{text}</text>",
                        xs.join(" ")
                    );
                }
                Placing::Spans => {
                    let _ = write!(out, "<text class=\"{class}\" y=\"{y:.3}\"{fill}>");
                    for (col, digit) in digits {
                        let _ = write!(out, "<tspan x=\"{col}.5\">{digit}</tspan>");
                    }
                    out.push_str("</text>\n");
                }
            }
        }
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(cell: f32, cells: [Cell; 81]) -> Board {
        Board {
            x: 10.0,
            y: 20.0,
            cell,
            number: 7,
            answer: false,
            cells,
        }
    }

    #[test]
    fn digits_go_a_row_to_a_text_and_the_grid_is_defined_once() {
        let mut cells = [Cell::Empty; 81];
        cells[0] = Cell::Given(5);
        cells[4] = Cell::Given(3);
        cells[80] = Cell::Answer(9);
        let mut grids = Grids::default();
        let mut out = String::new();
        write(
            &board(20.0, cells),
            Placing::Positions,
            &mut grids,
            &mut out,
        );
        write(
            &board(20.0, cells),
            Placing::Positions,
            &mut grids,
            &mut out,
        );
        // Thin lines are no thinner than 0.4 pt: other widths in cells.
        write(
            &board(12.0, cells),
            Placing::Positions,
            &mut grids,
            &mut out,
        );
        assert_eq!(out.matches("<defs>").count(), 2, "{out}");
        assert_eq!(out.matches("<use href=\"#grid-").count(), 3);
        assert!(
            out.contains("<text class=\"given\" x=\"0.5 4.5\" y=\"0.721\">53</text>"),
            "{out}"
        );
        assert!(
            out.contains("<text class=\"answer\" x=\"8.5\" y=\"8.721\" fill=\"#666\">9</text>")
        );
        assert!(out.contains("id=\"puzzle-7\""));

        let mut out = String::new();
        write(
            &board(20.0, cells),
            Placing::Spans,
            &mut Grids::default(),
            &mut out,
        );
        assert!(out.contains(
            "<text class=\"given\" y=\"0.721\"><tspan x=\"0.5\">5</tspan><tspan x=\"4.5\">3</tspan></text>"
        ), "{out}");
    }
}
