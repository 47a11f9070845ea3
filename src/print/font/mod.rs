//! The fonts text is set in: Noto Sans (bundled, for Latin, Greek and
//! Cyrillic, and every digit and label), then for other scripts the system
//! fonts [`system`] finds; and lines of text turned into glyphs ([`shape`]).

mod shape;
mod system;

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::rc::Rc;

use rustybuzz::ttf_parser;
use unicode_script::{Script, UnicodeScript};

pub use shape::{Line, Run};

const REGULAR_DATA: &[u8] = include_bytes!("../../../assets/fonts/NotoSans-Regular.ttf");
const BOLD_DATA: &[u8] = include_bytes!("../../../assets/fonts/NotoSans-Bold.ttf");

/// The family the SVG and HTML outputs ask for, then look-alikes a browser
/// is likely to have (it takes other scripts from its own fallback fonts).
pub const CSS_FONT_STACK: &str =
    "'Noto Sans', 'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

/// Which of the [`Fonts`] a run of glyphs is set in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FaceId {
    Regular,
    Bold,
    /// One of the system fonts, by its place in [`Fonts`].
    System(usize),
}

/// A font file (or one font of a collection), its data and what the PDF
/// writer needs to know of it.
pub struct FaceData {
    pub data: Box<[u8]>,
    pub index: u32,
    /// Its PostScript name, for the PDF's font dictionaries.
    pub name: String,
    pub family: String,
    /// Bold by design (not only drawn bolder).
    pub bold: bool,
}

impl FaceData {
    /// The font, parsed (cheap: it reads the table directory).
    pub fn face(&self) -> ttf_parser::Face<'_> {
        ttf_parser::Face::parse(&self.data, self.index).expect("a font checked when loaded")
    }
}

/// A bundled face and its glyphs for printable ASCII, looked up once.
struct Bundled {
    face: ttf_parser::Face<'static>,
    /// Glyph and advance (in font units) of ' ' to '~'.
    ascii: [(u16, u16); 95],
}

impl Bundled {
    fn new(data: &'static [u8]) -> Bundled {
        let face = ttf_parser::Face::parse(data, 0).expect("the bundled font parses");
        let ascii = std::array::from_fn(|index| {
            let glyph = face
                .glyph_index(char::from(b' ' + index as u8))
                .expect("the bundled font has every ASCII character");
            (glyph.0, face.glyph_hor_advance(glyph).unwrap_or(0))
        });
        Bundled { face, ascii }
    }

    /// The glyph for `c` and its advance in font units.
    fn glyph(&self, c: char) -> Option<(u16, u16)> {
        if (' '..='~').contains(&c) {
            return Some(self.ascii[c as usize - 32]);
        }
        let glyph = self.face.glyph_index(c)?;
        Some((glyph.0, self.face.glyph_hor_advance(glyph).unwrap_or(0)))
    }

    fn units_per_em(&self) -> f32 {
        f32::from(self.face.units_per_em())
    }
}

/// A system font and the characters of the sheet's text it is used for.
struct SystemFace {
    data: FaceData,
    chars: BTreeSet<char>,
}

/// The fonts of one sheet: the bundled ones, and the system fonts that
/// cover the rest of its text, found once before anything is drawn.
pub struct Fonts {
    regular: Bundled,
    bold: Bundled,
    regular_data: FaceData,
    bold_data: FaceData,
    system: Vec<SystemFace>,
    /// Lines already set, by text and weight: titles and notes come back
    /// on every page.
    lines: RefCell<HashMap<(String, bool), Rc<Line>>>,
}

/// Some text to print, for [`Fonts::covering`].
pub struct SheetText<'a> {
    pub text: &'a str,
    pub bold: bool,
    /// Where it comes from, for the error message: `--title`, ...
    pub origin: &'a str,
}

/// Characters that no font covers.
#[derive(Debug)]
pub struct MissingFont {
    /// Each missing character and where it came from, in order of appearance.
    pub missing: Vec<(char, String)>,
}

