//! Where games come from: puzzle files (read as `solve` reads its input,
//! and checked line by line when opened) and new puzzles of a level from
//! the generator.

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use rayon::prelude::*;
use sudokuflow::format::InputFormat;
use sudokuflow::generate::{GenerateConfig, generate};
use sudokuflow::input::{Column, Input};
use sudokuflow::logic::Level;
use sudokuflow::puzzles::{ReadPuzzle, puzzles};
use sudokuflow::{Grid, count_solutions};

use super::board::first_repeat;
use super::save;
use crate::app::columnar;

/// One puzzle of a file and what opening it found.
pub struct Entry {
    /// Its line, from 1 (a grid block's first row).
    pub line: u64,
    pub puzzle: Option<Grid>,
    /// Why it can't be played, or a warning (`playable` tells which).
    pub problem: Option<String>,
    pub playable: bool,
    /// It has a saved game (opening it resumes that).
    pub in_progress: bool,
}

/// Reads and checks every puzzle of `path`: one a line (`puzzle,solution`
/// lines too) or boards of 9 rows, blank and `#` lines skipped, up to an
/// `end` line, or with a `column` one a data row of a CSV or TSV table, as
/// `solve` reads them. Read as a stream, so memory stays bounded whatever
/// the file holds.
pub fn open_file(path: &Path, column: Option<&Column>) -> anyhow::Result<Vec<Entry>> {
    let cannot = || format!("cannot read {}", path.display());
    let file = File::open(path).with_context(cannot)?;
    if file.metadata().with_context(cannot)?.is_dir() {
        bail!("{} is a folder, not a file of puzzles", path.display());
    }
    let mut input = Input::from_reader(path.display().to_string(), Box::new(file));
    if let Some(kind) = columnar::Kind::of_file(path) {
        let Some(column) = column else {
            bail!(
                "{} is a {} file: give --column the name or number (from 1) of the column \
                 that holds the puzzles",
                path.display(),
                kind.name()
            );
        };
        let table = columnar::Table::open(path, kind, column, false)?;
        input = columnar::feed(vec![table], None)?.remove(0);
    } else if let Some(column) = column {
        input = input.with_column(column.clone());
    }
    let read: Vec<ReadPuzzle> = puzzles(input, InputFormat::Auto)
        .collect::<std::io::Result<_>>()
        .with_context(cannot)?;
    // Checking a long file of hard puzzles takes seconds: on every core.
    let mut entries: Vec<Entry> = read.into_par_iter().map(check).collect();
    let saved = save::saved_puzzles();
    for entry in &mut entries {
        entry.in_progress = entry.puzzle.is_some_and(|p| saved.contains(&p));
    }
    Ok(entries)
}

impl Entry {
    /// The list's "in progress" column for this entry: blank unless some
    /// entry of the list (`marks`) has a saved game.
    pub fn progress_mark(&self, marks: bool) -> &'static str {
        match (marks, self.in_progress) {
            (false, _) => "",
            (true, true) => "in progress  ",
            (true, false) => "             ",
        }
    }
}

fn check(read: ReadPuzzle) -> Entry {
    match read.puzzle {
        Ok(puzzle) => check_puzzle(read.line, puzzle, read.solution),
        Err(problem) => Entry {
            line: read.line,
            puzzle: None,
            problem: Some(format!("bad line: {problem}")),
            playable: false,
            in_progress: false,
        },
    }
}

/// Whether `puzzle` (of `line`, with the `solution` given beside it, if
/// any) can be played, and what to warn of.
pub fn check_puzzle(line: u64, puzzle: Grid, solution: Option<Grid>) -> Entry {
    let bad = |puzzle, why: String| Entry {
        line,
        puzzle,
        problem: Some(why),
        playable: false,
        in_progress: false,
    };
    if let Some(repeat) = first_repeat(puzzle.cells()) {
        return bad(Some(puzzle), format!("conflicting givens: {repeat}"));
    }
    let good = |problem: Option<String>| Entry {
        line,
        puzzle: Some(puzzle),
        problem,
        playable: true,
        in_progress: false,
    };
    match count_solutions(&puzzle, 2).map(|c| c.solutions) {
        Ok(1) => match solution {
            Some(solution) if !solution.is_solution_of(&puzzle) => good(Some(
                "the solution after the comma is not this puzzle's; it is not used".into(),
            )),
            _ => good(None),
        },
        Ok(0) | Err(_) => bad(Some(puzzle), "no solution".into()),
        Ok(_) => good(Some(
            "several solutions: check and auto-solve are off".into(),
        )),
    }
}

/// The `.txt` files of a folder, each group by name.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Files {
    /// `sudoku*.txt`, as the original game listed.
    pub sudoku: Vec<PathBuf>,
    /// The other `.txt` files.
    pub other: Vec<PathBuf>,
}

