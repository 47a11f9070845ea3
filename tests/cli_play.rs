//! `sudokuflow play` through the real binary: plain mode from a script, and
//! the full screen driven in tmux (send-keys, capture-pane).

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::util::{Run, program, sudokuflow, sudokuflow_with_peak_memory, temp_dir, wait_until};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The save file of the game on `PUZZLE` in `data`.
fn slot(data: &Path) -> PathBuf {
    data.join(format!("sudokuflow/game-{}.json", PUZZLE.replace('.', "0")))
}

/// The saved games in `data`.
fn saves(data: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(data.join("sudokuflow"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("game") && n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

/// `sudokuflow play` with its saves and settings in `data`, run there.
fn command(data: &Path) -> Run {
    in_data(sudokuflow(), data)
}

/// `run` set to play with its saves and settings in `data`.
fn in_data(mut command: Run, data: &Path) -> Run {
    command
        .arg("play")
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .current_dir(data);
    command
}

/// Runs `play ARGS` in plain mode on `script`; its output (stdout, then
/// stderr) and status.
fn run(data: &Path, args: &[&str], script: &str) -> (String, Option<i32>) {
    let output = command(data).args(args).write_stdin(script).output();
    let out = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (out, output.status.code())
}

/// `run` for a game that must end with status 0.
fn play(data: &Path, args: &[&str], script: &str) -> String {
    let (out, status) = run(data, args, script);
    assert_eq!(status, Some(0), "{out}");
    out
}

#[test]
fn plain_game_places_undoes_saves_resumes_and_solves() {
    let dir = temp_dir();
    let file = dir.path().join("sudoku1.txt");
    fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let file = file.to_str().unwrap();
    let out = play(
        dir.path(),
        &["--plain", file, "--puzzle", "1"],
        "r1c3 5\nr1c3 4\nundo\nhint\nquit\n",
    );
    // Both cells of a conflict are marked, the given too.
    assert!(out.contains("1 |!5! 3 !5!|"), "{out}");
    assert!(out.contains("1 | 5  3 (4)|"), "{out}");
    // The hint points at the wrong digit first.
    assert!(
        out.contains("r1c3 is not right: the solution disagrees (r1c3 0 clears it, undo undoes)"),
        "{out}"
    );
    assert!(out.contains("game saved to"), "{out}");
    let out = play(dir.path(), &["--plain", "--resume"], "history\nsolve\n");
    assert!(
        out.contains("1 |!5! 3 !5!|"),
        "resumed after the undo: {out}"
    );
    assert!(out.contains("1: r1c3 = 5  <- now"), "{out}");
    assert!(out.contains("Solved by the computer"), "{out}");
    assert!(saves(dir.path()).is_empty(), "a solved game leaves no save");
    // A file with problems lists them with line numbers.
    let bad = dir.path().join("bad.txt");
    fs::write(&bad, format!("{PUZZLE}\nnot a puzzle\n")).unwrap();
    let out = play(dir.path(), &["--plain", bad.to_str().unwrap()], "");
    assert!(out.contains("line 2") && out.contains("bad line"), "{out}");
    // The start prompt lists sudoku*.txt before other .txt files.
    let out = play(dir.path(), &["--plain"], "1\n1\nquit\n");
    let (sudoku, other) = (out.find("open ./sudoku1.txt"), out.find("open ./bad.txt"));
    assert!(sudoku.unwrap() < other.unwrap(), "{out}");
    assert!(out.contains("1 | 5  3  . |"), "{out}");
}

/// Item 14 of issue 28: the level and seed are shown, notes printed, and
/// prompts ask again after a bare Enter or a typo.
#[test]
fn plain_mode_shows_level_seed_notes_and_asks_again() {
    let dir = temp_dir();
    let out = play(
        dir.path(),
        &["--plain", "--level", "hard", "--seed", "7"],
        "notes\nquit\n",
    );
    assert!(out.contains("new hard game, seed 7 · hard, "), "{out}");
    assert!(out.contains("notes:\n  row 1: c"), "{out}");
    let file = dir.path().join("sudoku1.txt");
    fs::write(&file, format!("{PUZZLE}\n{PUZZLE}\n")).unwrap();
    let out = play(dir.path(), &["--plain"], "\nfoo\n1\n\nx\n9\n2\nquit\n");
    assert!(out.contains("not a choice: foo"), "{out}");
    assert!(out.contains("not a puzzle number: x"), "{out}");
    assert!(out.contains("sudoku1.txt #2 · easy"), "{out}");
    let empty = dir.path().join("empty.txt");
    fs::write(&empty, "").unwrap();
    let (out, status) = run(dir.path(), &["--plain", "empty.txt"], "");
    assert!(out.contains("no puzzles in empty.txt"), "{out}");
    assert_eq!(status, Some(2));
    // A puzzle on the command line (its save from the file above removed:
    // it would be resumed).
    fs::remove_dir_all(dir.path().join("sudokuflow")).unwrap();
    let out = play(dir.path(), &["--plain", PUZZLE], "quit\n");
    assert!(
        out.contains("a puzzle from the command line · easy"),
        "{out}"
    );
}

/// Issue 27: `play --column` reads a CSV or TSV table's puzzle column, as
/// `solve` does.
#[test]
fn plain_game_from_a_table_column() {
    let dir = temp_dir();
    let other = ".41....85.........9.....62...735...22...9.1.....6.4.575...1..46.........8..93....";
    let table = format!("id,puzzle,level\n1,{other},hard\n2,\"{PUZZLE}\",easy\n");
    fs::write(dir.path().join("games.csv"), table).unwrap();
    let args = [
        "--plain",
        "--column",
        "puzzle",
        "--puzzle",
        "2",
        "games.csv",
    ];
    let out = play(dir.path(), &args, "quit\n");
    assert!(out.contains("games.csv #2 · easy"), "{out}");
    assert!(out.contains("1 | 5  3  . |"), "{out}");
    // By number, the list: each row at its line.
    let out = play(
        dir.path(),
        &["--plain", "--column", "2", "games.csv"],
        "2\nquit\n",
    );
    assert!(
        out.contains("1. line 2 ") && out.contains("2. line 3 "),
        "{out}"
    );
    assert!(out.contains("1 | 5  3  . |"), "{out}");
    let (out, status) = run(
        dir.path(),
        &["--plain", "--column", "quizzes", "games.csv"],
        "",
    );
    assert_eq!(status, Some(2), "{out}");
    assert_eq!(
        out,
        "sudokuflow: cannot read games.csv: line 1: no column named 'quizzes' in the header; \
         its columns (split at ',') are 1 'id', 2 'puzzle', 3 'level'; give --column a name \
         or number from these\n"
    );
    let (out, status) = run(dir.path(), &["--plain", "--column", "2", PUZZLE], "");
    assert_eq!(status, Some(2), "{out}");
    assert!(
        out.contains("--column picks a column of a table FILE"),
        "{out}"
    );
}

/// Runs `play ARGS` on `input` and returns its output, status and peak
/// memory in MiB.
fn peak_memory(
    data: &Path,
    args: &[&str],
    input: impl Read + Send + 'static,
) -> (String, i32, u64) {
    let mut child = in_data(sudokuflow_with_peak_memory(), data)
        .args(args)
        .stdin(Stdio::piped())
        .spawn();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut input = input;
        // The game may stop reading early.
        let _ = std::io::copy(&mut input, &mut stdin);
    });
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        stdout.read_to_string(&mut out).unwrap();
        stderr.read_to_string(&mut out).unwrap();
        out
    });
    let (status, kib) = child.wait_with_peak_memory();
    writer.join().unwrap();
    let out = reader.join().unwrap();
    let status = status.code().expect("ended by exit, not a signal");
    (out, status, kib / 1024)
}

