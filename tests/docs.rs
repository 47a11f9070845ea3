//! The commands the README and the guide (`docs/`) show, run.
//!
//! Every ` ```console ` block of `README.md` and `docs/*.md` is a trycmd
//! case: each `$ sudokuflow ...` line runs (a `> ` line continues it), and
//! the lines under it, stdout and stderr together, must be its output
//! (`...` stands for lines left out, `[..]` for part of a line; `? N` under
//! the command is its exit status, 0 when not given). The commands of one
//! page run in order in a scratch folder of their own that holds a copy of
//! `data/`, so a page can make a file with one command and read it with the
//! next, and its files never land in the repository.
//!
//! Commands that cannot run inside a test (installing, building, cluster
//! and measuring commands, pipes, the full-screen game) are shown in
//! ` ```sh ` blocks instead. `every_shown_command_is_run_somewhere` reads
//! every ` ```sh ` and ` ```console ` command line of the README, the guide,
//! `ARCHITECTURE.md` and `CHANGELOG.md`, and fails unless trycmd runs it or
//! `RUN_ELSEWHERE` lists it with what runs it.
//!
//! `TRYCMD=overwrite cargo test --test tests docs::` writes the outputs the
//! commands give back into the pages (check the diff: an output that no
//! longer matches comes back whole, to be cut with `...` again). An output
//! shown to its end takes a blank line after it (before the closing fence
//! or the next `$` line), as trycmd drops the last line end of what a page
//! shows.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Shown commands that no trycmd case runs, each with the CI step or test
/// that runs it (or why nothing does). A command is matched as written in
/// the page, its comment and surplus spaces removed.
const RUN_ELSEWHERE: &[(&str, &str)] = &[
    // Building, installing and testing.
    (
        "cargo install --path .",
        "not run: it installs into ~/.cargo/bin; `cargo test --workspace` (.ci/run) builds the same binary",
    ),
    (
        "cargo run --release -- solve data/sample.txt",
        "not run in CI (a whole-program LTO build); README.md's `sudokuflow solve data/sample.txt` runs the same command here",
    ),
    ("cargo test --workspace", ".ci/run"),
    (
        "SUDOKUFLOW_DATA=../shared/data cargo test --workspace",
        ".ci/run (it sets SUDOKUFLOW_DATA to ../shared/data)",
    ),
    (
        "cargo test --test tests docs::",
        "this file; .ci/run's `cargo test --workspace` runs it",
    ),
    (
        "cargo run -p sudokuflow --example solve",
        "built, not run, by `cargo test --workspace` and clippy --all-targets (.ci/run)",
    ),
    (
        "cargo run -p sudokuflow --example generate",
        "built, not run, by `cargo test --workspace` and clippy --all-targets (.ci/run)",
    ),
    (
        "cargo run -p sudokuflow --example pipeline",
        "built, not run, by `cargo test --workspace` and clippy --all-targets (.ci/run)",
    ),
    // Pipes, and files outside the scratch folder: most of these lines are
    // also `--help` examples, which tests/cli_help.rs runs through bash.
    (
        "cat day1.txt day2.txt | sudokuflow solve --stats",
        "tests/cli_help.rs (a `solve --help` example)",
    ),
    (
        "sudokuflow solve --column puzzle sudoku.csv.gz",
        "tests/cli_csv.rs gzip_and_zstd_files_and_pipes_read_as_plain_text, and tests/cli_help.rs runs `solve --column quizzes --format csv kaggle.csv.gz` (a `solve --help` example)",
    ),
    (
        "sudokuflow generate -n 1000 --solution -f csv | gzip > made.csv.gz",
        "tests/cli_csv.rs gzip_and_zstd_files_and_pipes_read_as_plain_text reads gzip tables",
    ),
    (
        "sudokuflow completions bash > ~/.local/share/bash-completion/completions/sudokuflow",
        "tests/cli_help.rs (a `completions --help` example, with a scratch HOME)",
    ),
    (
        "sudokuflow man | man -l -",
        "tests/cli_help.rs (a `man --help` example, where man is installed; .ci/run installs it)",
    ),
    (
        "sudokuflow canon --zeros puzzles.txt | sort -u > classes.txt",
        "tests/cli_help.rs (a `canon --help` example)",
    ),
    (
        "parallel --pipepart -a puzzles.txt -k --block 10M sudokuflow canon | sort -u > classes.txt",
        "not run: tests/cli.rs gnu_parallel_recipe_matches_one_process runs the same recipe with solve",
    ),
    (
        "parallel --pipepart -a puzzles.txt -k --block 10M sudokuflow solve > solutions.txt",
        "tests/cli.rs gnu_parallel_recipe_matches_one_process (.ci/run installs parallel)",
    ),
    (
        "parallel --pipepart -a puzzles.txt -k --block 10M -S host1,host2 sudokuflow solve > solutions.txt",
        "not run: it needs two hosts; tests/cli.rs runs the one-host recipe",
    ),
    (
        "sudokuflow print week12.txt -o sheets.pdf --per-page 6 --solutions --paper a4 --title \"Week 12 · Неделя 12 · 第12周\" --rules",
        "needs a Chinese font: tests/print.rs prints CJK titles, and .ci/run installs fonts-wqy-microhei",
    ),
    (
        "sudokuflow play",
        "tests/cli_play.rs full_screen_game_in_tmux (a terminal is needed)",
    ),
    // Python.
    (
        "scripts/build_wheel.sh",
        ".ci/run (it builds the wheel the Python tests run against)",
    ),
    (
        "pip install target/wheels/sudokuflow-*.whl",
        ".ci/run (it installs the wheel into a fresh venv, with no Rust on the PATH)",
    ),
    (
        "pip install ./python",
        "not run: .ci/run builds the same python/ with the same maturin, as a wheel (scripts/build_wheel.sh)",
    ),
    (
        "pip install pytest pandas \"dask[distributed]\" && cargo build && pytest python/tests",
        ".ci/run (pip install into a fresh venv, then pytest python/tests)",
    ),
    (
        "pip install target/wheels/sudokuflow-*.whl \"dask[distributed]\" pandas",
        ".ci/run (its fresh venv gets the wheel, pandas and dask[distributed])",
    ),
    (
        "maturin generate-ci github -m python/Cargo.toml -o .github/workflows/python.yml",
        "not run: it writes a release workflow (its output was read with maturin 1.16.0)",
    ),
    (
        "python -m venv pyspark_venv && pyspark_venv/bin/pip install target/wheels/sudokuflow-*.whl pandas pyarrow venv-pack",
        "not run: it packs a venv for a Spark cluster; .ci/run installs the wheel into a fresh venv",
    ),
    (
        "pyspark_venv/bin/venv-pack -p pyspark_venv -o pyspark_venv.tar.gz",
        "not run: it packs a venv for a Spark cluster",
    ),
    (
        "python python/examples/dask_solve.py kaggle.csv solved.csv --workers 2 --column quizzes",
        "python/tests/test_dask_example.py runs it on a local cluster of 2 workers, quizzes being the default column (.ci/run)",
    ),
    (
        "python python/examples/dask_solve.py kaggle.csv solved.csv --scheduler tcp://scheduler:8786",
        "not run: it needs a Dask scheduler; python/tests/test_dask_example.py runs the script on a local cluster",
    ),
    // Fuzzing: nightly only; crates/fuzz-checks/tests/regressions.rs replays the targets'
    // seeds and regressions through their checks on stable.
    ("cd fuzz", "not run in CI (cargo-fuzz needs nightly)"),
    (
        "cargo +nightly fuzz list",
        "not run in CI (cargo-fuzz needs nightly)",
    ),
    (
        "cargo +nightly fuzz run -O line corpus/line seeds/line -- -max_total_time=600",
        "not run in CI (cargo-fuzz needs nightly); crates/fuzz-checks/tests/regressions.rs replays the seeds",
    ),
    (
        "cargo +nightly fuzz run -O pipeline corpus/pipeline seeds/pipeline -- -max_total_time=600 -detect_leaks=0",
        "not run in CI (cargo-fuzz needs nightly); crates/fuzz-checks/tests/regressions.rs replays the seeds",
    ),
    (
        "cargo +nightly fuzz tmin -O pipeline artifacts/pipeline/crash-...",
        "not run: it minimizes a failure found by fuzzing",
    ),
    // Measurements: run by hand, on data kept outside the repository; the
    // programs are built by clippy --workspace --all-targets (.ci/run).
    (
        "awk 'NR%487==1' ../shared/data/forum_hardest_11plus.txt | sudokuflow rate --stats",
        "measurement, by hand (minutes of CPU)",
    ),
    (
        "scripts/se_top_rate.sh SAMPLE rated.txt",
        "measurement, by hand (needs SE's ratings, kept outside the repository)",
    ),
    (
        "scripts/se_agreement.py SAMPLE rated.txt --bands top",
        "measurement, by hand (needs SE's ratings, kept outside the repository)",
    ),
    (
        "SUDOKUFLOW_DATA=../shared/data cargo test -p sudokuflow-cli --lib key_latency -- --ignored --nocapture",
        "measurement, by hand (an #[ignore]d test)",
    ),
    (
        "cargo run --release -p sudokuflow-compare -- --rounds 5 FILE...",
        "measurement, by hand",
    ),
    (
        "TDOKU=/path/to/driver scripts/vs_tdoku.sh FILE...",
        "measurement, by hand (needs tdoku, built outside the repository)",
    ),
    ("scripts/bench.sh FILE...", "measurement, by hand"),
    (
        "cargo run --release -p sudokuflow-compare --bin compare_generate",
        "measurement, by hand",
    ),
    (
        "cargo run --release -p sudokuflow-compare --bin compare_rate -- --max-er 4.4 puzzles.txt",
        "measurement, by hand",
    ),
    (
        "cargo run --release -p sudokuflow-compare --bin compare_canon -- --rounds 5 17_clue.txt",
        "measurement, by hand",
    ),
    (
        "python python/benchmarks/speed.py PUZZLES.txt BINARY --rounds 5 --threads 2",
        "measurement, by hand",
    ),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pages whose ` ```console ` blocks trycmd runs, relative to the root.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md")];
    let mut guide: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| path.strip_prefix(root()).unwrap().to_path_buf())
        .collect();
    guide.sort();
    pages.extend(guide);
    pages
}

/// Copies the files of folder `from` into `to`, which it makes.
fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

#[test]
fn shown_commands_give_the_output_shown() {
    // trycmd runs PAGE.md in the folder PAGE.in beside it when there is one:
    // each page is copied into the scratch folder with its own PAGE.in, and
    // runs with a home of its own there (the game saves its games in it, and
    // `play --resume` takes the newest), one page after the other.
    let scratch = tempfile::tempdir().unwrap();
    eprintln!(
        "the pages run as copies in {}; their line numbers are the pages'",
        scratch.path().display()
    );
    let overwrite = std::env::var_os("TRYCMD").is_some_and(|mode| mode == "overwrite");
    let mut failed = Vec::new();
    for page in pages() {
        let copy = scratch.path().join(&page);
        let folder = copy.with_extension("in");
        fs::create_dir_all(copy.parent().unwrap()).unwrap();
        fs::copy(root().join(&page), &copy).unwrap();
        copy_folder(&root().join("data"), &folder.join("data"));
        let home = scratch.path().join(page.with_extension("home"));
        let cases = trycmd::TestCases::new();
        cases
            .register_bin("sudokuflow", trycmd::cargo::cargo_bin!("sudokuflow"))
            .timeout(Duration::from_secs(120))
            .env("HOME", home.display().to_string())
            .env("XDG_DATA_HOME", home.join("share").display().to_string())
            .env("XDG_CONFIG_HOME", home.join("config").display().to_string())
            .env("NO_COLOR", "1")
            .env("LC_ALL", "C.UTF-8")
            .case(&copy);
        if std::panic::catch_unwind(|| cases.run()).is_err() {
            failed.push(page.display().to_string());
        }
        if overwrite {
            fs::copy(&copy, root().join(&page)).unwrap();
        }
    }
    assert!(
        failed.is_empty(),
        "commands that do not give the output shown in: {}",
        failed.join(", ")
    );
}

/// Where a shown command is and whether trycmd runs it.
struct Shown {
    page: PathBuf,
    line: usize,
    command: String,
    run_by_trycmd: bool,
}

/// `line` without a trailing `# comment` (outside quotes), its runs of
/// spaces made one.
fn without_comment(line: &str) -> String {
    let mut quote = None;
    let mut end = line.len();
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => {
                end = i;
                break;
            }
            _ => {}
        }
        previous = c;
    }
    line[..end].split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The command lines of `text`'s ` ```sh ` and ` ```console ` blocks;
