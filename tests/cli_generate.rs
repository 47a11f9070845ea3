//! End-to-end tests of `sudokuflow generate` and `sudokuflow shuffle`:
//! uniqueness (checked by the library's counter and, on a sample, by an
//! independent brute-force counter), minimality and equivalence (checked by
//! the independent oracles of `common`), symmetry, clue targets, solutions,
//! reproducibility whatever the thread count, formats, output files, markers
//! and exit codes.

use std::fs;

use predicates::prelude::*;
use sudokuflow::generate::Symmetry;
use sudokuflow::{Grid, count_solutions};

use crate::util::{
    brute_count, data, dir_entries, equivalent, puzzle_lines, sudokuflow,
    sudokuflow_with_peak_memory, temp_dir,
};

/// Runs `sudokuflow args...`, expects success, and returns stdout.
fn run_ok(args: &[&str]) -> String {
    let output = sudokuflow().args(args).output();
    assert!(
        output.status.success(),
        "sudokuflow {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn parse(line: &str) -> Grid {
    line.parse()
        .unwrap_or_else(|e| panic!("{line:?} is not a puzzle: {e}"))
}

/// Solutions of `grid` counted by the library, up to 2.
fn solutions(grid: &Grid) -> u32 {
    count_solutions(grid, 2).unwrap().solutions
}

/// Parses the board blocks of grid or pretty output, each followed by a
/// blank line, and checks that every block has `rows_per_block` lines.
fn parse_blocks(text: &str, rows_per_block: usize) -> Vec<Grid> {
    let blocks: Vec<&str> = text.split_terminator("\n\n").collect();
    assert!(text.ends_with("\n\n"), "output ends with a blank line");
    blocks
        .iter()
        .map(|block| {
            let rows: Vec<&str> = block.lines().collect();
            assert_eq!(rows.len(), rows_per_block, "block {block:?}");
            let cells: String = block
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            parse(&cells)
        })
        .collect()
}

#[test]
fn two_thousand_puzzles_each_have_exactly_one_solution() {
    let out = run_ok(&["generate", "-n", "2000", "--seed", "7"]);
    let puzzles: Vec<Grid> = out.lines().map(parse).collect();
    assert_eq!(puzzles.len(), 2000);
    for (i, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(solutions(puzzle), 1, "puzzle {}: {puzzle}", i + 1);
        assert!((17..=40).contains(&puzzle.clue_count()), "{puzzle}");
    }
    // An independent check on a sample of 50.
    for puzzle in puzzles.iter().step_by(40) {
        assert_eq!(
            brute_count(&mut puzzle.cells().to_owned(), 2),
            1,
            "{puzzle}"
        );
    }
    // Minimal: on a sample, removing any one clue allows a second
    // solution, by the independent counter.
    for puzzle in puzzles.iter().step_by(100) {
        for cell in (0..81).filter(|&i| puzzle.get(i) != 0) {
            let mut fewer = *puzzle.cells();
            fewer[cell] = 0;
            assert_eq!(
                brute_count(&mut fewer, 2),
                2,
                "{puzzle} without cell {cell}"
            );
        }
    }
    // Not the same puzzle over and over.
    let mut distinct = puzzles.clone();
    distinct.sort_by_key(|g| *g.cells());
    distinct.dedup();
    assert_eq!(distinct.len(), 2000);
}

#[test]
fn every_symmetry_holds_and_keeps_puzzles_unique() {
    for (k, name) in Symmetry::NAMES.iter().enumerate() {
        let symmetry: Symmetry = name.parse().unwrap();
        let seed = (100 + k).to_string();
        let out = run_ok(&["generate", "-n", "300", "--seed", &seed, "--symmetry", name]);
        let puzzles: Vec<Grid> = out.lines().map(parse).collect();
        assert_eq!(puzzles.len(), 300, "{name}");
        for puzzle in &puzzles {
            assert!(symmetry.holds_for(puzzle), "{name}: {puzzle}");
            assert_eq!(solutions(puzzle), 1, "{name}: {puzzle}");
        }
        for puzzle in puzzles.iter().step_by(60) {
            assert_eq!(
                brute_count(&mut puzzle.cells().to_owned(), 2),
                1,
                "{puzzle}"
            );
        }
        if symmetry == Symmetry::Random {
            // A mix, not always the same one.
            let fixed = Symmetry::CONCRETE.iter().filter(|s| **s != Symmetry::None);
            let kinds = fixed
                .filter(|s| puzzles.iter().any(|p| s.holds_for(p)))
                .count();
            assert!(kinds >= 3, "random symmetry used only {kinds} kinds");
        }
    }
}

#[test]
fn clue_target_is_met_exactly() {
    for (symmetry, clues) in [("none", "30"), ("rotate180", "27"), ("rotate90", "33")] {
        let out = run_ok(&[
            "generate",
            "-n",
            "60",
            "--seed",
            "3",
            "--clues",
            clues,
            "--symmetry",
            symmetry,
        ]);
        let puzzles: Vec<Grid> = out.lines().map(parse).collect();
        assert_eq!(puzzles.len(), 60);
        for puzzle in &puzzles {
            assert_eq!(puzzle.clue_count().to_string(), clues, "{puzzle}");
            assert_eq!(solutions(puzzle), 1, "{puzzle}");
            assert!(symmetry.parse::<Symmetry>().unwrap().holds_for(puzzle));
        }
    }
}

#[test]
fn solution_follows_each_puzzle_after_a_comma() {
    let out = run_ok(&["generate", "-n", "200", "--seed", "11", "--solution"]);
    let plain = run_ok(&["generate", "-n", "200", "--seed", "11"]);
    assert_eq!(out.lines().count(), 200);
    for (line, plain) in out.lines().zip(plain.lines()) {
        let (puzzle, solution) = line.split_once(',').expect("puzzle,solution");
        assert_eq!(puzzle, plain, "--solution keeps the puzzles");
        let (puzzle, solution) = (parse(puzzle), parse(solution));
        assert!(solution.is_full() && solution.is_consistent(), "{solution}");
        assert!(solution.is_solution_of(&puzzle), "{solution} for {puzzle}");
        assert_eq!(sudokuflow::solve(&puzzle).unwrap().grid, solution);
    }
}

#[test]
fn same_seed_same_bytes_whatever_the_threads() {
    let args = |j: &'static str| ["generate", "-n", "1500", "--seed", "99", "-j", j];
    let one = run_ok(&args("1"));
    let two = run_ok(&args("2"));
    let three = run_ok(&args("3"));
    assert_eq!(one.lines().count(), 1500);
    assert!(one == two && two == three, "output depends on -j");
    let other = run_ok(&["generate", "-n", "1500", "--seed", "100", "-j", "2"]);
    assert_ne!(one, other);
    // The first puzzles of a longer run are the puzzles of a shorter one.
    let short = run_ok(&["generate", "-n", "10", "--seed", "99"]);
    assert!(one.starts_with(&short));
    // Symmetry and clue targets are reproducible too.
    let sym = [
        "generate",
        "-n",
        "300",
        "--seed",
        "5",
        "--symmetry",
        "random",
    ];
    let clues = ["generate", "-n", "100", "--seed", "5", "--clues", "28"];
    for args in [&sym[..], &clues[..]] {
        let j1 = run_ok(&[args, &["-j", "1"]].concat());
        let j2 = run_ok(&[args, &["-j", "2"]].concat());
        assert_eq!(j1, j2, "{args:?}");
    }
}

#[test]
fn without_a_seed_runs_differ_and_stats_print_the_seed_to_repeat_one() {
    let first = sudokuflow()
        .args(["generate", "-n", "20", "--stats"])
        .output();
    assert!(first.status.success());
    let second = run_ok(&["generate", "-n", "20"]);
    assert_ne!(first.stdout, second.as_bytes());
    let stderr = String::from_utf8(first.stderr).unwrap();
    for field in ["puzzles:      20", "avg clues:", "puzzles/s:"] {
        assert!(stderr.contains(field), "{stderr}");
    }
    let seed = stderr
        .lines()
        .find_map(|l| l.strip_prefix("seed:"))
        .expect("a seed line")
        .trim();
    let again = run_ok(&["generate", "-n", "20", "--seed", seed]);
    assert_eq!(again.as_bytes(), first.stdout);
}

#[test]
fn unreachable_clue_targets_are_refused_before_any_output() {
    for (args, why) in [
        (&["--clues", "10"][..], "give a whole number from 17 to 81"),
        (
            &["--clues", "16", "--symmetry", "mirror"],
            "give a whole number from 17 to 81",
        ),
        (&["--clues", "82"], "give a whole number from 17 to 81"),
        (
            &["--clues", "30", "--symmetry", "rotate90"],
            "cannot generate puzzles with 30 clues with rotate90 symmetry",
        ),
    ] {
        sudokuflow()
            .args(["generate", "-n", "1000000"])
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(why));
    }
    sudokuflow()
        .args(["generate", "--clues", "300"])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn giving_up_on_a_clue_target_exits_1_and_keeps_the_old_file() {
    // 17 clues: no grid in the attempt budget gets there.
    let assert = sudokuflow()
        .args([
            "generate", "-n", "1", "--seed", "1", "--clues", "17", "-j", "1",
        ])
        .assert()
        .code(1)
        .stdout("");
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains("puzzle 1: gave up after"), "{stderr}");
    // The seed, so the run can be repeated.
    assert!(stderr.contains("(seed 1)"), "{stderr}");

    let dir = temp_dir();
    let target = dir.path().join("out.txt");
    fs::write(&target, "previous\n").unwrap();
    sudokuflow()
        .args(["generate", "--seed", "1", "--clues", "17", "-o"])
        .arg(&target)
        .assert()
        .code(1);
    assert_eq!(fs::read_to_string(&target).unwrap(), "previous\n");
    assert_eq!(dir_entries(dir.path()), ["out.txt"]);
}

