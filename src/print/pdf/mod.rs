//! The PDF writer: every page as vector lines and text, page content
//! compressed, every font embedded ([`fonts`]). pdf-writer writes each
//! object; they go to the output as they are made ([`objects`]), the fonts
//! last, so memory stays the same however many pages there are.

mod fonts;
mod objects;

use std::io::{self, Write};

use pdf_writer::types::{LineCapStyle, TextRenderingMode};
use pdf_writer::writers::{Catalog, DocumentInfo};
use pdf_writer::{Chunk, Content, Filter, Finish, Str, TextStr};

use self::fonts::{EmbeddedFonts, FontIndex};
use self::objects::ObjectStream;
use super::font::{FaceId, Fonts, Line, Run};
use super::layout::{Anchor, Board, Cell, Page, Text};

/// Writes the whole document to `out`, a page at a time as `pages` gives them.
pub fn write(
    pages: impl Iterator<Item = io::Result<Page>>,
    fonts: &Fonts,
    title: Option<&str>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut file = ObjectStream::new(out)?;
    let catalog = file.next_ref();
    let page_tree = file.next_ref();
    let info = file.next_ref();
    let mut embedded = EmbeddedFonts::new(fonts);
    let mut digits = Digits::default();

    // The pages' object numbers, for the page tree written last.
    let mut page_ids = Vec::new();
    for page in pages {
        let page = page?;
        let (page_id, content_id) = (file.next_ref(), file.next_ref());
        page_ids.push(page_id);
        let mut drawing = PageDrawing {
            content: Content::new(),
            file: &mut file,
            fonts,
            embedded: &mut embedded,
            digits: &mut digits,
            used: Vec::new(),
            height: page.height,
        };
        drawing.page(&page);
        let PageDrawing { content, used, .. } = drawing;

        let mut chunk = Chunk::new();
        let mut writer = chunk.page(page_id);
        writer
            .media_box(pdf_writer::Rect::new(0.0, 0.0, page.width, page.height))
            .parent(page_tree)
            .contents(content_id);
        let mut resources = writer.resources();
        let mut page_fonts = resources.fonts();
        for font in used {
            let (name, id) = embedded.resource(font);
            page_fonts.pair(name, id);
        }
        page_fonts.finish();
        resources.finish();
        writer.finish();
        file.object(page_id, &chunk)?;
        let content = miniz_oxide::deflate::compress_to_vec_zlib(&content.finish(), 6);
        let mut chunk = Chunk::new();
        chunk
            .stream(content_id, &content)
            .filter(Filter::FlateDecode);
        file.object(content_id, &chunk)?;
    }
    embedded.finish(&mut file)?;

    let mut chunk = Chunk::new();
    chunk
        .pages(page_tree)
        .kids(page_ids.iter().copied())
        .count(page_ids.len() as i32);
    file.object(page_tree, &chunk)?;
    let mut chunk = Chunk::new();
    chunk.indirect(catalog).start::<Catalog>().pages(page_tree);
    file.object(catalog, &chunk)?;
    let mut chunk = Chunk::new();
    let mut document = chunk.indirect(info).start::<DocumentInfo>();
    document.producer(TextStr("sudokuflow"));
    if let Some(title) = title {
        document.title(TextStr(title));
    }
    document.finish();
    file.object(info, &chunk)?;
    file.finish(catalog, info)
}

/// The digits' glyph numbers and widths (em) in the embedded regular and
/// bold fonts, found on first use.
#[derive(Default)]
struct Digits([[Option<(u16, f32)>; 10]; 2]);

/// One page's content being drawn.
struct PageDrawing<'a, 'f, 't> {
    content: Content,
    file: &'a mut ObjectStream<'f>,
    fonts: &'t Fonts,
    embedded: &'a mut EmbeddedFonts<'t>,
    digits: &'a mut Digits,
    /// The fonts the page uses, for its resources.
    used: Vec<FontIndex>,
    height: f32,
}