/// Item 14 of issue 28: a 200 MB command line and a 200 MB one-line
/// puzzle file are each an error about that line, read with bounded
/// memory.
#[test]
fn plain_mode_reads_with_bounded_memory() {
    let dir = temp_dir();
    let huge = 200 << 20;
    let line = std::io::repeat(b'x').take(huge).chain(&b"\nquit!\n"[..]);
    let (out, status, mib) = peak_memory(
        dir.path(),
        &["--plain", "--level", "easy", "--seed", "1"],
        line,
    );
    assert_eq!(status, 0, "{out}");
    assert!(
        out.contains(&format!(
            "line 1: {huge} bytes, longer than a command can be"
        )),
        "{}",
        &out[out.len().saturating_sub(2000)..]
    );
    assert!(mib < 64, "peak memory {mib} MiB");
    let file = dir.path().join("sudoku-huge.txt");
    let mut writer = std::io::BufWriter::new(fs::File::create(&file).unwrap());
    std::io::copy(&mut std::io::repeat(b'1').take(huge), &mut writer).unwrap();
    drop(writer);
    let (out, status, mib) = peak_memory(
        dir.path(),
        &["--plain", "sudoku-huge.txt"],
        std::io::empty(),
    );
    assert!(
        out.contains("1. line 1     bad line: line longer than 65536 bytes"),
        "{out}"
    );
    assert!(
        out.contains("no puzzle of sudoku-huge.txt can be played"),
        "{out}"
    );
    assert_eq!(status, 2);
    assert!(mib < 64, "peak memory {mib} MiB");
}

/// Item 13 of issue 28: the full screen without a terminal says what to do.
#[test]
fn full_screen_without_a_terminal_says_so() {
    let dir = temp_dir();
    let (out, status) = run(dir.path(), &["--level", "easy"], "");
    assert_eq!(status, Some(2), "{out}");
    assert_eq!(
        out,
        "sudokuflow: play needs a terminal; use --plain for line mode\n"
    );
}

/// Item 7 of issue 28: a save that can't be written is an error: the game
/// stays open, and ends with status 2 if the input ends.
#[test]
fn a_save_that_cannot_be_written_is_an_error() {
    let dir = temp_dir();
    let file = dir.path().join("sudoku1.txt");
    fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    // A folder under a file can't be made, even by root.
    let blocked = dir.path().join("blocked");
    fs::write(&blocked, "").unwrap();
    let output = command(dir.path())
        .env("XDG_DATA_HOME", &blocked)
        .args(["--plain", "sudoku1.txt", "--puzzle", "1"])
        .write_stdin("r1c3 4\nquit\nr1c4 6\n")
        .output();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        out.contains("could not save the game: cannot create"),
        "{out}"
    );
    // After the failed quit the game went on.
    assert!(out.contains("1 | 5  3 (4)|(6) 7  . |"), "{out}");
    assert_eq!(output.status.code(), Some(2), "{out}");
}

#[test]
fn plain_game_saves_on_ctrl_c() {
    let dir = temp_dir();
    let file = dir.path().join("sudoku1.txt");
    fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let mut child = command(dir.path())
        .args(["--plain", file.to_str().unwrap(), "--puzzle", "1"])
        .stdin(Stdio::piped())
        .spawn();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "r1c3 4").unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // The board after the move: the game is waiting for the next command.
    assert!(lines.any(|l| l.unwrap().starts_with("state 1/1")));
    child.signal(libc::SIGINT);
    let status = child.wait();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted: game saved to"), "{stderr}");
    drop(stdin);
    let out = play(dir.path(), &["--plain", "--resume"], "quit\n");
    assert!(out.contains("1 | 5  3 (4)|"), "{out}");
}

