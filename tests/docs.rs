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

/// Why the four lines of docs/rating.md that add eleven's puzzles to the
/// sample are run elsewhere.
const ELEVENS_BLOCK: &str = "tests/measuring.rs elevens_puzzles_at_the_top_extend_the_sample runs the block, read from the page, on generated puzzles in the layout of eleven's list (the list itself is kept outside the repository)";

/// Shown commands that no trycmd case runs, each with the CI step or test
/// that runs it (or why nothing does). A command is matched as written in
/// the page, its comment and surplus spaces removed.
const RUN_ELSEWHERE: &[(&str, &str)] = &[
    // Building, installing and testing.
    (
        "cargo install --path .",
        ".ci/run installs it with --debug (the dev profile, not the release profile's) into a scratch root and runs `sudokuflow --version`",
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
        "crates/sudokuflow/tests/examples.rs runs the build `cargo test --workspace` makes (.ci/run)",
    ),
    (
        "cargo run -p sudokuflow --example generate",
        "crates/sudokuflow/tests/examples.rs runs the build `cargo test --workspace` makes (.ci/run)",
    ),
    (
        "cargo run -p sudokuflow --example pipeline",
        "crates/sudokuflow/tests/examples.rs runs the build `cargo test --workspace` makes (.ci/run)",
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
        "not run: it needs two hosts; two_host_recipe_is_the_one_host_recipe_with_hosts (this file) keeps it the one-host recipe tests/cli.rs runs",
    ),
    (
        "sudokuflow print week12.txt -o sheets.pdf --per-page 6 --solutions --paper a4 --title \"Week 12 · Неделя 12 · 第12周\" --rules",
        "needs a Chinese font: tests/print.rs prints CJK titles, and .ci/run installs fonts-wqy-microhei",
    ),
    (
        "sudokuflow play",
        "tests/cli_play.rs full_screen_game_in_tmux (a terminal is needed)",
    ),
    (
        "sudokuflow play --plain --resume",
        "tests/cli_play.rs a_save_file_this_version_cannot_read_is_kept_unless_the_player_says_so (a page's commands have no standard input to make the move a save needs)",
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
        "pip install target/wheels/sudokuflow-*.whl \"dask[distributed]\" pandas pyarrow",
        ".ci/run (its fresh venv gets the wheel, pandas, pyarrow and dask[distributed])",
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
        "python python/examples/dask_solve.py kaggle.csv solved --workers 2 --column quizzes",
        "python/tests/test_dask_example.py runs it on a Kaggle-layout CSV on a local cluster of 2 workers, quizzes being the default column (.ci/run)",
    ),
    (
        "python python/examples/dask_solve.py kaggle.parquet solved --scheduler tcp://scheduler:8786",
        "python/tests/test_dask_example.py runs it on a Parquet file with the address of a one-worker cluster's scheduler it starts on loopback (.ci/run)",
    ),
    (
        "scripts/test_cluster_recipes.sh",
        "not run by .ci/run (installing pyspark and Ray and running their tests took 3.3 and 5.8 minutes on a busy 2-core machine): run by hand; .ci/run runs its Dask test",
    ),
    (
        "pip install target/wheels/sudokuflow-*.whl pyspark pandas pyarrow",
        "scripts/test_cluster_recipes.sh (its fresh venv gets the wheel, pyspark, pandas and pyarrow; not in .ci/run)",
    ),
    (
        "python python/examples/spark_solve.py kaggle.csv solved --master \"local[2]\"",
        "python/cluster_tests/test_spark_ray_recipes.py runs it on a Kaggle-layout CSV, local[2] being the default (scripts/test_cluster_recipes.sh; not in .ci/run)",
    ),
    (
        "pip install target/wheels/sudokuflow-*.whl \"ray[data]\"",
        "scripts/test_cluster_recipes.sh (its fresh venv gets the wheel and ray[data]; not in .ci/run)",
    ),
    (
        "python python/examples/ray_solve.py kaggle.csv solved --cpus 2",
        "python/cluster_tests/test_spark_ray_recipes.py runs it on a Kaggle-layout CSV, 2 CPUs being the default (scripts/test_cluster_recipes.sh; not in .ci/run)",
    ),
    // Fuzzing: nightly only, and CI has stable alone; crates/fuzz-checks/tests/regressions.rs
    // replays the targets' seeds and regressions through their checks on stable, and
    // fuzzing_commands_name_targets_and_seeds_that_exist (this file) checks what they name.
    ("cd fuzz", "not run in CI (cargo-fuzz needs nightly)"),
    (
        "cargo +nightly fuzz list",
        "not run in CI (cargo-fuzz needs nightly); its comment is checked against fuzz/Cargo.toml",
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
        "not run: it minimizes a failure found by fuzzing (nightly)",
    ),
    // Measurements: the figures are taken by hand, with release builds on the
    // reference sets; the tests run each command on a few puzzles, one round,
    // with debug builds, so that it keeps working.
    (
        "sudokuflow label --column puzzle --columns solution,clues,solutions,guesses,canonical -f csv train.csv -o labelled.csv",
        "tests/cli_dataset.rs (the_guides_hrm_style_dataset_is_made_as_shown) runs it as written on the page's train.csv, made from the reference set (SUDOKUFLOW_DATA)",
    ),
    (
        "sudokuflow split forum_hardest_11plus.txt --by grid --parts train=0.9,test=0.1 --seed 1 -o hard.txt",
        "tests/cli_dataset.rs (the_guides_hrm_style_dataset_is_made_as_shown) runs the page's five commands as written, on the reference set (SUDOKUFLOW_DATA)",
    ),
    (
        "sudokuflow label --columns guesses -f csv hard.train.txt | awk -F, 'NR > 1 && $2 >= 20 { print $1; if (++n == 1000) exit }' | sudokuflow augment -n 999 --with-original --seed 1 -f csv -o train.csv",
        "tests/cli_dataset.rs (the_guides_hrm_style_dataset_is_made_as_shown) runs the page's five commands as written, on the reference set (SUDOKUFLOW_DATA)",
    ),
    (
        "sudokuflow label --columns solution -f csv hard.test.txt -o test.csv",
        "tests/cli_dataset.rs (the_guides_hrm_style_dataset_is_made_as_shown) runs the page's five commands as written, on the reference set (SUDOKUFLOW_DATA)",
    ),
    (
        "sudokuflow leakage --by grid hard.train.txt hard.test.txt",
        "tests/cli_dataset.rs (the_guides_hrm_style_dataset_is_made_as_shown) runs the page's five commands as written, on the reference set (SUDOKUFLOW_DATA)",
    ),
    (
        "sudokuflow leakage --column puzzle train.csv test.csv",
        "tests/cli_dataset.rs (the_guides_hrm_style_dataset_is_made_as_shown) runs the page's five commands as written, on the reference set (SUDOKUFLOW_DATA)",
    ),
    (
        "sudokuflow generate -n 100 --from forum_hardest_11plus.txt --min-er 10.0 --seed 1 --stats -o new.txt",
        "tests/cli_generate.rs (from_finds_new_unique_puzzles_rated_at_least_the_threshold) runs the search on 12 of the set (the page's 100 take 105 s of CPU)",
    ),
    (
        "sudokuflow rate new.txt",
        "tests/cli_generate.rs (from_finds_new_unique_puzzles_rated_at_least_the_threshold) rates its finds",
    ),
    (
        "sudokuflow leakage forum_hardest_11plus.txt new.txt",
        "tests/cli_generate.rs (from_finds_new_unique_puzzles_rated_at_least_the_threshold) checks its finds against the seeds with an independent equivalence oracle",
    ),
    (
        "awk 'NR%487==1' ../shared/data/forum_hardest_11plus.txt | sudokuflow rate --stats",
        "tests/measuring.rs runs it on every 16255th line (3 puzzles: the page's 100 take minutes of CPU)",
    ),
    (
        "scripts/se_top_rate.sh SAMPLE rated.txt",
        "tests/measuring.rs runs it on data/se_rated_sample.txt (Sukaku Explainer's ERs; SE's own ratings of the top are kept outside the repository)",
    ),
    (
        "scripts/se_agreement.py SAMPLE rated.txt --bands top",
        "tests/measuring.rs runs it on data/se_rated_sample.txt, none of whose puzzles is in the top bands, and with the default bands, which hold them all",
    ),
    (
        r#"awk -F, 'length($1) == 81 && $(NF-4) != "" && $(NF-4) != "x" && $(NF-2) != "" { printf "%s %.1f/%.1f/%.1f\n", $1, $(NF-4), $(NF-3), $(NF-2) }' HardestDatabase110626.txt > sample.txt"#,
        "tests/measuring.rs runs it, read from the page, on lines in the database's layout (the database itself is kept outside the repository)",
    ),
    (
        r#"awk '$2 >= 11.5 { printf "%s %.1f/%.1f/%.1f\n", $1, $2, $3, $4 }' puzzles.txt > eleven_top.txt"#,
        ELEVENS_BLOCK,
    ),
    (
        r#"cut -d' ' -f1 sample.txt | sudokuflow canon > known.txt"#,
        ELEVENS_BLOCK,
    ),
    (
        r#"cut -d' ' -f1 eleven_top.txt | sudokuflow canon | paste -d' ' - eleven_top.txt | awk 'NR == FNR { known[$1]; next } !($1 in known) { print $2, $3 }' known.txt - > new.txt"#,
        ELEVENS_BLOCK,
    ),
    (
        r#"awk -v n="$(wc -l < new.txt)" 'NR - 1 == int(k * n / 60) { print; k++ }' new.txt >> sample.txt"#,
        ELEVENS_BLOCK,
    ),
    (
        "SUDOKUFLOW_DATA=../shared/data cargo test -p sudokuflow-cli --lib key_latency -- --ignored --nocapture",
        "not run in CI (minutes of CPU): src/play/app.rs key_latency_measures_one_game_a_level runs its measurement on one new game of each level",
    ),
    (
        "cargo run --release -p sudokuflow-compare -- --rounds 5 FILE...",
        "benches/compare/tests/measurements.rs runs it with --rounds 1 on data/sample.txt",
    ),
    (
        "TDOKU=/path/to/driver scripts/vs_tdoku.sh FILE...",
        "not run with tdoku (built outside the repository): benches/compare/tests/measurements.rs runs the script with ROUNDS=1 on data/sample.txt, the `sudoku` crate's peer_solve standing in for tdoku's driver",
    ),
    (
        "scripts/bench.sh FILE...",
        "benches/compare/tests/measurements.rs runs it with ROUNDS=1 on data/sample.txt, SUDOKUFLOW and PEER_SOLVE naming the debug builds",
    ),
    (
        "cargo run --release -p sudokuflow-compare --bin compare_generate",
        "benches/compare/tests/measurements.rs runs it with --puzzles 20 --rounds 1",
    ),
    (
        "cargo run --release -p sudokuflow-compare --bin compare_rate -- --max-er 4.4 puzzles.txt",
        "benches/compare/tests/measurements.rs runs it with --rounds 1 on data/sample.txt",
    ),
    (
        "cargo run --release -p sudokuflow-compare --bin compare_canon -- --rounds 5 17_clue.txt",
        "benches/compare/tests/measurements.rs runs it with --rounds 1 on the first 36 puzzles of 17_clue.txt (SUDOKUFLOW_DATA)",
    ),
    (
        "python python/benchmarks/speed.py PUZZLES.txt BINARY --rounds 5 --threads 2",
        "python/tests/test_speed_benchmark.py runs it with --rounds 1 on 50 puzzles (.ci/run)",
    ),
    (
        "python python/benchmarks/speed.py target/easy_1m.txt target/release/sudokuflow --rounds 3 --threads 1",
        "python/tests/test_speed_benchmark.py runs it with --rounds 1 on 50 puzzles (.ci/run)",
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

/// The fuzz targets: the `[[bin]]`s of `fuzz/Cargo.toml`, sorted.
fn fuzz_targets() -> Vec<String> {
    let manifest = fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
    let mut targets = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if in_bin && let Some(name) = line.strip_prefix("name = ") {
            targets.push(name.trim_matches('"').to_string());
        }
    }
    targets.sort();
    targets
}

/// CI cannot run the fuzzing commands (cargo-fuzz needs nightly), so what
/// they name is checked: `fuzz list`'s comment shows every target, `run`
/// and `tmin` name targets, and the seed folders named are there
/// (cargo-fuzz makes `corpus/` and `artifacts/` itself).
#[test]
fn fuzzing_commands_name_targets_and_seeds_that_exist() {
    let targets = fuzz_targets();
    let page = fs::read_to_string(root().join("docs/development.md")).unwrap();
    let mut listed: Vec<&str> = page
        .lines()
        .find_map(|line| line.strip_prefix("cargo +nightly fuzz list"))
        .and_then(|rest| rest.split_once('#'))
        .expect("docs/development.md shows `cargo +nightly fuzz list # TARGET...`")
        .1
        .split_whitespace()
        .collect();
    listed.sort();
    assert_eq!(listed, targets, "`fuzz list`'s comment and fuzz/Cargo.toml");
    let shown = all_shown_commands();
    let fuzzing: Vec<Vec<&str>> = shown
        .iter()
        .filter_map(|s| s.command.strip_prefix("cargo +nightly fuzz "))
        .map(|command| command.split_whitespace().collect())
        .collect();
    assert!(fuzzing.len() >= 4, "{fuzzing:?}");
    for words in fuzzing {
        if matches!(words[0], "run" | "tmin") {
            let target = words[1..].iter().find(|w| !w.starts_with('-')).unwrap();
            assert!(
                targets.iter().any(|t| t == target),
                "{words:?}: no target {target}"
            );
        }
        for seeds in words.iter().filter(|w| w.starts_with("seeds/")) {
            let folder = root().join("fuzz").join(seeds);
            assert!(folder.is_dir(), "{words:?}: no folder {}", folder.display());
        }
    }
}

/// The two-host recipe cannot run here: it stays the one-host recipe,
/// which tests/cli.rs runs, with the hosts added.
#[test]
fn two_host_recipe_is_the_one_host_recipe_with_hosts() {
    let shown = all_shown_commands();
    let two_hosts = shown
        .iter()
        .find(|s| s.command.contains(" -S host1,host2 "))
        .expect("a page shows the two-host recipe");
    let one_host = two_hosts.command.replace(" -S host1,host2", "");
    assert!(
        shown.iter().any(|s| s.command == one_host),
        "{}:{}: no page shows it without -S: {one_host}",
        two_hosts.page.display(),
        two_hosts.line
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