impl PageDrawing<'_, '_, '_> {
    /// PDF's y axis points up, the layout's down.
    fn flip(&self, y: f32) -> f32 {
        self.height - y
    }

    fn page(&mut self, page: &Page) {
        self.content.set_line_cap(LineCapStyle::ProjectingSquareCap);
        for board in &page.boards {
            self.lines(board);
        }
        self.content.begin_text();
        for text in &page.texts {
            self.text(text);
        }
        for board in &page.boards {
            self.board_digits(board);
        }
        self.content.end_text();
    }

    fn lines(&mut self, board: &Board) {
        let size = 9.0 * board.cell;
        let (left, top) = (board.x, board.y);
        for thick in [false, true] {
            self.content.set_line_width(if thick {
                board.thick_line()
            } else {
                board.thin_line()
            });
            for line in (0..=9).filter(|line| (line % 3 == 0) == thick) {
                let offset = line as f32 * board.cell;
                self.content.move_to(left + offset, self.flip(top));
                self.content.line_to(left + offset, self.flip(top + size));
                self.content.move_to(left, self.flip(top + offset));
                self.content.line_to(left + size, self.flip(top + offset));
            }
            self.content.stroke();
        }
    }

    fn use_font(&mut self, face: FaceId) -> FontIndex {
        let font = self.embedded.font(face, self.file);
        if !self.used.contains(&font) {
            self.used.push(font);
        }
        font
    }

    fn text(&mut self, text: &Text) {
        let line = self.fonts.line(&text.text, text.bold);
        let width = line.width * text.size;
        let mut x = match text.anchor {
            Anchor::Start => text.x,
            Anchor::Middle => text.x - width / 2.0,
            Anchor::End => text.x - width,
        };
        let baseline = self.flip(text.y);
        self.content.set_fill_gray(text.gray);
        for run in &line.runs {
            let font = self.use_font(run.face);
            let (name, _) = self.embedded.resource(font);
            self.content.set_font(name, text.size);
            if run.synthetic_bold {
                // A regular font drawn bolder: filled and outlined.
                self.content
                    .set_text_rendering_mode(TextRenderingMode::FillStroke)
                    .set_stroke_gray(text.gray)
                    .set_line_width(text.size * 0.03);
            }
            x = self.run(&line, run, font, x, baseline, text.size);
            if run.synthetic_bold {
                self.content
                    .set_text_rendering_mode(TextRenderingMode::Fill);
            }
        }
    }

    /// Shows the glyphs of `run` from `x` on; returns where it ends.
    fn run(
        &mut self,
        line: &Line,
        run: &Run,
        font: FontIndex,
        mut x: f32,
        baseline: f32,
        size: f32,
    ) -> f32 {
        let glyphs: Vec<(u16, f32)> = run
            .glyphs
            .iter()
            .map(|glyph| {
                self.embedded
                    .glyph(font, glyph.id, &line.text[glyph.text.clone()])
            })
            .collect();
        if run.glyphs.iter().any(|glyph| glyph.dy != 0.0) {
            // Marks placed above or below: each glyph where it goes.
            for (glyph, (id, _)) in run.glyphs.iter().zip(&glyphs) {
                self.content.set_text_matrix([
                    1.0,
                    0.0,
                    0.0,
                    1.0,
                    x + glyph.dx * size,
                    baseline + glyph.dy * size,
                ]);
                self.content.show(Str(&id.to_be_bytes()));
                x += glyph.advance * size;
            }
            return x;
        }
        self.content
            .set_text_matrix([1.0, 0.0, 0.0, 1.0, x, baseline]);
        let mut shown = self.content.show_positioned();
        let mut items = shown.items();
        // Glyphs between two adjustments go in one string.
        let mut string = Vec::new();
        for (glyph, (id, width)) in run.glyphs.iter().zip(&glyphs) {
            // Shaped advances and offsets differ from the font's widths by
            // these amounts, in thousandths of the font size, leftwards.
            let before = -glyph.dx * 1000.0;
            let after = (width - glyph.advance + glyph.dx) * 1000.0;
            if before.abs() > 0.01 {
                if !string.is_empty() {
                    items.show(Str(&string));
                    string.clear();
                }
                items.adjust(before);
            }
            string.extend_from_slice(&id.to_be_bytes());
            if after.abs() > 0.01 {
                items.show(Str(&string)).adjust(after);
                string.clear();
            }
            x += glyph.advance * size;
        }
        if !string.is_empty() {
            items.show(Str(&string));
        }
        items.finish();
        shown.finish();
        x
    }

    /// Givens in bold black, as heavy as a puzzle book's, answers in
    /// regular grey, each centred in its cell.
    fn board_digits(&mut self, board: &Board) {
        let size = board.digit_size();
        for (gray, answers) in [(0.0, false), (0.4, true)] {
            let bold = !answers;
            let font = self.use_font(if bold { FaceId::Bold } else { FaceId::Regular });
            let (name, _) = self.embedded.resource(font);
            self.content.set_font(name, size);
            self.content.set_fill_gray(gray);
            for (index, cell) in board.cells.iter().enumerate() {
                let digit = match (*cell, answers) {
                    (Cell::Given(digit), false) | (Cell::Answer(digit), true) => digit,
                    _ => continue,
                };
                let (glyph, width) = self.digit(font, digit, bold);
                let (x, y) = board.centre(index / 9, index % 9);
                self.content.set_text_matrix([
                    1.0,
                    0.0,
                    0.0,
                    1.0,
                    x - width * size / 2.0,
                    self.flip(board.digit_baseline(y)),
                ]);
                self.content.show(Str(&glyph.to_be_bytes()));
            }
        }
    }

    fn digit(&mut self, font: FontIndex, digit: u8, bold: bool) -> (u16, f32) {
        if let Some(glyph) = self.digits.0[usize::from(bold)][usize::from(digit)] {
            return glyph;
        }
        let (glyph, _) = self.fonts.digit(digit, bold);
        let text = char::from(b'0' + digit).to_string();
        let embedded = self.embedded.glyph(font, glyph, &text);
        self.digits.0[usize::from(bold)][usize::from(digit)] = Some(embedded);
        embedded
    }
}
