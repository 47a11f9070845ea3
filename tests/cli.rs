//! End-to-end tests of `sudokuflow solve`: formats, markers, exit codes,
//! ordering across chunks and threads, output sinks and robustness.
//!
//! Tests that need the reference puzzle sets read them from the directory in
//! `SUDOKUFLOW_DATA`; they are skipped, with a note, when it is unset.

use std::fs::{self, File};
use std::io::Write;
use std::path::Path;
use std::process::Stdio;

use predicates::prelude::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use sudokuflow::Grid;

use crate::util::{
    CONFLICTING, EMPTY, HARD, NO_SOLUTION, PUZZLE, SOLUTION, data_file, dir_entries, program,
    sudokuflow, temp_dir,
};

fn lines(bytes: &[u8]) -> Vec<&str> {
    std::str::from_utf8(bytes).unwrap().lines().collect()
}

/// `PUZZLE` with its digits relabelled by `shift`: another valid puzzle.
fn relabelled(puzzle: &str, shift: u8) -> String {
    puzzle
        .bytes()
        .map(|b| match b {
            b'1'..=b'9' => char::from(b'1' + (b - b'1' + shift) % 9),
            _ => char::from(b),
        })
        .collect()
}

/// About 3 MB of puzzles (many chunks), optionally mixed with comments, blank
/// lines and bad puzzles of every kind.
fn big_input(with_bad_lines: bool) -> String {
    let mut text = String::new();
    for i in 0..40_000u32 {
        let bad = with_bad_lines && i % 97 == 5;
        let line = match (bad, i % 7) {
            (true, 0) => "# a comment".to_string(),
            (true, 1) => String::new(),
            (true, 2) => PUZZLE[..80].to_string(),
            (true, 3) => format!("{PUZZLE}x"),
            (true, 4) => CONFLICTING.to_string(),
            (true, 5) => NO_SOLUTION.to_string(),
            _ if i % 5 == 0 => relabelled(HARD, (i % 9) as u8),
            _ => relabelled(PUZZLE, (i % 9) as u8),
        };
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// Checks that `output` holds one solution keeping the givens for every
/// puzzle line of `input` (comments skipped).
fn assert_solves_every_puzzle(input: &str, output: &[u8]) {
    let puzzles: Vec<&str> = input.lines().filter(|l| !l.starts_with('#')).collect();
    let solutions = lines(output);
    assert_eq!(solutions.len(), puzzles.len());
    for (i, (puzzle, solution)) in puzzles.iter().zip(solutions).enumerate() {
        let puzzle: Grid = puzzle.parse().unwrap();
        let solution: Grid = solution
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {solution:?}: {e}", i + 1));
        assert!(
            solution.is_solution_of(&puzzle),
            "line {}: {solution} does not solve {puzzle}",
            i + 1
        );
    }
}

#[test]
fn judge_sample_gives_the_expected_output() {
    let (Some(input), Some(expected)) =
        (data_file("judge_sample.in"), data_file("judge_sample.out"))
    else {
        return;
    };
    sudokuflow()
        .arg("solve")
        .arg(input)
        .assert()
        .success()
        .stdout(fs::read_to_string(expected).unwrap())
        .stderr("");
}

#[test]
fn reference_sets_are_solved_keeping_the_givens() {
    for name in ["17_clue.txt", "forum_hardest_11plus.txt"] {
        let Some(path) = data_file(name) else { return };
        let output = sudokuflow()
            .arg("solve")
            .arg(&path)
            .assert()
            .success()
            .get_output()
            .clone();
        assert!(output.stderr.is_empty());
        assert_solves_every_puzzle(&fs::read_to_string(&path).unwrap(), &output.stdout);
    }
}

/// A file smaller than one chunk is cut into a job for each worker: with
/// `-j2` its answers, markers, messages (with their line numbers) and exit
/// code are those of `-j1`.
#[test]
fn a_file_smaller_than_a_chunk_answers_alike_on_two_threads() {
    let dir = temp_dir();
    let path = dir.path().join("small.txt");
    let mut text = fs::read_to_string("data/sample.txt").unwrap();
    text.push_str(&fs::read_to_string("data/bad_lines.txt").unwrap());
    text.push_str(&fs::read_to_string("data/sample.txt").unwrap());
    fs::write(&path, &text).unwrap();
    let run = |threads: &str| sudokuflow().args(["solve", threads]).arg(&path).output();
    let (one, two) = (run("-j1"), run("-j2"));
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(two.status.code(), one.status.code());
    assert_eq!(two.stdout, one.stdout);
    assert_eq!(two.stderr, one.stderr);
    let puzzle_lines = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    assert_eq!(lines(&two.stdout).len(), puzzle_lines.count());
}

#[test]
fn file_stdin_file_and_pipe_and_thread_counts_agree() {
    let dir = temp_dir();
    let path = dir.path().join("big.txt");
    fs::write(&path, big_input(true)).unwrap();

    let from_file = sudokuflow().args(["solve", "-j2"]).arg(&path).output();
    let from_stdin_file = sudokuflow()
        .args(["solve", "-j2"])
        .stdin(File::open(&path).unwrap())
        .output();
    let from_pipe = sudokuflow()
        .args(["solve", "-j2", "-"])
        .write_stdin(fs::read(&path).unwrap())
        .output();
    let one_thread = sudokuflow().args(["solve", "-j1"]).arg(&path).output();

    assert_eq!(from_file.status.code(), Some(1));
    let expected_lines = big_input(true)
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .count();
    assert_eq!(lines(&from_file.stdout).len(), expected_lines);
    let stderr_without_name = |o: &std::process::Output| {
        String::from_utf8_lossy(&o.stderr).replace(&*path.to_string_lossy(), "<stdin>")
    };
    for other in [&from_stdin_file, &from_pipe, &one_thread] {
        assert_eq!(other.status.code(), Some(1));
        assert!(other.stdout == from_file.stdout, "outputs differ");
        assert_eq!(stderr_without_name(other), stderr_without_name(&from_file));
    }
}

#[test]
fn each_kind_of_bad_line_gets_its_marker_in_place() {
    let huge = "7".repeat(100_000);
    let input = format!(
        "{PUZZLE}\n{short}\n{PUZZLE}1\n{badchar}\n{CONFLICTING}\n{NO_SOLUTION}\n{huge}\n{PUZZLE}\n",
        short = &PUZZLE[..80],
        badchar = PUZZLE.replacen('.', "x", 1),
    );
    let expected_stdout = [
        SOLUTION,
        "!bad-length",
        "!bad-length",
        "!bad-character",
        "!conflicting-givens",
        "!no-solution",
        "!line-too-long",
        SOLUTION,
    ]
    .map(|l| format!("{l}\n"))
    .concat();
    let dir = temp_dir();
    let path = dir.path().join("bad.txt");
    fs::write(&path, &input).unwrap();
    let name = path.display().to_string();
    for (source, run) in [
        (
            "<stdin>",
            sudokuflow()
                .arg("solve")
                .write_stdin(input.clone())
                .assert(),
        ),
        (name.as_str(), sudokuflow().arg("solve").arg(&path).assert()),
    ] {
        let run = run.code(1).stdout(expected_stdout.clone());
        let stderr = String::from_utf8(run.get_output().stderr.clone()).unwrap();
        let messages: Vec<&str> = stderr.lines().collect();
        assert_eq!(messages.len(), 6, "{stderr}");
        for (message, line) in messages.iter().zip(2..) {
            let prefix = format!("sudokuflow: {source}:{line}: ");
            assert!(
                message.starts_with(&prefix),
                "{message:?} should start with {prefix:?}"
            );
        }
        assert!(messages[0].contains("expected 81 cells, found 80"));
        assert!(messages[2].contains("'x'"));
        assert!(messages[5].contains("longer than"));
    }
}

#[test]
fn huge_line_without_newline_is_reported_and_skipped() {
    let mut input = format!("{PUZZLE}\n").into_bytes();
    input.extend(std::iter::repeat_n(b'1', 3 << 20));
    sudokuflow()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!("{SOLUTION}\n!line-too-long\n"))
        .stderr(predicate::str::contains("<stdin>:2: line longer than"));
}

#[test]
fn comments_blank_lines_crlf_and_end_are_handled() {
    let input = format!(
        "# header\n\n   \r\n{PUZZLE}\r\n  # indented comment\n{PUZZLE}  \t\nend\n{CONFLICTING}\n"
    );
    sudokuflow()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n{SOLUTION}\n"))
        .stderr("");
}

#[test]
fn end_stops_only_its_own_input() {
    let dir = temp_dir();
    let first = dir.path().join("first.txt");
    let second = dir.path().join("second.txt");
    fs::write(&first, format!("{PUZZLE}\nend\n{CONFLICTING}\n")).unwrap();
    fs::write(&second, format!("{}\n", relabelled(PUZZLE, 1))).unwrap();
    let second_solution = relabelled(SOLUTION, 1);
    sudokuflow()
        .arg("solve")
        .arg(&first)
        .arg("-")
        .arg(&second)
        .write_stdin(format!("{NO_SOLUTION}\n"))
        .assert()
        .code(1)
        .stdout(format!("{SOLUTION}\n!no-solution\n{second_solution}\n"))
        .stderr("sudokuflow: <stdin>:1: no solution\n");
}

#[test]
fn end_stops_reading_a_pipe_that_stays_open() {
    let mut child = sudokuflow().arg("solve").stdin(Stdio::piped()).spawn();
    let mut stdin = child.stdin.take().unwrap();
    write!(stdin, "{PUZZLE}\nend\n").unwrap();
    // The pipe stays open: the run must end on `end` (or miss its deadline).
    let status = child.wait();
    let output = child.wait_with_output();
    drop(stdin);
    assert_eq!(status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("{SOLUTION}\n")
    );
}

#[test]
fn empty_inputs_give_empty_output() {
    let dir = temp_dir();
    let empty = dir.path().join("empty.txt");
    fs::write(&empty, "").unwrap();
    sudokuflow()
        .arg("solve")
        .arg(&empty)
        .assert()
        .success()
        .stdout("");
    sudokuflow()
        .arg("solve")
        .write_stdin("")
        .assert()
        .success()
        .stdout("");
    sudokuflow()
        .arg("solve")
        .write_stdin("# only a comment\n\n")
        .assert()
        .success()
        .stdout("");
}

#[test]
fn messages_after_the_twentieth_are_only_counted() {
    let input = format!("{}\n", &PUZZLE[..10]).repeat(25);
    let run = sudokuflow()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .code(1);
    let stderr = String::from_utf8(run.get_output().stderr.clone()).unwrap();
    let messages: Vec<&str> = stderr.lines().collect();
    assert_eq!(messages.len(), 21, "{stderr}");
    assert!(messages[19].starts_with("sudokuflow: <stdin>:20: "));
    assert_eq!(messages[20], "sudokuflow: 5 more bad puzzles not shown");
    assert_eq!(lines(&run.get_output().stdout), vec!["!bad-length"; 25]);
}

#[test]
fn quiet_turns_off_messages_but_not_markers() {
    sudokuflow()
        .args(["solve", "--quiet"])
        .write_stdin(format!("{CONFLICTING}\n"))
        .assert()
        .code(1)
        .stdout("!conflicting-givens\n")
        .stderr("");
}

#[test]
fn strict_stops_at_the_first_bad_puzzle() {
    let mut input = format!("{PUZZLE}\n{PUZZLE}\n{NO_SOLUTION}\n");
    input.push_str(&big_input(false));
    sudokuflow()
        .args(["solve", "--strict"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!("{SOLUTION}\n{SOLUTION}\n!no-solution\n"))
        .stderr("sudokuflow: <stdin>:3: no solution\n");
}

#[test]
fn count_reports_zero_one_and_many_solutions() {
    let input = format!("{NO_SOLUTION}\n{PUZZLE}\n{EMPTY}\n");
    sudokuflow()
        .args(["solve", "--count"])
        .write_stdin(input.clone())
        .assert()
        .success()
        .stdout("0\n1\n2\n")
        .stderr("");
    sudokuflow()
        .args(["solve", "--count", "--limit", "1000"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout("0\n1\n1000\n");
}

#[test]
fn count_still_marks_unreadable_and_conflicting_puzzles() {
    sudokuflow()
        .args(["solve", "--count", "--format", "pretty"])
        .write_stdin(format!("{CONFLICTING}\nabc\n{PUZZLE}\n"))
        .assert()
        .code(1)
        .stdout("!conflicting-givens\n!bad-character\n1\n");
}

#[test]
fn limit_needs_count_and_a_positive_value() {
    sudokuflow()
        .args(["solve", "--limit", "5"])
        .assert()
        .code(2);
    sudokuflow()
        .args(["solve", "--count", "--limit", "0"])
        .assert()
        .code(2);
}

#[test]
fn grid_and_pretty_formats() {
    let grid: String = SOLUTION
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    sudokuflow()
        .args(["solve", "--format", "grid"])
        .write_stdin(format!("{PUZZLE}\n12\n{PUZZLE}\n"))
        .assert()
        .code(1)
        .stdout(format!("{grid}\n!bad-length\n\n{grid}\n"));

    let run = sudokuflow()
        .args(["solve", "-f", "pretty"])
        .write_stdin(format!("{PUZZLE}\n"))
        .assert()
        .success();
    let out = lines(&run.get_output().stdout);
    assert_eq!(out.len(), 14);
    assert_eq!(out[0], "+-------+-------+-------+");
    assert_eq!(out[1], "| 5 2 7 | 3 8 9 | 4 1 6 |");
    assert_eq!(out[4], "+-------+-------+-------+");
    assert_eq!(out[12], "+-------+-------+-------+");
    assert_eq!(out[13], "");
}

#[test]
fn grid_input_is_read_when_forced_or_detected() {
    let pretty = sudokuflow()
        .args(["solve", "-f", "pretty"])
        .write_stdin(format!("{PUZZLE}\n{PUZZLE}\n"))
        .output()
        .stdout;
    for args in [
        &["solve"][..],
        &["solve", "--input", "grid"],
        &["solve", "--input", "auto"],
    ] {
        sudokuflow()
            .args(args)
            .write_stdin(pretty.clone())
            .assert()
            .success()
            .stdout(format!("{SOLUTION}\n{SOLUTION}\n"));
    }
    // The same board as plain rows with '0' for empty cells, no blank lines.
    let rows: String = PUZZLE
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    sudokuflow()
        .arg("solve")
        .write_stdin(format!("# two boards\n{rows}{rows}"))
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n{SOLUTION}\n"));
    // Forced line format reads the rows as short lines.
    sudokuflow()
        .args(["solve", "--input", "line"])
        .write_stdin(rows.clone())
        .assert()
        .code(1)
        .stdout("!bad-length\n".repeat(9));
}

#[test]
fn bad_grid_rows_are_reported_and_do_not_shift_later_boards() {
    let rows: Vec<String> = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    let mut damaged = rows.clone();
    damaged[4] = "12345".into();
    let input = format!(
        "{}\n\n{}\n\n{}\n",
        damaged.join("\n"),
        rows.join("\n"),
        rows[..3].join("\n")
    );
    sudokuflow()
        .args(["solve", "--input", "grid"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!("!bad-length\n{SOLUTION}\n!bad-length\n"))
        .stderr(
            predicate::str::contains("<stdin>:5: expected 9 cells, found 5").and(
                predicate::str::contains("<stdin>:21: grid ends after 3 rows"),
            ),
        );
}

#[test]
fn boards_with_a_bad_row_say_what_is_wrong_with_the_board() {
    // Auto-detection: a board with a short row (first or fourth) is still a
    // board, and the message names the row, not every line a bad puzzle.
    let pretty = String::from_utf8(
        sudokuflow()
            .args(["solve", "-f", "pretty"])
            .write_stdin(format!("{PUZZLE}\n"))
            .output()
            .stdout,
    )
    .unwrap();
    let short_pretty = pretty.replacen("| 5 2 7 |", "| 5 2 |", 1) + &pretty;
    let rows: Vec<&str> = SOLUTION
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    let short_row = |at: usize| {
        let mut damaged = rows.clone();
        damaged[at] = &rows[at][..8];
        format!("{}\n\n{}\n", damaged.join("\n"), rows.join("\n"))
    };
    for (input, line) in [(short_pretty, 2), (short_row(3), 4), (short_row(0), 1)] {
        sudokuflow()
            .arg("solve")
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout(format!("!bad-length\n{SOLUTION}\n"))
            .stderr(format!(
                "sudokuflow: <stdin>:{line}: expected 9 cells, found 8\n"
            ));
    }
}

#[test]
fn output_file_is_replaced_only_when_the_run_completes() {
    let dir = temp_dir();
    let input = dir.path().join("in.txt");
    let target = dir.path().join("out.txt");
    fs::write(&input, format!("{PUZZLE}\n{CONFLICTING}\n")).unwrap();
    fs::write(&target, "previous\n").unwrap();

    sudokuflow()
        .arg("solve")
        .arg("-o")
        .arg(&target)
        .arg(&input)
        .arg(dir.path().join("missing.txt"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("missing.txt"));
    assert_eq!(fs::read_to_string(&target).unwrap(), "previous\n");
    assert_eq!(dir_entries(dir.path()), ["in.txt", "out.txt"]);

    // Bad puzzles still complete the run.
    sudokuflow()
        .arg("solve")
        .arg("--output")
        .arg(&target)
        .arg(&input)
        .assert()
        .code(1)
        .stdout("");
    assert_eq!(
        fs::read_to_string(&target).unwrap(),
        format!("{SOLUTION}\n!conflicting-givens\n")
    );
    assert_eq!(dir_entries(dir.path()), ["in.txt", "out.txt"]);
}

#[cfg(unix)]
#[test]
fn interrupt_leaves_the_previous_output_and_no_temporary() {
    let dir = temp_dir();
    let target = dir.path().join("out.txt");
    fs::write(&target, "previous\n").unwrap();
    let mut child = sudokuflow()
        .arg("solve")
        .arg("-o")
        .arg(&target)
        .stdin(Stdio::piped())
        .spawn();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{PUZZLE}").unwrap();
    // The handler is set up once the temporary file exists.
    crate::util::wait_until("the temporary file", || dir_entries(dir.path()).len() == 2);
    child.signal(libc::SIGINT);
    let output = child.wait_with_output();
    // Ended by the signal itself, as a shell (130) and a script expect.
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&output.status),
        Some(libc::SIGINT)
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), "previous\n");
    assert_eq!(dir_entries(dir.path()), ["out.txt"]);
}

#[test]
fn missing_input_is_an_error_naming_the_file() {
    sudokuflow()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::starts_with("sudokuflow: cannot read input no/such/file.txt")
                .and(predicate::str::contains("No such file")),
        );
    sudokuflow()
        .args(["solve", "."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("directory"));
}

#[test]
fn full_disk_is_an_error() {
    let Some(full) = crate::util::full_disk() else {
        return;
    };
    for input in [format!("{PUZZLE}\n"), big_input(false)] {
        // The run may stop before reading everything.
        let output = sudokuflow()
            .arg("solve")
            .write_stdin(input)
            .stdout(full())
            .output();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with("sudokuflow: error writing to stdout: No space left on device"),
            "{stderr}"
        );
    }
}

#[test]
fn broken_pipe_ends_quietly() {
    let dir = temp_dir();
    let path = dir.path().join("big.txt");
    fs::write(&path, big_input(false)).unwrap();
    crate::util::assert_quiet_after_broken_pipe(&[Path::new("solve"), &path]);
}

#[test]
fn stats_go_to_stderr() {
    sudokuflow()
        .args(["solve", "--stats"])
        .write_stdin(format!("{PUZZLE}\n{HARD}\nxyz\n"))
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("puzzles:      3")
                .and(predicate::str::contains("solved:       2"))
                .and(predicate::str::contains("failed:       1"))
                .and(predicate::str::contains("puzzles/s:"))
                .and(predicate::str::contains("avg guesses:")),
        );
}

#[test]
fn help_documents_markers_exit_codes_and_examples() {
    sudokuflow()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("!bad-length")
                .and(predicate::str::contains("!no-solution"))
                .and(predicate::str::contains("Exit status"))
                .and(predicate::str::contains("Examples")),
        );
    sudokuflow()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit status"));
    sudokuflow()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!("sudokuflow {}\n", env!("CARGO_PKG_VERSION")));
    sudokuflow()
        .args(["solve", "--no-such-flag"])
        .assert()
        .code(2);
    sudokuflow().assert().code(2);
}

