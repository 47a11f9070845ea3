//! The SVG writer: one page as an SVG document (or an element for HTML):
//! its texts, then its boards ([`board`]). Text is UTF-8 in the font stack
//! [`CSS_FONT_STACK`], left to the viewer's fonts.

use std::fmt::Write;

use super::board::{self, Grids, Placing};
use super::font::CSS_FONT_STACK;
use super::layout::{Anchor, Page, Text};
use super::paper::Paper;

/// Appends page `page` as a standalone SVG file's contents, with `comment`
/// (what wrote it) after the XML declaration.
pub fn write_document(page: &Page, paper: Paper, comment: &str, out: &mut String) {
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(out, "<!-- {comment} -->");
    write_element(page, paper, Placing::Spans, &mut Grids::default(), out);
}

/// Appends page `page` as an `<svg>` element sized to the paper; `grids`
/// are the board grids the document defines so far.
pub fn write_element(
    page: &Page,
    paper: Paper,
    placing: Placing,
    grids: &mut Grids,
    out: &mut String,
) {
    let (width_mm, height_mm) = paper.size_mm();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width_mm:.1}mm\" \
         height=\"{height_mm:.1}mm\" viewBox=\"0 0 {:.2} {:.2}\" font-family=\"{CSS_FONT_STACK}\">",
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
        board::write(board, placing, grids, out);
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
