//! `rate`, `explain` and `generate --level` through the binary: the line
//! shape other programs parse, markers for bad puzzles, JSON that replays to
//! the solution, thread counts and loads that agree, budgets that stop hard
//! puzzles, and one rating per puzzle from `rate`, `explain`, `print`,
//! `generate --level` and the game's list.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use predicates::prelude::*;
use sudokuflow::Grid;
use sudokuflow::logic::{Candidates, Level};

use crate::util::{human, sudokuflow};

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
    // A puzzle that needs nested forcing chains, far beyond this budget.
    let hardest =
        "98.7..6..75.....9...6.9....4.59...8...8.4..6......3..4.2..6...1..72...56......2..";
    let easy = ".41....85.........9.....62...735...22...9.1.....6.4.575...1..46.........8..93....";
    let output = sudokuflow()
        .args(["rate", "--budget", "10000", "--stats"])
        .write_stdin(format!("{hardest}\n{easy}\n"))
        .output();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    let (_, er, level) = parse_rate_line(lines[0]);
    assert!(er.starts_with('>'), "{stdout}");
    assert_eq!(level, Level::Hell);
    assert!(!parse_rate_line(lines[1]).1.starts_with('>'), "{stdout}");
    // --stats counts the lower bounds, and the work they took.
    let stats = String::from_utf8(output.stderr).unwrap();
    assert!(stats.contains("lower bounds: 1\n"), "{stats}");
    let work: u64 = stats
        .lines()
        .find_map(|l| l.strip_prefix("work:"))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stats}"));
    // The budget is checked between chains, so it is passed by less than one.
    assert!((10_000..12_000).contains(&work), "{stats}");
}

#[test]
fn a_puzzle_needing_nested_dynamic_chains_before_its_first_placement_finishes() {
    // From the forum's Hardest database of June 2011, which gives SE 1.2.1's
    // 11.7/11.7/10.8. Its steps before the first placement are nested
    // dynamic chains one after another (level 4, some 4,000 hints a search);
    // taking the easiest of them each time, it needed 202 million nodes and
    // stopped at the default budget; taking the first no harder than ER so
    // far, 128 million.
    let puzzle =
        "..3...5...7...4.6.8.......9.4...7......45.......2.1.7.5.......3.1.7...2...9...8..";
    let line = stdout_of(&["rate", "-j1"], &format!("{puzzle}\n"));
    assert_eq!(parse_rate_line(line.trim_end()).1, "11.7/11.7/10.8");
}

#[test]
fn bad_budgets_are_refused_in_plain_words() {
    for (budget, why) in [
        ("soon", "'soon' is not a whole number"),
        (
            "500ms",
            "'500ms' is a time, but the budget is a count of work",
        ),
        ("2s", "'2s' is a time, but the budget is a count of work"),
        ("1.5", "'1.5' is not a whole number"),
        ("0", "0 is out of range ('unlimited' is no limit)"),
        ("1000000000001", "1000000000001 is out of range"),
        ("99999999999999999999999", "is out of range"),
    ] {
        for command in ["rate", "explain", "print"] {
            sudokuflow()
                .args([command, "--budget", budget, "data/sample.txt"])
                .assert()
                .code(2)
                .stderr(predicate::str::contains("--budget"))
                .stderr(predicate::str::contains(why))
                .stderr(predicate::str::contains(
                    "give a count of chain nodes from 1 to 1000000000000",
                ))
                .stderr(predicate::str::contains("or 'unlimited'"));
        }
    }
    // The help names the unit and the range.
    let help = stdout_of(&["rate", "--help"], "");
    assert!(
        help.contains("in chain nodes followed (1 to 10^12), or 'unlimited'"),
        "{help}"
    );
    assert!(
        help.contains(&format!(
            "[default: {}]",
            sudokuflow::logic::Options::DEFAULT_BUDGET
        )),
        "{help}"
    );
}

/// Puzzles of the forum's hardest list (SE 11 and up): they run into
/// [`SMALL_BUDGET`].
const STOPPED_BY_SMALL_BUDGET: [&str; 5] = [
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
    "98.7..6..5..6..7......9..4.7....9....3..765....53.....3..9..2....2.....1.....2..8",
    "........1....12.34.14.3.5.......67...47.2...38...........2....5.35.7..1.9........",
    "98.76.5..7.6..4.9..3.......8...9...72.94...6..........6.7.4..2....6....1...2.7...",
    ".2.....8...6.8.1.....2..5.6.7...34......4......15...6.3...9.....9......7..21...5.",
];