impl fmt::Display for MissingFont {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut origins: Vec<&str> = Vec::new();
        // By script: "the Han script (数, 独)", or the character alone for
        // symbols and punctuation that belong to no script.
        let mut scripts: Vec<(Script, Vec<char>)> = Vec::new();
        for (c, origin) in &self.missing {
            if !origins.contains(&origin.as_str()) {
                origins.push(origin);
            }
            let script = c.script();
            match scripts.iter_mut().find(|(s, _)| *s == script) {
                Some((_, chars)) => chars.push(*c),
                None => scripts.push((script, vec![*c])),
            }
        }
        let what: Vec<String> = scripts
            .iter()
            .map(|(script, chars)| {
                let listed: Vec<String> = chars
                    .iter()
                    .take(4)
                    .map(|c| format!("{c} U+{:04X}", u32::from(*c)))
                    .collect();
                let more = if chars.len() > 4 { ", ..." } else { "" };
                match script {
                    Script::Common | Script::Inherited | Script::Unknown => {
                        format!("the characters {}{more}", listed.join(", "))
                    }
                    script => format!(
                        "the {} script ({}{more})",
                        script.full_name().replace('_', " "),
                        listed.join(", ")
                    ),
                }
            })
            .collect();
        let east_asian = scripts.iter().any(|(script, _)| {
            matches!(
                script,
                Script::Han | Script::Hiragana | Script::Katakana | Script::Hangul
            )
        });
        let example = if east_asian {
            "fonts-wqy-microhei or fonts-noto-cjk"
        } else {
            "fonts-noto-core"
        };
        write!(
            f,
            "no installed font covers {} in {}; ",
            what.join(" or "),
            origins.join(" and ")
        )?;
        if self.missing.iter().all(|(c, _)| is_emoji(*c)) {
            // Installing an emoji font would not help: say why.
            f.write_str(
                "emoji fonts draw in colour or with bitmaps, which a PDF cannot embed (only \
                 outline fonts can be): print to SVG or HTML, where the viewer's fonts draw \
                 them, or change the text",
            )
        } else {
            write!(
                f,
                "install one that does (fontconfig's font directories are searched; on \
                 Debian, {example}), or change the text"
            )
        }
    }
}

impl std::error::Error for MissingFont {}

/// True for the characters of the emoji blocks (U+1F000 and up, and the
/// variation selector that asks for emoji presentation), which only colour
/// or bitmap fonts cover.
fn is_emoji(c: char) -> bool {
    matches!(u32::from(c), 0x1F000..=0x1FAFF | 0xFE0F)
}

impl Fonts {
    /// The bundled fonts alone: enough for measuring text for SVG and HTML,
    /// which leave the fonts to the browser.
    pub fn bundled() -> Fonts {
        let regular = Bundled::new(REGULAR_DATA);
        let bold = Bundled::new(BOLD_DATA);
        let data = |data: &'static [u8], bold: bool| FaceData {
            data: data.into(),
            index: 0,
            name: if bold {
                "NotoSans-Bold"
            } else {
                "NotoSans-Regular"
            }
            .to_string(),
            family: "Noto Sans".to_string(),
            bold,
        };
        Fonts {
            regular,
            bold,
            regular_data: data(REGULAR_DATA, false),
            bold_data: data(BOLD_DATA, true),
            system: Vec::new(),
            lines: RefCell::new(HashMap::new()),
        }
    }

    /// The bundled fonts and the system fonts needed for `texts`, or the
    /// characters nothing covers. System fonts are searched only when the
    /// bundled ones lack something.
    pub fn covering(texts: &[SheetText<'_>]) -> Result<Fonts, MissingFont> {
        let mut fonts = Fonts::bundled();
        let mut needed: Vec<(char, &str)> = Vec::new();
        for text in texts {
            for c in text.text.chars() {
                let covered = is_ignorable(c) || fonts.regular.glyph(c).is_some();
                if !covered && !needed.iter().any(|(n, _)| *n == c) {
                    needed.push((c, text.origin));
                }
            }
        }
        if needed.is_empty() {
            return Ok(fonts);
        }
        let bold_chars: BTreeSet<char> = texts
            .iter()
            .filter(|text| text.bold)
            .flat_map(|text| text.text.chars())
            .collect();
        let chars: BTreeSet<char> = needed.iter().map(|(c, _)| *c).collect();
        let found = system::find(&chars, &bold_chars);
        let missing: Vec<(char, String)> = needed
            .iter()
            .filter(|(c, _)| !found.iter().any(|face| face.chars.contains(c)))
            .map(|(c, origin)| (*c, origin.to_string()))
            .collect();
        if !missing.is_empty() {
            return Err(MissingFont { missing });
        }
        fonts.system = found
            .into_iter()
            .map(|face| SystemFace {
                data: face.data,
                chars: face.chars,
            })
            .collect();
        Ok(fonts)
    }

    /// The data of a face, for embedding.
    pub fn data(&self, id: FaceId) -> &FaceData {
        match id {
            FaceId::Regular => &self.regular_data,
            FaceId::Bold => &self.bold_data,
            FaceId::System(index) => &self.system[index].data,
        }
    }

    /// The glyph of a digit 0 to 9 in a bundled face, and its advance in em.
    pub fn digit(&self, digit: u8, bold: bool) -> (u16, f32) {
        let face = self.bundled_face(bold);
        let (glyph, advance) = face.ascii[usize::from(b'0' + digit - b' ')];
        (glyph, f32::from(advance) / face.units_per_em())
    }

    /// `text` set in one line, bold or not.
    pub fn line(&self, text: &str, bold: bool) -> Rc<Line> {
        if let Some(line) = shape::bundled_only(self, text, bold) {
            return Rc::new(line);
        }
        // Only the sheet's own texts (title, rules, level names) need more:
        // few, and repeated on every page.
        let key = (text.to_string(), bold);
        if let Some(line) = self.lines.borrow().get(&key) {
            return Rc::clone(line);
        }
        let line = Rc::new(shape::line(self, text, bold));
        self.lines.borrow_mut().insert(key, Rc::clone(&line));
        line
    }

    /// The width of `text` at `size` points.
    pub fn width(&self, text: &str, bold: bool, size: f32) -> f32 {
        self.line(text, bold).width * size
    }

    fn bundled_face(&self, bold: bool) -> &Bundled {
        if bold { &self.bold } else { &self.regular }
    }
}

