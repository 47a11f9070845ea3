//! `rate`, `explain` and `generate --level` through the binary: the line
//! shape other programs parse, markers for bad puzzles, JSON that replays to
//! the solution, thread counts that agree, and budgets that stop hard puzzles.

use predicates::prelude::*;
use sudokuflow::Grid;
use sudokuflow::logic::{Candidates, Level};

mod common;
use common::{human, sudokuflow};

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let output = sudokuflow().args(args).write_stdin(stdin).output();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Checks a `rate` line and returns its (puzzle, ER text, level).
fn parse_rate_line(line: &str) -> (String, String, Level) {
    let fields: Vec<&str> = line.splitn(4, ' ').collect();
    assert_eq!(fields.len(), 4, "{line}");
    assert_eq!(fields[0].len(), 81, "{line}");
    Grid::parse_line(fields[0].as_bytes()).unwrap();
    let triple: Vec<&str> = fields[1].trim_start_matches('>').split('/').collect();
    assert_eq!(triple.len(), 3, "{line}");
    for value in &triple {
        let (whole, tenth) = value.split_once('.').expect("one decimal");
        assert!(whole.parse::<u8>().is_ok() && tenth.len() == 1, "{line}");
    }
    let level: Level = fields[2].parse().unwrap();
    assert!(!fields[3].is_empty(), "{line}");
    (fields[0].to_string(), fields[1].to_string(), level)
}

#[test]
fn rate_writes_one_line_of_the_documented_shape_per_puzzle() {
    let output = stdout_of(&["rate", "data/sample.txt"], "");
    let puzzles: Vec<&str> = std::fs::read_to_string("data/sample.txt")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(str::to_string)
        .collect::<Vec<_>>()
        .leak()
        .iter()
        .map(String::as_str)
        .collect();
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    for (line, puzzle) in lines.iter().zip(&puzzles) {
        let (echoed, er, level) = parse_rate_line(line);
        assert_eq!(&echoed, puzzle);
        assert!(
            !er.starts_with('>'),
            "sample puzzles are rated in full: {line}"
        );
        let er: f64 = er.split('/').next().unwrap().parse().unwrap();
        assert_eq!(
            Level::of(sudokuflow::logic::Difficulty((er * 10.0).round() as u16)),
            level
        );
    }
    // The same bytes whatever the thread count, and from a pipe.
    let sample = std::fs::read_to_string("data/sample.txt").unwrap();
    assert_eq!(stdout_of(&["rate", "-j1"], &sample), output);
    assert_eq!(stdout_of(&["rate", "-j2", "-"], &sample), output);
}