/// Puzzles rated 8.3 to 9.0: they finish within [`SMALL_BUDGET`].
const FINISHED_WITHIN_SMALL_BUDGET: [&str; 3] = [
    "7.....81..4...82.....2.6..3...32.9..2..8.4..7..3.67...8..6.2.....95...8..51.....2",
    "7...4...6...759...9..8.1..3...524....3.....2.4.......75.1...2.8.8.....1.2.9...3.4",
    ".9.3.25...8......4..26..7..1......6.35....4....85...1.4....8..9......1...3.7.....",
];

/// A budget the forum's hardest puzzles run into within a tenth of a second.
const SMALL_BUDGET: &str = "1000000";

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
    assert!(
        text.contains("Hidden Single: r1c1 = 3, the only place for 3 in box 1"),
        "{text}"
    );
    assert!(
        text.contains("Pointing: in box 5, 5 can only go in r4c5 and r5c5"),
        "{text}"
    );
    // The puzzle on a board, then the candidate grid before the pointing
    // step, rows and columns labelled, the eliminations marked.
    assert!(
        text.contains("  r1 | .   .   .   | .   1   .   | 9   .   .   |"),
        "{text}"
    );
    assert!(text.contains("      c1 "), "{text}");
    assert!(text.contains("34(5)68"), "{text}");
    assert!(text.contains("Solution "), "{text}");
    sudokuflow()
        .args(["explain", "not-a-puzzle"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("neither a file nor a puzzle"));
}

/// Each level's puzzles meet what a second, plain implementation of the
/// human techniques says of that level (see `crate::util::human`), and `rate`
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
        // At the default budget, as `rate` rates them by default.
        let rated = stdout_of(&["rate"], &one);
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
        assert_eq!(
            crate::util::brute_count(&mut puzzle.cells().to_owned(), 2),
            1
        );
        assert!(human::fits_level(puzzle.cells(), "easy"), "{line}");
    }
}

#[test]
fn ratings_are_the_same_alone_under_load_and_at_any_thread_count() {
    let puzzles = [
        &STOPPED_BY_SMALL_BUDGET[..],
        &FINISHED_WITHIN_SMALL_BUDGET[..],
    ]
    .concat();
    let input = puzzles.join("\n") + "\n";
    let rate = |threads: &str| stdout_of(&["rate", threads, "--budget", SMALL_BUDGET], &input);
    let alone = rate("-j1");
    let lines: Vec<&str> = alone.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    for (i, line) in lines.iter().enumerate() {
        let (_, er, level) = parse_rate_line(line);
        let stopped = i < STOPPED_BY_SMALL_BUDGET.len();
        assert_eq!(er.starts_with('>'), stopped, "{line}");
        assert_eq!(level, Level::Hell);
    }
    assert_eq!(rate("-j2"), alone, "-j2 differs from -j1");
    // Threads of this process that keep every core busy while the binary
    // rates: a rating that hung on time would stop earlier here.
    let stop = Arc::new(AtomicBool::new(false));
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let spinners: Vec<_> = (0..cores)
        .map(|_| {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let mut x = 1u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            })
        })
        .collect();
    let loaded = [rate("-j1"), rate("-j2")];
    stop.store(true, Ordering::Relaxed);
    for spinner in spinners {
        spinner.join().unwrap();
    }
    assert_eq!(loaded[0], alone, "-j1 under load differs from -j1 alone");
    assert_eq!(loaded[1], alone, "-j2 under load differs from -j1 alone");
}

/// Puzzles that finish within the default budget: from the sample, one
/// with a hard step and one with chains, and one of the forum's hardest
/// (SE 11 and up) that needs nested dynamic chains and tens of millions of
/// nodes.
const FINISHED_AT_THE_DEFAULT_BUDGET: [&str; 3] = [
    "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9.",
    ".9.3.25...8......4..26..7..1......6.35....4....85...1.4....8..9......1...3.7.....",
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
];

