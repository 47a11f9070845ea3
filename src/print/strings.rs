//! The fixed words of a sheet (headings, page references, the usual rules,
//! level names): English, a built-in translation (`--lang`), or a file of
//! `key = text` lines (`--strings`) over either.

use clap::ValueEnum;

use super::layout::USUAL_RULES;

/// A language whose words are built in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    /// English
    En,
    /// German
    De,
    /// Spanish
    Es,
    /// French
    Fr,
    /// Polish
    Pl,
    /// Chinese (simplified)
    Zh,
}

/// Each key, what it names, and the placeholders its text may hold.
pub const KEYS: [(&str, &[&str]); 13] = [
    ("solutions-title", &["title"]),
    ("solutions", &[]),
    ("answers-on-page", &["page"]),
    ("answers-on-pages", &["first", "last"]),
    ("page-number", &["page", "pages"]),
    ("rules", &[]),
    ("easy", &[]),
    ("medium", &[]),
    ("hard", &[]),
    ("expert", &[]),
    ("hell", &[]),
    ("decimal-mark", &[]),
    ("document-title", &[]),
];

/// The texts of [`KEYS`] in each built-in language, in the same order.
fn built_in(lang: Lang) -> [&'static str; 13] {
    match lang {
        Lang::En => [
            "{title} \u{2014} solutions",
            "Solutions",
            "Answers on page {page}",
            "Answers on pages {first}\u{2013}{last}",
            "{page} / {pages}",
            USUAL_RULES,
            "easy",
            "medium",
            "hard",
            "expert",
            "hell",
            ".",
            "Sudoku",
        ],
        Lang::De => [
            "{title} \u{2014} L\u{f6}sungen",
            "L\u{f6}sungen",
            "L\u{f6}sungen auf Seite {page}",
            "L\u{f6}sungen auf den Seiten {first}\u{2013}{last}",
            "{page} / {pages}",
            "Tragen Sie die Ziffern 1 bis 9 so ein, dass jede Zeile, jede Spalte und jeder 3\u{d7}3-Block jede Ziffer genau einmal enth\u{e4}lt.",
            "leicht",
            "mittel",
            "schwer",
            "sehr schwer",
            "teuflisch",
            ",",
            "Sudoku",
        ],
        Lang::Es => [
            "{title} \u{2014} soluciones",
            "Soluciones",
            "Soluciones en la p\u{e1}gina {page}",
            "Soluciones en las p\u{e1}ginas {first}\u{2013}{last}",
            "{page} / {pages}",
            "Completa la cuadr\u{ed}cula con los n\u{fa}meros del 1 al 9 de modo que cada fila, cada columna y cada cuadro de 3\u{d7}3 contenga cada n\u{fa}mero una sola vez.",
            "f\u{e1}cil",
            "medio",
            "dif\u{ed}cil",
            "experto",
            "diab\u{f3}lico",
            ",",
            "Sudoku",
        ],
        Lang::Fr => [
            "{title} \u{2014} solutions",
            "Solutions",
            "Solutions en page {page}",
            "Solutions en pages {first}\u{2013}{last}",
            "{page} / {pages}",
            "Remplissez la grille avec les chiffres de 1 \u{e0} 9 de sorte que chaque ligne, chaque colonne et chaque carr\u{e9} 3\u{d7}3 contienne chaque chiffre une seule fois.",
            "facile",
            "moyen",
            "difficile",
            "expert",
            "diabolique",
            ",",
            "Sudoku",
        ],
        Lang::Pl => [
            "{title} \u{2014} rozwi\u{105}zania",
            "Rozwi\u{105}zania",
            "Rozwi\u{105}zania na stronie {page}",
            "Rozwi\u{105}zania na stronach {first}\u{2013}{last}",
            "{page} / {pages}",
            "Wpisz cyfry od 1 do 9 tak, aby w ka\u{17c}dym wierszu, ka\u{17c}dej kolumnie i ka\u{17c}dym kwadracie 3\u{d7}3 ka\u{17c}da cyfra wyst\u{105}pi\u{142}a dok\u{142}adnie raz.",
            "\u{142}atwe",
            "\u{15b}rednie",
            "trudne",
            "eksperckie",
            "piekielne",
            ",",
            "Sudoku",
        ],
        Lang::Zh => [
            "{title}\u{ff08}\u{7b54}\u{6848}\u{ff09}",
            "\u{7b54}\u{6848}",
            "\u{7b54}\u{6848}\u{89c1}\u{7b2c} {page} \u{9875}",
            "\u{7b54}\u{6848}\u{89c1}\u{7b2c} {first}\u{2013}{last} \u{9875}",
            "{page} / {pages}",
            "\u{5728}\u{7a7a}\u{683c}\u{4e2d}\u{586b}\u{5165}\u{6570}\u{5b57} 1 \u{81f3} 9\u{ff0c}\u{4f7f}\u{6bcf}\u{884c}\u{3001}\u{6bcf}\u{5217}\u{548c}\u{6bcf}\u{4e2a} 3\u{d7}3 \u{5bab}\u{5185}\u{7684}\u{6570}\u{5b57}\u{5747}\u{4e0d}\u{91cd}\u{590d}\u{3002}",
            "\u{7b80}\u{5355}",
            "\u{4e2d}\u{7b49}",
            "\u{56f0}\u{96be}",
            "\u{4e13}\u{5bb6}",
            "\u{5730}\u{72f1}",
            ".",
            "\u{6570}\u{72ec}",
        ],
    }
}

