//! One board drawn in SVG, for SVG pages and HTML: its grid lines are a
//! shape defined once per document and reused by every board of that size,
//! and its digits are text, one `<text>` element for the givens and one for
//! the answers, with a position per digit. A board takes about 0.4 KB in HTML
//! (0.6 KB with every cell filled), twice that in SVG files. Chromium prints
//! a thousand in about 2.5 s of CPU time (one `<text>` a row took 3.5 s).

use std::fmt::Write;

use super::layout::{Board, Cell};

/// The grid shapes a document has defined so far, by id.
#[derive(Debug, Default)]
pub struct Grids(Vec<String>);

/// How digits are placed in their cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placing {
    /// Lists of positions on the `<text>`, one per digit: compact, for
    /// browsers (every browser follows the standard here).
    Positions,
    /// A `<tspan>` per digit: for SVG files, which other programs read too
    /// (librsvg places only the first digit of a list).
    Spans,
}

/// Appends `board` as a group: `class="board"`, `id="puzzle-N"` (or
/// `answer-N` on answer pages), drawn in units of one cell, moved and
/// scaled into place; digits in a `<text class="given">` (black) and a
/// `<text class="answer">` (grey), each digit at its cell's column and row
/// (from 0) moved by the text's transform. Defines the grid shape first if
/// `grids` does not have it yet.
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
    // Digits at whole cells, moved to the centre and baseline of theirs.
    let shift = format!("translate(.5 {:.3})", 0.5 + unit(board.digit_baseline(0.0)));
    for (class, answers) in [("given", false), ("answer", true)] {
        let digits: Vec<(usize, usize, u8)> = (0..81)
            .filter_map(|index| match (board.cells[index], answers) {
                (Cell::Given(digit), false) | (Cell::Answer(digit), true) => {
                    Some((index / 9, index % 9, digit))
                }
                _ => None,
            })
            .collect();
        if digits.is_empty() {
            continue;
        }
        // Givens bold, as heavy as a puzzle book's; answers regular grey.
        let fill = if answers {
            " fill=\"#666\""
        } else {
            " font-weight=\"bold\""
        };
        let _ = write!(out, "<text class=\"{class}\" transform=\"{shift}\"{fill}");
        match placing {
            Placing::Positions => {
                let list = |of: &dyn Fn(&(usize, usize, u8)) -> usize| {
                    let items: Vec<String> = digits.iter().map(|d| of(d).to_string()).collect();
                    items.join(" ")
                };
                let text: String = digits
                    .iter()
                    .map(|&(_, _, d)| char::from(b'0' + d))
                    .collect();
                let _ = writeln!(
                    out,
                    " x=\"{}\" y=\"{}\">{text}</text>",
                    list(&|d| d.1),
                    list(&|d| d.0)
                );
            }
            Placing::Spans => {
                out.push('>');
                for (row, col, digit) in digits {
                    let _ = write!(out, "<tspan x=\"{col}\" y=\"{row}\">{digit}</tspan>");
                }
                out.push_str("</text>\n");
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
    fn digits_go_to_a_text_a_kind_and_the_grid_is_defined_once() {
        let mut cells = [Cell::Empty; 81];
        cells[0] = Cell::Given(5);
        cells[13] = Cell::Given(3);
        cells[80] = Cell::Answer(9);
        let mut grids = Grids::default();
        let mut out = String::new();
        for cell in [20.0, 20.0, 12.0] {
            // Thin lines are no thinner than 0.4 pt: at 12, other widths in cells.
            write(
                &board(cell, cells),
                Placing::Positions,
                &mut grids,
                &mut out,
            );
        }
        assert_eq!(out.matches("<defs>").count(), 2, "{out}");
        assert_eq!(out.matches("<use href=\"#grid-").count(), 3);
        let shift = "transform=\"translate(.5 0.721)\"";
        assert!(
            out.contains(&format!(
                "<text class=\"given\" {shift} font-weight=\"bold\" x=\"0 4\" y=\"0 1\">53</text>"
            )),
            "{out}"
        );
        assert!(out.contains(&format!(
            "<text class=\"answer\" {shift} fill=\"#666\" x=\"8\" y=\"8\">9</text>"
        )));
        assert!(out.contains("id=\"puzzle-7\""));

        let mut out = String::new();
        write(
            &board(20.0, cells),
            Placing::Spans,
            &mut Grids::default(),
            &mut out,
        );
        assert!(
            out.contains(&format!(
                "<text class=\"given\" {shift} font-weight=\"bold\"><tspan x=\"0\" y=\"0\">5</tspan>\
                 <tspan x=\"4\" y=\"1\">3</tspan></text>"
            )),
            "{out}"
        );
    }
}