#[test]
fn gnu_parallel_recipe_matches_one_process() {
    let Ok(version) = program("parallel").arg("--version").try_output() else {
        crate::util::skip("GNU parallel is not installed: the parallel recipe test did not run");
        return;
    };
    assert!(version.status.success());
    let dir = temp_dir();
    let path = dir.path().join("big.txt");
    fs::write(&path, big_input(false)).unwrap();
    let recipe = program("parallel")
        .args(["--pipepart", "-a"])
        .arg(&path)
        .args(["-k", "--block", "1M"])
        .arg(env!("CARGO_BIN_EXE_sudokuflow"))
        .arg("solve")
        .output();
    assert!(
        recipe.status.success(),
        "{}",
        String::from_utf8_lossy(&recipe.stderr)
    );
    let single = sudokuflow().arg("solve").arg(&path).output();
    assert!(recipe.stdout == single.stdout, "parallel output differs");
    assert_solves_every_puzzle(&big_input(false), &recipe.stdout);
}

/// A board of `puzzle` as people write one: plain rows of digits and
/// zeros, or drawn with `|`, `-` and `+`; `damage` (if any) cuts a row
/// short or puts a letter in it.
fn board(puzzle: &str, drawn: bool, damage: Option<(usize, bool)>) -> String {
    let mut rows: Vec<String> = puzzle
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row = std::str::from_utf8(row).unwrap();
            if drawn {
                format!("| {} | {} | {} |", &row[..3], &row[3..6], &row[6..])
            } else {
                row.replace('.', "0")
            }
        })
        .collect();
    if let Some((row, cut)) = damage {
        if cut {
            rows[row] = rows[row][..rows[row].len() / 2].to_string();
        } else {
            rows[row] = rows[row].replacen(|c: char| c.is_ascii_digit(), "x", 1);
        }
    }
    let mut text = String::new();
    for (i, row) in rows.iter().enumerate() {
        if drawn && i % 3 == 0 {
            text.push_str("+-------+-------+-------+\n");
        }
        text.push_str(row);
        text.push('\n');
    }
    text
}

