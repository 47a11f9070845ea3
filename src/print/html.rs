//! The HTML writer: one self-contained file, each page an inline SVG on a
//! sheet of the paper's size, with print CSS that breaks pages between them.
//! Boards of one size share one grid shape, defined on the first page that
//! has one, so a puzzle takes about 1 KB.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::board::{Grids, Placing};
use super::layout::Page;
use super::paper::Paper;
use super::svg;

/// Writes the whole document to `out`, a page at a time as `pages` gives them.
pub fn write(
    pages: impl Iterator<Item = io::Result<Page>>,
    paper: Paper,
    title: &str,
    lang: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (width, height) = paper.size_mm();
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"sudokuflow\">\n<title>{}</title>\n<style>\n\
         @page {{ size: {}; margin: 0; }}\n\
         html, body {{ margin: 0; padding: 0; }}\n\
         body {{ background: #d8d8d8; }}\n\
         .page {{ width: {width:.1}mm; height: {height:.1}mm; margin: 8mm auto; background: white; \
         box-shadow: 0 1px 6px rgba(0, 0, 0, 0.35); overflow: hidden; }}\n\
         .page svg {{ display: block; width: 100%; height: 100%; }}\n\
         @media print {{\n  body {{ background: none; }}\n  \
         .page {{ margin: 0; box-shadow: none; break-after: page; }}\n  \
         .page:last-child {{ break-after: auto; }}\n}}\n\
         </style>\n</head>\n<body>\n",
        svg::escape(title),
        paper.css_name()
    )?;
    let mut page = String::new();
    let mut grids = Grids::default();
    for (index, laid_out) in pages.enumerate() {
        page.clear();
        let _ = writeln!(page, "<section class=\"page\" id=\"page-{}\">", index + 1);
        svg::write_element(&laid_out?, paper, Placing::Positions, &mut grids, &mut page);
        page.push_str("</section>\n");
        out.write_all(page.as_bytes())?;
    }
    out.write_all(b"</body>\n</html>\n")
}
