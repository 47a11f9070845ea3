//! `sudokuflow split` and `sudokuflow leakage` on datasets with planted
//! equivalent puzzles (shuffled copies, and other puzzles of one solution
//! grid, relabelled as RRN's sudoku-hard was made), checked against the
//! test crate's brute-force equivalence check, which shares no code with the
//! library's canonical form.

use std::fs;
use std::path::Path;

use sudokuflow::rng::Rng;
use sudokuflow::transform::Transform;
use sudokuflow::{Grid, solve};

use crate::util::{equivalent, sample_puzzles, sudokuflow, temp_dir};

/// `puzzle` with `added` more givens from its solution, at cells `rng` picks.
fn with_added_clues(puzzle: &Grid, added: usize, rng: &mut Rng) -> Grid {
    let solution = solve(puzzle).unwrap().grid;
    let mut empty: Vec<usize> = (0..81).filter(|&i| puzzle.get(i) == 0).collect();
    rng.shuffle(&mut empty);
    let mut grid = *puzzle;
    for &cell in &empty[..added] {
        grid.set(cell, solution.get(cell));
    }
    grid
}

/// A digit relabelling drawn from `rng`.
fn relabelling(rng: &mut Rng) -> Transform {
    let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    Transform::relabel(digits).unwrap()
}

/// The first `bases` sample puzzles, then for half of them a shuffled copy
/// (an equivalent puzzle) and a relabelled copy with clues added (another
/// puzzle of an equivalent solution grid), in a shuffled order; each with
/// the number of the sample puzzle it was made from.
fn planted(bases: usize) -> Vec<(Grid, usize)> {
    let mut rng = Rng::new(33);
    let sample = sample_puzzles();
    let mut puzzles: Vec<(Grid, usize)> = sample[..bases].iter().copied().zip(0..).collect();
    for (i, base) in sample[..bases / 2].iter().enumerate() {
        puzzles.push((Transform::random(&mut rng).apply(base), i));
        let added = 1 + rng.below(4) as usize;
        let grown = with_added_clues(base, added, &mut rng);
        puzzles.push((relabelling(&mut rng).apply(&grown), i));
    }
    rng.shuffle(&mut puzzles);
    puzzles
}

fn lines(puzzles: &[Grid]) -> String {
    puzzles.iter().map(|p| format!("{p}\n")).collect()
}

/// The puzzles of a line-format file, each with its line number.
fn read(path: &Path) -> Vec<(u64, Grid)> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .enumerate()
        .map(|(i, line)| (i as u64 + 1, line.parse().unwrap()))
        .collect()
}

/// Each puzzle's class, numbered from 0: equivalent puzzles share one.
/// Each puzzle is compared with one puzzle of each class found so far
/// (equivalence is transitive), so that the slow check runs a few times a
/// puzzle.
fn puzzle_classes(puzzles: &[Grid]) -> Vec<usize> {
    let mut firsts: Vec<usize> = Vec::new();
    let mut class = Vec::with_capacity(puzzles.len());
    for (i, puzzle) in puzzles.iter().enumerate() {
        let found = firsts
            .iter()
            .position(|&first| equivalent(puzzles[first].cells(), puzzle.cells()));
        class.push(found.unwrap_or_else(|| {
            firsts.push(i);
            firsts.len() - 1
        }));
    }
    class
}