#[test]
fn plain_game_is_saved_when_its_output_fails() {
    let dir = temp_dir();
    let file = dir.path().join("sudoku1.txt");
    fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let args = ["--plain", file.to_str().unwrap(), "--puzzle", "1"];
    // A game with a move, resumed: a game without one is not saved.
    play(dir.path(), &args, "r1c3 4\nquit\n");
    let before = fs::read(slot(dir.path())).unwrap();
    let mut child = command(dir.path()).args(args).stdin(Stdio::piped()).spawn();
    drop(child.stdout.take()); // a closed pipe: printing the board fails
    let output = child.wait_with_output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("game was saved to"), "{stderr}");
    assert_ne!(fs::read(slot(dir.path())).unwrap(), before, "saved again");
}

/// Item 15 of issue 34: line mode prints the board again only when it
/// changed; the status line follows every command.
#[test]
fn plain_mode_reprints_the_board_only_when_it_changed() {
    let dir = temp_dir();
    let out = play(
        dir.path(),
        &["--plain", PUZZLE],
        "r1c3 4\nhelp\nhint\nr1c3 4\nr1c4 6\nquit\n",
    );
    let boards = out.matches("    1  2  3   4  5  6   7  8  9\n").count();
    // The start, r1c3 4 and r1c4 6: not help, the hint's first words, nor
    // the 4 placed again.
    assert_eq!(boards, 3, "{out}");
    assert_eq!(out.matches("\nstate ").count(), 6, "{out}");
    assert!(
        out.contains("a puzzle from the command line · easy, 1.2\n"),
        "{out}"
    );
}

/// Item 13 of issue 34: a game without a move is not saved, on quitting
/// or at the end of input.
#[test]
fn a_game_without_a_move_is_not_saved() {
    let dir = temp_dir();
    let args = ["--plain", "--level", "easy", "--seed", "3"];
    for script in ["quit\n", "", "hint\ncheck\n"] {
        let out = play(dir.path(), &args, script);
        assert!(
            out.contains("no move made yet: the game was not saved"),
            "{out}"
        );
        assert!(saves(dir.path()).is_empty(), "{script:?}");
    }
    play(dir.path(), &args, "notes\nquit\n");
    assert_eq!(saves(dir.path()).len(), 1);
}

#[test]
fn a_save_file_this_version_cannot_read_is_kept_unless_the_player_says_so() {
    let dir = temp_dir();
    let file = dir.path().join("sudoku1.txt");
    fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let saved = slot(dir.path());
    fs::create_dir_all(saved.parent().unwrap()).unwrap();
    fs::write(&saved, "{corrupt").unwrap();
    let args = ["--plain", file.to_str().unwrap(), "--puzzle", "1"];
    let out = play(dir.path(), &args, "r1c3 4\nsave\nquit\nquit!\n");
    assert!(out.contains("is corrupt"), "{out}");
    assert!(out.contains("'save!' overwrites"), "{out}");
    assert!(out.contains("quit without saving"), "{out}");
    assert_eq!(fs::read_to_string(&saved).unwrap(), "{corrupt");
    // At the end of input no one can answer: the game goes beside it.
    let out = play(dir.path(), &args, "r1c3 4\n");
    assert!(out.contains("game-recovered-"), "{out}");
    assert_eq!(fs::read_to_string(&saved).unwrap(), "{corrupt");
    // The player says yes; the recovered game is listed until then.
    let out = play(dir.path(), &args, "r1c3 4\nsave!\nquit\n");
    assert!(out.contains("saved to"), "{out}");
    let out = play(dir.path(), &["--plain", "--resume"], "quit\n");
    assert!(out.contains("1 | 5  3 (4)|"), "{out}");
}

/// Item 6 of issue 28: a new game never replaces another's save, and two
/// games are listed, the newest first.
#[test]
fn each_game_keeps_its_own_save() {
    let dir = temp_dir();
    fs::write(dir.path().join("sudoku1.txt"), format!("{PUZZLE}\n")).unwrap();
    play(
        dir.path(),
        &["--plain", "sudoku1.txt", "--puzzle", "1"],
        "r1c3 4\nquit\n",
    );
    // Most likely within the same second: saves are dated to the nanosecond.
    play(
        dir.path(),
        &["--plain", "--level", "medium", "--seed", "7"],
        "notes\nquit\n",
    );
    assert_eq!(saves(dir.path()).len(), 2);
    let out = play(dir.path(), &["--plain"], "resume 2\nquit\n");
    let (medium, easy) = (out.find("r1. medium"), out.find("r2. easy"));
    assert!(medium.unwrap() < easy.unwrap(), "{out}");
    assert!(out.contains("1 | 5  3 (4)|"), "{out}");
}

/// tmux on a server of this test's own, apart from any other tmux in use.
fn tmux() -> Run {
    let mut command = program("tmux");
    command.args(["-L", &format!("sudokuflow-test-{}", std::process::id())]);
    command
}

struct Tmux(String);

impl Tmux {
    /// Types `keys` (tmux key names) at once: the game reads them in order
    /// however many come in one read, with one exception. An Esc read
    /// together with the key after it is one key to crossterm (Alt+key),
    /// so Escape comes last, and the caller waits for what it does before
    /// typing on.
    fn keys(&self, keys: &[&str]) {
        let escape_inside = keys.iter().rev().skip(1).any(|&k| k == "Escape");
        assert!(!escape_inside, "{keys:?}: wait for Escape's effect first");
        let ok = tmux()
            .args(["send-keys", "-t", &self.0])
            .args(keys)
            .output();
        assert!(ok.status.success());
    }

