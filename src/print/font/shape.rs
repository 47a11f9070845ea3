//! A line of text turned into glyphs: each character given the first font
//! that has it, the line put in visual order (right-to-left scripts
//! reversed, by the Unicode bidirectional algorithm), and runs in system
//! fonts shaped with rustybuzz (Arabic joining, Indic reordering, marks).
//! Runs in the bundled fonts (Latin, Greek, Cyrillic) are set a character
//! to a glyph, which is all those scripts need here and much faster.

use std::ops::Range;

use unicode_bidi::BidiInfo;
use unicode_script::{Script, UnicodeScript};

use super::{Bundled, FaceId, Fonts, is_ignorable};

/// A line of text as glyphs, in visual order.
#[derive(Clone, Debug)]
pub struct Line {
    pub text: String,
    pub runs: Vec<Run>,
    /// The advance of the whole line, in em.
    pub width: f32,
}

/// Glyphs in one face.
#[derive(Clone, Debug)]
pub struct Run {
    pub face: FaceId,
    /// Drawn bolder than the face is: bold text in a system font that has
    /// no bold.
    pub synthetic_bold: bool,
    pub glyphs: Vec<Glyph>,
}

/// One glyph, with its advance and offset in em (`dy` up).
#[derive(Clone, Debug)]
pub struct Glyph {
    pub id: u16,
    pub advance: f32,
    pub dx: f32,
    pub dy: f32,
    /// The characters it stands for, in [`Line::text`]; empty for the
    /// second and later glyphs of one character.
    pub text: Range<usize>,
}

/// Sets `text` in one line.
pub(super) fn line(fonts: &Fonts, text: &str, bold: bool) -> Line {
    let mut runs = Vec::new();
    let bidi = BidiInfo::new(text, None);
    for paragraph in &bidi.paragraphs {
        let (levels, visual_runs) = bidi.visual_runs(paragraph, paragraph.range.clone());
        for range in visual_runs {
            let rtl = levels[range.start].is_rtl();
            let mut pieces = Vec::new();
            for (face, synthetic_bold, piece) in by_face(fonts, text, range, bold) {
                let glyphs = match face {
                    FaceId::Regular | FaceId::Bold => {
                        simple(fonts.bundled_face(bold), text, piece.clone(), rtl)
                    }
                    FaceId::System(index) => {
                        shaped(&fonts.system[index].data, text, piece.clone(), rtl)
                    }
                };
                pieces.push(Run {
                    face,
                    synthetic_bold,
                    glyphs,
                });
            }
            if rtl {
                pieces.reverse();
            }
            runs.extend(pieces);
        }
    }
    let width = runs
        .iter()
        .flat_map(|run| &run.glyphs)
        .map(|glyph| glyph.advance)
        .sum();
    Line {
        text: text.to_string(),
        runs,
        width,
    }
}

/// `text` set in the bundled font alone, if it has every character.
pub(super) fn bundled_only(fonts: &Fonts, text: &str, bold: bool) -> Option<Line> {
    let font = fonts.bundled_face(bold);
    let mut glyphs = Vec::with_capacity(text.len());
    let mut width = 0.0;
    for (start, c) in text.char_indices() {
        if is_ignorable(c) {
            continue;
        }
        let (id, advance) = font.glyph(c)?;
        let advance = f32::from(advance) / font.units_per_em();
        width += advance;
        glyphs.push(Glyph {
            id,
            advance,
            dx: 0.0,
            dy: 0.0,
            text: start..start + c.len_utf8(),
        });
    }
    let face = if bold { FaceId::Bold } else { FaceId::Regular };
    Some(Line {
        text: text.to_string(),
        runs: vec![Run {
            face,
            synthetic_bold: false,
            glyphs,
        }],
        width,
    })
}