/// The ratings `rate`, `explain` and `print` give `puzzles` with `budget`
/// (`None`: the default), each as `<ER>/<EP>/<ED> <level>` (print, which
/// shows only ER and level beside a board, as `<ER> <level>`).
fn ratings_by_command(puzzles: &[&str], budget: Option<&str>) -> [Vec<String>; 3] {
    let input = puzzles.join("\n") + "\n";
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("sheet.svg");
    let budget: Vec<&str> = budget.map_or(vec![], |b| vec!["--budget", b]);
    // The three at once: a puzzle of the forum's hardest takes seconds.
    let runs = [
        vec!["rate"],
        vec!["explain", "--format", "json"],
        vec!["print", "--per-page", "6", "-o", sheet.to_str().unwrap()],
    ]
    .map(|args| {
        sudokuflow()
            .args(args.iter().chain(&budget))
            .write_stdin(input.clone())
            .spawn()
    });
    let [rate, explain, _] = runs.map(|run| {
        let output = run.wait_with_output();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    });
    let rated = rate
        .lines()
        .map(|line| {
            let (_, triple, level) = parse_rate_line(line);
            format!("{triple} {level}")
        })
        .collect();
    let explained = explain
        .lines()
        .map(|line| {
            let doc: serde_json::Value = serde_json::from_str(line).unwrap();
            let rating = &doc["rating"];
            let mark = if rating["complete"].as_bool().unwrap() {
                ""
            } else {
                ">"
            };
            let value = |key: &str| format!("{:.1}", rating[key].as_f64().unwrap());
            format!(
                "{mark}{}/{}/{} {}",
                value("er"),
                value("ep"),
                value("ed"),
                rating["level"].as_str().unwrap()
            )
        })
        .collect();
    // `<level> · <ER>` above each board.
    let svg = std::fs::read_to_string(&sheet).unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    let printed = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter_map(|node| node.text()?.split_once(" \u{b7} "))
        .map(|(level, er)| format!("{er} {level}"))
        .collect();
    [rated, explained, printed]
}

/// `rate`, `explain` and `print` give a puzzle one rating, at the default
/// budget and at one that stops some of them (the same lower bound). The
/// game's list is compared with `rate` below.
#[test]
fn rate_explain_and_print_agree_at_the_default_budget_and_at_a_small_one() {
    let stopped = &STOPPED_BY_SMALL_BUDGET[..2];
    for (puzzles, budget) in [
        (FINISHED_AT_THE_DEFAULT_BUDGET.to_vec(), None),
        (
            [stopped, &FINISHED_WITHIN_SMALL_BUDGET[..1]].concat(),
            Some(SMALL_BUDGET),
        ),
    ] {
        let [rated, explained, printed] = ratings_by_command(&puzzles, budget);
        assert_eq!(rated.len(), puzzles.len(), "{budget:?}");
        for (i, rating) in rated.iter().enumerate() {
            let lower_bound = budget.is_some() && i < stopped.len();
            assert_eq!(rating.starts_with('>'), lower_bound, "{budget:?}: {rating}");
        }
        assert_eq!(explained, rated, "explain and rate, budget {budget:?}");
        let er_and_level: Vec<String> = rated
            .iter()
            .map(|r| {
                let (triple, level) = r.split_once(' ').unwrap();
                format!("{} {level}", triple.split('/').next().unwrap())
            })
            .collect();
        assert_eq!(printed, er_and_level, "print and rate, budget {budget:?}");
    }
}

/// The game's list of a file's puzzles (`play --plain FILE`, which lists
/// them before asking for one) shows the level and rating `rate` gives.
#[test]
fn the_games_list_rates_as_rate_does() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzles.txt");
    std::fs::write(&file, FINISHED_AT_THE_DEFAULT_BUDGET.join("\n") + "\n").unwrap();
    let file = file.to_str().unwrap();
    let rated: Vec<String> = stdout_of(&["rate", file], "")
        .lines()
        .map(|line| {
            let (_, triple, level) = parse_rate_line(line);
            let er = triple.split('/').next().unwrap();
            format!("{level}, {er}")
        })
        .collect();
    // No puzzle chosen: the game ends after its list. Saves go to `dir`.
    let output = sudokuflow()
        .args(["play", "--plain", file])
        .env("XDG_DATA_HOME", dir.path())
        .output();
    let listed: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| {
            // `   1. line 1     hard, 2.6`
            let (_, rest) = line.trim_start().split_once(". line ")?;
            let words: Vec<&str> = rest.split_whitespace().collect();
            Some(words.get(1..3)?.join(" "))
        })
        .collect();
    assert_eq!(listed, rated);
}