/// Inputs of every shape the reader must take: arbitrary bytes and the
/// pieces puzzle files are made of; inputs starting with whole boards (read
/// as boards by `--input auto`); and inputs with a line too long to read.
fn arbitrary_input() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..100),
        prop::sample::select(vec![
            b"\n".to_vec(),
            b"\r".to_vec(),
            b"\r\n".to_vec(),
            b"#".to_vec(),
            b" ".to_vec(),
            b"\0".to_vec(),
            b"end".to_vec(),
            b"|".to_vec(),
            b"+---".to_vec(),
            b"123456789".to_vec(),
            b",".to_vec(),
            format!("\n{PUZZLE}\n").into_bytes(),
            format!("\n{PUZZLE},{SOLUTION}\n").into_bytes(),
            format!("\n{NO_SOLUTION}\n").into_bytes(),
            format!("\n{CONFLICTING}\n").into_bytes(),
        ]),
    ];
    let pieces = prop::collection::vec(piece, 0..30).prop_map(|pieces| pieces.concat());
    let puzzle = prop::sample::select(vec![PUZZLE, PUZZLE, HARD, HARD, NO_SOLUTION, CONFLICTING]);
    let damage = prop::option::weighted(0.2, (0usize..9, any::<bool>()));
    let one_board = (puzzle, any::<bool>(), damage)
        .prop_map(|(puzzle, drawn, damage)| board(puzzle, drawn, damage));
    let boards = prop::collection::vec(one_board, 1..4).prop_map(|boards| boards.join("\n"));
    let long_line = (65_000usize..70_000, any::<u8>())
        .prop_map(|(len, byte)| [vec![byte | 1; len], b"\n".to_vec()].concat());
    prop_oneof![
        1 => pieces.clone(),
        2 => (boards, pieces.clone()).prop_map(|(boards, rest)| [boards.into_bytes(), rest].concat()),
        1 => (pieces.clone(), long_line, pieces)
            .prop_map(|(before, long, after)| [before, long, after].concat()),
    ]
}

