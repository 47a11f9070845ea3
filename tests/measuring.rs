//! The measuring commands of docs/rating.md, run on a few puzzles with the
//! debug build: `rate --stats` on a pipe of the forum's hardest, and the
//! scripts that rate a sample one puzzle a process and set the ratings
//! beside Sudoku Explainer's. What is checked is that each runs and prints
//! what the page reads; the figures are not.

use std::fs;
use std::path::{Path, PathBuf};

use crate::util::{Run, data, data_file, have, program, temp_dir};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `bash -c line` in the root, `sudokuflow` on the path.
fn shell(line: &str) -> Run {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_sudokuflow"))
        .parent()
        .unwrap();
    let path = std::env::join_paths(std::iter::once(PathBuf::from(bin_dir)).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut run = program("bash");
    run.args(["-c", &format!("set -o pipefail; {line}")])
        .current_dir(root())
        .env("PATH", path);
    run
}

/// The lines of docs/rating.md from `first_words` to the end of their
/// fenced block.
fn rating_page_block(first_words: &str) -> String {
    let page = fs::read_to_string(root().join("docs/rating.md")).unwrap();
    let start = page
        .find(first_words)
        .unwrap_or_else(|| panic!("docs/rating.md has no {first_words:?}"));
    let end = start + page[start..].find("\n```").unwrap();
    page[start..end].to_string()
}

/// The standard output of `run`, which must succeed, and its standard
/// error.
fn output_of(run: &mut Run) -> (String, String) {
    let output = run.output();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stderr}");
    (String::from_utf8(output.stdout).unwrap(), stderr)
}

#[test]
fn rate_stats_on_every_nth_of_the_forums_hardest() {
    // The page's `awk 'NR%487==1' ../shared/data/forum_hardest_11plus.txt
    // | sudokuflow rate --stats` rates 100 puzzles, minutes of CPU: every
    // 16255th line here, 3 puzzles.
    let Some(hardest) = data_file("forum_hardest_11plus.txt") else {
        return;
    };
    let (stdout, stderr) =
        output_of(shell("awk 'NR%16255==1' \"$0\" | sudokuflow rate --stats").arg(&hardest));
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    // What the page shows it for: the count of lower bounds and the most
    // work on one puzzle.
    let stat = |name: &str| stderr.lines().find_map(|line| line.strip_prefix(name));
    assert!(stat("lower bounds: ").is_some(), "{stderr}");
    assert!(
        stat("work: ").is_some_and(|work| work.contains(", at most ")),
        "{stderr}"
    );
}

#[test]
fn se_scripts_rate_a_sample_a_process_each_and_compare_by_band() {
    if !have("/usr/bin/time") || !have("python3") {
        return;
    }
    let dir = temp_dir();
    let sample = data("se_rated_sample.txt");
    let rated = dir.path().join("rated.txt");
    // scripts/se_top_rate.sh SAMPLE rated.txt
    output_of(
        program(root().join("scripts/se_top_rate.sh"))
            .arg(&sample)
            .arg(&rated)
            .env("SUDOKUFLOW", env!("CARGO_BIN_EXE_sudokuflow")),
    );
    let lines = fs::read_to_string(&rated).unwrap();
    assert_eq!(lines.lines().count(), 24, "{lines}");
    assert!(lines.lines().all(|l| l.contains(" cpu=")), "{lines}");
    // scripts/se_agreement.py SAMPLE rated.txt --bands top: the sample's
    // ERs, 7.1 to 8.9, are below the top bands.
    let agreement = |bands: &[&str]| {
        output_of(
            program(root().join("scripts/se_agreement.py"))
                .arg(&sample)
                .arg(&rated)
                .args(bands),
        )
        .0
    };
    let top = agreement(&["--bands", "top"]);
    assert!(
        top.starts_with("24 reference puzzles, 0 in these bands rated by sudokuflow"),
        "{top}"
    );
    let table = agreement(&[]);
    let all = table
        .lines()
        .find(|line| line.starts_with("| all | 24 |"))
        .unwrap_or_else(|| panic!("{table}"));
    // The last columns, the median and 90th-percentile CPU times, read from
    // se_top_rate.sh's lines.
    let mut columns = all.trim_end_matches(" |").rsplit("| ");
    let p90: f64 = columns.next().unwrap().trim().parse().expect(all);
    let median: f64 = columns.next().unwrap().trim().parse().expect(all);
    assert!(median <= p90, "{all}");
}