    fn screen(&self) -> String {
        let out = tmux().args(["capture-pane", "-p", "-t", &self.0]).output();
        String::from_utf8(out.stdout).unwrap()
    }

    /// Waits for `text` on the screen (as it is, or wrapped over lines),
    /// failing at the common deadline.
    fn wait_for(&self, text: &str) -> String {
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut screen = String::new();
        let what = format!("{text:?} on the screen");
        let shown = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            wait_until(&what, || {
                screen = self.screen();
                screen.contains(text) || words(&screen).contains(&words(text))
            })
        }));
        assert!(shown.is_ok(), "waiting for {text:?}:\n{screen}");
        screen
    }

    fn resize(&self, width: u16, height: u16) {
        let ok = tmux()
            .args(["resize-window", "-t", &self.0])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .output();
        assert!(ok.status.success());
    }

    /// The pid of the pane's process: the game itself (started with exec).
    fn pid(&self) -> i32 {
        let out = tmux()
            .args(["display-message", "-p", "-t", &self.0, "#{pane_pid}"])
            .output();
        String::from_utf8(out.stdout)
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    }

    /// Runs `play ARGS` in `data`, which holds the save files too; the
    /// pane stays open 30 s after it ends.
    fn start(&self, data: &Path, args: &str) {
        self.start_with(data, args, "", "; sleep 30");
    }

    /// Runs `play ARGS` in place of the pane's shell: the pane's process is
    /// the game.
    fn start_game(&self, data: &Path, args: &str) {
        self.start_with(data, args, "exec ", "");
    }

    fn start_with(&self, data: &Path, args: &str, before: &str, after: &str) {
        let folder = if data.is_dir() {
            data
        } else {
            data.parent().unwrap()
        };
        let command = format!(
            "cd {} && {before}env XDG_DATA_HOME={} XDG_CONFIG_HOME={}/config NO_COLOR=1 {} play {args}{after}",
            folder.display(),
            data.display(),
            folder.display(),
            env!("CARGO_BIN_EXE_sudokuflow")
        );
        let ok = tmux()
            .args(["new-session", "-d", "-s", &self.0, "-x", "80", "-y", "24"])
            .args(["sh", "-c", &command])
            .output();
        let why = String::from_utf8_lossy(&ok.stderr);
        assert!(ok.status.success(), "tmux new-session failed: {why}");
    }

    fn kill(&self) {
        let _ = tmux().args(["kill-session", "-t", &self.0]).output();
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // Quietly: a session whose game was killed is gone already.
        self.kill();
    }
}

/// True when process `pid` has ended (gone, or a zombie waiting for its
/// parent to notice).
fn ended(pid: i32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|s| s.trim_start().starts_with('Z')),
    }
}

