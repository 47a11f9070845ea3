//! The PDF writer: every page as vector lines and text in the built-in
//! Helvetica fonts (nothing to embed), page content compressed. pdf-writer
//! writes each object; this module streams them to the output as they are
//! made and ends the file with their cross-reference table, so memory stays
//! the same however many pages there are.

use std::io::{self, Write};

use pdf_writer::types::LineCapStyle;
use pdf_writer::writers::{Catalog, DocumentInfo};
use pdf_writer::{Chunk, Content, Filter, Finish, Name, Rect, Ref, Str, TextStr};

use super::layout::{Board, Cell, Layout, Page, Text};
use super::metrics;

const CATALOG: Ref = Ref::new(1);
const PAGE_TREE: Ref = Ref::new(2);
const REGULAR_FONT: Ref = Ref::new(3);
const BOLD_FONT: Ref = Ref::new(4);
const INFO: Ref = Ref::new(5);
const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");

/// Page `index`'s object and the object of its content.
fn page_refs(index: usize) -> (Ref, Ref) {
    let first = 6 + 2 * index as i32;
    (Ref::new(first), Ref::new(first + 1))
}

/// Writes the whole document to `out`, a page at a time.
pub fn write(layout: &Layout<'_>, title: Option<&str>, out: &mut dyn Write) -> io::Result<()> {
    let count = layout.page_count();
    let mut file = ObjectStream::new(out, 6 + 2 * count)?;

    let mut chunk = Chunk::new();
    chunk.indirect(CATALOG).start::<Catalog>().pages(PAGE_TREE);
    file.object(CATALOG, &chunk)?;
    let mut chunk = Chunk::new();
    chunk
        .pages(PAGE_TREE)
        .kids((0..count).map(|index| page_refs(index).0))
        .count(count as i32);
    file.object(PAGE_TREE, &chunk)?;
    for (id, name) in [(REGULAR_FONT, "Helvetica"), (BOLD_FONT, "Helvetica-Bold")] {
        let mut chunk = Chunk::new();
        chunk
            .type1_font(id)
            .base_font(Name(name.as_bytes()))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        file.object(id, &chunk)?;
    }
    let mut chunk = Chunk::new();
    let mut info = chunk.indirect(INFO).start::<DocumentInfo>();
    info.producer(TextStr("sudokuflow"));
    if let Some(title) = title {
        info.title(TextStr(title));
    }
    info.finish();
    file.object(INFO, &chunk)?;

    for index in 0..count {
        let page = layout.page(index);
        let (page_id, content_id) = page_refs(index);
        let mut chunk = Chunk::new();
        let mut writer = chunk.page(page_id);
        writer
            .media_box(Rect::new(0.0, 0.0, page.width, page.height))
            .parent(PAGE_TREE)
            .contents(content_id);
        writer
            .resources()
            .fonts()
            .pair(REGULAR, REGULAR_FONT)
            .pair(BOLD, BOLD_FONT);
        writer.finish();
        file.object(page_id, &chunk)?;
        let content = miniz_oxide::deflate::compress_to_vec_zlib(&page_content(&page), 6);
        let mut chunk = Chunk::new();
        chunk
            .stream(content_id, &content)
            .filter(Filter::FlateDecode);
        file.object(content_id, &chunk)?;
    }
    file.finish()
}

/// A PDF file written object by object: the header first, then each object
/// (numbered 1 to `objects - 1`) in any order, then the cross-reference
/// table of their offsets and the trailer.
struct ObjectStream<'a> {
    out: &'a mut dyn Write,
    written: u64,
    /// Each object's offset in the file, by number; 0 for not yet written.
    offsets: Vec<u64>,
}