#[test]
fn grid_and_pretty_formats_hold_the_same_puzzles() {
    let line = run_ok(&["generate", "-n", "12", "--seed", "21", "--solution"]);
    let pairs: Vec<(Grid, Grid)> = line
        .lines()
        .map(|l| {
            let (p, s) = l.split_once(',').unwrap();
            (parse(p), parse(s))
        })
        .collect();
    let puzzles: Vec<Grid> = pairs.iter().map(|p| p.0).collect();
    for (format, rows) in [("grid", 9), ("pretty", 13)] {
        let out = run_ok(&["generate", "-n", "12", "--seed", "21", "--format", format]);
        assert_eq!(parse_blocks(&out, rows), puzzles, "{format}");
        // With --solution, the solution's board follows the puzzle's.
        let out = run_ok(&[
            "generate",
            "-n",
            "12",
            "--seed",
            "21",
            "--format",
            format,
            "--solution",
        ]);
        let boards = parse_blocks(&out, rows);
        let expected: Vec<Grid> = pairs.iter().flat_map(|&(p, s)| [p, s]).collect();
        assert_eq!(boards, expected, "{format} --solution");
    }
    let pretty = run_ok(&["generate", "--seed", "21", "--format", "pretty"]);
    assert_eq!(pretty.lines().next(), Some("+-------+-------+-------+"));
    assert!(pretty.lines().nth(1).unwrap().starts_with("| "));
    // The board output reads back as puzzles, each with one solution.
    sudokuflow()
        .args(["solve", "--count", "--input", "grid"])
        .write_stdin(pretty)
        .assert()
        .success()
        .stdout("1\n");
}