#[test]
fn full_screen_game_in_tmux() {
    if program("tmux").arg("-V").try_output().is_err() {
        crate::util::skip("tmux is not installed: the full-screen game test did not run");
        return;
    }
    let dir = temp_dir();
    fs::write(dir.path().join("sudoku1.txt"), format!("{PUZZLE}\n")).unwrap();
    fs::write(dir.path().join("other.txt"), format!("{PUZZLE}\n")).unwrap();
    let pid = std::process::id();

    // The start screen: open a file, choose its puzzle.
    let first = Tmux(format!("sudokuflow-test-{pid}"));
    first.start(dir.path(), "");
    first.wait_for("Open a file");
    first.keys(&["j", "j", "j", "j", "j", "j", "Enter"]);
    let files = first.wait_for("sudoku*.txt");
    assert!(
        files.find("sudoku1.txt").unwrap() < files.find("other .txt files").unwrap(),
        "{files}"
    );
    first.keys(&["Enter"]);
    first.wait_for("1. line 1     easy");
    first.keys(&["Enter"]);
    first.wait_for("level easy");
    // A move that conflicts, undone; a good move; a hint named, then applied.
    first.keys(&["l", "5"]); // r1c4 is empty: 5 conflicts with r1c1
    first.wait_for("┃ !5! │  3  │     ┃ !5! │  7  │     ┃");
    first.keys(&["u"]);
    first.wait_for("┃  5  │  3  │     ┃     │  7  │     ┃");
    first.keys(&["h", "4"]);
    first.wait_for("┃  5  │  3  │  4  ┃");
    // The hint's ladder: where to look, then the step, then applied.
    first.keys(&["H"]);
    first.wait_for(": look at ");
    first.wait_for("H again shows more");
    first.keys(&["H"]);
    first.wait_for("H again to apply");
    first.wait_for("move 1/1");
    first.keys(&["H"]);
    first.wait_for("applied: ");
    first.wait_for("move 2/2");
    // A hint dismissed with Esc: the game goes on.
    first.keys(&["H"]);
    first.wait_for("H again shows more");
    first.keys(&["Escape"]);
    wait_until("Esc to dismiss the hint", || {
        !first.screen().contains("H again shows more")
    });
    first.wait_for("move 2/2");
    first.keys(&["s"]);
    first.wait_for("saved to");
    // A bigger window: cells grow to 7x3; back to 80x24: cells 5x2.
    first.resize(120, 40);
    first.wait_for("┏━━━━━━━┯━━━━━━━┯");
    first.resize(80, 24);
    let small = first.wait_for("┏━━━━━┯━━━━━┯━━━━━┳");
    assert!(!small.contains("━━━━━━━"), "{small}");
    // Too small: no board, and no keys but Q, which saves and quits (the
    // game resumed below shows that the 9 was not played).
    first.resize(50, 12);
    first.wait_for("enlarge the terminal to at least");
    first.keys(&["9", "Q"]);
    first.wait_for("Game saved to");

    // Each session stays open meanwhile: killing the last session stops the
    // tmux server, and a new session started just then can fail.
    let second = Tmux(format!("sudokuflow-test2-{pid}"));
    second.start(dir.path(), "--resume");
    second.wait_for("move 2/2");
    second.wait_for("┃  5  │  3  │  4  ┃");
    // Unchanged since it was loaded: q quits at once.
    second.keys(&["q"]);
    second.wait_for("Game saved to");

    // The start screen lists it and resumes it; auto-solve runs to the end.
    let third = Tmux(format!("sudokuflow-test3-{pid}"));
    third.start(dir.path(), "");
    third.wait_for("Saved games");
    third.wait_for("Resume  easy");
    third.keys(&["Enter"]);
    third.wait_for("move 2/2");
    third.keys(&["a", "+", "+", "+", "+"]);
    third.wait_for("Solved by the computer.");
    // The board is locked. (That the clock stops at the solve is tested
    // on a clock the test moves: `the_solved_screen_keeps_its_time`.)
    third.keys(&["Escape"]);
    let mut solved = String::new();
    wait_until("Esc to close the solved dialog", || {
        solved = third.screen();
        !solved.contains("Esc close")
    });
    third.keys(&["1", "0", "n", "5"]);
    let after = third.wait_for("The puzzle is solved");
    let board = |screen: &str| {
        screen
            .lines()
            .take(19)
            .map(|l| l.chars().take(39).collect::<String>())
            .collect::<Vec<_>>()
    };
    assert_eq!(board(&solved), board(&after), "{after}");
    let mistakes = |screen: &str| {
        screen
            .lines()
            .find(|l| l.contains("mistakes"))
            .map(str::to_string)
    };
    assert_eq!(mistakes(&solved), mistakes(&after));

    // Quitting a solved game removes its save.
    third.keys(&["q"]);
    wait_until("a solved game to leave no save", || {
        saves(dir.path()).is_empty()
    });

    // Item 1: the terminal goes away (the session killed under the game):
    // the game is saved and the process gone within a second.
    let fourth = Tmux(format!("sudokuflow-test4-{pid}"));
    fourth.start_game(dir.path(), "sudoku1.txt --puzzle 1");
    fourth.wait_for("level easy");
    fourth.keys(&["F"]);
    fourth.wait_for("move 1/1");
    let game = fourth.pid();
    // The other sessions keep the server up meanwhile.
    fourth.kill();
    // It ends within milliseconds (the bug this catches never ended at all).
    wait_until("the game to end with its terminal", || ended(game));
    let out = play(dir.path(), &["--plain", "--resume"], "quit\n");
    assert!(out.contains("state 1/1"), "{out}");

    // A save file this version can't read: quitting asks, Esc goes back to
    // the game, and n keeps the file.
    fs::write(slot(dir.path()), "{corrupt").unwrap();
    let fifth = Tmux(format!("sudokuflow-test5-{pid}"));
    fifth.start(dir.path(), "sudoku1.txt --puzzle 1");
    fifth.wait_for("level easy");
    fifth.keys(&["4", "Q"]);
    fifth.wait_for("Overwrite it with this game?");
    fifth.keys(&["Escape"]);
    fifth.wait_for("back to the game");
    fifth.keys(&["Q"]);
    fifth.wait_for("Overwrite it with this game?");
    fifth.keys(&["n"]);
    fifth.wait_for("the save file was kept");
    assert_eq!(fs::read_to_string(slot(dir.path())).unwrap(), "{corrupt");
    fs::remove_file(slot(dir.path())).unwrap();

    // Item 15: m goes to the start screen (the game saved and listed), N
    // starts a new game of the level asked for.
    let sixth = Tmux(format!("sudokuflow-test6-{pid}"));
    sixth.start(dir.path(), "--level easy --seed 1");
    sixth.wait_for("new easy game, seed 1");
    sixth.keys(&["F", "m"]);
    sixth.wait_for("Saved games");
    sixth.keys(&["Enter"]);
    sixth.wait_for("move 1/1");
    sixth.keys(&["N"]);
    sixth.wait_for("New game: 1 easy, 2 medium");
    sixth.keys(&["2"]);
    // The panel at 80x24 gives the source two lines: "seed" ends the
    // first.
    sixth.wait_for("new medium game, seed");
    // Ctrl-C saves (a game with a move).
    sixth.keys(&["F"]);
    sixth.wait_for("move 1/1");
    sixth.keys(&["C-c"]);
    sixth.wait_for("Game saved to");
    assert_eq!(saves(dir.path()).len(), 2, "both games kept");

    // Item 7: a save that can't be written keeps the game open; leaving
    // without it ends with status 2.
    let blocked = dir.path().join("blocked");
    fs::write(&blocked, "").unwrap();
    let seventh = Tmux(format!("sudokuflow-test7-{pid}"));
    seventh.start_with(
        &blocked,
        "--level easy --seed 1",
        "",
        "; echo status=$?; sleep 30",
    );
    seventh.wait_for("new easy game, seed 1");
    // A move first: a game without one is not saved at all.
    seventh.keys(&["F", "Q"]);
    seventh.wait_for("could not save the game");
    seventh.keys(&["Escape"]);
    seventh.wait_for("back to the game");
    seventh.keys(&["Q"]);
    seventh.wait_for("y quits without saving (exit status 2)");
    seventh.keys(&["y"]);
    seventh.wait_for("The game could not be saved.");
    seventh.wait_for("status=2");
    drop((first, second, third));
}

