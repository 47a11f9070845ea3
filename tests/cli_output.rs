//! Where output goes and how a run ends: `-o` onto FIFOs, through symlinks
//! and over files with their own mode; `-o -`; closed standard streams;
//! SIGTERM, SIGHUP and an input truncated while it is read.

use std::fs;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::Stdio;

mod common;
use common::{PUZZLE, SOLUTION, program, sudokuflow, temp_dir};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sudokuflow")
}

/// Files in `dir` other than `keep`: temporary files left behind.
fn leftovers(dir: &Path, keep: &[&str]) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !keep.contains(&name.as_str()))
        .collect()
}

fn puzzle_file(dir: &Path, copies: usize) -> std::path::PathBuf {
    let path = dir.join("in.txt");
    let mut file = fs::File::create(&path).unwrap();
    for _ in 0..copies {
        writeln!(file, "{PUZZLE}").unwrap();
    }
    path
}

#[test]
fn output_through_a_symlink_replaces_its_target_and_keeps_the_link() {
    let dir = temp_dir();
    let input = puzzle_file(dir.path(), 1);
    let target = dir.path().join("target.txt");
    fs::write(&target, "old\n").unwrap();
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let status = sudokuflow()
        .args(["solve", "-o"])
        .arg(&link)
        .arg(&input)
        .output()
        .status;
    assert!(status.success());
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(&target).unwrap(),
        format!("{SOLUTION}\n")
    );
    assert_eq!(
        leftovers(dir.path(), &["in.txt", "target.txt", "link.txt"]),
        Vec::<String>::new()
    );
}

#[test]
fn output_over_a_file_keeps_its_mode() {
    let dir = temp_dir();
    let input = puzzle_file(dir.path(), 1);
    let out = dir.path().join("out.txt");
    fs::write(&out, "old\n").unwrap();
    fs::set_permissions(&out, fs::Permissions::from_mode(0o600)).unwrap();
    let status = sudokuflow()
        .args(["solve", "-o"])
        .arg(&out)
        .arg(&input)
        .output()
        .status;
    assert!(status.success());
    assert_eq!(
        fs::metadata(&out).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert_eq!(fs::read_to_string(&out).unwrap(), format!("{SOLUTION}\n"));
}

#[test]
fn output_to_a_fifo_is_written_in_place() {
    let dir = temp_dir();
    let input = puzzle_file(dir.path(), 3);
    let fifo = dir.path().join("fifo");
    let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo with a valid C path.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let status = sudokuflow()
        .args(["solve", "-o"])
        .arg(&fifo)
        .arg(&input)
        .output()
        .status;
    assert!(status.success());
    assert_eq!(reader.join().unwrap(), format!("{SOLUTION}\n").repeat(3));
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn dash_output_means_standard_output() {
    let dir = temp_dir();
    let input = puzzle_file(dir.path(), 1);
    let output = sudokuflow()
        .args(["solve", "-o", "-"])
        .arg(&input)
        .current_dir(dir.path())
        .output();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("{SOLUTION}\n")
    );
    assert!(!dir.path().join("-").exists());
}

#[test]
fn closed_standard_streams_are_errors() {
    let dir = temp_dir();
    let input = puzzle_file(dir.path(), 1);
    let run = |script: String| program("sh").arg("-c").arg(script).output();
    let closed_out = run(format!("exec '{}' solve '{}' >&-", bin(), input.display()));
    assert_eq!(closed_out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&closed_out.stderr).contains("standard output is closed"));
    let closed_in = run(format!("exec '{}' solve <&-", bin()));
    assert_eq!(closed_in.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&closed_in.stderr).contains("standard input is closed"));
    // With -o a closed standard output is no obstacle.
    let out = dir.path().join("out.txt");
    let to_file = run(format!(
        "exec '{}' solve -o '{}' '{}' >&-",
        bin(),
        out.display(),
        input.display()
    ));
    assert_eq!(to_file.status.code(), Some(0));
    assert_eq!(fs::read_to_string(&out).unwrap(), format!("{SOLUTION}\n"));
}

#[test]
fn sigterm_and_sighup_end_with_128_plus_the_signal_and_no_temporary_file() {
    for (signal, code) in [
        (libc::SIGTERM, 143),
        (libc::SIGHUP, 129),
        (libc::SIGINT, 130),
    ] {
        let dir = temp_dir();
        let out = dir.path().join("out.txt");
        // Reads a pipe that stays open: the run waits until it is signalled.
        let mut child = sudokuflow()
            .args(["solve", "-q", "-o"])
            .arg(&out)
            .stdin(Stdio::piped())
            .spawn();
        writeln!(child.stdin.as_mut().unwrap(), "{PUZZLE}").unwrap();
        // Until the temporary file exists, the handler may not be installed.
        common::wait_until("the temporary file", || {
            !leftovers(dir.path(), &[]).is_empty()
        });
        child.signal(signal);
        assert_eq!(child.wait().code(), Some(code), "signal {signal}");
        assert_eq!(
            leftovers(dir.path(), &[]),
            Vec::<String>::new(),
            "signal {signal}"
        );
    }
}

/// An input file cut short while it is read (mapped: reading past its new
/// end faults) ends the run with a message and no temporary file. The run
/// reads standard input first, a pipe held open until the file is cut: the
/// file is opened and mapped by then, and not read yet.
#[test]
fn an_input_truncated_while_read_is_an_error_without_leftovers() {
    let dir = temp_dir();
    let input = puzzle_file(dir.path(), 2_000);
    let out = dir.path().join("out.txt");
    let mut child = sudokuflow()
        .args(["solve", "-q", "-j1", "-o"])
        .arg(&out)
        .arg("-")
        .arg(&input)
        .stdin(Stdio::piped())
        .spawn();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{PUZZLE}").unwrap();
    // The temporary file exists once the inputs are open.
    common::wait_until("the temporary file", || {
        !leftovers(dir.path(), &["in.txt"]).is_empty()
    });
    fs::OpenOptions::new()
        .write(true)
        .open(&input)
        .unwrap()
        .set_len(0)
        .unwrap();
    drop(stdin);
    let output = child.wait_with_output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("input changed while reading"), "{stderr}");
    assert_eq!(leftovers(dir.path(), &["in.txt"]), Vec::<String>::new());
}