/// `run_by_trycmd` when trycmd runs the page's console blocks.
fn shown_commands(page: &Path, text: &str, run_by_trycmd: bool) -> Vec<Shown> {
    let mut shown = Vec::new();
    let mut push = |line: usize, command: &str, runs: bool| {
        let command = without_comment(command);
        if !command.is_empty() {
            shown.push(Shown {
                page: page.to_path_buf(),
                line,
                command,
                run_by_trycmd: runs,
            });
        }
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    while let Some((_, raw)) = lines.next() {
        let line = raw.trim_start();
        if !line.starts_with("```") {
            continue;
        }
        let ticks = line.len() - line.trim_start_matches('`').len();
        let fence = &line[..ticks];
        let mut info = line[ticks..].split(',');
        let lang = info.next().unwrap_or("").trim().to_string();
        let ignored = info.any(|part| part.trim() == "ignore");
        // trycmd sees only fences at the start of a line.
        let indented = raw.len() != line.len();
        let mut body = Vec::new();
        for (number, raw) in lines.by_ref() {
            let line = raw.trim();
            if line.starts_with(fence) && line[ticks..].is_empty() {
                break;
            }
            body.push((number, line));
        }
        match lang.as_str() {
            "console" => {
                let runs = run_by_trycmd && !ignored && !indented;
                let mut body = body.into_iter().peekable();
                while let Some((number, line)) = body.next() {
                    let Some(command) = line.strip_prefix("$ ") else {
                        continue;
                    };
                    let mut command = command.to_string();
                    while let Some(more) = body.peek().and_then(|(_, l)| l.strip_prefix("> ")) {
                        command.push(' ');
                        command.push_str(more);
                        body.next();
                    }
                    push(number, &command, runs);
                }
            }
            "sh" | "bash" | "shell" => {
                // A line ending in `\` goes on on the next line.
                let mut pending: Option<(usize, String)> = None;
                for (number, line) in body {
                    let (at, command) = match pending.take() {
                        Some((at, head)) => (at, format!("{head} {line}")),
                        None if line.is_empty() || line.starts_with('#') => continue,
                        None => (number, line.to_string()),
                    };
                    match command.strip_suffix('\\') {
                        Some(head) => pending = Some((at, head.to_string())),
                        None => push(at, &command, false),
                    }
                }
            }
            _ => {}
        }
    }
    shown
}

/// Every shown command line of the pages, ARCHITECTURE.md and CHANGELOG.md.
fn all_shown_commands() -> Vec<Shown> {
    let run = pages();
    let mut files = run.clone();
    files.extend(["ARCHITECTURE.md", "CHANGELOG.md"].map(PathBuf::from));
    let mut shown = Vec::new();
    for file in files {
        let Ok(text) = fs::read_to_string(root().join(&file)) else {
            continue;
        };
        let runs = run.contains(&file);
        shown.extend(shown_commands(&file, &text, runs));
    }
    shown
}

#[test]
fn every_shown_command_is_run_somewhere() {
    let shown = all_shown_commands();
    assert!(
        shown.iter().filter(|s| s.run_by_trycmd).count() >= 20,
        "too few commands found: is the reader of the pages broken?"
    );
    let unrun: Vec<String> = shown
        .iter()
        .filter(|s| !s.run_by_trycmd)
        .filter(|s| !RUN_ELSEWHERE.iter().any(|(c, _)| *c == s.command))
        .map(|s| format!("{}:{}: {}", s.page.display(), s.line, s.command))
        .collect();
    assert!(
        unrun.is_empty(),
        "shown commands that no test runs: show them in a ```console block \
         of README.md or docs/, or add them to RUN_ELSEWHERE with what runs \
         them:\n{}",
        unrun.join("\n")
    );
    let stale: Vec<&str> = RUN_ELSEWHERE
        .iter()
        .map(|(command, _)| *command)
        .filter(|command| {
            !shown
                .iter()
                .any(|s| !s.run_by_trycmd && s.command == *command)
        })
        .collect();
    assert!(
        stale.is_empty(),
        "RUN_ELSEWHERE lists commands no page shows now:\n{}",
        stale.join("\n")
    );
}

#[test]
fn the_reader_of_pages_finds_commands_as_written() {
    let text = "\
Some text.

```console
$ sudokuflow solve data/sample.txt
641279385...
...
$ sudokuflow print data/sample.txt -o a.pdf
>     --title \"A # title\"
```

```sh
cargo test --workspace   # the tests
# a comment
sudokuflow generate -n 3 \\
    --seed 1 | sort
```

```console,ignore
$ sudokuflow play
```

```text
$ not a command
```
";
    let shown = shown_commands(Path::new("page.md"), text, true);
    let found: Vec<(usize, &str, bool)> = shown
        .iter()
        .map(|s| (s.line, s.command.as_str(), s.run_by_trycmd))
        .collect();
    assert_eq!(
        found,
        [
            (4, "sudokuflow solve data/sample.txt", true),
            (
                7,
                "sudokuflow print data/sample.txt -o a.pdf --title \"A # title\"",
                true
            ),
            (12, "cargo test --workspace", false),
            (14, "sudokuflow generate -n 3 --seed 1 | sort", false),
            (19, "sudokuflow play", false),
        ]
    );
}
