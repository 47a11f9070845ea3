//! The examples of every command's help and manual page. They come last in
//! `--help`, past everything clap wraps, so a long command line is never cut
//! in the middle (a terminal folds it, and a copy of it still runs). A test
//! (tests/cli_help.rs) runs every example of every command and checks the
//! lines help shows it printing.

/// A command line, and lines it prints (on stdout or stderr).
pub struct Example {
    /// The command line, as a shell takes it.
    pub command: &'static str,
    /// Lines it prints, among others.
    pub shows: &'static [&'static str],
}

/// An example shown without its output.
const fn run(command: &'static str) -> Example {
    Example {
        command,
        shows: &[],
    }
}

/// `sudokuflow --help`.
pub const TOP: &[Example] = &[
    run("sudokuflow solve puzzles.txt > solutions.txt"),
    run("sudokuflow solve --count puzzles.txt"),
    run("sudokuflow generate -n 1000 --seed 42 --symmetry rotate180"),
    run("sudokuflow shuffle -n 5 puzzles.txt"),
    run("sudokuflow rate puzzles.txt"),
    run(
        "sudokuflow explain 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ),
    run("sudokuflow generate -n 24 --level hard"),
    run("sudokuflow generate -n 24 --level medium | sudokuflow print -o sheets.pdf --solutions"),
    run("sudokuflow dedupe puzzles.txt > distinct.txt"),
];

/// `sudokuflow solve --help`.
pub const SOLVE: &[Example] = &[
    run("sudokuflow solve puzzles.txt > solutions.txt"),
    run("cat day1.txt day2.txt | sudokuflow solve --stats"),
    run("sudokuflow solve --count --limit 1000 puzzles.txt"),
    run("sudokuflow solve --format pretty board.txt"),
    run("sudokuflow solve -j 4 -o solutions.txt part1.txt part2.txt"),
    run("sudokuflow solve --column quizzes --format csv kaggle.csv.gz -o solved.csv"),
    run("parallel --pipepart -a huge.txt -k --block 1M sudokuflow solve > solutions.txt"),
];

/// `sudokuflow generate --help`.
pub const GENERATE: &[Example] = &[
    run("sudokuflow generate -n 1000 --seed 42 > puzzles.txt"),
    run("sudokuflow generate -n 10000 --symmetry rotate180 -o puzzles.txt"),
    run("sudokuflow generate -n 10 --clues 30 --solution"),
    run("sudokuflow generate --format pretty"),
    run("sudokuflow generate -n 24 --level hard --symmetry rotate180"),
    run("sudokuflow generate -n 1000 --stats | sudokuflow solve --count"),
    run("sudokuflow generate -n 10 --from puzzles.txt --min-er 8.0 --stats"),
];

/// `sudokuflow shuffle --help`.
pub const SHUFFLE: &[Example] = &[
    run("sudokuflow shuffle puzzles.txt > disguised.txt"),
    run("sudokuflow shuffle -n 10 --seed 7 puzzles.txt"),
    run("sudokuflow generate -n 100 | sudokuflow shuffle -n 5 --format pretty"),
];

/// `sudokuflow rate --help`.
pub const RATE: &[Example] = &[
    Example {
        command: "echo 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ | sudokuflow rate",
        shows: &[
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ 9.0/1.2/1.2 hell Dynamic Forcing Chains",
        ],
    },
    run("sudokuflow rate puzzles.txt > rated.txt"),
    run("sudokuflow generate -n 1000 | sudokuflow rate --stats"),
    run("sudokuflow rate --budget 2000000000 hardest.txt"),
    run("sudokuflow rate --budget unlimited hardest.txt"),
    run("sudokuflow rate puzzles.txt | awk '$3 == \"hard\"'"),
];

/// `sudokuflow explain --help`.
pub const EXPLAIN: &[Example] = &[
    Example {
        command: "sudokuflow explain 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        shows: &[
            "1. [1.2] Hidden Single: r9c3 = 7, the only place for 7 in box 7",
            "4. [2.6] Pointing: in box 4, 5 can only go in r5c3 and r6c3, both in column 3; so the 5 of",
            "column 3 is in box 4, and r1c3, r2c3 and r3c3 cannot be 5",
        ],
    },
    run("sudokuflow explain --format json puzzles.txt > steps.jsonl"),
    run("sudokuflow generate --level hard -n 3 | sudokuflow explain -o hard.html"),
    run("sudokuflow generate --level medium | sudokuflow explain --order simple"),
];

/// `sudokuflow print --help`.
pub const PRINT: &[Example] = &[
    run(
        "sudokuflow generate -n 24 --level medium | sudokuflow print -o sheets.pdf --per-page 6 --solutions",
    ),
    run("sudokuflow print puzzles.txt -o puzzles.html --title 'Week 12' --paper letter"),
    run("sudokuflow print puzzles.txt -o page.svg --per-page 1"),
    run("sudokuflow print puzzles.txt --solutions-only -o answers.pdf"),
    run(
        "sudokuflow print puzzles.txt -o zadania.pdf --title 'Łatwe zadania' --rules='Wpisz cyfry od 1 do 9.' --level-names easy=łatwe,medium=średnie",
    ),
];