/// What `solve --input line` (or `grid`) writes for `input`, read by the
/// simple reader of `crate::util::formats` and answered one puzzle at a time by
/// the library: the output, and whether some puzzle was bad.
fn expected_output(input: &[u8], grid: bool) -> (String, bool) {
    let records = if grid {
        crate::util::formats::grid_records(input)
    } else {
        crate::util::formats::line_records(input)
    };
    let mut out = String::new();
    let mut bad = false;
    for record in records {
        let answer = record.puzzle.and_then(|(puzzle, claimed)| {
            let solution = sudokuflow::solve(&puzzle).map_err(|e| match e {
                sudokuflow::SolveError::ConflictingGivens => "!conflicting-givens",
                _ => "!no-solution",
            })?;
            bad |= claimed.is_some_and(|c| c != solution.grid);
            Ok(solution.grid.to_string())
        });
        bad |= answer.is_err();
        out.push_str(answer.unwrap_or_else(|marker| marker.to_string()).as_str());
        out.push('\n');
    }
    (out, bad)
}

/// Any bytes in, for each layout: no panic, exit status 0 or 1 as some
/// puzzle was bad, and exactly the output of the simple reader, one answer
/// or marker per puzzle (`auto` reading as either).
#[test]
fn arbitrary_bytes_never_panic() {
    let shares = crate::util::property::check(64, arbitrary_input(), |input, shares| {
        let line = expected_output(&input, false);
        let grid = expected_output(&input, true);
        let mut outputs = Vec::new();
        for layout in ["line", "grid", "auto"] {
            let output = sudokuflow()
                .args(["solve", "--input", layout])
                .write_stdin(input.clone())
                .output();
            let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
            let stderr = String::from_utf8_lossy(&output.stderr);
            let expected = match layout {
                "line" => vec![&line],
                "grid" => vec![&grid],
                _ => vec![&line, &grid],
            };
            let Some((_, bad)) = expected.iter().find(|(out, _)| *out == stdout) else {
                return Err(TestCaseError::fail(format!(
                    "--input {layout}: {stdout:?}, expected {expected:?}; {stderr}"
                )));
            };
            prop_assert_eq!(
                output.status.code(),
                Some(i32::from(*bad)),
                "--input {}: {}",
                layout,
                stderr
            );
            outputs.push(stdout);
        }
        if input
            .split(|&b| b == b'\n')
            .any(|l| l.len() > crate::util::formats::MAX_LINE_LEN)
        {
            shares.saw("a line too long");
        }
        if outputs[2] == grid.0 && grid.0 != line.0 {
            shares.saw("auto read boards");
        }
        if grid.0.lines().any(|l| !l.starts_with('!')) {
            shares.saw("a board solved");
        }
        if line.0.lines().any(|l| !l.starts_with('!')) {
            shares.saw("a line solved");
        }
        Ok(())
    });
    // With 64 cases, each is short of its share once in 10,000 runs or less.
    shares.assert_at_least("a line too long", 5);
    shares.assert_at_least("auto read boards", 15);
    shares.assert_at_least("a board solved", 15);
    shares.assert_at_least("a line solved", 30);
}