/// Items 8, 11, 12 and 13 of issue 34 on the full screen at 80x24 and
/// 120x40: the digits left, wrong digits marked at once once the setting is
/// on (?2? without colour, the setting kept), a cleared digit's notes given
/// back, no save for a game without a move, and a save deleted from the
/// start screen after a yes.
#[test]
fn full_screen_counts_digits_marks_mistakes_and_deletes_saves() {
    if program("tmux").arg("-V").try_output().is_err() {
        crate::util::skip("tmux is not installed: the full-screen game test did not run");
        return;
    }
    let dir = temp_dir();
    fs::write(dir.path().join("sudoku1.txt"), format!("{PUZZLE}\n")).unwrap();
    let pid = std::process::id();
    // No move: quitting saves nothing.
    let idle = Tmux(format!("sudokuflow-test-idle-{pid}"));
    idle.start(dir.path(), "sudoku1.txt --puzzle 1");
    idle.wait_for("level easy");
    idle.keys(&["q"]);
    idle.wait_for("No move was made: the game was not saved.");
    assert!(saves(dir.path()).is_empty());

    let game = Tmux(format!("sudokuflow-test-edges-{pid}"));
    game.start(dir.path(), "sudoku1.txt --puzzle 1");
    game.wait_for("level easy");
    // What the givens leave of each digit, in the panel.
    game.wait_for("left     1:6  2:7  3:6");
    game.wait_for("4:7  5:6  6:4");
    game.wait_for("7:6  8:4  9:5");
    game.keys(&["F", "l", "l", "l", "2"]);
    game.wait_for("left     1:6  2:6  3:6");
    // The notes in the cells at 80x24: r1c4's 2 (its 6 is on the line
    // under). r1c6 is 8: the 2 is wrong but unmarked.
    game.wait_for("┃·····│  7  │  2  ┃");
    game.keys(&["o", "j", "j", "Enter"]);
    game.wait_for("[x] mark wrong digits at once");
    game.keys(&["Escape"]);
    game.wait_for("┃·····│  7  │ ?2? ┃");
    game.resize(120, 40);
    game.wait_for("│ ?┏━┛? ┃");
    game.wait_for("left     1:6  2:6  3:6");
    game.wait_for("4:7  5:6  6:4");
    // `v` at 80x24: one line a cell, the box's notes in the panel and the
    // digits left under the board.
    game.resize(80, 24);
    // `v` is taken at the size the game last drew.
    game.wait_for("┏━━━━━┯━━━━━┯━━━━━┳");
    game.keys(&["v"]);
    game.wait_for("notes of box 2");
    // Cleared, the 2 gives back the notes it took.
    game.keys(&["0"]);
    let screen = game.wait_for(" left  1:6  2:7");
    assert!(!screen.contains("?2?"), "{screen}");
    game.wait_for("   2 │   │ 2");
    game.keys(&["v"]);
    game.wait_for("┃·2···│  7  │");
    game.keys(&["l", "l", "8", "Q"]);
    game.wait_for("Game saved to");
    assert_eq!(saves(dir.path()).len(), 1);
    let settings = fs::read_to_string(dir.path().join("config/sudokuflow/play.json")).unwrap();
    assert!(settings.contains("\"mark_wrong\": true"), "{settings}");

    // The start screen deletes a save after a yes, not before.
    let menu = Tmux(format!("sudokuflow-test-delete-{pid}"));
    menu.start(dir.path(), "");
    menu.wait_for("Saved games (1)");
    menu.wait_for("d delete");
    menu.keys(&["d"]);
    menu.wait_for("Delete this saved game (");
    menu.keys(&["n"]);
    menu.wait_for("the saved game was kept");
    assert_eq!(saves(dir.path()).len(), 1);
    menu.keys(&["d"]);
    menu.wait_for("Delete this saved game (");
    menu.keys(&["y"]);
    menu.wait_for("deleted the saved game (");
    assert!(saves(dir.path()).is_empty());
    let screen = menu.wait_for("New easy game");
    assert!(!screen.contains("Saved games"), "{screen}");
    drop((idle, game));
}

/// Item 1 of issue 34: reopening a puzzle that has a save resumes it (from
/// the file's list, by number and from the command line), and the list
/// marks it; nothing of the save is lost.
#[test]
fn reopening_a_puzzle_resumes_its_save() {
    let dir = temp_dir();
    fs::write(dir.path().join("sudoku2.txt"), format!("{PUZZLE}\n")).unwrap();
    let by_number = ["--plain", "sudoku2.txt", "--puzzle", "1"];
    play(dir.path(), &by_number, "r1c3 4\nr1c4 6\nhint\nquit\n");
    let moves = |data: &Path| {
        let saved: serde_json::Value =
            serde_json::from_slice(&fs::read(slot(data)).unwrap()).unwrap();
        saved["history"].as_array().unwrap().len()
    };
    assert_eq!(moves(dir.path()), 3);
    // From the list: marked, and opened where it was left.
    let out = play(dir.path(), &["--plain", "sudoku2.txt"], "1\nr1c6 8\nquit\n");
    assert!(out.contains("1. line 1     in progress"), "{out}");
    assert!(
        out.contains("resumed your saved game of this puzzle (move 2)"),
        "{out}"
    );
    assert!(out.contains("1 | 5  3 (4)|(6)"), "{out}");
    assert_eq!(moves(dir.path()), 4);
    // By number and from the command line alike.
    let out = play(dir.path(), &by_number, "quit\n");
    assert!(out.contains("(move 3)"), "{out}");
    let out = play(dir.path(), &["--plain", PUZZLE], "restart\nquit\n");
    assert!(out.contains("(move 3); restart starts it again"), "{out}");
    assert!(
        out.contains("restarted from the givens (undo brings"),
        "{out}"
    );
    // Restarting is a move: the ones before it are still in the save.
    assert_eq!(moves(dir.path()), 5);
}

