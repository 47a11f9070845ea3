//! `--level-names`: what a sheet calls each level, such as `łatwe` for
//! `easy`.

use std::str::FromStr;

use sudokuflow::logic::Level;

/// The name to print for each level, by default its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelNames(Vec<(Level, String)>);

impl LevelNames {
    /// The name given for the level called `level` by the rater, if any.
    pub fn name(&self, level: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(known, _)| known.name() == level)
            .map(|(_, name)| name.as_str())
    }

    /// The names given, to check that fonts cover them.
    pub fn given(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(_, name)| name.as_str())
    }
}

impl FromStr for LevelNames {
    type Err = String;

    /// `easy=łatwe,medium=średnie`: any of the levels, each once.
    fn from_str(text: &str) -> Result<LevelNames, String> {
        let levels = Level::ALL.map(Level::name).join(", ");
        let mut names: Vec<(Level, String)> = Vec::new();
        for pair in text.split(',') {
            let Some((level, name)) = pair.split_once('=') else {
                return Err(format!(
                    "'{pair}' is not LEVEL=NAME (the levels are {levels})"
                ));
            };
            let level = level.trim();
            let Some(known) = Level::ALL.into_iter().find(|l| l.name() == level) else {
                return Err(format!(
                    "no level is called '{level}' (the levels are {levels})"
                ));
            };
            let name = name.trim();
            if name.is_empty() {
                return Err(format!("the name for {level} is empty"));
            }
            if names.iter().any(|(l, _)| *l == known) {
                return Err(format!("{level} is named twice"));
            }
            names.push((known, name.to_string()));
        }
        Ok(LevelNames(names))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_renamed_by_their_names() {
        let names: LevelNames = "easy=łatwe, hell = piekło".parse().unwrap();
        assert_eq!(names.name("easy"), Some("łatwe"));
        assert_eq!(names.name("hell"), Some("piekło"));
        assert_eq!(names.name("medium"), None);
        assert_eq!(names.given().collect::<Vec<_>>(), ["łatwe", "piekło"]);
    }

    #[test]
    fn bad_names_say_what_is_accepted() {
        let error = "easy=a,tough=b".parse::<LevelNames>().unwrap_err();
        assert_eq!(
            error,
            "no level is called 'tough' (the levels are easy, medium, hard, expert, hell)"
        );
        assert!(
            "easy"
                .parse::<LevelNames>()
                .unwrap_err()
                .contains("LEVEL=NAME")
        );
        assert!("easy=".parse::<LevelNames>().is_err());
        assert!("easy=a,easy=b".parse::<LevelNames>().is_err());
    }
}
