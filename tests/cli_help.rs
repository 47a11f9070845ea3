//! The examples of every command's `--help` run as shown: each is run as a
//! shell runs it, in a folder with the files it names, must succeed and
//! print the lines its help shows under it; and no width of terminal cuts
//! one in the middle.

use std::fs;
use std::path::{Path, PathBuf};

use crate::util::{program, sudokuflow};

const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sudokuflow")
}

/// `sudokuflow [command] --help` at a terminal `columns` wide.
fn help(command: Option<&str>, columns: usize) -> String {
    let output = sudokuflow()
        .args(command)
        .arg("--help")
        .env("COLUMNS", columns.to_string())
        .output();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// The examples of a help text: each command line with the lines shown
/// under it.
fn examples(help: &str) -> Vec<(String, Vec<String>)> {
    let mut examples: Vec<(String, Vec<String>)> = Vec::new();
    let section = help
        .split_once("\nExamples:\n")
        .unwrap_or_else(|| panic!("no examples in {help}"))
        .1;
    for line in section.lines() {
        if let Some(shown) = line.strip_prefix("    ") {
            examples
                .last_mut()
                .unwrap()
                .1
                .push(shown.trim().to_string());
        } else if let Some(command) = line.strip_prefix("  ") {
            examples.push((command.to_string(), Vec::new()));
        } else {
            panic!("not an example: {line:?}");
        }
    }
    assert!(!examples.is_empty());
    examples
}

/// A folder with every file the examples name, and a home for those that
/// install something in it.
fn workshop() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let sample = fs::read_to_string(data.join("sample.txt")).unwrap();
    for name in [
        "puzzles.txt",
        "day1.txt",
        "day2.txt",
        "part1.txt",
        "part2.txt",
        "a.txt",
        "b.txt",
        "huge.txt",
        "sudoku1.txt",
    ] {
        fs::write(dir.path().join(name), &sample).unwrap();
    }
    fs::write(dir.path().join("hardest.txt"), format!("{PUZZLE}\n")).unwrap();
    fs::copy(data.join("sample_grid.txt"), dir.path().join("board.txt")).unwrap();
    let table: String = sample
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|puzzle| format!("{puzzle},\n"))
        .collect();
    fs::write(
        dir.path().join("kaggle.csv"),
        format!("quizzes,solutions\n{table}"),
    )
    .unwrap();
    let extreme: String = sample
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|puzzle| format!("sample,{puzzle},,0\n"))
        .collect();
    fs::write(
        dir.path().join("extreme.csv"),
        format!("source,question,answer,rating\n{extreme}"),
    )
    .unwrap();
    let zipped = program("gzip")
        .arg("kaggle.csv")
        .current_dir(dir.path())
        .output();
    assert!(zipped.status.success());
    for folder in [
        ".local/share/bash-completion/completions",
        ".zfunc",
        ".config/fish/completions",
        ".local/share/man/man1",
    ] {
        fs::create_dir_all(dir.path().join("home").join(folder)).unwrap();
    }
    dir
}