/// Each puzzle's solution grid's class: its base's, as it was made (shuffles,
/// relabellings and givens of its solution keep the grid's class), once the
/// brute-force check finds no two bases' grids equivalent (a check of two
/// full grids takes about a second: a few are made).
fn grid_classes(planted: &[(Grid, usize)]) -> Vec<usize> {
    let mut bases: Vec<(usize, Grid)> = planted.iter().map(|&(p, base)| (base, p)).collect();
    bases.sort_by_key(|&(base, _)| base);
    bases.dedup_by_key(|&mut (base, _)| base);
    let grids: Vec<Grid> = bases.iter().map(|(_, p)| solve(p).unwrap().grid).collect();
    for (i, a) in grids.iter().enumerate() {
        for b in &grids[i + 1..] {
            assert!(!equivalent(a.cells(), b.cells()), "{a} {b}");
        }
    }
    planted.iter().map(|&(_, base)| base).collect()
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = sudokuflow().current_dir(dir).args(args).output();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Splits the planted set, checks that no class straddles two parts and
/// that every puzzle is in one part, in input order; then checks that
/// `leakage` between the two halves of the set lists exactly the pairs the
/// brute-force check finds.
fn check_split_and_leakage(bases: usize, by: &str) {
    let grid = by == "grid";
    let dir = temp_dir();
    let planted = planted(bases);
    let puzzles: Vec<Grid> = planted.iter().map(|&(puzzle, _)| puzzle).collect();
    let class = match grid {
        true => grid_classes(&planted),
        false => puzzle_classes(&puzzles),
    };
    let class_of = |puzzle: &Grid| class[puzzles.iter().position(|p| p == puzzle).unwrap()];
    fs::write(dir.path().join("set.txt"), lines(&puzzles)).unwrap();
    let (status, _, stderr) = run(
        dir.path(),
        &[
            "split",
            "set.txt",
            "--parts",
            "train=0.5,val=0.25,test=0.25",
            "--seed",
            "5",
            "--by",
            by,
            "-o",
            "set.txt",
        ],
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
    let parts: Vec<Vec<Grid>> = ["train", "val", "test"]
        .iter()
        .map(|name| {
            let part = read(&dir.path().join(format!("set.{name}.txt")));
            part.into_iter().map(|(_, grid)| grid).collect()
        })
        .collect();
    // Every puzzle once, each part in input order.
    let mut all: Vec<Grid> = parts.concat();
    assert_eq!(all.len(), puzzles.len());
    for part in &parts {
        let positions: Vec<usize> = part
            .iter()
            .map(|p| puzzles.iter().position(|q| q == p).unwrap())
            .collect();
        assert!(positions.is_sorted(), "{positions:?}");
    }
    all.sort_by_key(|grid| grid.to_string());
    let mut sorted = puzzles.clone();
    sorted.sort_by_key(|grid| grid.to_string());
    assert_eq!(all, sorted);
    for (i, part) in parts.iter().enumerate() {
        for other in &parts[i + 1..] {
            for a in part {
                for b in other {
                    assert_ne!(class_of(a), class_of(b), "{a} and {b} in two parts");
                }
            }
        }
    }

    let half = puzzles.len() / 2;
    fs::write(dir.path().join("a.txt"), lines(&puzzles[..half])).unwrap();
    fs::write(dir.path().join("b.txt"), lines(&puzzles[half..])).unwrap();
    let a = read(&dir.path().join("a.txt"));
    let mut expected = String::new();
    let mut leaks = 0;
    for (b_line, b) in read(&dir.path().join("b.txt")) {
        if let Some((a_line, _)) = a.iter().find(|(_, a)| class_of(a) == class_of(&b)) {
            leaks += 1;
            expected += &format!("{b_line} {a_line}\n");
        }
    }
    assert!(leaks > 0, "no planted pair straddles the halves");
    let (status, stdout, stderr) = run(dir.path(), &["leakage", "--by", by, "a.txt", "b.txt"]);
    assert_eq!((status, stderr.as_str()), (1, ""));
    let (listed, last) = stdout.trim_end().rsplit_once('\n').unwrap();
    let found: String = listed
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 3, "{line}");
            format!("{} {}\n", fields[0], fields[1])
        })
        .collect();
    assert_eq!(found, expected);
    assert!(last.starts_with(&format!(
        "{leaks} of {} puzzles of b.txt",
        puzzles.len() - half
    )));

    // The parts of the split leak nothing into each other.
    for (a, b) in [("train", "test"), ("test", "val"), ("val", "train")] {
        let (a, b) = (format!("set.{a}.txt"), format!("set.{b}.txt"));
        let (status, stdout, _) = run(dir.path(), &["leakage", "--by", by, &a, &b]);
        assert_eq!(status, 0, "{stdout}");
        assert!(stdout.starts_with("0 of "), "{stdout}");
    }
}

#[test]
fn split_keeps_equivalent_puzzles_together_and_leakage_finds_each_pair() {
    check_split_and_leakage(24, "puzzle");
}

#[test]
fn split_by_grid_keeps_puzzles_of_equivalent_grids_together() {
    check_split_and_leakage(4, "grid");
}