/// A first line that looks like a grid row must not make the puzzle lines
/// after it unreadable: one answer per line, whatever the first lines hold.
#[test]
fn a_row_like_first_line_does_not_swallow_the_puzzles_after_it() {
    let input = format!("123456789\n{PUZZLE}\n{PUZZLE}\n{PUZZLE}\n");
    let expected = format!("!bad-length\n{SOLUTION}\n{SOLUTION}\n{SOLUTION}\n");
    sudokuflow()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(expected)
        .stderr(predicate::str::contains(
            "<stdin>:1: expected 81 cells, found 9",
        ));
}

/// Bad numbers are refused in plain words that name the option and the
/// accepted range, never in Rust's parsing words; a huge -j is refused.
#[test]
fn bad_numbers_are_refused_in_plain_words() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["solve", "-j0"],
            "--threads <N>': 0 is out of range; give a whole number from 1 to 1024",
        ),
        (
            &["solve", "-j", "99999999"],
            "give a whole number from 1 to 1024",
        ),
        (
            &["solve", "--count", "--limit", "99999999999999999999"],
            "--limit <N>': 99999999999999999999 is out of range",
        ),
        (
            &["generate", "--seed=-5"],
            "--seed <S>': it must not be negative",
        ),
        (&["generate", "-n", "ten"], "'ten' is not a whole number"),
        (
            &["generate", "--clues", "16"],
            "give a whole number from 17 to 81",
        ),
        (
            &["shuffle", "-n", "0"],
            "give a whole number from 1 to 4294967295",
        ),
    ];
    for (args, expected) in cases {
        let output = sudokuflow().args(*args).write_stdin("").output();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        for rust_words in ["number would be zero", "too large to fit", "invalid digit"] {
            assert!(!stderr.contains(rust_words), "{args:?}: {stderr}");
        }
    }
    sudokuflow()
        .args(["generate", "--symmetry", "rotate90", "--clues", "18"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("18 clues with rotate90 symmetry"));
    sudokuflow()
        .args(["solve", "--input", "grid"])
        .write_stdin("123456789\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "grid ends after 1 row, expected 9; for one puzzle per line use --input line",
        ));
}

