//! The SVG writer: one page as an SVG document (or an element for HTML),
//! each board a group of 81 cell squares, box lines and digits.

use std::fmt::Write;

use super::layout::{Anchor, Board, Cell, Page, Text};
use super::paper::Paper;

const FONTS: &str = "Helvetica, Arial, sans-serif";

/// Appends page `page` as a standalone SVG file's contents.
pub fn write_document(page: &Page, paper: Paper, out: &mut String) {
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    write_element(page, paper, out);
}

/// Appends page `page` as an `<svg>` element sized to the paper.
pub fn write_element(page: &Page, paper: Paper, out: &mut String) {
    let (width_mm, height_mm) = paper.size_mm();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width_mm:.1}mm\" \
         height=\"{height_mm:.1}mm\" viewBox=\"0 0 {:.2} {:.2}\" font-family=\"{FONTS}\">",
        page.width, page.height
    );
    let _ = writeln!(
        out,
        "<rect width=\"{:.2}\" height=\"{:.2}\" fill=\"white\"/>",
        page.width, page.height
    );
    for text in &page.texts {
        write_text(text, out);
    }
    for board in &page.boards {
        write_board(board, out);
    }
    out.push_str("</svg>\n");
}

fn write_text(text: &Text, out: &mut String) {
    let anchor = match text.anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    let weight = if text.bold {
        " font-weight=\"bold\""
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" text-anchor=\"{anchor}\" \
         fill=\"{}\"{weight}>{}</text>",
        text.x,
        text.y,
        text.size,
        gray(text.gray),
        escape(&text.text)
    );
}

/// A board in units of one cell, moved and scaled into place.
fn write_board(board: &Board, out: &mut String) {
    let unit = |length: f32| length / board.cell;
    let _ = writeln!(
        out,
        "<g class=\"board\" id=\"board-{}\" transform=\"translate({:.2} {:.2}) scale({:.3})\">\n\
         <g class=\"cells\" fill=\"none\" stroke=\"black\" stroke-width=\"{:.4}\">",
        board.number,
        board.x,
        board.y,
        board.cell,
        unit(board.thin_line())
    );
    for index in 0..81 {
        let _ = writeln!(
            out,
            "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"1\" height=\"1\"/>",
            index % 9,
            index / 9
        );
    }
    let _ = writeln!(
        out,
        "</g>\n<path class=\"boxes\" d=\"M0 0h9v9h-9zM3 0v9M6 0v9M0 3h9M0 6h9\" fill=\"none\" \
         stroke=\"black\" stroke-width=\"{:.4}\" stroke-linecap=\"square\"/>",
        unit(board.thick_line())
    );
    let digit_size = unit(board.digit_size());
    let _ = writeln!(
        out,
        "<g class=\"digits\" font-size=\"{digit_size:.3}\" text-anchor=\"middle\">"
    );
    // The offset from a cell's centre to the baseline of its digit.
    let baseline = unit(board.digit_baseline(0.0));
    for (index, cell) in board.cells.iter().enumerate() {
        let (digit, class, fill) = match *cell {
            Cell::Empty => continue,
            Cell::Given(digit) => (digit, "given", gray(0.0)),
            Cell::Answer(digit) => (digit, "answer", gray(0.4)),
        };
        let _ = writeln!(
            out,
            "<text class=\"{class}\" x=\"{}.5\" y=\"{:.3}\" fill=\"{fill}\">{digit}</text>",
            index % 9,
            (index / 9) as f32 + 0.5 + baseline
        );
    }
    out.push_str("</g>\n</g>\n");
}

/// A CSS colour for a grey from 0 (black) to 1 (white).
fn gray(level: f32) -> String {
    let value = (level.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{value:02x}{value:02x}{value:02x}")
}

/// `text` with XML's special characters escaped.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() => escaped.push(' '),
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_control_characters() {
        assert_eq!(escape("<a & 'b'>\u{7}"), "&lt;a &amp; &apos;b&apos;&gt; ");
        assert_eq!(gray(0.4), "#666666");
    }
}
