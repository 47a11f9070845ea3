//! `sudokuflow play` through the real binary: plain mode from a script, and
//! the full screen driven in tmux (send-keys, capture-pane).

use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::thread::sleep;
use std::time::Duration;

mod common;
use common::{Run, program, sudokuflow, temp_dir, wait_until};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn play(data: &Path, args: &[&str], script: &str) -> String {
    let output = sudokuflow()
        .arg("play")
        .args(args)
        .env("XDG_DATA_HOME", data)
        .current_dir(data)
        .write_stdin(script)
        .output();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
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
    assert!(out.contains("1 | 5  3 !5!|"), "{out}");
    assert!(out.contains("1 | 5  3 (4)|"), "{out}");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("game saved to"), "{out}");
    let out = play(dir.path(), &["--plain", "--resume"], "history\nsolve\n");
    assert!(
        out.contains("1 | 5  3 !5!|"),
        "resumed after the undo: {out}"
    );
    assert!(out.contains("<- now"), "{out}");
    assert!(out.contains("Solved!"), "{out}");
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

#[test]
fn plain_game_saves_on_ctrl_c() {
    use std::io::{BufRead, BufReader, Read, Write};
    let dir = temp_dir();
    let file = dir.path().join("sudoku1.txt");
    fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let mut child = sudokuflow()
        .args(["play", "--plain", file.to_str().unwrap(), "--puzzle", "1"])
        .env("XDG_DATA_HOME", dir.path())
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
    let mut child = sudokuflow()
        .args(["play", "--plain", file.to_str().unwrap(), "--puzzle", "1"])
        .env("XDG_DATA_HOME", dir.path())
        .stdin(Stdio::piped())
        .spawn();
    drop(child.stdout.take()); // a closed pipe: printing the board fails
    let output = child.wait_with_output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("game was saved to"), "{stderr}");
    assert!(dir.path().join("sudokuflow/game.json").exists());
}