/// `solve` reads what `generate --solution` writes, and says when the
/// solution after the comma is wrong (still writing the right one).
#[test]
fn puzzle_and_solution_lines_are_read_and_checked() {
    let good = format!("{PUZZLE},{SOLUTION}\n");
    sudokuflow()
        .arg("solve")
        .write_stdin(good.clone())
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n"));
    let mut wrong = SOLUTION.as_bytes().to_vec();
    wrong.swap(0, 1);
    let wrong = String::from_utf8(wrong).unwrap();
    sudokuflow()
        .arg("solve")
        .write_stdin(format!("{good}{PUZZLE},{wrong}\n"))
        .assert()
        .code(1)
        .stdout(format!("{SOLUTION}\n{SOLUTION}\n"))
        .stderr(predicate::str::contains(
            "<stdin>:2: the solution after the comma is not the puzzle's solution",
        ));
    let generated = sudokuflow()
        .args(["generate", "-n", "20", "--seed", "3", "--solution"])
        .output();
    let text = String::from_utf8(generated.stdout).unwrap();
    let solutions: String = text
        .lines()
        .map(|l| format!("{}\n", l.split_once(',').unwrap().1))
        .collect();
    sudokuflow()
        .arg("solve")
        .write_stdin(text)
        .assert()
        .success()
        .stdout(solutions);
}