#[test]
fn the_hardest_databases_rated_lines_make_the_sample() {
    // The page's awk line, read from the page itself, on lines in the
    // database's layout: only puzzles with ER, EP and ED are kept.
    let command = rating_page_block("awk -F, 'length($1) == 81");
    let dir = temp_dir();
    let puzzle = |c: char| format!("{c}{}", ".".repeat(80));
    let database = [
        "HardestDatabase110626".to_string(),
        "#!sudoku -c1,PuzzleR,Label,Poster,q1,q2,ER,EP,ED,Sx9,Sxt".into(),
        format!("{},x,x,x,x,x,x,x,x,x", puzzle('1')),
        format!(
            "{},T-00001;name,tarek,95532,97174,,,,4674,3311",
            puzzle('2')
        ),
        format!(
            "{},T-00004;a;b,tarek,76373,96793,10.3,10.3,9.8,3906,2180",
            puzzle('3')
        ),
        format!(
            "{},T-00005,tarek,98760,97581,11,1.2,1.2,3576,2134",
            puzzle('4')
        ),
        format!("{},T-00006,tarek,98760,97581,10.9,,,3576,2134", puzzle('5')),
    ];
    fs::write(
        dir.path().join("HardestDatabase110626.txt"),
        database.join("\n") + "\n",
    )
    .unwrap();
    output_of(shell(&command).current_dir(dir.path()));
    let sample = fs::read_to_string(dir.path().join("sample.txt")).unwrap();
    assert_eq!(
        sample,
        format!(
            "{} 10.3/10.3/9.8\n{} 11.0/1.2/1.2\n",
            puzzle('3'),
            puzzle('4')
        )
    );
}

#[test]
fn elevens_puzzles_at_the_top_extend_the_sample() {
    // The page's lines, read from the page itself: eleven's puzzles rated
    // 11.5 or more, those equivalent to one of the sample left out, 60 of
    // the rest evenly spaced, added to the sample.
    let command = rating_page_block("awk '$2 >= 11.5");
    let dir = temp_dir();
    let (generated, _) = output_of(&mut shell("sudokuflow generate -n 122 --seed 5"));
    let puzzles: Vec<&str> = generated.lines().collect();
    let known = puzzles[0];
    // The known puzzle with its digits 1 and 2 swapped: the same puzzle.
    let relabelled: String = known
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    fs::write(
        dir.path().join("sample.txt"),
        format!("{known} 11.6/11.6/2.6\n"),
    )
    .unwrap();
    let mut elevens = vec![
        format!("{relabelled}  11.6 11.6 02.6"),
        format!("{}  11.4 11.4 11.4", puzzles[1]),
    ];
    elevens.extend(puzzles[2..].iter().map(|p| format!("{p}  11.5 01.2 01.2")));
    fs::write(dir.path().join("puzzles.txt"), elevens.join("\n") + "\n").unwrap();
    output_of(shell(&command).current_dir(dir.path()));
    let sample = fs::read_to_string(dir.path().join("sample.txt")).unwrap();
    let expected: String = std::iter::once(format!("{known} 11.6/11.6/2.6\n"))
        .chain(
            puzzles[2..]
                .iter()
                .step_by(2)
                .map(|p| format!("{p} 11.5/1.2/1.2\n")),
        )
        .collect();
    assert_eq!(sample, expected);
}
