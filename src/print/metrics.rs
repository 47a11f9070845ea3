//! What the writers need to know of the fonts every PDF reader has built in
//! (Helvetica and Helvetica-Bold, no font file embedded): character widths,
//! to centre and right-align text, and the WinAnsi encoding of characters.

/// Widths of ASCII 32 to 126 in Helvetica, in thousandths of the font size
/// (from the fonts' published metrics).
const REGULAR: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278,
    278, // space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0 to 9
    278, 278, 584, 584, 584, 556, 1015, // : to @
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, // A to M
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N to Z
    278, 278, 278, 469, 556, 333, // [ to `
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, // a to m
    556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // n to z
    334, 260, 334, 584, // { to ~
];

/// The same for Helvetica-Bold.
const BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278,
    278, // space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0 to 9
    333, 333, 584, 584, 584, 611, 975, // : to @
    722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, // A to M
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N to Z
    333, 278, 333, 584, 556, 333, // [ to `
    556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, // a to m
    611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, // n to z
    389, 280, 389, 584, // { to ~
];

/// A typical width, for characters beyond ASCII.
const OTHER: u16 = 556;

/// The width of `text` set in Helvetica (bold or not) at `size`.
pub fn text_width(text: &str, bold: bool, size: f32) -> f32 {
    let widths = if bold { &BOLD } else { &REGULAR };
    let thousandths: u32 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => widths[c as usize - 32],
            '\u{2014}' => 1000,
            '\u{00b7}' => 278,
            _ => OTHER,
        } as u32)
        .sum();
    thousandths as f32 * size / 1000.0
}

/// `text` in the WinAnsi encoding of the built-in fonts: Latin-1 and the
/// common typographic marks; anything else becomes `?`.
pub fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' | '\u{a0}'..='\u{ff}' => c as u8,
            '\u{20ac}' => 0x80,
            '\u{2026}' => 0x85,
            '\u{2018}' => 0x91,
            '\u{2019}' => 0x92,
            '\u{201c}' => 0x93,
            '\u{201d}' => 0x94,
            '\u{2022}' => 0x95,
            '\u{2013}' => 0x96,
            '\u{2014}' => 0x97,
            '\u{2122}' => 0x99,
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_all_as_wide() {
        assert_eq!(text_width("0123456789", false, 10.0), 55.6);
        assert_eq!(text_width("7", true, 1000.0), 556.0);
        assert_eq!(text_width("W", false, 1000.0), 944.0);
        assert_eq!(text_width("m", true, 1000.0), 889.0);
    }

    #[test]
    fn win_ansi_keeps_latin_1_and_replaces_the_rest() {
        assert_eq!(win_ansi("Café — 5"), b"Caf\xe9 \x97 5");
        assert_eq!(win_ansi("数独"), b"??");
    }
}
