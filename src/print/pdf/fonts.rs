//! The fonts of a PDF, embedded: each face the pages use becomes a Type 0
//! font (Identity-H: glyphs addressed by two-byte glyph numbers) over a CID
//! font holding the subset of its glyphs the pages drew (subsetter makes
//! it), with the glyphs' widths and a ToUnicode map so text can be copied
//! and searched. Glyphs are numbered as they are first drawn, so pages are
//! written at once and the fonts at the end.

use std::io;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Chunk, Filter, Finish, Name, Rect, Ref, Str};
use subsetter::GlyphRemapper;

use super::objects::ObjectStream;
use crate::print::font::{FaceId, Fonts};

/// One embedded font.
struct Embedded {
    face: FaceId,
    /// Its Type 0 font dictionary, which pages refer to.
    id: Ref,
    /// Its resource name on pages: `F0`, `F1`, ...
    name: String,
    glyphs: GlyphRemapper,
    /// By new glyph number: the width in thousandths of an em, and the text
    /// it stands for (empty if none).
    widths: Vec<f32>,
    texts: Vec<String>,
}

/// The faces used so far, in order of first use.
pub struct EmbeddedFonts<'a> {
    fonts: &'a Fonts,
    embedded: Vec<Embedded>,
}

/// A face's place among the embedded fonts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FontIndex(usize);

impl<'a> EmbeddedFonts<'a> {
    pub fn new(fonts: &'a Fonts) -> EmbeddedFonts<'a> {
        EmbeddedFonts {
            fonts,
            embedded: Vec::new(),
        }
    }

    /// The font for `face`, embedded from now on.
    pub fn font(&mut self, face: FaceId, file: &mut ObjectStream<'_>) -> FontIndex {
        if let Some(index) = self.embedded.iter().position(|e| e.face == face) {
            return FontIndex(index);
        }
        let index = self.embedded.len();
        // The subset's glyph 0 is the face's: the empty box.
        let notdef_width = width_of(self.fonts, face, 0);
        self.embedded.push(Embedded {
            face,
            id: file.next_ref(),
            name: format!("F{index}"),
            glyphs: GlyphRemapper::new(),
            widths: vec![notdef_width],
            texts: vec![String::new()],
        });
        FontIndex(index)
    }

    /// The resource name and dictionary of a font, for a page's resources.
    pub fn resource(&self, font: FontIndex) -> (Name<'_>, Ref) {
        let embedded = &self.embedded[font.0];
        (Name(embedded.name.as_bytes()), embedded.id)
    }

    /// The number of glyph `glyph` of the face in the embedded subset, and
    /// its width there in em; `text` is what it stands for.
    pub fn glyph(&mut self, font: FontIndex, glyph: u16, text: &str) -> (u16, f32) {
        let embedded = &mut self.embedded[font.0];
        let new = embedded.glyphs.remap(glyph);
        let index = usize::from(new);
        if index == embedded.widths.len() {
            embedded
                .widths
                .push(width_of(self.fonts, embedded.face, glyph));
            embedded.texts.push(text.to_string());
        } else if embedded.texts[index].is_empty() {
            // A glyph first drawn for nothing (the second glyph of a
            // character) may stand for something elsewhere.
            embedded.texts[index] = text.to_string();
        }
        (new, embedded.widths[index] / 1000.0)
    }

    /// Writes every font used, each subset to the glyphs drawn.
    pub fn finish(self, file: &mut ObjectStream<'_>) -> io::Result<()> {
        for embedded in &self.embedded {
            write_font(self.fonts, embedded, file)?;
        }
        Ok(())
    }
}

/// A glyph's advance in thousandths of an em.
fn width_of(fonts: &Fonts, face: FaceId, glyph: u16) -> f32 {
    let face = fonts.data(face).face();
    let advance = face
        .glyph_hor_advance(rustybuzz::ttf_parser::GlyphId(glyph))
        .unwrap_or(0);
    f32::from(advance) * 1000.0 / f32::from(face.units_per_em())
}

fn write_font(fonts: &Fonts, embedded: &Embedded, file: &mut ObjectStream<'_>) -> io::Result<()> {
    let data = fonts.data(embedded.face);
    let face = data.face();
    let subset = subsetter::subset(&data.data, data.index, &embedded.glyphs)
        .map_err(|e| io::Error::other(format!("cannot subset the font {}: {e}", data.name)))?;
    let cff = face.tables().cff.is_some();
    let base_font = format!("{}+{}", subset_tag(&data.name, &embedded.glyphs), data.name);
    let base_font = Name(base_font.as_bytes());
    let system_info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    let (cid_id, descriptor_id, file_id, cmap_id) = (
        file.next_ref(),
        file.next_ref(),
        file.next_ref(),
        file.next_ref(),
    );

    let mut chunk = Chunk::new();
    chunk
        .type0_font(embedded.id)
        .base_font(base_font)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_id)
        .to_unicode(cmap_id);
    file.object(embedded.id, &chunk)?;