/// The binary writes a completion script for every shell and a manual page
/// for every command `--help` lists (what each holds is checked against the
/// definitions by the unit test of `generated_docs.rs`).
#[test]
fn completions_and_manual_pages_cover_every_command() {
    let help = sudokuflow().arg("--help").output();
    let help = String::from_utf8(help.stdout).unwrap();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .collect();
    assert!(commands.contains(&"play"), "{help}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = sudokuflow().args(["completions", shell]).output();
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for word in &commands {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
    }
    let page = sudokuflow().arg("man").output();
    let page = String::from_utf8(page.stdout).unwrap();
    assert!(page.starts_with(".ie"), "{page}");
    assert!(page.contains(".TH sudokuflow 1"), "{page}");
    for command in &commands {
        assert!(
            page.contains(&format!("sudokuflow\\-{command}(1)")),
            "{page}"
        );
        let own = sudokuflow().args(["man", command]).output();
        let own = String::from_utf8(own.stdout).unwrap();
        assert!(
            own.contains(&format!(".TH sudokuflow-{command} 1")),
            "{own}"
        );
    }
    let rate = sudokuflow().args(["man", "rate"]).output();
    let rate = String::from_utf8(rate.stdout).unwrap();
    assert!(rate.contains("\\-\\-budget"), "{rate}");
    sudokuflow()
        .args(["man", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no command 'nope'; the commands are solve",
        ));
}

/// A run that misses its deadline (here a shell whose children sleep, one
/// holding the output pipe) is killed with everything it started, and the
/// test fails saying so, instead of hanging.
#[test]
fn a_run_past_its_deadline_is_killed_and_fails_the_test() {
    let hung = std::panic::catch_unwind(|| {
        program("sh")
            .args(["-c", "sleep 1000 & sleep 1000"])
            .timeout(std::time::Duration::from_millis(500))
            .output()
    });
    let panic = hung.expect_err("a hung run must fail the test");
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        message
            .starts_with("sh -c sleep 1000 & sleep 1000 did not end within 500ms and was killed"),
        "{message}"
    );
}

/// Item 33 of issue 34: workers beyond the machine's cores cost nothing:
/// `-j1024` uses about the memory of `-j1` (it used 12 times `-j2`'s and
/// took 28 times as long on two cores) and writes the same bytes.
#[test]
fn threads_beyond_the_cores_cost_nothing() {
    let dir = temp_dir();
    let path = dir.path().join("big.txt");
    fs::write(&path, big_input(false)).unwrap();
    let run = |threads: &str| {
        let mut child = crate::util::sudokuflow_with_peak_memory()
            .args(["solve", "-j", threads])
            .arg(&path)
            .spawn();
        let mut output = Vec::new();
        std::io::Read::read_to_end(&mut child.stdout.take().unwrap(), &mut output).unwrap();
        let (status, peak_kb) = child.wait_with_peak_memory();
        assert!(status.success(), "-j{threads}: {status}");
        (output, peak_kb)
    };
    let (one, one_kb) = run("1");
    let (many, many_kb) = run("1024");
    assert!(one == many, "-j1024 wrote other bytes than -j1");
    assert!(
        many_kb < one_kb + 16 * 1024,
        "-j1024 peaked at {many_kb} KB, -j1 at {one_kb} KB"
    );
}