/// The fixed words of a sheet, by key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strings {
    texts: [String; 13],
    /// Where each text came from, for messages: `--lang` or `--strings`.
    origins: [&'static str; 13],
}

impl Default for Strings {
    fn default() -> Strings {
        Strings::built_in(Lang::En)
    }
}

impl Strings {
    pub fn built_in(lang: Lang) -> Strings {
        Strings {
            texts: built_in(lang).map(str::to_string),
            origins: [if lang == Lang::En { "" } else { "--lang" }; 13],
        }
    }

    /// The text of `key` with its placeholders filled in by `values`.
    fn text(&self, key: &str, values: &[(&str, &str)]) -> String {
        let index = KEYS
            .iter()
            .position(|(k, _)| *k == key)
            .expect("a known key");
        let mut text = self.texts[index].clone();
        for (name, value) in values {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }

    /// The heading of answer pages, under `title` if the sheet has one.
    pub fn solutions_heading(&self, title: Option<&str>) -> String {
        match title {
            Some(title) => self.text("solutions-title", &[("title", title)]),
            None => self.text("solutions", &[]),
        }
    }

    /// Where the answers to a page's puzzles are: pages `first` to `last`.
    pub fn answers_on(&self, first: usize, last: usize) -> String {
        let (first, last) = (first.to_string(), last.to_string());
        if first == last {
            self.text("answers-on-page", &[("page", &first)])
        } else {
            self.text("answers-on-pages", &[("first", &first), ("last", &last)])
        }
    }

    /// The number of page `page` of `pages`.
    pub fn page_number(&self, page: usize, pages: usize) -> String {
        let (page, pages) = (page.to_string(), pages.to_string());
        self.text("page-number", &[("page", &page), ("pages", &pages)])
    }

    /// The usual rules, for `--rules` without a text.
    pub fn rules(&self) -> String {
        self.text("rules", &[])
    }

    /// `number` (as `2.6`) with the language's decimal mark.
    pub fn decimal(&self, number: &str) -> String {
        number.replace('.', &self.text("decimal-mark", &[]))
    }

    /// The HTML document's title when the sheet has none.
    pub fn document_title(&self) -> String {
        self.text("document-title", &[])
    }

    /// The name of the level the rater calls `level`.
    pub fn level<'a>(&'a self, level: &'a str) -> &'a str {
        KEYS.iter()
            .position(|(key, _)| *key == level)
            .map_or(level, |index| self.texts[index].as_str())
    }

    /// Each text not in English, and where it came from, to check that
    /// fonts cover it.
    pub fn own(&self) -> impl Iterator<Item = (&str, &'static str)> {
        self.texts
            .iter()
            .zip(self.origins)
            .zip(KEYS)
            // The browser draws the document's title, not our fonts.
            .filter(|((_, origin), (key, _))| !origin.is_empty() && *key != "document-title")
            .map(|((text, origin), _)| (text.as_str(), origin))
    }

    /// Reads `key = text` lines over these strings: blank lines and lines
    /// starting with `#` are skipped; each key once; placeholders `{name}`
    /// only those its key takes. Errors name the line and the key.
    pub fn read(&mut self, contents: &str) -> Result<(), String> {
        let mut seen: Vec<&str> = Vec::new();
        for (number, line) in contents.lines().enumerate() {
            let number = number + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, text)) = line.split_once('=') else {
                return Err(format!(
                    "line {number}: expected KEY = TEXT, found '{}'",
                    line.escape_debug()
                ));
            };
            let (key, text) = (key.trim(), text.trim());
            let Some(index) = KEYS.iter().position(|(k, _)| *k == key) else {
                let keys: Vec<&str> = KEYS.iter().map(|(k, _)| *k).collect();
                return Err(format!(
                    "line {number}: no key is called '{}' (the keys are {})",
                    key.escape_debug(),
                    keys.join(", ")
                ));
            };
            if seen.contains(&key) {
                return Err(format!("line {number}: {key} is given twice"));
            }
            if text.is_empty() {
                return Err(format!("line {number}: the text of {key} is empty"));
            }
            if let Some(control) = text.chars().find(|c| c.is_control()) {
                return Err(format!(
                    "line {number}: the text of {key} holds a control character ({})",
                    control.escape_unicode()
                ));
            }
            let takes = KEYS[index].1;
            let mut rest = text;
            while let Some(open) = rest.find('{') {
                let after = &rest[open + 1..];
                let name = after.split_once('}').map(|(name, _)| name);
                match name {
                    Some(name) if takes.contains(&name) => rest = &after[name.len() + 1..],
                    _ => {
                        let takes: Vec<String> =
                            takes.iter().map(|name| format!("{{{name}}}")).collect();
                        let takes = if takes.is_empty() {
                            "none".to_string()
                        } else {
                            takes.join(" and ")
                        };
                        return Err(format!(
                            "line {number}: {key} holds a '{{' that is not a placeholder it \
                             takes (it takes {takes})"
                        ));
                    }
                }
            }
            seen.push(key);
            self.texts[index] = text.to_string();
            self.origins[index] = "--strings";
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_the_default_and_each_language_fills_in_its_placeholders() {
        let english = Strings::default();
        assert_eq!(english.answers_on(7, 7), "Answers on page 7");
        assert_eq!(english.answers_on(7, 8), "Answers on pages 7\u{2013}8");
        assert_eq!(
            english.solutions_heading(Some("Week 1")),
            "Week 1 \u{2014} solutions"
        );
        assert_eq!(english.solutions_heading(None), "Solutions");
        assert_eq!(english.page_number(2, 9), "2 / 9");
        assert_eq!(english.level("hell"), "hell");
        assert_eq!(english.own().count(), 0);
        let polish = Strings::built_in(Lang::Pl);
        assert_eq!(polish.answers_on(9, 9), "Rozwiązania na stronie 9");
        assert_eq!(polish.answers_on(9, 10), "Rozwiązania na stronach 9–10");
        assert_eq!(polish.level("easy"), "łatwe");
        let chinese = Strings::built_in(Lang::Zh);
        assert_eq!(chinese.answers_on(3, 4), "答案见第 3–4 页");
        assert_eq!(chinese.solutions_heading(Some("数独")), "数独（答案）");
        assert_eq!(chinese.own().count(), 12);
        assert_eq!(polish.decimal(">9.5"), ">9,5");
        assert_eq!(english.decimal("2.6"), "2.6");
        for lang in Lang::value_variants() {
            let strings = Strings::built_in(*lang);
            // Every placeholder a key takes is used, and no other.
            for (index, (key, takes)) in KEYS.iter().enumerate() {
                let text = built_in(*lang)[index];
                assert_eq!(text.matches('{').count(), takes.len(), "{lang:?} {key}");
                for name in *takes {
                    assert!(text.contains(&format!("{{{name}}}")), "{lang:?} {key}");
                }
            }
            assert!(!strings.rules().is_empty());
        }
    }

    #[test]
    fn a_strings_file_replaces_keys_and_errors_name_the_line_and_key() {
        let mut strings = Strings::built_in(Lang::De);
        strings
            .read("# Deutsch, kürzer\n\nanswers-on-page = Lösungen: S. {page}\n  hell=Hölle  \n")
            .unwrap();
        assert_eq!(strings.answers_on(4, 4), "Lösungen: S. 4");
        assert_eq!(strings.answers_on(4, 5), "Lösungen auf den Seiten 4–5");
        assert_eq!(strings.level("hell"), "Hölle");
        let error = |text: &str| Strings::default().read(text).unwrap_err();
        assert_eq!(
            error("solutions = Lösungen\nanswers = x"),
            "line 2: no key is called 'answers' (the keys are solutions-title, solutions, \
             answers-on-page, answers-on-pages, page-number, rules, easy, medium, hard, \
             expert, hell, decimal-mark, document-title)"
        );
        assert_eq!(
            error("easy: leicht"),
            "line 1: expected KEY = TEXT, found 'easy: leicht'"
        );
        assert_eq!(error("easy = a\neasy = b"), "line 2: easy is given twice");
        assert_eq!(error("hard ="), "line 1: the text of hard is empty");
        assert_eq!(
            error("answers-on-page = S. {pages}"),
            "line 1: answers-on-page holds a '{' that is not a placeholder it takes (it takes {page})"
        );
        assert_eq!(
            error("\n\nrules = {x"),
            "line 3: rules holds a '{' that is not a placeholder it takes (it takes none)"
        );
        assert!(error("easy = a\u{1b}[2J").contains("control character (\\u{1b})"));
    }
}