/// `sudokuflow canon --help`.
pub const CANON: &[Example] = &[
    Example {
        command: "echo 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ | sudokuflow canon",
        shows: &[
            "........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..",
        ],
    },
    run("sudokuflow canon puzzles.txt > canonical.txt"),
    run("sudokuflow canon --zeros puzzles.txt | sort -u > classes.txt"),
    run("sudokuflow generate -n 1000 | sudokuflow canon --stats > /dev/null"),
];

/// `sudokuflow dedupe --help`.
pub const DEDUPE: &[Example] = &[
    run("sudokuflow dedupe puzzles.txt > distinct.txt"),
    run("sudokuflow dedupe --count puzzles.txt"),
    run("sudokuflow dedupe --canonical a.txt b.txt -o classes.txt"),
];

/// `sudokuflow augment --help`.
pub const AUGMENT: &[Example] = &[
    run("sudokuflow augment -n 999 --with-original --seed 1 hardest.txt -o train.txt"),
    run(
        "sudokuflow augment --column question --solution-column answer -n 10 --seed 1 -f csv extreme.csv -o train.csv",
    ),
    run("sudokuflow augment -n 5 --seed 7 --skip-bad --stats puzzles.txt > variants.txt"),
];

/// `sudokuflow label --help`.
pub const LABEL: &[Example] = &[
    run("sudokuflow label --columns solution,clues,guesses,canonical puzzles.txt"),
    run("sudokuflow label --column quizzes -f csv kaggle.csv.gz -o labelled.csv"),
    run("sudokuflow label --columns er,level,techniques --skip-bad -f csv puzzles.txt"),
];

/// `sudokuflow split --help`.
pub const SPLIT: &[Example] = &[
    run("sudokuflow split puzzles.txt --parts train=0.8,test=0.2 --seed 7 -o data.txt"),
    run(
        "sudokuflow split --column quizzes kaggle.csv.gz --parts train=0.9,val=0.05,test=0.05 --by grid -o kaggle.csv",
    ),
];

/// `sudokuflow leakage --help`.
pub const LEAKAGE: &[Example] = &[
    run(
        "sudokuflow split puzzles.txt --parts train=0.8,test=0.2 -o data.txt && sudokuflow leakage data.train.txt data.test.txt",
    ),
    run("sudokuflow leakage --by grid --stats data.train.txt data.test.txt -o leaks.txt"),
];

/// `sudokuflow completions --help`.
pub const COMPLETIONS: &[Example] = &[
    run("sudokuflow completions bash > ~/.local/share/bash-completion/completions/sudokuflow"),
    run("sudokuflow completions zsh -o ~/.zfunc/_sudokuflow"),
    run("sudokuflow completions fish > ~/.config/fish/completions/sudokuflow.fish"),
];

/// `sudokuflow man --help`.
pub const MAN: &[Example] = &[
    run("sudokuflow man | man -l -"),
    run("sudokuflow man solve | man -l -"),
    run("sudokuflow man > ~/.local/share/man/man1/sudokuflow.1"),
    run("sudokuflow man solve -o ~/.local/share/man/man1/sudokuflow-solve.1"),
];

/// `sudokuflow play --help`.
pub const PLAY: &[Example] = &[
    run("sudokuflow play --plain --level hard"),
    run("sudokuflow play --plain sudoku1.txt --puzzle 3"),
    run(
        "echo 'r1c3 4' | sudokuflow play --plain 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ),
    Example {
        command: "sudokuflow play --plain --resume",
        shows: &["1 | 5  3 (4)| .  7  . | .  .  . |"],
    },
];

/// The examples of the command named `command` (`None`: sudokuflow itself).
pub fn of(command: Option<&str>) -> &'static [Example] {
    match command {
        None => TOP,
        Some("solve") => SOLVE,
        Some("generate") => GENERATE,
        Some("shuffle") => SHUFFLE,
        Some("rate") => RATE,
        Some("explain") => EXPLAIN,
        Some("print") => PRINT,
        Some("canon") => CANON,
        Some("dedupe") => DEDUPE,
        Some("augment") => AUGMENT,
        Some("label") => LABEL,
        Some("split") => SPLIT,
        Some("leakage") => LEAKAGE,
        Some("completions") => COMPLETIONS,
        Some("man") => MAN,
        Some("play") => PLAY,
        Some(_) => &[],
    }
}

/// `examples` as help shows them: each command indented by two spaces,
/// what it prints under it by four.
pub fn text(examples: &[Example]) -> String {
    let mut text = String::from("Examples:");
    for example in examples {
        text += "\n  ";
        text += example.command;
        for line in example.shows {
            text += "\n    ";
            text += line;
        }
    }
    text
}

/// The help template of a command with `examples`: clap's own, then the
/// examples as they are (clap wraps all it writes but a template's text).
pub fn help_template(examples: &[Example]) -> String {
    format!(
        "{{before-help}}{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\n\
         {{all-args}}{{after-help}}\n\n{}",
        text(examples)
    )
}
