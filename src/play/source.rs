//! Where games come from: puzzle files (checked line by line when opened)
//! and new puzzles of a level from the generator.

use std::fs;
use std::path::Path;

use anyhow::Context;
use rayon::prelude::*;
use sudokuflow::generate::{GenerateConfig, generate};
use sudokuflow::logic::{self, Level};
use sudokuflow::{Grid, count_solutions};

/// One puzzle line of a file and what opening it found.
pub struct Entry {
    pub line: usize,
    pub puzzle: Option<Grid>,
    /// Why it can't be played, or a warning (`playable` tells which).
    pub problem: Option<String>,
    pub playable: bool,
}

/// Reads and checks every puzzle line of `path` (blank and `#` lines skipped).
pub fn open_file(path: &Path) -> anyhow::Result<Vec<Entry>> {
    let text = fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let lines: Vec<(usize, &[u8])> = text
        .split(|&b| b == b'\n')
        .map(<[u8]>::trim_ascii)
        .enumerate()
        .filter(|(_, line)| !line.is_empty() && !line.starts_with(b"#"))
        .collect();
    // Checking a long file of hard puzzles takes seconds: on every core.
    Ok(lines
        .into_par_iter()
        .map(|(i, line)| check(i + 1, line))
        .collect())
}

/// An entry's level and rating for a list (`easy 1.2/1.2/1.2`), empty for
/// a puzzle without one solution: with the default budget, the rating
/// `rate` gives.
pub fn rating_text(entry: &Entry) -> String {
    match (&entry.puzzle, entry.playable) {
        (Some(p), true) => logic::rate(p)
            .map(|r| format!("{} {}", r.level, r.triple()))
            .unwrap_or_default(),
        _ => String::new(),
    }
}

fn check(line: usize, text: &[u8]) -> Entry {
    let bad = |puzzle, why: String| Entry {
        line,
        puzzle,
        problem: Some(why),
        playable: false,
    };
    let puzzle = match Grid::parse_line(text) {
        Ok(p) => p,
        Err(e) => return bad(None, format!("bad line: {e}")),
    };
    if !puzzle.is_consistent() {
        return bad(Some(puzzle), "conflicting givens".into());
    }
    match count_solutions(&puzzle, 2).map(|c| c.solutions) {
        Ok(1) => Entry {
            line,
            puzzle: Some(puzzle),
            problem: None,
            playable: true,
        },
        Ok(0) | Err(_) => bad(Some(puzzle), "no solution".into()),
        Ok(_) => Entry {
            line,
            puzzle: Some(puzzle),
            problem: Some("several solutions: check and hints are off".into()),
            playable: true,
        },
    }
}

/// The `.txt` files of `dir`: `sudoku*.txt` first, then the others, each
/// group by name.
pub fn puzzle_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<(bool, String, std::path::PathBuf)> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            (!name.starts_with("sudoku"), name, p)
        })
        .collect();
    files.sort();
    files.into_iter().map(|(_, _, p)| p).collect()
}

/// A new puzzle of `level`.
pub fn new_game(level: Level, seed: u64) -> anyhow::Result<Grid> {
    let config = GenerateConfig {
        level: Some(level),
        ..GenerateConfig::default()
    };
    let generated = generate(&config, seed, 0).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(generated.puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_problems_are_listed_with_line_numbers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sudoku1.txt");
        let good =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let conflict =
            "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let several = ".".repeat(81);
        fs::write(
            &path,
            format!("# comment\n{good}\nhello\n{conflict}\n\n{several}\n"),
        )
        .unwrap();
        let entries = open_file(&path).unwrap();
        let summary: Vec<(usize, bool, Option<&str>)> = entries
            .iter()
            .map(|e| (e.line, e.playable, e.problem.as_deref()))
            .collect();
        assert_eq!(summary[0], (2, true, None));
        assert_eq!((summary[1].0, summary[1].1), (3, false));
        assert!(summary[1].2.unwrap().starts_with("bad line"));
        assert_eq!(summary[2], (4, false, Some("conflicting givens")));
        assert_eq!((summary[3].0, summary[3].1), (6, true));
        assert!(summary[3].2.unwrap().starts_with("several solutions"));
        fs::write(dir.path().join("a.txt"), "").unwrap();
        fs::write(dir.path().join("notes.md"), "").unwrap();
        fs::write(dir.path().join("sudoku0.txt"), "").unwrap();
        let names: Vec<_> = puzzle_files(dir.path())
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["sudoku0.txt", "sudoku1.txt", "a.txt"]);
    }
}