/// A table of a few thousand rows, in several jobs: its parts hold its rows
/// under its header, byte for byte, and are the same at -j1 and -j2.
#[test]
fn split_of_a_table_keeps_rows_and_header_at_any_thread_count() {
    let dir = temp_dir();
    let mut rng = Rng::new(8);
    let sample = sample_puzzles();
    let mut table = String::from("id,quizzes,solutions,note\n");
    for i in 0..3000 {
        let puzzle = Transform::random(&mut rng).apply(&sample[i % sample.len()]);
        let solution = solve(&puzzle).unwrap().grid;
        let note = if i % 5 == 0 { "\"a, quoted\"" } else { "" };
        table += &format!("{i},{puzzle},{solution},{note}\n");
    }
    fs::write(dir.path().join("t.csv"), &table).unwrap();
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let (status, _, stderr) = run(
            dir.path(),
            &[
                "split",
                "--column",
                "quizzes",
                "t.csv",
                "--parts",
                "a=0.7,b=0.3",
                "--seed",
                "9",
                "-j",
                threads,
                "-o",
                "t.csv",
            ],
        );
        assert_eq!((status, stderr.as_str()), (0, ""));
        let a = fs::read_to_string(dir.path().join("t.a.csv")).unwrap();
        let b = fs::read_to_string(dir.path().join("t.b.csv")).unwrap();
        outputs.push((a, b));
    }
    assert_eq!(outputs[0], outputs[1]);
    let (a, b) = &outputs[0];
    let header = "id,quizzes,solutions,note";
    assert!(a.starts_with(header) && b.starts_with(header));
    let mut rows: Vec<&str> = a.lines().skip(1).chain(b.lines().skip(1)).collect();
    rows.sort_by_key(|row| row.split(',').next().unwrap().parse::<u32>().unwrap());
    let input: Vec<&str> = table.lines().skip(1).collect();
    assert_eq!(rows, input);
    // Every row of a base (the sample puzzle it shuffles) in one part.
    let base_of =
        |row: &str| row.split(',').next().unwrap().parse::<usize>().unwrap() % sample.len();
    for row in a.lines().skip(1) {
        assert!(
            b.lines()
                .skip(1)
                .all(|other| base_of(other) != base_of(row))
        );
    }
    // The ratios hold roughly: 24 classes, so loosely.
    let share = (a.lines().count() - 1) as f64 / 3000.0;
    assert!((0.4..0.95).contains(&share), "{share}");
    // Another seed deals them otherwise.
    let (status, _, _) = run(
        dir.path(),
        &[
            "split",
            "--column",
            "2",
            "t.csv",
            "--parts",
            "a=0.7,b=0.3",
            "--seed",
            "10",
            "-o",
            "u.csv",
        ],
    );
    assert_eq!(status, 0);
    assert_ne!(fs::read_to_string(dir.path().join("u.a.csv")).unwrap(), *a);
}