#[test]
fn a_save_file_this_version_cannot_read_is_kept_unless_the_player_says_so() {
    let dir = temp_dir();
    let file = dir.path().join("sudoku1.txt");
    fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let saved = dir.path().join("sudokuflow/game.json");
    fs::create_dir_all(saved.parent().unwrap()).unwrap();
    fs::write(&saved, "{corrupt").unwrap();
    let args = ["--plain", file.to_str().unwrap(), "--puzzle", "1"];
    let out = play(dir.path(), &args, "r1c3 4\nsave\nquit\nquit!\n");
    assert!(out.contains("is corrupt"), "{out}");
    assert!(out.contains("'save!' overwrites it"), "{out}");
    assert!(out.contains("quit without saving"), "{out}");
    assert_eq!(fs::read_to_string(&saved).unwrap(), "{corrupt");
    // At the end of input no one can answer: the game goes beside it.
    let out = play(dir.path(), &args, "r1c3 4\n");
    assert!(out.contains("game-recovered-"), "{out}");
    assert_eq!(fs::read_to_string(&saved).unwrap(), "{corrupt");
    // The player says yes.
    let out = play(dir.path(), &args, "r1c3 4\nsave!\nquit\n");
    assert!(out.contains("saved to"), "{out}");
    let out = play(dir.path(), &["--plain", "--resume"], "quit\n");
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
    fn keys(&self, keys: &[&str]) {
        for key in keys {
            let ok = tmux().args(["send-keys", "-t", &self.0, key]).output();
            assert!(ok.status.success());
            sleep(Duration::from_millis(60));
        }
    }

    fn screen(&self) -> String {
        let out = tmux().args(["capture-pane", "-p", "-t", &self.0]).output();
        String::from_utf8(out.stdout).unwrap()
    }

    /// Waits for `text` on the screen (failing at the common deadline).
    fn wait_for(&self, text: &str) -> String {
        let mut screen = String::new();
        let what = format!("{text:?} on the screen");
        let shown = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            wait_until(&what, || {
                screen = self.screen();
                screen.contains(text)
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

    /// Sends `signal` (e.g. `TERM`) to the pane's process group: its shell
    /// and the game.
    fn signal(&self, signal: &str) {
        let out = tmux()
            .args(["display-message", "-p", "-t", &self.0, "#{pane_pid}"])
            .output();
        let pid = String::from_utf8(out.stdout).unwrap();
        let ok = program("kill")
            .args([&format!("-{signal}"), "--", &format!("-{}", pid.trim())])
            .output();
        assert!(ok.status.success());
    }

    /// Runs `play ARGS` in `data`, which holds the save file too.
    fn start(&self, data: &Path, args: &str) {
        let command = format!(
            "cd {} && XDG_DATA_HOME={} NO_COLOR=1 {} play {args}; sleep 30",
            data.display(),
            data.display(),
            env!("CARGO_BIN_EXE_sudokuflow")
        );
        let ok = tmux()
            .args([
                "new-session",
                "-d",
                "-s",
                &self.0,
                "-x",
                "80",
                "-y",
                "24",
                &command,
            ])
            .output();
        let why = String::from_utf8_lossy(&ok.stderr);
        assert!(ok.status.success(), "tmux new-session failed: {why}");
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // Quietly: a session whose game was killed is gone already.
        let _ = tmux().args(["kill-session", "-t", &self.0]).output();
    }
}

#[test]
fn full_screen_game_in_tmux() {
    if program("tmux").arg("-V").try_output().is_err() {
        common::skip("tmux is not installed: the full-screen game test did not run");
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
    first.keys(&["j", "j", "j", "j", "j", "Enter"]);
    let files = first.wait_for("sudoku*.txt first");
    assert!(
        files.find("sudoku1.txt").unwrap() < files.find("other.txt").unwrap(),
        "{files}"
    );
    first.keys(&["Enter"]);
    first.wait_for("1. line 1     easy");
    first.keys(&["Enter"]);
    first.wait_for("level    easy");
    // A move that conflicts, undone; a good move; a hint named, then applied.
    first.keys(&["l", "5"]); // r1c4 is empty: 5 conflicts with r1c1
    first.wait_for("│!5! 3    │!5! 7    │");
    first.keys(&["u"]);
    first.wait_for("│ 5  3    │    7    │");
    first.keys(&["h", "4"]);
    first.wait_for("│ 5  3  4 │    7    │");
    first.keys(&["H"]);
    first.wait_for("H again to apply");
    first.keys(&["H"]);
    first.wait_for("applied: ");
    first.wait_for("move     2/2");
    first.keys(&["s"]);
    first.wait_for("saved to");
    // A bigger window: cells grow to 7x3; back to 80x24: the small board.
    first.resize(120, 40);
    first.wait_for("┌─────────────────────┬─────────────────────┬");
    first.resize(80, 24);
    let small = first.wait_for("┌─────────┬─────────┬─────────┐");
    assert!(!small.contains("──────────────────────"), "{small}");
    // Ctrl-C saves.
    first.keys(&["C-c"]);
    first.wait_for("Game saved to");

    // Each session stays open meanwhile: killing the last session stops the
    // tmux server, and a new session started just then can fail.
    let second = Tmux(format!("sudokuflow-test2-{pid}"));
    second.start(dir.path(), "--resume");
    second.wait_for("move     2/2");
    second.wait_for("│ 5  3  4 │");
    second.keys(&["q"]);
    second.wait_for("Game saved to");

    // The start screen resumes it; auto-solve runs to the completion screen.
    let third = Tmux(format!("sudokuflow-test3-{pid}"));
    third.start(dir.path(), "");
    third.wait_for("Resume the saved game");
    third.keys(&["k", "k", "Enter"]);
    third.wait_for("move     2/2");
    third.keys(&["a", "+", "+", "+", "+"]);
    third.wait_for("Solved in");

    // Quitting a solved game removes the save.
    third.keys(&["q"]);
    let saved = dir.path().join("sudokuflow/game.json");
    wait_until("a solved game to leave no save", || !saved.exists());

    // SIGTERM (or SIGHUP, the terminal closed) saves the game.
    let fourth = Tmux(format!("sudokuflow-test4-{pid}"));
    fourth.start(dir.path(), "--level easy --seed 1");
    fourth.wait_for("level    easy");
    fourth.keys(&["N"]);
    fourth.wait_for("move     1/1");
    fourth.signal("TERM");
    wait_until("SIGTERM to save the game", || saved.exists());
    let out = play(dir.path(), &["--plain", "--resume"], "quit\n");
    assert!(out.contains("state 1/1"), "{out}");

    // A save file this version can't read: quitting asks, and n keeps it.
    fs::write(&saved, "{corrupt").unwrap();
    let fifth = Tmux(format!("sudokuflow-test5-{pid}"));
    fifth.start(dir.path(), "--level easy --seed 1");
    fifth.wait_for("level    easy");
    fifth.keys(&["q"]);
    fifth.wait_for("Overwrite it with this game?");
    fifth.keys(&["n"]);
    fifth.wait_for("the save file was kept");
    assert_eq!(fs::read_to_string(&saved).unwrap(), "{corrupt");
}