/// Runs `line` with bash in `dir`, `sudokuflow` on the path, under the
/// common deadline; its status and its stdout and stderr lines.
fn run(line: &str, dir: &Path) -> (Option<i32>, Vec<String>) {
    let bin_dir = Path::new(bin()).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(PathBuf::from(bin_dir)).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let output = program("bash")
        .args(["-c", &format!("set -o pipefail; {line}")])
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir.join("home"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env_remove("COLUMNS")
        .output();
    let text =
        String::from_utf8(output.stdout).unwrap() + &String::from_utf8(output.stderr).unwrap();
    let lines = text.lines().map(|l| l.trim().to_string()).collect();
    (output.status.code(), lines)
}

/// Every example of `command`'s help runs and prints what it shows; the
/// examples are the same lines at any terminal width.
fn check_examples(command: Option<&str>) {
    let wide = help(command, 1000);
    for columns in [40, 80] {
        let narrow = help(command, columns);
        assert_eq!(
            examples(&narrow),
            examples(&wide),
            "{command:?} at {columns} columns"
        );
    }
    let needs = [("parallel", "GNU parallel"), ("man -l", "man")];
    let dir = workshop();
    for (line, shown) in examples(&wide) {
        if let Some((_, tool)) = needs.iter().find(|(word, _)| line.contains(word)) {
            let found = program("sh")
                .args([
                    "-c",
                    &format!("command -v {}", tool.split(' ').next_back().unwrap()),
                ])
                .output()
                .status
                .success();
            if !found {
                crate::util::skip(&format!("no {tool}: the example `{line}` did not run"));
                continue;
            }
        }
        let (status, output) = run(&line, dir.path());
        assert_eq!(status, Some(0), "{line}:\n{}", output.join("\n"));
        for expected in &shown {
            assert!(
                output.contains(expected),
                "{line} does not print {expected:?}:\n{}",
                output.join("\n")
            );
        }
    }
}

#[test]
fn sudokuflow_examples() {
    check_examples(None);
}

#[test]
fn solve_examples() {
    check_examples(Some("solve"));
}

#[test]
fn generate_examples() {
    check_examples(Some("generate"));
}

#[test]
fn shuffle_examples() {
    check_examples(Some("shuffle"));
}

#[test]
fn rate_examples() {
    check_examples(Some("rate"));
}

#[test]
fn explain_examples() {
    check_examples(Some("explain"));
}

#[test]
fn print_examples() {
    check_examples(Some("print"));
}

#[test]
fn canon_examples() {
    check_examples(Some("canon"));
}

#[test]
fn augment_examples() {
    check_examples(Some("augment"));
}

#[test]
fn label_examples() {
    check_examples(Some("label"));
}

#[test]
fn dedupe_examples() {
    check_examples(Some("dedupe"));
}

#[test]
fn split_examples() {
    check_examples(Some("split"));
}

#[test]
fn leakage_examples() {
    check_examples(Some("leakage"));
}

#[test]
fn completions_examples() {
    check_examples(Some("completions"));
}

#[test]
fn man_examples() {
    check_examples(Some("man"));
}

#[test]
fn play_examples() {
    check_examples(Some("play"));
}

/// The tests above cover every command, and the manual pages end with the
/// same examples.
#[test]
fn every_command_has_examples_in_help_and_manual() {
    let top = help(None, 1000);
    let commands: Vec<&str> = top
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .collect();
    let tested = [
        "solve",
        "generate",
        "shuffle",
        "rate",
        "explain",
        "print",
        "canon",
        "dedupe",
        "augment",
        "label",
        "split",
        "leakage",
        "completions",
        "man",
        "play",
    ];
    assert_eq!(commands, tested);
    for command in commands {
        let page = sudokuflow().args(["man", command]).output();
        let page = String::from_utf8(page.stdout).unwrap();
        let (first, _) = &examples(&help(Some(command), 1000))[0];
        // roff escapes dashes.
        assert!(
            page.contains(&first.replace('-', "\\-")),
            "{command}: {page}"
        );
    }
}

/// dedupe's memory figure is the one its guide page, docs/generating.md,
/// gives.
#[test]
fn dedupe_memory_figure_is_the_guides() {
    let help = help(Some("dedupe"), 1000).replace('\n', " ");
    let figure = help
        .split(", about ")
        .nth(1)
        .and_then(|rest| rest.split(" for 1,000,000 classes").next())
        .expect("a figure for 1,000,000 classes");
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/generating.md");
    let page = fs::read_to_string(page).unwrap().replace('\n', " ");
    assert!(
        page.contains(&format!("about {figure} for 1,000,000 classes")),
        "docs/generating.md does not say {figure:?}"
    );
}

/// Item 34 of issue 34: `-h` is the options (and examples), `--help` the
/// whole text with its Exit status section, for every command.
#[test]
fn short_help_is_the_options_long_help_the_whole_text() {
    let commands = [
        "solve", "generate", "shuffle", "rate", "explain", "print", "canon", "dedupe", "augment",
        "label", "split", "leakage", "play",
    ];
    for command in commands {
        let run = |flag: &str| {
            let out = sudokuflow().args([command, flag]).output();
            assert!(out.status.success(), "{command} {flag}");
            String::from_utf8(out.stdout).unwrap()
        };
        let (short, long) = (run("-h"), run("--help"));
        assert!(long.contains("\nExit status:\n"), "{command} --help");
        assert!(!short.contains("Exit status:"), "{command} -h");
        assert!(
            short.contains("Options:") && short.contains("Examples:"),
            "{command} -h"
        );
        assert!(
            short.lines().count() * 2 < long.lines().count() + 20,
            "{command}: -h is short"
        );
    }
}