/// Bad rows are kept, unchanged, or left out with --skip-bad; either way
/// named on stderr by line, counted by --stats, and the status is 1.
#[test]
fn bad_rows_are_kept_or_skipped_and_reported() {
    let dir = temp_dir();
    let sample = sample_puzzles();
    let two_solutions = format!("{}", Grid::EMPTY);
    let mut conflicting = sample[1].to_string();
    conflicting.replace_range(0..2, "11");
    let rows = [
        format!("1,{}", sample[0]),
        "2,12345".to_string(),
        "3,x........".to_string(),
        format!("4,{conflicting}"),
        format!("5,{two_solutions}"),
        format!("6,{}", sample[2]),
    ];
    let table = format!("id,puzzle\n{}\n", rows.join("\n"));
    fs::write(dir.path().join("t.csv"), &table).unwrap();
    let split = |extra: &[&str], by: &str| {
        let mut args = vec![
            "split",
            "--column",
            "puzzle",
            "t.csv",
            "--parts",
            "x=0.5,y=0.5",
            "--stats",
            "--by",
            by,
            "-o",
            "t.csv",
        ];
        args.extend(extra);
        let (status, _, stderr) = run(dir.path(), &args);
        let x = fs::read_to_string(dir.path().join("t.x.csv")).unwrap();
        let y = fs::read_to_string(dir.path().join("t.y.csv")).unwrap();
        let mut kept: Vec<String> = x
            .lines()
            .chain(y.lines())
            .filter(|l| !l.starts_with("id"))
            .map(String::from)
            .collect();
        kept.sort();
        (status, stderr, kept)
    };
    let (status, stderr, kept) = split(&[], "puzzle");
    assert_eq!(status, 1);
    assert_eq!(kept, rows);
    for line in [3, 4, 5] {
        assert!(
            stderr.contains(&format!("t.csv:{line}: column 'puzzle': ")),
            "{stderr}"
        );
    }
    assert!(stderr.contains("bad:          3\n"), "{stderr}");
    let (status, stderr, kept) = split(&["--skip-bad"], "grid");
    assert_eq!(status, 1);
    assert_eq!(kept, [rows[0].clone(), rows[5].clone()]);
    assert!(stderr.contains("t.csv:6: column 'puzzle': "), "{stderr}");
    assert!(stderr.contains("bad:          4 (skipped)\n"), "{stderr}");

    // leakage names them too, and they leak nothing.
    let (status, stdout, stderr) = run(
        dir.path(),
        &["leakage", "--column", "puzzle", "--stats", "t.csv", "t.csv"],
    );
    assert_eq!(status, 1);
    assert!(
        stdout.ends_with("\n3 of 6 puzzles of t.csv are equivalent to a puzzle of t.csv\n"),
        "{stdout}"
    );
    assert!(stderr.contains("B bad:        3\n"), "{stderr}");
    assert!(stderr.contains("t.csv:4: column 'puzzle': "), "{stderr}");
}

/// Usage errors name the option and exit 2, before any part is written.
#[test]
fn bad_options_are_usage_errors() {
    let dir = temp_dir();
    fs::write(dir.path().join("p.txt"), lines(&sample_puzzles())).unwrap();
    fs::write(dir.path().join("t.csv"), "a,b\n1,2\n").unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["split", "p.txt", "--parts", "a=0.5,b=0.4", "-o", "o.txt"],
            "'--parts <NAME=RATIO,...>': the ratios add up to 0.9",
        ),
        (
            &["split", "p.txt", "--parts", "a:0.5", "-o", "o.txt"],
            "'--parts <NAME=RATIO,...>': 'a:0.5' is not NAME=RATIO",
        ),
        (
            &[
                "split", "p.txt", "--parts", "a=1", "--by", "row", "-o", "o.txt",
            ],
            "'--by <BY>'",
        ),
        (&["split", "p.txt", "--parts", "a=1"], "--output"),
        (
            &[
                "split", "--column", "puzzle", "t.csv", "--parts", "a=1", "-o", "o.csv",
            ],
            "no column named 'puzzle'",
        ),
        (&["leakage", "p.txt"], "<B>"),
        (
            &["leakage", "--column", "quizzes", "t.csv", "t.csv"],
            "no column named 'quizzes'",
        ),
        (
            &["leakage", "p.txt", "missing.txt"],
            "cannot read input missing.txt",
        ),
    ];
    for (args, says) in cases {
        let (status, stdout, stderr) = run(dir.path(), args);
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let mut left = crate::util::dir_entries(dir.path());
    left.sort();
    assert_eq!(left, ["p.txt", "t.csv"]);
}