/// Item 2 of issue 34: a puzzle typed on the command line with conflicting
/// givens (or no solution) is refused as a file's would be.
#[test]
fn a_puzzle_given_with_conflicting_givens_is_refused() {
    let dir = temp_dir();
    let conflict = PUZZLE.replacen("53", "55", 1);
    let (out, status) = run(dir.path(), &["--plain", &conflict], "quit\n");
    assert_eq!(status, Some(2), "{out}");
    assert_eq!(
        out,
        "sudokuflow: the puzzle given: conflicting givens: two 5s in row 1: r1c1, r1c2; \
         it can't be played\n"
    );
    let no_solution = PUZZLE.replacen("53.", "531", 1);
    let (out, status) = run(dir.path(), &["--plain", &no_solution], "quit\n");
    assert_eq!(status, Some(2), "{out}");
    assert!(out.ends_with("no solution; it can't be played\n"), "{out}");
    assert!(saves(dir.path()).is_empty());
}

/// Item 3 of issue 34: text read from a save file reaches the terminal
/// with its control characters escaped.
#[test]
fn save_file_text_is_shown_escaped() {
    let dir = temp_dir();
    fs::write(dir.path().join("sudoku1.txt"), format!("{PUZZLE}\n")).unwrap();
    play(
        dir.path(),
        &["--plain", "sudoku1.txt", "--puzzle", "1"],
        "r1c3 4\nquit\n",
    );
    let mut saved: serde_json::Value =
        serde_json::from_slice(&fs::read(slot(dir.path())).unwrap()).unwrap();
    saved["level"] = "\u{1b}[31mEVIL\u{1b}[2J".into();
    saved["source"] = "x\u{1b}]0;PWNED\u{7}y".into();
    fs::write(slot(dir.path()), saved.to_string()).unwrap();
    let out = play(dir.path(), &["--plain"], "resume\nquit\n");
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    assert!(out.contains("\\x1b[31mEVIL\\x1b[2J"), "{out}");
    assert!(out.contains("x\\x1b]0;PWNED\\x07y"), "{out}");
}

/// Items 1 and 3 of issue 34 on the full screen: a save's text is shown
/// escaped (the start screen's border stays whole), the file list marks
/// the puzzle in progress, and opening it resumes the game.
#[test]
fn full_screen_resumes_reopened_puzzles_and_escapes_save_text() {
    if program("tmux").arg("-V").try_output().is_err() {
        crate::util::skip("tmux is not installed: the full-screen game test did not run");
        return;
    }
    let dir = temp_dir();
    fs::write(dir.path().join("sudoku2.txt"), format!("{PUZZLE}\n")).unwrap();
    play(
        dir.path(),
        &["--plain", "sudoku2.txt", "--puzzle", "1"],
        "r1c3 4\nquit\n",
    );
    let mut saved: serde_json::Value =
        serde_json::from_slice(&fs::read(slot(dir.path())).unwrap()).unwrap();
    saved["level"] = "\u{1b}[31mEVIL\u{1b}[2J".into();
    fs::write(slot(dir.path()), saved.to_string()).unwrap();
    let screen = Tmux(format!("sudokuflow-test-resume-{}", std::process::id()));
    screen.start(dir.path(), "");
    let start = screen.wait_for("\\x1b[31mEVIL\\x1b[2J");
    for line in start.lines().take(20) {
        assert_eq!(line.chars().count(), 80, "{start}");
        assert!(line.ends_with(['│', '┐', '┘']), "{start}");
    }
    screen.keys(&["End", "Up", "Enter"]);
    screen.wait_for("sudoku2.txt");
    screen.keys(&["Enter"]);
    screen.wait_for("1. line 1     in progress  easy");
    screen.keys(&["Enter"]);
    screen.wait_for("resumed your saved game of this puzzle (move 1); R starts it again");
    screen.wait_for("┃  5  │  3  │  4  ┃");
}

/// Item 34 of issue 34: a command reading a terminal (no file given) says
/// it waits for puzzles there, then answers what is typed.
#[test]
fn solve_on_a_terminal_says_it_reads_standard_input() {
    if program("tmux").arg("-V").try_output().is_err() {
        crate::util::skip("tmux is not installed: the terminal test did not run");
        return;
    }
    let session = Tmux("solve-terminal".into());
    let command = format!("{} solve; sleep 30", env!("CARGO_BIN_EXE_sudokuflow"));
    let ok = tmux()
        .args([
            "new-session",
            "-d",
            "-s",
            &session.0,
            "-x",
            "100",
            "-y",
            "10",
        ])
        .args(["sh", "-c", &command])
        .output();
    assert!(ok.status.success());
    session.wait_for("reading puzzles from standard input (a terminal): type or paste them");
    let puzzle =
        ".41....85.........9.....62...735...22...9.1.....6.4.575...1..46.........8..93....";
    session.keys(&[puzzle, "Enter", "C-d"]);
    session.wait_for(
        "341269785762583419985147623497351862256798134138624957579812346613475298824936571",
    );
}

/// `PUZZLE`'s solution with r1c1 left empty: a 5 there wins the game.
const ALMOST: &str =
    ".34678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The statistics file in `data`, read back.
fn statistics(data: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(data.join("sudokuflow/statistics.json")).unwrap()).unwrap()
}