#[test]
fn output_file_is_written_atomically() {
    let dir = temp_dir();
    let target = dir.path().join("puzzles.txt");
    fs::write(&target, "previous\n").unwrap();
    sudokuflow()
        .args(["generate", "-n", "300", "--seed", "4", "-o"])
        .arg(&target)
        .assert()
        .success()
        .stdout("");
    let stdout = run_ok(&["generate", "-n", "300", "--seed", "4"]);
    assert_eq!(fs::read_to_string(&target).unwrap(), stdout);
    assert_eq!(dir_entries(dir.path()), ["puzzles.txt"]);

    let shuffled = dir.path().join("shuffled.txt");
    sudokuflow()
        .args(["shuffle", "--seed", "4", "-o"])
        .arg(&shuffled)
        .arg(&target)
        .assert()
        .success()
        .stdout("");
    let shuffled = fs::read_to_string(&shuffled).unwrap();
    assert_eq!(shuffled.lines().count(), 300);
    for (variant, puzzle) in shuffled.lines().zip(stdout.lines()).step_by(10) {
        assert!(
            equivalent(parse(puzzle).cells(), parse(variant).cells()),
            "{variant}"
        );
    }
    assert_eq!(dir_entries(dir.path()), ["puzzles.txt", "shuffled.txt"]);
}