/// Characters that draw nothing and need no glyph: controls, joiners,
/// direction marks, variation selectors.
fn is_ignorable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The characters of a line's glyphs, in visual order.
    fn visual(line: &Line) -> String {
        line.runs
            .iter()
            .flat_map(|run| &run.glyphs)
            .map(|glyph| &line.text[glyph.text.clone()])
            .collect()
    }

    #[test]
    fn the_bundled_fonts_set_latin_greek_and_cyrillic() {
        let fonts = Fonts::bundled();
        let text = "Łatwe źdźbło · Лёгкие · Εύκολα №5 – 3×3";
        for bold in [false, true] {
            let line = fonts.line(text, bold);
            assert_eq!(line.runs.len(), 1);
            let glyphs = &line.runs[0].glyphs;
            assert_eq!(glyphs.len(), text.chars().count());
            assert!(glyphs.iter().all(|glyph| glyph.id != 0), "{glyphs:?}");
            assert_eq!(visual(&line), text);
        }
        // Digits are all as wide, so numbers line up.
        let width = fonts.width("0", false, 10.0);
        assert!(width > 4.0 && width < 7.0);
        assert_eq!(fonts.width("0123456789", false, 10.0), 10.0 * width);
        assert_eq!(
            fonts.digit(7, false).0,
            fonts.line("7", false).runs[0].glyphs[0].id
        );
    }

    #[test]
    fn characters_the_bundled_fonts_lack_are_measured_near_their_width() {
        // For SVG and HTML, which measure with the bundled fonts only.
        let fonts = Fonts::bundled();
        assert_eq!(fonts.width("数独，第", false, 10.0), 40.0);
        let hebrew = fonts.width("סודוקו", false, 10.0);
        assert_eq!(hebrew, 6.0 * fonts.width("0", false, 10.0));
    }

    #[test]
    fn right_to_left_text_is_set_in_visual_order() {
        // Hebrew has no glyphs here (empty boxes), but its order still holds.
        let fonts = Fonts::bundled();
        let line = fonts.line("abc \u{5d0}\u{5d1}\u{5d2} 12", false);
        // A number after Hebrew goes with it (as browsers show it).
        assert_eq!(visual(&line), "abc 12 \u{5d2}\u{5d1}\u{5d0}");
        let line = fonts.line("\u{5d0}\u{5d1} 12 ab", false);
        assert_eq!(visual(&line), "ab 12 \u{5d1}\u{5d0}");
    }

    #[test]
    fn missing_characters_are_named_by_script_and_origin() {
        let missing = MissingFont {
            missing: vec![
                ('数', "--title".to_string()),
                ('独', "--title".to_string()),
                ('✓', "--rules".to_string()),
            ],
        };
        let message = missing.to_string();
        assert!(
            message.starts_with(
                "no installed font covers the Han script (数 U+6570, 独 U+72EC) or the \
                 characters ✓ U+2713 in --title and --rules;"
            ),
            "{message}"
        );
        assert!(message.contains("fonts-wqy-microhei"));
        // Emoji: no font to install would do.
        let emoji = MissingFont {
            missing: vec![('😀', "--title".to_string()), ('🧩', "--title".to_string())],
        };
        let message = emoji.to_string();
        assert!(
            message.starts_with(
                "no installed font covers the characters 😀 U+1F600, 🧩 U+1F9E9 in --title; \
                 emoji fonts draw in colour or with bitmaps, which a PDF cannot embed"
            ),
            "{message}"
        );
        assert!(!message.contains("install one"), "{message}");
    }

    #[test]
    fn texts_the_bundled_fonts_cover_need_no_system_font() {
        let texts = [SheetText {
            text: "Łatwe Судоку Σουντόκου",
            bold: true,
            origin: "--title",
        }];
        let fonts = Fonts::covering(&texts).unwrap();
        assert!(fonts.system.is_empty());
    }
}