#[test]
fn rate_marks_bad_and_ambiguous_puzzles_in_place() {
    let good = ".41....85.........9.....62...735...22...9.1.....6.4.575...1..46.........8..93....";
    let several =
        "..............................................................................123";
    // Consistent givens, but the last cell of the first row has no candidate.
    let none = "12345678.........9...............................................................";
    let input = format!(
        "{good}\n{}\n{several}\n{good}x\n111{}\n{none}\n",
        &good[..80],
        &good[3..]
    );
    let assert = sudokuflow()
        .args(["rate", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<stdin>:2:"))
        .stderr(predicate::str::contains(
            "<stdin>:3: the puzzle has more than one solution",
        ));
    let stdout = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6);
    parse_rate_line(lines[0]);
    assert_eq!(
        &lines[1..],
        [
            "!bad-length",
            "!multiple-solutions",
            "!bad-length",
            "!conflicting-givens",
            "!no-solution"
        ]
    );
}

#[test]
fn a_budget_gives_a_lower_bound_instead_of_hanging() {
    // A puzzle that needs nested forcing chains, beyond the engine.
    let hardest =
        "98.7..6..75.....9...6.9....4.59...8...8.4..6......3..4.2..6...1..72...56......2..";
    let output = stdout_of(&["rate", "--budget", "5ms"], hardest);
    let (_, er, level) = parse_rate_line(output.trim_end());
    assert!(er.starts_with('>'), "{output}");
    assert_eq!(level, Level::Hell);
}

#[test]
fn bad_budgets_are_refused_in_plain_words() {
    sudokuflow()
        .args(["rate", "--budget", "soon", "data/sample.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--budget"))
        .stderr(predicate::str::contains("500ms or 2s"));
}

#[test]
fn explain_json_steps_replay_to_the_solution() {
    let output = stdout_of(&["explain", "--format", "json", "data/sample.txt"], "");
    let mut documents = 0;
    for line in output.lines() {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        let puzzle = Grid::parse_line(doc["puzzle"].as_str().unwrap().as_bytes()).unwrap();
        let solution = Grid::parse_line(doc["solution"].as_str().unwrap().as_bytes()).unwrap();
        assert!(solution.is_solution_of(&puzzle));
        let mut candidates = Candidates::from_grid(&puzzle).unwrap();
        for step in doc["steps"].as_array().unwrap() {
            assert!(step["text"].as_str().is_some_and(|t| !t.is_empty()));
            assert!(step["rating"].as_f64().unwrap() >= 1.0);
            for e in step["eliminations"].as_array().unwrap() {
                let (r, c, d) = (
                    e[0].as_u64().unwrap(),
                    e[1].as_u64().unwrap(),
                    e[2].as_u64().unwrap(),
                );
                let cell = ((r - 1) * 9 + c - 1) as usize;
                assert_ne!(u64::from(solution.get(cell)), d, "{puzzle}: {step}");
                candidates.eliminate(cell, d as u8);
            }
            for p in step["placements"].as_array().unwrap() {
                let (r, c, d) = (
                    p[0].as_u64().unwrap(),
                    p[1].as_u64().unwrap(),
                    p[2].as_u64().unwrap(),
                );
                let cell = ((r - 1) * 9 + c - 1) as usize;
                assert_eq!(u64::from(solution.get(cell)), d, "{puzzle}: {step}");
                if candidates.value(cell) == 0 {
                    candidates.place(cell, d as u8);
                }
            }
        }
        assert_eq!(candidates.grid(), solution, "{puzzle}");
        let rating = &doc["rating"];
        assert!(rating["er"].as_f64().unwrap() >= rating["ep"].as_f64().unwrap());
        assert!(rating["level"].as_str().unwrap().parse::<Level>().is_ok());
        documents += 1;
    }
    assert_eq!(documents, 24);
}

#[test]
fn explain_takes_a_puzzle_argument_and_tells_the_steps_in_words() {
    let puzzle =
        "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9.";
    let text = stdout_of(&["explain", puzzle], "");
    assert!(
        text.contains("Rating   2.6/1.2/1.2 hard, hardest step: Pointing"),
        "{text}"
    );
    assert!(text.contains("(hidden single in box"), "{text}");
    assert!(text.contains("pointing: "), "{text}");
    // The candidate grid is shown before the pointing step.
    assert!(text.contains("+--"), "{text}");
    assert!(text.contains("Solution "), "{text}");
    sudokuflow()
        .args(["explain", "not-a-puzzle"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("neither a file nor a puzzle"));
}

/// Each level's puzzles meet what a second, plain implementation of the
/// human techniques says of that level (see `common::human`), and `rate`
/// gives them that level.
#[test]
fn generate_by_level_gives_that_level_reproducibly() {
    for level in ["easy", "medium", "hard", "expert", "hell"] {
        let one = stdout_of(
            &[
                "generate", "-n", "12", "--seed", "4", "--level", level, "-j1",
            ],
            "",
        );
        let two = stdout_of(
            &[
                "generate", "-n", "12", "--seed", "4", "--level", level, "-j2",
            ],
            "",
        );
        assert_eq!(one, two, "{level}: -j1 and -j2 differ");
        assert_eq!(one.lines().count(), 12);
        for line in one.lines() {
            let puzzle = Grid::parse_line(line.as_bytes()).unwrap();
            assert!(
                human::fits_level(puzzle.cells(), level),
                "{line} is not {level} by the plain techniques"
            );
        }
        let rated = stdout_of(&["rate", "--budget", "0"], &one);
        assert_eq!(rated.lines().count(), 12);
        for line in rated.lines() {
            let (_, er, got) = parse_rate_line(line);
            // Hell is "harder than expert": a lower bound is hell too.
            assert_eq!(got.name(), level, "{line} ({er})");
        }
    }
}

#[test]
fn generate_level_combines_with_clues_and_solution() {
    let output = stdout_of(
        &[
            "generate",
            "-n",
            "5",
            "--seed",
            "9",
            "--level",
            "easy",
            "--clues",
            "32",
            "--solution",
        ],
        "",
    );
    assert_eq!(output.lines().count(), 5);
    for line in output.lines() {
        let (puzzle, solution) = line.split_once(',').unwrap();
        let puzzle = Grid::parse_line(puzzle.as_bytes()).unwrap();
        assert_eq!(puzzle.clue_count(), 32);
        let solution = Grid::parse_line(solution.as_bytes()).unwrap();
        assert!(solution.is_solution_of(&puzzle));
        assert_eq!(common::brute_count(&mut puzzle.cells().to_owned(), 2), 1);
        assert!(human::fits_level(puzzle.cells(), "easy"), "{line}");
    }
}
