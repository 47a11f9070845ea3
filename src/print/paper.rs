//! Paper sizes, their margins, and the default size from the locale.

use clap::ValueEnum;

/// Points per millimetre (a point is 1/72 inch).
const PT_PER_MM: f32 = 72.0 / 25.4;

/// A sheet size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm
    A4,
    /// US Letter, 8.5 x 11 in
    Letter,
    /// ISO A5, 148 x 210 mm
    A5,
}

/// Territories whose paper is US Letter (glibc's LC_PAPER for their locales).
const LETTER_TERRITORIES: [&str; 14] = [
    "US", "CA", "MX", "PR", "PH", "CL", "CO", "CR", "GT", "NI", "PA", "SV", "VE", "DO",
];

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0 * PT_PER_MM, 297.0 * PT_PER_MM),
            Paper::Letter => (612.0, 792.0),
            Paper::A5 => (148.0 * PT_PER_MM, 210.0 * PT_PER_MM),
        }
    }

    /// Width and height in millimetres, for CSS and SVG.
    pub fn size_mm(self) -> (f32, f32) {
        let (width, height) = self.size();
        (width / PT_PER_MM, height / PT_PER_MM)
    }

    /// The margin on every side, in points: wider than the unprintable edge
    /// of common printers (about 5 mm), and narrow enough for two boards of
    /// a 4-a-page sheet to be large side by side.
    pub fn margin(self) -> f32 {
        match self {
            Paper::A5 => 8.0 * PT_PER_MM,
            Paper::A4 | Paper::Letter => 10.0 * PT_PER_MM,
        }
    }

    /// The name people know the size by, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
            Paper::A5 => "A5",
        }
    }

    /// The CSS `@page` size keyword.
    pub fn css_name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
            Paper::A5 => "A5",
        }
    }

    /// The size the locale asks for (`LC_ALL`, else `LC_PAPER`, else `LANG`):
    /// Letter in the Americas' Letter territories, A4 everywhere else.
    pub fn from_locale() -> Paper {
        let locale = ["LC_ALL", "LC_PAPER", "LANG"]
            .into_iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .unwrap_or_default();
        Paper::for_locale(&locale)
    }

    /// The size for a locale name such as `en_US.UTF-8`.
    pub fn for_locale(locale: &str) -> Paper {
        let territory = locale
            .split(['.', '@'])
            .next()
            .and_then(|name| name.split_once('_'))
            .map(|(_, territory)| territory);
        match territory {
            Some(territory) if LETTER_TERRITORIES.contains(&territory) => Paper::Letter,
            _ => Paper::A4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_choose_letter_only_in_letter_territories() {
        assert_eq!(Paper::for_locale("en_US.UTF-8"), Paper::Letter);
        assert_eq!(Paper::for_locale("fr_CA"), Paper::Letter);
        assert_eq!(Paper::for_locale("en_GB.UTF-8"), Paper::A4);
        assert_eq!(Paper::for_locale("de_DE@euro"), Paper::A4);
        assert_eq!(Paper::for_locale("C.UTF-8"), Paper::A4);
        assert_eq!(Paper::for_locale("POSIX"), Paper::A4);
        assert_eq!(Paper::for_locale(""), Paper::A4);
    }

    #[test]
    fn sizes_are_the_standard_ones() {
        let (width, height) = Paper::A4.size_mm();
        assert!((width - 210.0).abs() < 0.01 && (height - 297.0).abs() < 0.01);
        assert_eq!(Paper::Letter.size(), (612.0, 792.0));
    }
}
