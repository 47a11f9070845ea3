//! Ctrl-C alike in every command: SIGINT ends a run by the signal itself,
//! leaving an `-o` file as it was and no temporary file; a SIGINT ignored
//! when the program started (a background job of a script) stays ignored.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Instant;

use crate::util::{DEADLINE, Running, dir_entries, program, sudokuflow, temp_dir};

const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// The commands that read puzzles from standard input, with their
/// arguments for writing to the file `OUT`.
const READERS: &[(&str, &[&str])] = &[
    ("solve", &["solve", "-o", "OUT"]),
    ("shuffle", &["shuffle", "-o", "OUT"]),
    ("rate", &["rate", "-o", "OUT"]),
    ("explain", &["explain", "-o", "OUT"]),
    ("print", &["print", "--format", "pdf", "-o", "OUT"]),
    ("canon", &["canon", "-o", "OUT"]),
    ("dedupe", &["dedupe", "-o", "OUT"]),
    ("augment", &["augment", "-o", "OUT"]),
    ("label", &["label", "-o", "OUT"]),
    // Its parts are OUT.a and OUT.b.
    ("split", &["split", "--parts", "a=0.5,b=0.5", "-o", "OUT"]),
    // Standard input as B, against A.
    ("leakage", &["leakage", A_FILE, "-", "-o", "OUT"]),
];

/// The A file of `leakage` in READERS, made beside its output.
const A_FILE: &str = "a.txt";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sudokuflow")
}

/// `sudokuflow args` with OUT replaced by `out`, started from `sh` with
/// SIGINT ignored (`trap '' INT`, as a script's background job has it) or not.
fn start(args: &[&str], out: &Path, ignored: bool, dir: &Path) -> Running {
    let args: Vec<String> = args
        .iter()
        .map(|&a| {
            let a = if a == "OUT" { out.to_str().unwrap() } else { a };
            format!("'{a}'")
        })
        .collect();
    let trap = if ignored { "trap '' INT; " } else { "" };
    program("sh")
        .arg("-c")
        .arg(format!("{trap}exec '{}' {}", bin(), args.join(" ")))
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir)
        .stdin(Stdio::piped())
        .spawn()
}

/// The lines of `stream` as they come, on a channel.
fn lines_of(stream: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    receive
}

/// Waits for a line containing `text` (failing at the common deadline).
fn wait_for(lines: &mpsc::Receiver<String>, text: &str) {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if line.contains(text) => return,
            Ok(_) => {}
            Err(e) => panic!("no line with {text:?}: {e}"),
        }
    }
}

/// Each reader is interrupted once it has reported a bad first line (so it
/// is well past start-up): with SIGINT ignored at start it goes on to the
/// end of its input and writes its file; otherwise it ends by SIGINT,
/// leaving the previous file and no temporary one.
#[test]
fn every_reader_stops_on_sigint_unless_it_was_ignored_at_start() {
    for &(name, args) in READERS {
        for ignored in [true, false] {
            let dir = temp_dir();
            let out = dir.path().join("out");
            let mut entries = vec!["out".to_string()];
            // What the run writes: OUT, or split's parts.
            let written_files: Vec<_> = if name == "split" {
                entries = vec!["out.a".into(), "out.b".into()];
                entries.iter().map(|e| dir.path().join(e)).collect()
            } else {
                vec![out.clone()]
            };
            if args.contains(&A_FILE) {
                fs::write(dir.path().join(A_FILE), format!("{PUZZLE}\n")).unwrap();
                entries.insert(0, A_FILE.into());
            }
            for file in &written_files {
                fs::write(file, "previous\n").unwrap();
            }
            let mut child = start(args, &out, ignored, dir.path());
            let mut stdin = child.stdin.take().unwrap();
            let stderr = lines_of(child.stderr.take().unwrap());
            writeln!(stdin, "not a puzzle").unwrap();
            wait_for(&stderr, "<stdin>:1:");
            child.signal(libc::SIGINT);
            // The puzzle reaches a run that is still going (or a closed pipe).
            let _ = writeln!(stdin, "{PUZZLE}");
            drop(stdin);
            let status = child.wait();
            let what = format!("{name}, SIGINT ignored: {ignored}");
            if ignored {
                assert_eq!(status.code(), Some(1), "{what}: one bad line");
                let written: Vec<Vec<u8>> =
                    written_files.iter().map(|f| fs::read(f).unwrap()).collect();
                assert!(written.iter().all(|w| w != b"previous\n"), "{what}");
                assert!(written.iter().any(|w| !w.is_empty()), "{what}");
            } else {
                assert_eq!(status.signal(), Some(libc::SIGINT), "{what}");
                for file in &written_files {
                    assert_eq!(fs::read_to_string(file).unwrap(), "previous\n", "{what}");
                }
            }
            assert_eq!(dir_entries(dir.path()), entries, "{what}");
        }
    }
}

/// `generate` alike: interrupted after its first puzzle.
#[test]
fn generate_stops_on_sigint_unless_it_was_ignored_at_start() {
    let dir = temp_dir();
    let out = dir.path().join("unused");
    let mut child = start(
        &["generate", "-n", "2000", "--seed", "1"],
        &out,
        true,
        dir.path(),
    );
    let stdout = lines_of(child.stdout.take().unwrap());
    let first = stdout.recv_timeout(DEADLINE).unwrap();
    child.signal(libc::SIGINT);
    let rest = stdout.iter().count();
    assert!(child.wait().success());
    assert_eq!((first.len(), 1 + rest), (81, 2000));

    // A pipe nobody reads holds the run mid-way while it is interrupted.
    let mut child = start(&["generate", "-n", "100000"], &out, false, dir.path());
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    child.signal(libc::SIGINT);
    assert_eq!(child.wait().signal(), Some(libc::SIGINT));
}

/// The game keeps an ignored SIGINT ignored too.
#[test]
fn play_keeps_an_ignored_sigint_ignored() {
    let dir = temp_dir();
    let out = dir.path().join("unused");
    let args = ["play", "--plain", "--level", "easy", "--seed", "1"];
    let mut child = start(&args, &out, true, dir.path());
    let mut stdin = child.stdin.take().unwrap();
    let stdout = lines_of(child.stdout.take().unwrap());
    // The board comes after the game's signal thread has started.
    stdout.recv_timeout(DEADLINE).unwrap();
    child.signal(libc::SIGINT);
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().success());
}

/// Every command of `sudokuflow --help` is covered above, but for those
/// that finish at once (completions, man).
#[test]
fn every_command_is_covered() {
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
    let mut covered: Vec<&str> = READERS.iter().map(|&(name, _)| name).collect();
    covered.extend(["generate", "play", "completions", "man"]);
    covered.sort_unstable();
    let mut commands = commands;
    commands.sort_unstable();
    assert_eq!(commands, covered);
}