/// Item 9 of issue 34: a game won on the full screen is counted once (the
/// solved dialog says so; undone and solved again it is not counted again,
/// and the dialog has no news)
/// and the start screen's statistics show it, at 80x24 and 120x40.
#[test]
fn a_won_game_shows_in_the_statistics() {
    if program("tmux").arg("-V").try_output().is_err() {
        crate::util::skip("tmux is not installed: the full-screen game test did not run");
        return;
    }
    let dir = temp_dir();
    let game = Tmux(format!("sudokuflow-test-stats-{}", std::process::id()));
    game.start(dir.path(), ALMOST);
    game.wait_for("level easy");
    game.keys(&["5"]);
    game.wait_for("You solved it!");
    game.wait_for("New best time for easy!");
    game.wait_for("streak 1  best 1");
    game.keys(&["u"]);
    game.wait_for("move 0/1");
    game.keys(&["5"]);
    let solved = game.wait_for("You solved it!");
    assert!(!solved.contains("streak"), "counted once: {solved}");
    assert_eq!(statistics(dir.path())["levels"]["easy"]["won"], 1);
    game.keys(&["m"]);
    game.wait_for("Statistics: wins, times and streaks");
    game.keys(&["End", "Up", "Up", "Enter"]);
    let screen = game.wait_for("most  auto");
    let easy = screen.lines().find(|l| l.starts_with("│ easy")).unwrap();
    let cells: Vec<&str> = easy.trim_matches('│').split_whitespace().collect();
    // Level, won, with hints, best, average, streak, most, by the computer.
    assert_eq!(cells.len(), 8, "{screen}");
    assert_eq!(
        [cells[1], cells[2], cells[5], cells[6], cells[7]],
        ["1", "0", "1", "1", "0"]
    );
    assert!(
        cells[3].starts_with("0:0") && cells[3] == cells[4],
        "{screen}"
    );
    assert!(screen.contains("statistics.json"), "{screen}");
    game.resize(120, 40);
    game.wait_for("average: of all wins");
    game.keys(&["Escape"]);
    game.wait_for("New easy game");
}

/// Plain mode says once why a game was not counted: the status line has
/// it, and no statistics line repeats it.
#[test]
fn plain_mode_names_a_statistics_problem_once() {
    let dir = temp_dir();
    let file = dir.path().join("sudokuflow/statistics.json");
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(&file, r#"{"version": 99}"#).unwrap();
    let out = play(dir.path(), &["--plain", ALMOST], "r1c1 5\n");
    let problem = "is from another version of sudokuflow (format 99";
    assert_eq!(out.matches(problem).count(), 1, "{out}");
    assert!(out.contains("this game was not counted"), "{out}");
    assert!(!out.contains("statistics ("), "{out}");
    assert_eq!(fs::read_to_string(&file).unwrap(), r#"{"version": 99}"#);
}

/// A statistics file the player made read-only stays as it is: a won
/// game says once that statistics are not saved, naming the file.
#[test]
fn plain_mode_leaves_a_read_only_statistics_file_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    play(dir.path(), &["--plain", ALMOST], "r1c1 5\n");
    let file = dir.path().join("sudokuflow/statistics.json");
    let before = fs::read(&file).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    let out = play(dir.path(), &["--plain", ALMOST], "r1c1 5\n");
    let said = format!(
        "statistics are not saved: the file {} is read-only",
        file.display()
    );
    assert_eq!(out.matches(&said).count(), 1, "{out}");
    assert_eq!(fs::read(&file).unwrap(), before);
    let mode = fs::metadata(&file).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o444);
}

/// Item 9 of issue 34 in plain mode: a win and a `solve` are counted (the
/// latter ending the streak), `stats` shows them at the start prompt, and
/// a corrupt statistics file is kept aside, named with its field.
#[test]
fn plain_mode_counts_games_and_keeps_a_damaged_statistics_file() {
    let dir = temp_dir();
    let out = play(dir.path(), &["--plain", ALMOST], "r1c1 5\n");
    assert!(
        out.contains("statistics (easy): 1 won, streak 1, best streak 1; a new best time!"),
        "{out}"
    );
    let out = play(dir.path(), &["--plain", ALMOST], "solve\n");
    assert!(
        out.contains("statistics (easy): 1 won, streak 0, best streak 1; solved by the computer"),
        "{out}"
    );
    let out = play(dir.path(), &["--plain"], "stats\nquit\n");
    let easy = out
        .lines()
        .find(|l| l.trim_start().starts_with("easy"))
        .unwrap();
    let cells: Vec<&str> = easy.split_whitespace().collect();
    assert_eq!(
        [cells[1], cells[2], cells[5], cells[6], cells[7]],
        ["1", "0", "0", "1", "1"]
    );
    assert!(out.contains("'stats'"), "{out}");

    let file = dir.path().join("sudokuflow/statistics.json");
    let damaged = r#"{"version": 1, "levels": {"easy": {"won": "x"}}}"#;
    fs::write(&file, damaged).unwrap();
    let out = play(dir.path(), &["--plain"], "stats\nquit\n");
    assert!(
        out.contains("is corrupt: field \"levels\".easy.won: not a whole number"),
        "{out}"
    );
    let out = play(dir.path(), &["--plain", ALMOST], "r1c1 5\n");
    assert!(out.contains("it was kept as "), "{out}");
    assert!(out.contains("statistics (easy): 1 won, streak 1"), "{out}");
    let aside: Vec<PathBuf> = fs::read_dir(dir.path().join("sudokuflow"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("statistics-damaged-"))
        .collect();
    assert_eq!(aside.len(), 1, "{out}");
    assert_eq!(fs::read_to_string(&aside[0]).unwrap(), damaged);
    assert_eq!(statistics(dir.path())["levels"]["easy"]["won"], 1);
}