/// The pieces of `range` in one face each, in logical order: a character
/// goes to the bundled font if it has it, else to a system font (a bold one
/// first for bold text); spaces, punctuation and marks stay with the piece
/// before them when its font has them, so a phrase is not broken up.
fn by_face(
    fonts: &Fonts,
    text: &str,
    range: Range<usize>,
    bold: bool,
) -> Vec<(FaceId, bool, Range<usize>)> {
    let bundled = if bold { FaceId::Bold } else { FaceId::Regular };
    let covers = |face: FaceId, c: char| match face {
        FaceId::Regular | FaceId::Bold => fonts.bundled_face(bold).glyph(c).is_some(),
        FaceId::System(index) => fonts.system[index].chars.contains(&c),
    };
    let system = |c: char| {
        let faces = || fonts.system.iter().enumerate();
        let mut bold_face = faces().filter(|(_, face)| face.data.bold == bold);
        bold_face
            .find(|(_, face)| face.chars.contains(&c))
            .or_else(|| faces().find(|(_, face)| face.chars.contains(&c)))
            .map(|(index, face)| (FaceId::System(index), bold && !face.data.bold))
    };
    let mut pieces: Vec<(FaceId, bool, Range<usize>)> = Vec::new();
    for (offset, c) in text[range.clone()].char_indices() {
        let at = range.start + offset;
        let end = at + c.len_utf8();
        if let Some((face, _, piece)) = pieces.last_mut() {
            let neutral = is_ignorable(c)
                || matches!(c.script(), Script::Common | Script::Inherited) && !c.is_ascii_digit();
            if neutral && (is_ignorable(c) || covers(*face, c)) {
                piece.end = end;
                continue;
            }
        }
        let (face, synthetic_bold) = if covers(bundled, c) {
            (bundled, false)
        } else {
            // Nothing covers it (it was checked before): the bundled
            // font's empty box.
            system(c).unwrap_or((bundled, false))
        };
        match pieces.last_mut() {
            Some((last, _, piece)) if *last == face => piece.end = end,
            _ => pieces.push((face, synthetic_bold, at..end)),
        }
    }
    pieces
}

/// A glyph per character of `range` in a bundled font (the empty box where
/// it has none), reversed for right-to-left.
fn simple(font: &Bundled, text: &str, range: Range<usize>, rtl: bool) -> Vec<Glyph> {
    let mut glyphs: Vec<Glyph> = text[range.clone()]
        .char_indices()
        .filter(|(_, c)| !is_ignorable(*c))
        .map(|(offset, c)| {
            let start = range.start + offset;
            let (id, advance) = match font.glyph(c) {
                Some((id, advance)) => (id, f32::from(advance) / font.units_per_em()),
                // Only for SVG and HTML, whose viewer's fonts draw what the
                // bundled ones lack: a guess at its width, so lines are
                // measured near enough to wrap where they should.
                None if is_wide(c) => (0, 1.0),
                None => (
                    0,
                    f32::from(font.ascii[usize::from(b'0' - b' ')].1) / font.units_per_em(),
                ),
            };
            Glyph {
                id,
                advance,
                dx: 0.0,
                dy: 0.0,
                text: start..start + c.len_utf8(),
            }
        })
        .collect();
    if rtl {
        glyphs.reverse();
    }
    glyphs
}

/// Characters set a full em wide: Chinese, Japanese and Korean, and their
/// full-width forms.
fn is_wide(c: char) -> bool {
    matches!(c, '\u{1100}'..='\u{115f}' | '\u{2e80}'..='\u{a4cf}' | '\u{ac00}'..='\u{d7a3}'
        | '\u{f900}'..='\u{faff}' | '\u{fe30}'..='\u{fe4f}' | '\u{ff00}'..='\u{ff60}'
        | '\u{ffe0}'..='\u{ffe6}' | '\u{20000}'..='\u{3fffd}')
}

/// `range` shaped by rustybuzz in a system font, in visual order.
fn shaped(font: &super::FaceData, text: &str, range: Range<usize>, rtl: bool) -> Vec<Glyph> {
    let face = rustybuzz::Face::from_slice(&font.data, font.index).expect("a checked font");
    let scale = 1.0 / face.units_per_em() as f32;
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(&text[range.clone()]);
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buffer.guess_segment_properties();
    let output = rustybuzz::shape(&face, &[], buffer);
    // Clusters are byte offsets into the piece; each cluster's text runs to
    // the next cluster's start.
    let mut starts: Vec<usize> = output
        .glyph_infos()
        .iter()
        .map(|info| info.cluster as usize)
        .collect();
    starts.sort_unstable();
    starts.dedup();
    let mut seen = Vec::new();
    output
        .glyph_infos()
        .iter()
        .zip(output.glyph_positions())
        .map(|(info, position)| {
            let cluster = info.cluster as usize;
            let next = starts
                .iter()
                .find(|&&start| start > cluster)
                .copied()
                .unwrap_or(range.len());
            let first = !seen.contains(&cluster);
            seen.push(cluster);
            let text = if first {
                range.start + cluster..range.start + next
            } else {
                range.start..range.start
            };
            Glyph {
                id: info.glyph_id as u16,
                advance: position.x_advance as f32 * scale,
                dx: position.x_offset as f32 * scale,
                dy: position.y_offset as f32 * scale,
                text,
            }
        })
        .collect()
}