#[test]
fn zero_puzzles_is_empty_output() {
    sudokuflow()
        .args(["generate", "-n", "0"])
        .assert()
        .success()
        .stdout("");
}

#[test]
fn bad_options_are_usage_errors() {
    sudokuflow()
        .args(["generate", "--symmetry", "spiral"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("rotate180"));
    sudokuflow()
        .args(["generate", "--count", "5"])
        .assert()
        .code(2);
    sudokuflow().args(["shuffle", "-n", "0"]).assert().code(2);
}

#[test]
fn generate_broken_pipe_ends_quietly() {
    crate::util::assert_quiet_after_broken_pipe(&["generate", "-n", "1000000"]);
}

#[test]
fn help_documents_options_exit_codes_and_examples() {
    for (command, words) in [
        (
            "generate",
            &["--puzzles", "--symmetry", "--clues", "--solution", "--seed"][..],
        ),
        ("shuffle", &["--variants", "--seed", "!bad-length"]),
    ] {
        let out = run_ok(&[command, "--help"]);
        for word in words.iter().chain(&["Exit status", "Examples", "--format"]) {
            assert!(out.contains(word), "{command} --help lacks {word}:\n{out}");
        }
    }
}

#[test]
fn shuffled_puzzles_keep_clues_and_one_solution() {
    let sample = fs::read_to_string(data("sample.txt")).unwrap();
    let inputs: Vec<Grid> = puzzle_lines(&sample).into_iter().map(parse).collect();
    assert!(inputs.len() >= 20);
    let out = run_ok(
        &["shuffle", "-n", "3", "--seed", "8"]
            .into_iter()
            .chain([data("sample.txt").to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    let variants: Vec<Grid> = out.lines().map(parse).collect();
    assert_eq!(variants.len(), 3 * inputs.len());
    for (input, three) in inputs.iter().zip(variants.chunks(3)) {
        for variant in three {
            assert!(
                equivalent(input.cells(), variant.cells()),
                "{variant} from {input}"
            );
            assert_eq!(solutions(variant), 1, "{variant} from {input}");
            assert_ne!(variant, input);
        }
        assert!(three[0] != three[1] && three[1] != three[2], "{three:?}");
    }
    // A puzzle with many solutions keeps as many (counted up to 5), also
    // by the independent counter.
    let first = puzzle_lines(&sample)[0];
    let open = parse(&(".".repeat(30) + &first[30..]));
    let before = count_solutions(&open, 5).unwrap().solutions;
    assert!(before >= 2);
    let out = sudokuflow()
        .args(["shuffle", "-n", "4", "--seed", "1"])
        .write_stdin(format!("{open}\n"))
        .output();
    assert!(out.status.success());
    let variants = String::from_utf8(out.stdout).unwrap();
    assert_eq!(variants.lines().count(), 4);
    for line in variants.lines() {
        let grid = parse(line);
        assert!(equivalent(open.cells(), grid.cells()), "{grid} from {open}");
        assert_eq!(count_solutions(&grid, 5).unwrap().solutions, before);
        assert_eq!(brute_count(&mut grid.cells().to_owned(), 5), before);
    }
}

#[test]
fn shuffle_is_reproducible_whatever_the_threads() {
    let sample = data("sample.txt");
    let sample = sample.to_str().unwrap();
    let run =
        |seed: &str, j: &str| run_ok(&["shuffle", "-n", "5", "--seed", seed, "-j", j, sample]);
    let one = run("42", "1");
    assert_eq!(one, run("42", "2"));
    assert_ne!(one, run("43", "2"));
    // A file and the same file on standard input shuffle alike.
    sudokuflow()
        .args(["shuffle", "-n", "5", "--seed", "42"])
        .write_stdin(fs::read(sample).unwrap())
        .assert()
        .success()
        .stdout(one.clone());
    // Variant 0 of a longer run is the variant of a shorter one.
    let single = run_ok(&["shuffle", "--seed", "42", sample]);
    let firsts: Vec<&str> = one.lines().step_by(5).collect();
    assert_eq!(single.lines().collect::<Vec<_>>(), firsts);
    // The same file twice: the second copy gets other transforms.
    let twice = run_ok(&["shuffle", "--seed", "42", sample, sample]);
    let (a, b) = twice.split_at(twice.len() / 2);
    assert_eq!(a, single);
    assert_ne!(a, b);
}

#[test]
fn shuffle_without_a_seed_prints_it_under_stats() {
    let sample = data("sample.txt");
    let first = sudokuflow()
        .args(["shuffle", "-n", "2", "--stats"])
        .arg(&sample)
        .output();
    assert!(first.status.success());
    let stderr = String::from_utf8(first.stderr).unwrap();
    assert!(stderr.contains("puzzles:      24"), "{stderr}");
    let seed = stderr
        .lines()
        .find_map(|l| l.strip_prefix("seed:"))
        .expect("a seed line")
        .trim();
    let again = run_ok(&[
        "shuffle",
        "-n",
        "2",
        "--seed",
        seed,
        sample.to_str().unwrap(),
    ]);
    assert_eq!(again.as_bytes(), first.stdout);
}

#[test]
fn shuffle_marks_bad_lines_once_per_variant() {
    let bad = data("bad_lines.txt");
    let text = fs::read_to_string(&bad).unwrap();
    let inputs = puzzle_lines(&text);
    let assert = sudokuflow()
        .args(["shuffle", "-n", "2", "--seed", "9"])
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("bad_lines.txt:2: expected 81 cells, found 80").and(
                predicate::str::contains("bad_lines.txt:4: bad character 'x'"),
            ),
        );
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2 * inputs.len(), "two entries per puzzle");
    for (input, pair) in inputs.iter().zip(lines.chunks(2)) {
        match input.parse::<Grid>() {
            Ok(grid) => {
                for line in pair {
                    assert!(
                        equivalent(grid.cells(), parse(line).cells()),
                        "{line} from {grid}"
                    );
                }
            }
            Err(_) => {
                assert!(pair[0].starts_with('!'), "{pair:?} for {input}");
                assert_eq!(pair[0], pair[1]);
            }
        }
    }
    assert_eq!(lines.iter().filter(|l| **l == "!bad-length").count(), 4);
    assert_eq!(lines.iter().filter(|l| **l == "!bad-character").count(), 2);
    // Block formats: one marker line and a blank line per variant.
    sudokuflow()
        .args(["shuffle", "-n", "2", "--format", "grid"])
        .write_stdin("123\n")
        .assert()
        .code(1)
        .stdout("!bad-length\n\n!bad-length\n\n");
}

#[test]
fn shuffle_reads_grid_blocks_and_writes_any_format() {
    let grid_input = data("sample_grid.txt");
    let out = run_ok(&[
        "shuffle",
        "--seed",
        "2",
        "--format",
        "pretty",
        grid_input.to_str().unwrap(),
    ]);
    let boards = parse_blocks(&out, 13);
    let inputs = crate::util::formats::grid_records(&fs::read(&grid_input).unwrap());
    assert_eq!(boards.len(), inputs.len());
    for (board, input) in boards.iter().zip(inputs) {
        let (input, _) = input.puzzle.unwrap();
        assert!(
            equivalent(input.cells(), board.cells()),
            "{board} from {input}"
        );
        assert_eq!(solutions(board), 1, "{board}");
    }
    // Generated puzzles piped through shuffle stay unique.
    let generated = run_ok(&[
        "generate",
        "-n",
        "100",
        "--seed",
        "6",
        "--symmetry",
        "mirror",
    ]);
    let out = sudokuflow()
        .args(["shuffle", "-n", "2", "--seed", "6"])
        .write_stdin(generated.clone())
        .output();
    assert!(out.status.success());
    let shuffled: Vec<Grid> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(parse)
        .collect();
    assert_eq!(shuffled.len(), 200);
    for (puzzle, pair) in generated.lines().map(parse).zip(shuffled.chunks(2)) {
        for variant in pair {
            assert!(
                equivalent(puzzle.cells(), variant.cells()),
                "{variant} from {puzzle}"
            );
            assert_eq!(solutions(variant), 1);
        }
    }
}

#[test]
fn many_variants_of_a_large_input_stay_in_order_and_stop_at_end() {
    let sample = fs::read_to_string(data("sample.txt")).unwrap();
    let puzzles = puzzle_lines(&sample);
    // About 330 KB: several input chunks, cut finer for many variants.
    let mut text = String::new();
    for i in 0..4000 {
        text.push_str(puzzles[i % puzzles.len()]);
        text.push('\n');
        if i == 3000 {
            text.push_str("end\n");
        }
    }
    let dir = temp_dir();
    let path = dir.path().join("big.txt");
    fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    let seven = run_ok(&["shuffle", "-n", "7", "--seed", "12", "-j", "2", path]);
    let lines: Vec<&str> = seven.lines().collect();
    assert_eq!(lines.len(), 7 * 3001);
    let one = run_ok(&["shuffle", "--seed", "12", path]);
    assert_eq!(
        one.lines().collect::<Vec<_>>(),
        lines.iter().step_by(7).copied().collect::<Vec<_>>()
    );
    for (i, variant) in lines.iter().enumerate().step_by(97) {
        let input = parse(puzzles[i / 7 % puzzles.len()]);
        let variant = parse(variant);
        assert!(
            equivalent(input.cells(), variant.cells()),
            "{variant} from {input}"
        );
        assert_eq!(solutions(&variant), 1);
    }
    // Streamed from a pipe, with one thread: the same bytes.
    sudokuflow()
        .args(["shuffle", "-n", "7", "--seed", "12", "-j", "1"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(seven);
}

/// Without --seed, a run that gives up still says which seed it used.
#[test]
fn giving_up_without_a_seed_names_the_seed() {
    let output = sudokuflow()
        .args(["generate", "-n", "1", "--clues", "17", "-j", "1", "--stats"])
        .output();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let seed = stderr
        .split("(seed ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("no seed in: {stderr}"));
    assert!(seed.parse::<u64>().is_ok(), "{stderr}");
}

/// A puzzle with more variants than one job makes is cut into ranges of
/// variants: the same variants as in one piece, in order, each bad line
/// marked once per variant and counted once, in every layout.
#[test]
fn many_variants_are_made_in_ranges_with_the_same_output() {
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let block: String = puzzle
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    for (format, input, lines_per_variant) in [
        ("line", format!("{puzzle}\nbad\n{puzzle}\n"), 1),
        ("pretty", format!("{block}\n{block}"), 14),
    ] {
        let run = |n: &str| {
            sudokuflow()
                .args([
                    "shuffle", "--seed", "7", "--format", format, "--stats", "-n", n,
                ])
                .write_stdin(input.clone())
                .output()
        };
        // Past 1,600 (line) and 380 (pretty) variants a puzzle takes several jobs.
        let (few, many) = (run("300"), run("5000"));
        let few_text = String::from_utf8(few.stdout).unwrap();
        let many_text = String::from_utf8(many.stdout).unwrap();
        let few_lines: Vec<&str> = few_text.lines().collect();
        let many_lines: Vec<&str> = many_text.lines().collect();
        let puzzles = input.matches(puzzle).count() + input.lines().filter(|l| *l == "bad").count();
        let puzzles = if format == "line" { puzzles } else { 2 };
        assert_eq!(
            many_lines.len(),
            puzzles * 5000 * lines_per_variant,
            "{format}"
        );
        for p in 0..puzzles {
            let (a, b) = (300 * lines_per_variant, 5000 * lines_per_variant);
            assert!(
                few_lines[p * a..][..a] == many_lines[p * b..][..a],
                "{format}, puzzle {p}"
            );
        }
        let stderr = String::from_utf8(many.stderr).unwrap();
        assert!(
            stderr.contains(&format!("puzzles:      {puzzles}\n")),
            "{stderr}"
        );
        if format == "line" {
            let markers = many_lines[5000..10000].iter();
            assert!(markers.clone().all(|l| *l == "!bad-character"));
            assert_eq!(stderr.matches("<stdin>:2: bad character").count(), 1);
            assert_eq!(many.status.code(), Some(1));
        }
    }
}

/// `shuffle -n N` streams its variants: its memory does not grow with N
/// (here 2,000,000 variants, 164 MB of output, read as they come).
#[test]
fn many_variants_stream_in_flat_memory() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("one.txt");
    fs::write(
        &input,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n",
    )
    .unwrap();
    let mut child = sudokuflow_with_peak_memory()
        .args(["shuffle", "-n", "2000000", "--seed", "1"])
        .arg(&input)
        .spawn();
    let mut stdout = child.stdout.take().unwrap();
    let written = std::io::copy(&mut stdout, &mut std::io::sink()).unwrap();
    assert_eq!(written, 2_000_000 * 82);
    let (status, peak_kb) = child.wait_with_peak_memory();
    assert!(status.success(), "{status}");
    let peak_mb = peak_kb / 1024;
    assert!(peak_mb < 64, "peak memory {peak_mb} MB");
}

/// The first `n` of the forum's hardest (SE 11 or more), or `None` after a
/// skip without the reference data.
fn hardest(n: usize) -> Option<Vec<Grid>> {
    let mut puzzles = crate::util::reference_puzzles("forum_hardest_11plus.txt")?;
    puzzles.truncate(n);
    Some(puzzles)
}

#[test]
fn from_finds_new_unique_puzzles_rated_at_least_the_threshold() {
    let Some(seeds) = hardest(12) else { return };
    let dir = temp_dir();
    let from = dir.path().join("seeds.txt");
    // A line without one solution among them is named and skipped.
    let mut text: String = seeds.iter().map(|p| format!("{p}\n")).collect();
    text.insert_str(0, &format!("{}\n", ".".repeat(81)));
    fs::write(&from, text).unwrap();
    let from = from.to_str().unwrap();
    let args = ["generate", "-n", "4", "--from", from, "--min-er", "10.0"];
    let run = |threads: &str| {
        let output = sudokuflow()
            .args(args)
            .args([
                "--min-guesses",
                "3",
                "--seed",
                "8",
                "--stats",
                "-j",
                threads,
            ])
            .output();
        assert_eq!(output.status.code(), Some(0));
        let stderr = String::from_utf8(output.stderr).unwrap();
        (String::from_utf8(output.stdout).unwrap(), stderr)
    };
    let (found, stderr) = run("2");
    assert!(
        stderr.starts_with(&format!(
            "sudokuflow: {from}:1: the puzzle has more than one solution"
        )),
        "{stderr}"
    );
    for field in [
        "seed:         8",
        "puzzles:      4",
        "candidates:",
        "found:",
    ] {
        assert!(stderr.contains(field), "{stderr}");
    }
    assert_eq!(run("1").0, found, "the same finds at any -j");
    let found: Vec<Grid> = found.lines().map(parse).collect();
    assert_eq!(found.len(), 4);
    for (i, puzzle) in found.iter().enumerate() {
        assert_eq!(brute_count(&mut puzzle.cells().to_owned(), 2), 1);
        for other in seeds.iter().chain(&found[..i]) {
            assert!(
                !equivalent(puzzle.cells(), other.cells()),
                "{puzzle} repeats {other}"
            );
        }
    }
    // Rated in full, as a user checks them.
    let rated = sudokuflow()
        .args(["rate", "-"])
        .write_stdin(found.iter().map(|p| format!("{p}\n")).collect::<String>())
        .output();
    for line in String::from_utf8(rated.stdout).unwrap().lines() {
        let er: f64 = line
            .split([' ', '/'])
            .nth(1)
            .unwrap()
            .trim_start_matches('>')
            .parse()
            .unwrap();
        assert!(er >= 10.0, "{line}");
    }
}

#[test]
fn from_gives_up_on_an_unreachable_threshold_and_keeps_the_old_file() {
    let dir = temp_dir();
    let from = dir.path().join("easy.txt");
    fs::write(&from, fs::read_to_string(data("sample.txt")).unwrap()).unwrap();
    let target = dir.path().join("out.txt");
    fs::write(&target, "previous\n").unwrap();
    let assert = sudokuflow()
        .args([
            "generate", "-n", "1", "--seed", "2", "--min-er", "12.0", "--from",
        ])
        .arg(&from)
        .arg("-o")
        .arg(&target)
        .assert()
        .code(1);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains("gave up after 100000 candidates"),
        "{stderr}"
    );
    assert!(stderr.contains("(seed 2)"), "{stderr}");
    assert_eq!(fs::read_to_string(&target).unwrap(), "previous\n");
    assert_eq!(dir_entries(dir.path()), ["easy.txt", "out.txt"]);
}

#[test]
fn from_options_are_checked() {
    let dir = temp_dir();
    let from = dir.path().join("seeds.txt");
    fs::write(&from, fs::read_to_string(data("sample.txt")).unwrap()).unwrap();
    let from = from.to_str().unwrap();
    for (args, says) in [
        (vec!["--min-er", "10.0"], "--from"),
        (
            vec!["--from", from, "--min-er", "12.5"],
            "give ER from 1.0 to 12.0",
        ),
        (
            vec!["--from", from, "--min-er", "ten"],
            "give ER from 1.0 to 12.0",
        ),
        (
            vec!["--from", from, "--min-er", "9.55"],
            "give ER from 1.0 to 12.0",
        ),
        (vec!["--from", from, "--clues", "30"], "--clues"),
        (vec!["--from", from, "--budget", "5"], "--min-er"),
        (
            vec!["--from", "missing.txt"],
            "cannot read --from missing.txt",
        ),
        // A name's control characters are escaped, never sent to the terminal.
        (
            vec!["--from", "a\x1b[2Jb.txt"],
            "cannot read --from a\\x1b[2Jb.txt",
        ),
        (
            vec!["--from", "/dev/null"],
            "no seed puzzle has one solution",
        ),
    ] {
        let output = sudokuflow().arg("generate").args(&args).output();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
}
