//! `augment` and `label`, the dataset commands: variants equivalent to their
//! group's original with their solutions, the same bytes at any `-j`, the
//! public layouts, label's columns against `solve`, `rate`, `canon` and the
//! library's solver, bad rows and usage errors.

use std::collections::HashMap;

use sudokuflow::Grid;
use sudokuflow::logic;

use crate::util::{equivalent, reference_puzzles, sudokuflow, temp_dir};

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = sudokuflow().args(args).write_stdin(stdin).output();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The puzzles of `data/sample.txt`, one a line.
fn sample() -> String {
    crate::util::sample_puzzles()
        .iter()
        .map(|g| format!("{g}\n"))
        .collect()
}

/// The lines `args` prints for `stdin`, which must succeed quietly.
fn lines(args: &[&str], stdin: &str) -> Vec<String> {
    let (status, out, err) = run(args, stdin.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""), "{args:?}");
    out.lines().map(str::to_string).collect()
}

fn grid(text: &str) -> Grid {
    text.parse().unwrap()
}

/// CSV rows (no quotes in these) as maps from the header's names.
fn rows(csv: &str) -> Vec<HashMap<String, String>> {
    let mut lines = csv.lines();
    let names: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            assert_eq!(fields.len(), names.len(), "{line}");
            names
                .iter()
                .zip(fields)
                .map(|(n, f)| (n.to_string(), f.to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn augmented_variants_are_equivalent_to_their_group_with_their_solutions() {
    let input = sample();
    let csv = lines(
        &[
            "augment",
            "-n",
            "4",
            "--with-original",
            "--seed",
            "3",
            "-f",
            "csv",
        ],
        &input,
    )
    .join("\n");
    let rows = rows(&csv);
    let originals: Vec<&str> = input.lines().collect();
    assert_eq!(rows.len(), originals.len() * 5);
    let solutions = lines(&["solve"], &input);
    let puzzles: Vec<&str> = rows.iter().map(|r| r["puzzle"].as_str()).collect();
    let canon_of_variants = lines(&["canon"], &(puzzles.join("\n") + "\n"));
    let canon_of_originals = lines(&["canon"], &input);
    for (i, row) in rows.iter().enumerate() {
        let k = i / 5;
        // The group is the original's line; the original comes first.
        assert_eq!(row["group"], (k + 1).to_string());
        assert_eq!(row["problem"], "");
        if i % 5 == 0 {
            assert_eq!(row["puzzle"], originals[k]);
            assert_eq!(row["solution"], solutions[k]);
        }
        assert_eq!(canon_of_variants[i], canon_of_originals[k], "row {i}");
        let (puzzle, solution) = (grid(&row["puzzle"]), grid(&row["solution"]));
        assert!(solution.is_solution_of(&puzzle), "row {i}");
        assert_eq!(sudokuflow::solve(&puzzle).unwrap().grid, solution);
        if i < 10 {
            // The independent oracle agrees with canon's word.
            assert!(equivalent(puzzle.cells(), grid(originals[k]).cells()));
        }
    }
}

#[test]
fn variants_are_shuffles_and_the_same_bytes_at_any_thread_count() {
    let input = sample().repeat(40);
    let shuffled = lines(&["shuffle", "-n", "3", "--seed", "11"], &input);
    for format in ["line", "csv"] {
        let args = ["augment", "-n", "3", "--seed", "11", "-f", format];
        let one = lines(&[&args[..], &["-j1"]].concat(), &input);
        for threads in ["-j2", "-j3"] {
            assert_eq!(lines(&[&args[..], &[threads]].concat(), &input), one);
        }
        if format == "line" {
            let puzzles: Vec<&str> = one.iter().map(|l| &l[..81]).collect();
            assert_eq!(puzzles, shuffled);
        }
    }
    // One puzzle's variants, cut into several jobs.
    let one_puzzle = format!("{}\n", input.lines().next().unwrap());
    let args = ["augment", "-n", "40000", "--seed", "5"];
    let one = lines(&[&args[..], &["-j1"]].concat(), &one_puzzle);
    assert_eq!(one.len(), 40000);
    assert_eq!(lines(&[&args[..], &["-j2"]].concat(), &one_puzzle), one);
}

/// Kaggle's two layouts, sudoku-extreme's and RRN's headerless q,a: the
/// puzzle read from its column, the solution written in its place, blanks
/// as the input has them.
#[test]
fn public_layouts_are_augmented_in_place() {
    let pairs: Vec<(String, String)> =
        lines(&["generate", "-n", "6", "--seed", "2", "--solution"], "")
            .iter()
            .map(|l| {
                let (p, s) = l.split_once(',').unwrap();
                (p.to_string(), s.to_string())
            })
            .collect();
    let zeros = |p: &str| p.replace('.', "0");
    let mut kaggle = String::from("quizzes,solutions\n");
    let mut extreme = String::from("source,question,answer,rating\n");
    let mut rated = String::from("id,puzzle,solution,clues,difficulty\n");
    let mut rrn = String::new();
    for (i, (p, s)) in pairs.iter().enumerate() {
        kaggle += &format!("{},{s}\n", zeros(p));
        extreme += &format!("gen,{p},{s},{i}\n");
        rated += &format!(
            "{i},{p},{s},{},1.5\n",
            p.bytes().filter(|&b| b != b'.').count()
        );
        rrn += &format!("{},{s}\n", zeros(p));
    }
    let cases = [
        (
            kaggle,
            vec!["--column", "quizzes", "--solution-column", "solutions"],
            "quizzes",
            "solutions",
            '0',
            "quizzes,solutions,group,problem",
        ),
        (
            extreme,
            vec!["--column", "question", "--solution-column", "answer"],
            "question",
            "answer",
            '.',
            "source,question,answer,rating,group,problem",
        ),
        (
            rated,
            vec!["--column", "puzzle"],
            "puzzle",
            "solution",
            '.',
            "id,puzzle,solution,clues,difficulty,group,problem",
        ),
        (
            rrn.clone(),
            vec![],
            "puzzle",
            "solution",
            '0',
            "puzzle,solution,group,problem",
        ),
    ];
    for (table, options, puzzle, solution, blank, header) in cases {
        let args = [
            &["augment", "-n", "2", "--seed", "4", "-f", "csv"][..],
            &options,
        ]
        .concat();
        let out = lines(&args, &table).join("\n");
        assert_eq!(out.lines().next().unwrap(), header);
        let rows = rows(&out);
        assert_eq!(rows.len(), 12);
        for row in &rows {
            let (p, s) = (&row[puzzle], &row[solution]);
            assert!(p.contains(blank) && !p.contains(if blank == '0' { '.' } else { '0' }));
            assert!(grid(s).is_solution_of(&grid(p)), "{header}: {p} {s}");
        }
    }
    // RRN's lines in, its lines out.
    for line in lines(&["augment", "-n", "2", "--seed", "4"], &rrn) {
        let (p, s) = line.split_once(',').unwrap();
        assert!(p.contains('0') && !p.contains('.'));
        assert!(grid(s).is_solution_of(&grid(p)));
    }
    // --blank overrides.
    let dots = lines(&["augment", "--blank", ".", "--seed", "1"], &rrn);
    assert!(
        dots.iter()
            .all(|l| l.contains('.') && !l[..81].contains('0'))
    );
}

/// label's columns are what solve, solve --count, rate and canon give (and
/// the solver's guesses), whole columns compared.
#[test]
fn label_columns_equal_solve_rate_and_canon() {
    let mut input = sample();
    if let Some(puzzles) = reference_puzzles("17_clue.txt") {
        for puzzle in puzzles.iter().step_by(500) {
            input += &format!("{}\n", puzzle.to_string().replace('.', "0"));
        }
    }
    let csv = lines(&["label", "-f", "csv", "--budget", "200000"], &input).join("\n");
    let rows = rows(&csv);
    let column = |name: &str| rows.iter().map(|r| r[name].clone()).collect::<Vec<_>>();
    let zeros_in = |line: &str| line.contains('0');
    // Blanks follow each puzzle's: canon --zeros for 0-blank lines.
    let solutions = lines(&["solve"], &input);
    assert_eq!(column("solution"), solutions);
    let counts = lines(&["solve", "--count"], &input);
    assert_eq!(column("solutions"), counts);
    let canon: Vec<String> = lines(&["canon"], &input)
        .into_iter()
        .zip(input.lines())
        .map(|(form, line)| {
            if zeros_in(line) {
                form.replace('.', "0")
            } else {
                form
            }
        })
        .collect();
    assert_eq!(column("canonical"), canon);
    let rated = lines(&["rate", "--budget", "200000"], &input);
    let from_label: Vec<String> = rows
        .iter()
        .map(|r| {
            let puzzle = r["puzzle"].replace('0', ".");
            format!(
                "{puzzle} {}/{}/{} {} {}",
                r["er"], r["ep"], r["ed"], r["level"], r["hardest"]
            )
        })
        .collect();
    assert_eq!(from_label, rated);
    for (row, line) in rows.iter().zip(input.lines()) {
        let puzzle = grid(line);
        assert_eq!(row["puzzle"], line);
        assert_eq!(row["clues"], puzzle.clue_count().to_string());
        assert_eq!(
            row["guesses"],
            sudokuflow::solve(&puzzle).unwrap().guesses.to_string()
        );
        let options = logic::Options::default().with_budget(Some(200_000));
        let steps = logic::explain(&puzzle, &options).unwrap().steps.len();
        let counted: usize = row["techniques"]
            .split(';')
            .map(|entry| entry.rsplit_once(':').unwrap().1.parse::<usize>().unwrap())
            .sum();
        assert_eq!(counted, steps, "{line}");
        assert_eq!(row["problem"], "");
    }
    // A subset, in the columns' order, on lines.
    let picked = lines(&["label", "--columns", "canonical,clues"], &input);
    for (line, row) in picked.iter().zip(&rows) {
        assert_eq!(
            *line,
            format!("{},{},{}", row["puzzle"], row["clues"], row["canonical"])
        );
    }
}

const GOOD: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

/// Bad rows stay in place with their marker and the columns that apply, or
/// are left out with --skip-bad; each is named with its line on stderr and
/// counted by --stats.
#[test]
fn bad_rows_are_marked_in_place_or_skipped() {
    let conflicting = format!("11{}", &GOOD[2..]);
    let several = ".".repeat(81);
    let no_solution = "12345678.........9".to_string() + &".".repeat(63);
    let table = format!(
        "id,puzzle\n1,{GOOD}\n2,abc\n3,{conflicting}\n4,{several}\n5,{no_solution}\n6,{GOOD}\n7\n"
    );
    let (status, out, err) = run(
        &[
            "label",
            "--column",
            "puzzle",
            "--columns",
            "clues,solutions",
            "-f",
            "csv",
        ],
        table.as_bytes(),
    );
    assert_eq!(status, 1);
    let expected = [
        "id,puzzle,clues,solutions,problem",
        &format!("1,{GOOD},21,1,"),
        "2,abc,,,!bad-character",
        &format!("3,{conflicting},22,,!conflicting-givens"),
        &format!("4,{several},0,2,!multiple-solutions"),
        &format!("5,{no_solution},9,0,!no-solution"),
        &format!("6,{GOOD},21,1,"),
        "7,,,!ragged-row",
    ];
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    for line in [3, 4, 5, 6, 8] {
        assert!(err.contains(&format!("<stdin>:{line}:")), "{err}");
    }
    let (status, out, err) = run(
        &[
            "augment",
            "--column",
            "puzzle",
            "--seed",
            "1",
            "--skip-bad",
            "-f",
            "csv",
            "--stats",
        ],
        table.as_bytes(),
    );
    assert_eq!(status, 1);
    let rows = rows(&out);
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (rows[0]["group"].as_str(), rows[1]["group"].as_str()),
        ("2", "7")
    );
    assert!(err.contains("bad:          5"), "{err}");
    let (_, out, _) = run(
        &["augment", "--column", "puzzle", "--seed", "1"],
        table.as_bytes(),
    );
    let markers: Vec<&str> = out.lines().filter(|l| l.starts_with('!')).collect();
    assert_eq!(
        markers,
        [
            "!bad-character",
            "!conflicting-givens",
            "!multiple-solutions",
            "!no-solution",
            "!ragged-row"
        ]
    );
}

/// Usage errors name the option and exit 2, before any output.
#[test]
fn usage_errors_name_the_option() {
    let dir = temp_dir();
    let table = dir.path().join("t.csv");
    std::fs::write(&table, format!("id,puzzle\n1,{GOOD}\n")).unwrap();
    let table = table.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["label", "--columns", "clues,rating", table], "--columns"),
        (&["label", "--column", "quizzes", table], "--column"),
        (
            &[
                "augment",
                "--column",
                "puzzle",
                "--solution-column",
                "answer",
                table,
            ],
            "--solution-column",
        ),
        (
            &["augment", "--solution-column", "answer", table],
            "--column",
        ),
        (&["augment", "--blank", "x", table], "--blank"),
    ];
    for (args, option) in cases {
        let (status, out, err) = run(args, b"");
        assert_eq!((status, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(option), "{args:?}: {err}");
    }
}

/// The commands of the ` ```sh ` block under `heading` in `page` of docs/,
/// comments left out.
fn page_commands(page: &str, heading: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join(page);
    let text = std::fs::read_to_string(path).unwrap();
    let section = &text[text.find(heading).expect("the heading")..];
    let block = section.split("```sh\n").nth(1).expect("a sh block");
    let block = &block[..block.find("```").unwrap()];
    block
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// docs/machine-learning.md's HRM-style dataset, made by its commands as
/// written, on the forum's hardest: a test part that shares no solution
/// grid with the training part, 1,000 bases of at least 20 guesses with
/// 1 + 999 variants each, none of them equivalent to a test puzzle.
#[test]
fn the_guides_hrm_style_dataset_is_made_as_shown() {
    let Some(hardest) = crate::util::data_file("forum_hardest_11plus.txt") else {
        return;
    };
    let dir = temp_dir();
    std::os::unix::fs::symlink(&hardest, dir.path().join("forum_hardest_11plus.txt")).unwrap();
    let commands = page_commands("machine-learning.md", "## An HRM-style dataset");
    assert_eq!(commands.len(), 5, "{commands:?}");
    let mut outputs = Vec::new();
    for command in &commands {
        let output = crate::util::shell(command, dir.path());
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(0), "{command}: {stderr}");
        outputs.push(String::from_utf8(output.stdout).unwrap());
    }
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    let (train, test) = (read("hard.train.txt"), read("hard.test.txt"));
    assert_eq!(train.lines().count() + test.lines().count(), 48_765);
    assert!(test.lines().count() > 4_000, "{}", test.lines().count());

    let rows = read("train.csv");
    let mut lines = rows.lines();
    assert_eq!(lines.next(), Some("puzzle,solution,group,problem"));
    let mut groups: HashMap<&str, Vec<&str>> = HashMap::new();
    let mut bases = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        let variants = groups.entry(fields[2]).or_default();
        if variants.is_empty() {
            // --with-original: a group's first row is its base.
            bases.push(fields[0]);
        }
        variants.push(fields[0]);
    }
    assert_eq!(groups.len(), 1_000);
    assert!(groups.values().all(|v| v.len() == 1_000));
    // Every base is a training puzzle of at least 20 guesses.
    assert!(bases.iter().all(|b| train.contains(b)));
    let input: String = bases.iter().map(|b| format!("{b}\n")).collect();
    let out = sudokuflow()
        .args(["label", "--columns", "guesses", "-"])
        .write_stdin(input.as_bytes())
        .output();
    let guesses = String::from_utf8(out.stdout).unwrap();
    for line in guesses.lines() {
        let count: u64 = line.rsplit(',').next().unwrap().parse().unwrap();
        assert!(count >= 20, "{line}");
    }
    let solutions = read("test.csv");
    assert_eq!(solutions.lines().count(), test.lines().count() + 1);
    // The two checks: nothing leaks.
    let tests = test.lines().count();
    let checks = [
        (
            &outputs[3],
            format!("0 of {tests} puzzles of hard.test.txt"),
        ),
        (&outputs[4], format!("0 of {tests} puzzles of test.csv")),
    ];
    for (output, start) in checks {
        assert!(output.starts_with(&start), "{output}");
    }

    // Labelling the million: every row labelled, a sample checked against
    // solve and canon.
    let label = page_commands("machine-learning.md", "### Labelling a million puzzles");
    assert_eq!(label.len(), 1, "{label:?}");
    let output = crate::util::shell(&label[0], dir.path());
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let labelled = read("labelled.csv");
    let mut lines = labelled.lines();
    assert_eq!(
        lines.next(),
        Some("puzzle,solution,group,problem,clues,solutions,guesses,canonical")
    );
    let sample: Vec<&str> = lines.step_by(9_973).collect();
    assert_eq!(sample.len(), 101);
    let puzzles: String = sample
        .iter()
        .map(|row| format!("{}\n", &row[..81]))
        .collect();
    let answers = |command: &str| {
        let out = sudokuflow()
            .args([command, "-"])
            .write_stdin(puzzles.as_bytes())
            .output();
        String::from_utf8(out.stdout).unwrap()
    };
    let (solved, canon) = (answers("solve"), answers("canon"));
    for ((row, solution), form) in sample.iter().zip(solved.lines()).zip(canon.lines()) {
        let fields: Vec<&str> = row.split(',').collect();
        let clues = fields[0]
            .bytes()
            .filter(u8::is_ascii_digit)
            .count()
            .to_string();
        assert_eq!(
            [fields[1], fields[3], fields[4], fields[5], fields[7]],
            [solution, "", &clues, "1", form],
            "{row}"
        );
    }
}