    let mut chunk = Chunk::new();
    let mut cid = chunk.cid_font(cid_id);
    cid.subtype(if cff {
        CidFontType::Type0
    } else {
        CidFontType::Type2
    })
    .base_font(base_font)
    .system_info(system_info)
    .font_descriptor(descriptor_id)
    .default_width(0.0);
    if !cff {
        cid.cid_to_gid_map_predefined(Name(b"Identity"));
    }
    cid.widths().consecutive(0, embedded.widths.iter().copied());
    cid.finish();
    file.object(cid_id, &chunk)?;

    let scale = 1000.0 / f32::from(face.units_per_em());
    let bbox = face.global_bounding_box();
    let mut flags = FontFlags::SYMBOLIC;
    if face.is_italic() {
        flags |= FontFlags::ITALIC;
    }
    if face.is_monospaced() {
        flags |= FontFlags::FIXED_PITCH;
    }
    let ascent = f32::from(face.ascender()) * scale;
    let mut chunk = Chunk::new();
    let mut descriptor = chunk.font_descriptor(descriptor_id);
    descriptor
        .name(base_font)
        .flags(flags)
        .bbox(Rect::new(
            f32::from(bbox.x_min) * scale,
            f32::from(bbox.y_min) * scale,
            f32::from(bbox.x_max) * scale,
            f32::from(bbox.y_max) * scale,
        ))
        .italic_angle(face.italic_angle())
        .ascent(ascent)
        .descent(f32::from(face.descender()) * scale)
        .cap_height(
            face.capital_height()
                .map_or(ascent, |h| f32::from(h) * scale),
        )
        // The usual estimate from the weight (PDF readers hardly use it).
        .stem_v(10.0 + 0.244 * (f32::from(face.weight().to_number()) - 50.0));
    if cff {
        descriptor.font_file3(file_id);
    } else {
        descriptor.font_file2(file_id);
    }
    descriptor.finish();
    file.object(descriptor_id, &chunk)?;

    let compressed = miniz_oxide::deflate::compress_to_vec_zlib(&subset, 6);
    let mut chunk = Chunk::new();
    let mut stream = chunk.stream(file_id, &compressed);
    stream.filter(Filter::FlateDecode);
    if cff {
        stream.pair(Name(b"Subtype"), Name(b"OpenType"));
    } else {
        stream.pair(Name(b"Length1"), subset.len() as i32);
    }
    stream.finish();
    file.object(file_id, &chunk)?;

    let mut cmap = UnicodeCmap::new(Name(b"Custom"), system_info);
    for (glyph, text) in embedded.texts.iter().enumerate() {
        if !text.is_empty() {
            cmap.pair_with_multiple(glyph as u16, text.chars());
        }
    }
    let cmap = miniz_oxide::deflate::compress_to_vec_zlib(&cmap.finish(), 6);
    let mut chunk = Chunk::new();
    chunk.cmap(cmap_id, &cmap).filter(Filter::FlateDecode);
    file.object(cmap_id, &chunk)
}

/// The six capital letters that mark a font as a subset, from the font
/// and its glyphs, so the same sheet always gets the same tag.
fn subset_tag(name: &str, glyphs: &GlyphRemapper) -> String {
    // FNV-1a.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let bytes = name
        .bytes()
        .chain(glyphs.remapped_gids().flat_map(u16::to_le_bytes));
    for byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    (0..6)
        .map(|i| char::from(b'A' + ((hash >> (i * 8)) % 26) as u8))
        .collect()
}