impl Files {
    pub fn len(&self) -> usize {
        self.sudoku.len() + self.other.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th file: the `sudoku*.txt` ones first.
    pub fn get(&self, i: usize) -> Option<&PathBuf> {
        self.sudoku.iter().chain(&self.other).nth(i)
    }
}

/// The `.txt` files of `dir`.
pub fn puzzle_files(dir: &Path) -> Files {
    let mut names: Vec<(String, PathBuf)> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            (name.into_owned(), p)
        })
        .collect();
    names.sort();
    let (sudoku, other) = names
        .into_iter()
        .partition::<Vec<_>, _>(|(name, _)| name.starts_with("sudoku"));
    let paths = |v: Vec<(String, PathBuf)>| v.into_iter().map(|(_, p)| p).collect();
    Files {
        sudoku: paths(sudoku),
        other: paths(other),
    }
}

/// A puzzle given on the command line (81 cells, as one line of a file),
/// if `text` is one.
pub fn puzzle_arg(text: &std::ffi::OsStr) -> Option<Grid> {
    Grid::parse_line(text.to_str()?.trim().as_bytes()).ok()
}

/// A new puzzle of `level`.
pub fn new_game(level: Level, seed: u64) -> anyhow::Result<Grid> {
    let config = GenerateConfig::default().with_level(Some(level));
    let generated = generate(&config, seed, 0).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(generated.puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn summary(entries: &[Entry]) -> Vec<(u64, bool, Option<&str>)> {
        entries
            .iter()
            .map(|e| (e.line, e.playable, e.problem.as_deref()))
            .collect()
    }

    #[test]
    fn file_problems_are_listed_with_line_numbers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sudoku1.txt");
        let conflict = GOOD.replacen("53", "55", 1);
        let several = ".".repeat(81);
        fs::write(
            &path,
            format!("# comment\n{GOOD}\nhello\n{conflict}\n\n{several}\n"),
        )
        .unwrap();
        let entries = open_file(&path, None).unwrap();
        let summary = summary(&entries);
        assert_eq!(summary[0], (2, true, None));
        assert_eq!(
            summary[1],
            (
                3,
                false,
                Some("bad line: bad character 'h' at column 1; use 1-9, '.' or '0'")
            )
        );
        assert_eq!(
            summary[2],
            (
                4,
                false,
                Some("conflicting givens: two 5s in row 1: r1c1, r1c2")
            )
        );
        assert_eq!((summary[3].0, summary[3].1), (6, true));
        assert!(summary[3].2.unwrap().starts_with("several solutions"));
        fs::write(dir.path().join("a.txt"), "").unwrap();
        fs::write(dir.path().join("notes.md"), "").unwrap();
        fs::write(dir.path().join("sudoku0.txt"), "").unwrap();
        let files = puzzle_files(dir.path());
        let names = |v: &[PathBuf]| -> Vec<String> {
            v.iter()
                .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
                .collect()
        };
        assert_eq!(names(&files.sudoku), ["sudoku0.txt", "sudoku1.txt"]);
        assert_eq!(names(&files.other), ["a.txt"]);
        assert_eq!(files.get(2), Some(&dir.path().join("a.txt")));
    }

    /// Issue 23: the game reads files as `solve` does: `puzzle,solution`
    /// lines (as `generate --solution` writes them), boards of 9 rows, and
    /// nothing after an `end` line.
    #[test]
    fn files_are_read_as_solve_reads_them() {
        let dir = tempfile::tempdir().unwrap();
        let puzzle = Grid::parse_line(GOOD.as_bytes()).unwrap();
        let solution = sudokuflow::solve(&puzzle).unwrap().grid;
        let mut line = Vec::new();
        solution.write_line(&mut line);
        let solution_text = String::from_utf8(line).unwrap();
        let path = dir.path().join("generated.txt");
        let wrong = solution_text.replacen('1', "2", 1);
        fs::write(
            &path,
            format!("{GOOD},{solution_text}\n{GOOD},{wrong}\nend\nnot read\n"),
        )
        .unwrap();
        let entries = open_file(&path, None).unwrap();
        let summary = summary(&entries);
        assert_eq!(summary.len(), 2, "nothing after end");
        assert_eq!(summary[0], (1, true, None));
        assert_eq!((summary[1].0, summary[1].1), (2, true));
        assert!(summary[1].2.unwrap().contains("not this puzzle's"));
        let board: String = GOOD
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
            .collect();
        fs::write(&path, format!("{board}\n{board}")).unwrap();
        let entries = open_file(&path, None).unwrap();
        assert_eq!(summary_lines(&entries), [1, 11]);
        assert!(entries.iter().all(|e| e.playable));
        assert!(open_file(dir.path(), None).is_err(), "a folder");
    }

    fn summary_lines(entries: &[Entry]) -> Vec<u64> {
        entries.iter().map(|e| e.line).collect()
    }

    #[test]
    fn a_puzzle_on_the_command_line() {
        assert!(puzzle_arg(GOOD.as_ref()).is_some());
        assert!(puzzle_arg("sudoku1.txt".as_ref()).is_none());
    }
}