/// Plain lines (RRN's headerless `q,a` with `0` for blanks) and grid blocks
/// keep their layout; comments and blank lines are left out.
#[test]
fn plain_lines_and_grid_blocks_keep_their_layout() {
    let dir = temp_dir();
    let sample = sample_puzzles();
    let mut text = String::from("# a comment\n\n");
    for puzzle in &sample[..6] {
        let solution = solve(puzzle).unwrap().grid;
        text += &format!("{},{}\n", puzzle.to_string().replace('.', "0"), solution);
    }
    fs::write(dir.path().join("rrn.txt"), &text).unwrap();
    let (status, _, stderr) = run(
        dir.path(),
        &[
            "split",
            "rrn.txt",
            "--parts",
            "a=0.5,b=0.5",
            "--by",
            "grid",
            "-o",
            "out",
        ],
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
    let a = fs::read_to_string(dir.path().join("out.a")).unwrap();
    let b = fs::read_to_string(dir.path().join("out.b")).unwrap();
    let mut kept: Vec<&str> = a.lines().chain(b.lines()).collect();
    kept.sort();
    let mut expected: Vec<&str> = text.lines().skip(2).collect();
    expected.sort();
    assert_eq!(kept, expected);

    fs::copy(
        crate::util::data("sample_grid.txt"),
        dir.path().join("board.txt"),
    )
    .unwrap();
    let (status, _, stderr) = run(
        dir.path(),
        &[
            "split",
            "--input",
            "grid",
            "board.txt",
            "--parts",
            "a=0.5,b=0.5",
            "-o",
            "board.txt",
        ],
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
    let mut boards = Vec::new();
    for part in ["board.a.txt", "board.b.txt"] {
        let text = fs::read_to_string(dir.path().join(part)).unwrap();
        let rows: Vec<&str> = text.lines().filter(|line| !line.is_empty()).collect();
        for board in rows.chunks(9) {
            boards.push(board.concat().parse::<Grid>().unwrap());
        }
    }
    boards.sort_by_key(|grid| grid.to_string());
    let mut expected = sample[..2].to_vec();
    expected.sort_by_key(|grid| grid.to_string());
    assert_eq!(boards, expected);
}

/// `data/rrn_style.txt`, made the way RRN's sudoku-hard was: 60 puzzles of
/// the 17-clue census (every 800th), five copies of each with 0 to 7 givens
/// of its solution added and its digits relabelled, as headerless `q,a`
/// lines with `0` for blanks, in a shuffled order.
fn rrn_style(census: &[Grid]) -> String {
    let zeros = |grid: &Grid| grid.to_string().replace('.', "0");
    let mut rng = Rng::new(2018);
    let mut lines = Vec::new();
    for base in census.iter().step_by(800).take(60) {
        let solution = solve(base).unwrap().grid;
        for _ in 0..5 {
            let added = rng.below(8) as usize;
            let puzzle = with_added_clues(base, added, &mut rng);
            let relabel = relabelling(&mut rng);
            let (q, a) = (relabel.apply(&puzzle), relabel.apply(&solution));
            lines.push(format!("{},{}\n", zeros(&q), zeros(&a)));
        }
    }
    rng.shuffle(&mut lines);
    lines.concat()
}

/// The bundled set is what `rrn_style` makes of the census
/// (`UPDATE_DATA=1` writes it).
#[test]
fn rrn_style_set_is_made_from_the_census() {
    let Some(census) = crate::util::reference_puzzles("17_clue.txt") else {
        return;
    };
    let made = rrn_style(&census);
    let path = crate::util::data("rrn_style.txt");
    if std::env::var_os("UPDATE_DATA").is_some() {
        fs::write(&path, &made).unwrap();
    }
    assert_eq!(fs::read_to_string(&path).unwrap(), made);
}

/// `split` streams: 320,000 rows peak within a few MB of 40,000 (as
/// `/usr/bin/time` measures), whatever the parts hold.
#[test]
fn split_runs_in_flat_memory() {
    if !crate::util::have("/usr/bin/time") {
        return;
    }
    let dir = temp_dir();
    let sample = sample_puzzles();
    let peak = |rows: usize| {
        let path = dir.path().join(format!("{rows}.txt"));
        let text: String = (0..rows)
            .map(|i| format!("{}\n", sample[i % sample.len()]))
            .collect();
        fs::write(&path, text).unwrap();
        let script = format!(
            "/usr/bin/time -f '{}' \"$0\" split -q -j2 \"$1\" --parts a=0.5,b=0.5 -o \"$1\"",
            crate::util::PEAK_FORMAT
        );
        let output = crate::util::program("sh")
            .args(["-c", &script, env!("CARGO_BIN_EXE_sudokuflow")])
            .arg(&path)
            .output();
        assert!(output.status.success());
        crate::util::peak_kb(&String::from_utf8(output.stderr).unwrap())
    };
    let (small, large) = (peak(40_000), peak(320_000));
    assert!(
        large < small + 8 * 1024,
        "peak {small} KB for 40,000 rows, {large} KB for 320,000"
    );
}