impl<'a> ObjectStream<'a> {
    fn new(out: &'a mut dyn Write, objects: usize) -> io::Result<ObjectStream<'a>> {
        let mut file = ObjectStream {
            out,
            written: 0,
            offsets: vec![0; objects],
        };
        // The second line's bytes above 127 mark the file as binary.
        file.raw(b"%PDF-1.7\n%\x80\x80\x80\x80\n")?;
        Ok(file)
    }

    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Writes `chunk`, which holds the one object `id`.
    fn object(&mut self, id: Ref, chunk: &Chunk) -> io::Result<()> {
        self.offsets[id.get() as usize] = self.written;
        self.raw(chunk.as_bytes())
    }

    /// The cross-reference table (entries of exactly 20 bytes) and trailer.
    fn finish(mut self) -> io::Result<()> {
        let table_offset = self.written;
        let mut table = Vec::with_capacity(64 + 20 * self.offsets.len());
        write!(
            table,
            "xref\n0 {}\n0000000000 65535 f\r\n",
            self.offsets.len()
        )?;
        for &offset in &self.offsets[1..] {
            debug_assert!(offset > 0, "every object is written");
            write!(table, "{offset:010} 00000 n\r\n")?;
        }
        write!(
            table,
            "trailer\n<< /Size {} /Root {} 0 R /Info {} 0 R >>\nstartxref\n{table_offset}\n%%EOF\n",
            self.offsets.len(),
            CATALOG.get(),
            INFO.get()
        )?;
        self.raw(&table)
    }
}

/// The drawing operators of one page. PDF's y axis points up, the layout's down.
fn page_content(page: &Page) -> Vec<u8> {
    let flip = |y: f32| page.height - y;
    let mut content = Content::new();
    content.set_line_cap(LineCapStyle::ProjectingSquareCap);
    for board in &page.boards {
        draw_lines(&mut content, board, &flip);
    }
    content.begin_text();
    for text in &page.texts {
        draw_text(&mut content, text, &flip);
    }
    for board in &page.boards {
        draw_digits(&mut content, board, &flip);
    }
    content.end_text();
    content.finish().to_vec()
}

fn draw_lines(content: &mut Content, board: &Board, flip: &impl Fn(f32) -> f32) {
    let size = 9.0 * board.cell;
    let (left, top) = (board.x, board.y);
    for thick in [false, true] {
        content.set_line_width(if thick {
            board.thick_line()
        } else {
            board.thin_line()
        });
        for line in (0..=9).filter(|line| (line % 3 == 0) == thick) {
            let offset = line as f32 * board.cell;
            content.move_to(left + offset, flip(top));
            content.line_to(left + offset, flip(top + size));
            content.move_to(left, flip(top + offset));
            content.line_to(left + size, flip(top + offset));
        }
        content.stroke();
    }
}

fn draw_text(content: &mut Content, text: &Text, flip: &impl Fn(f32) -> f32) {
    content.set_fill_gray(text.gray);
    content.set_font(if text.bold { BOLD } else { REGULAR }, text.size);
    content.set_text_matrix([1.0, 0.0, 0.0, 1.0, text.left(), flip(text.y)]);
    content.show(Str(&metrics::win_ansi(&text.text)));
}

/// Givens in black, answers in grey, each centred in its cell.
fn draw_digits(content: &mut Content, board: &Board, flip: &impl Fn(f32) -> f32) {
    let size = board.digit_size();
    let half_width = metrics::text_width("0", false, size) / 2.0;
    for (gray, answers) in [(0.0, false), (0.4, true)] {
        content.set_fill_gray(gray);
        content.set_font(REGULAR, size);
        for (index, cell) in board.cells.iter().enumerate() {
            let digit = match (*cell, answers) {
                (Cell::Given(digit), false) | (Cell::Answer(digit), true) => digit,
                _ => continue,
            };
            let (x, y) = board.centre(index / 9, index % 9);
            content.set_text_matrix([
                1.0,
                0.0,
                0.0,
                1.0,
                x - half_width,
                flip(board.digit_baseline(y)),
            ]);
            content.show(Str(&[b'0' + digit]));
        }
    }
}
