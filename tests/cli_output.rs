//! Where output goes and how a run ends: `-o` onto FIFOs, through symlinks
//! and over files with their own mode; `-o -`; closed standard streams;
//! SIGTERM, SIGHUP and an input truncated while it is read.

use std::fs;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::Stdio;

use crate::util::{PEAK_FORMAT, PUZZLE, SOLUTION, have, peak_kb, program, sudokuflow, temp_dir};

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

/// Item 30 of issue 34: a link whose target does not exist yet (or a chain
/// of them) gets its target created, relative to the link's folder; the
/// link stays. A loop of links is an error that leaves it as it was.
#[test]
fn output_through_a_dangling_symlink_creates_its_target() {
    let dir = temp_dir();
    let input = puzzle_file(dir.path(), 1);
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink("target.txt", &link).unwrap();
    let chain = dir.path().join("chain.txt");
    std::os::unix::fs::symlink("link.txt", &chain).unwrap();
    for through in [&link, &chain] {
        let _ = fs::remove_file(dir.path().join("target.txt"));
        let run = sudokuflow()
            .args(["solve", "-o"])
            .arg(through)
            .arg(&input)
            .output();
        assert!(run.status.success(), "{run:?}");
        for link in [&link, &chain] {
            assert!(fs::symlink_metadata(link).unwrap().file_type().is_symlink());
        }
        assert_eq!(
            fs::read_to_string(dir.path().join("target.txt")).unwrap(),
            format!("{SOLUTION}\n")
        );
    }
    let looped = dir.path().join("loop.txt");
    std::os::unix::fs::symlink("loop.txt", &looped).unwrap();
    let run = sudokuflow()
        .args(["solve", "-o"])
        .arg(&looped)
        .arg(&input)
        .output();
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("symbolic links"), "{stderr}");
    assert!(
        fs::symlink_metadata(&looped)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        leftovers(
            dir.path(),
            &["in.txt", "target.txt", "link.txt", "chain.txt", "loop.txt"]
        ),
        Vec::<String>::new()
    );
}

/// Item 27 of issue 34: `-o` naming a folder (one that exists, or any
/// name ending in `/`) is refused at once, by every command, `print` as
/// `solve`: nothing written beside it.
#[test]
fn output_naming_a_folder_is_refused_before_any_work() {
    let dir = temp_dir();
    let input = puzzle_file(dir.path(), 2);
    fs::create_dir(dir.path().join("adir")).unwrap();
    let input = input.to_str().unwrap();
    for (args, folder) in [
        (&["solve", "-o", "adir", input][..], "adir"),
        (&["rate", "-o", "adir/", input], "adir/"),
        (&["print", "-o", "adir/", "-f", "svg", input], "adir/"),
        (&["print", "-o", "adir", "-f", "pdf", input], "adir"),
        (&["print", "-o", "new/", "-f", "html", input], "new/"),
        (&["generate", "-n", "1", "-o", "new/"], "new/"),
    ] {
        let run = sudokuflow().args(args).current_dir(dir.path()).output();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!("sudokuflow: -o {folder} is a folder; ")),
            "{args:?}: {stderr}"
        );
        assert_eq!(
            leftovers(dir.path(), &["in.txt", "adir"]),
            Vec::<String>::new(),
            "{args:?}"
        );
        assert_eq!(fs::read_dir(dir.path().join("adir")).unwrap().count(), 0);
    }
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

/// The run ends by the signal itself (a shell shows 128 + the signal, and
/// a script stops as for any program killed by it).
#[test]
fn sigterm_sighup_and_sigint_end_the_run_by_the_signal_and_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    for signal in [libc::SIGTERM, libc::SIGHUP, libc::SIGINT] {
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
        crate::util::wait_until("the temporary file", || {
            !leftovers(dir.path(), &[]).is_empty()
        });
        child.signal(signal);
        assert_eq!(child.wait().signal(), Some(signal));
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
    crate::util::wait_until("the temporary file", || {
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

/// The commands of `sudokuflow --help` whose own help lists `option`.
fn commands_with(option: &str) -> Vec<String> {
    let help = sudokuflow().arg("--help").output();
    let help = String::from_utf8(help.stdout).unwrap();
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .filter(|name| {
            let own = sudokuflow().args([name, "--help"]).output();
            String::from_utf8(own.stdout).unwrap().contains(option)
        })
        .map(str::to_string)
        .collect()
}

/// `--strict` stops at the first bad puzzle with status 1: an `-o` file is
/// then left as it was (docs/formats.md promises it), in every command with
/// `--strict`.
#[test]
fn strict_runs_that_stop_leave_the_output_file_as_it_was() {
    let strict = commands_with("--strict");
    assert!(strict.len() >= 3, "{strict:?}");
    for command in strict {
        let dir = temp_dir();
        let input = dir.path().join("in.txt");
        fs::write(&input, format!("{PUZZLE}\nbad\n{PUZZLE}\n")).unwrap();
        let out = dir.path().join("out.txt");
        fs::write(&out, "previous\n").unwrap();
        let run = sudokuflow()
            .args([&command, "--strict", "-q", "-o"])
            .arg(&out)
            .arg(&input)
            .output();
        assert_eq!(run.status.code(), Some(1), "{command}");
        assert_eq!(fs::read_to_string(&out).unwrap(), "previous\n", "{command}");
        assert_eq!(
            leftovers(dir.path(), &["in.txt", "out.txt"]),
            Vec::<String>::new()
        );
        // Without a bad puzzle the file is written.
        fs::write(&input, format!("{PUZZLE}\n")).unwrap();
        let run = sudokuflow()
            .args([&command, "--strict", "-o"])
            .arg(&out)
            .arg(&input)
            .output();
        assert_eq!(run.status.code(), Some(0), "{command}");
        assert_ne!(fs::read_to_string(&out).unwrap(), "previous\n", "{command}");
    }
}

/// Every command with `-o` leaves the file as it was when its run fails
/// (status 2: here an input that does not exist, after one that does).
#[test]
fn failed_runs_of_every_command_leave_the_output_file_as_it_was() {
    let with_output = commands_with("--output");
    assert!(with_output.len() >= 10, "{with_output:?}");
    for command in with_output {
        let dir = temp_dir();
        let input = puzzle_file(dir.path(), 2);
        let out = dir.path().join("out.pdf");
        fs::write(&out, "previous\n").unwrap();
        let mut args: Vec<String> = vec![command.clone(), "-o".into(), out.display().to_string()];
        match command.as_str() {
            // A clue target no grid meets (status 1, nothing replaced).
            "generate" => args.extend(["--clues", "17", "-j1", "--seed", "1"].map(String::from)),
            // No shell or command of that name.
            "completions" => args.push("no-shell".into()),
            "man" => args.push("no-command".into()),
            _ => args.extend([input.display().to_string(), "missing.txt".into()]),
        }
        let run = sudokuflow().args(&args).current_dir(dir.path()).output();
        assert_ne!(run.status.code(), Some(0), "{args:?}");
        assert_eq!(fs::read_to_string(&out).unwrap(), "previous\n", "{args:?}");
        assert_eq!(
            leftovers(dir.path(), &["in.txt", "out.pdf"]),
            Vec::<String>::new()
        );
    }
}

/// `completions` and `man` write as every command does: a full disk is an
/// error (status 2, no panic), and they take `-o`, which a closed standard
/// output suggests; `play`, without `-o`, is not told to use it.
#[test]
fn completions_and_man_report_write_errors_and_take_output_files() {
    let Some(full) = crate::util::full_disk() else {
        return;
    };
    for args in [&["completions", "bash"][..], &["man"], &["man", "solve"]] {
        let run = sudokuflow().args(args).stdout(full()).output();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("sudokuflow: error writing to stdout: No space left on device"),
            "{args:?}: {stderr}"
        );
        let closed = program("sh")
            .arg("-c")
            .arg(format!("exec '{}' {} >&-", bin(), args.join(" ")))
            .output();
        assert_eq!(closed.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&closed.stderr).contains("-o FILE"));
        let dir = temp_dir();
        let out = dir.path().join("out");
        let to_file = sudokuflow().args(args).arg("-o").arg(&out).output();
        assert!(to_file.status.success(), "{args:?}");
        let direct = sudokuflow().args(args).output();
        assert_eq!(fs::read(&out).unwrap(), direct.stdout, "{args:?}");
    }
    let closed = program("sh")
        .arg("-c")
        .arg(format!("exec '{}' play --plain >&-", bin()))
        .output();
    assert_eq!(closed.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&closed.stderr);
    assert!(
        stderr.contains("standard output is closed") && !stderr.contains("-o"),
        "{stderr}"
    );
}

/// Item 32 of issue 34: help and version are output like any other: a
/// full disk or a closed standard output is an error (status 2), a closed
/// pipe is not.
#[test]
fn help_and_version_report_write_errors() {
    let Some(full) = crate::util::full_disk() else {
        return;
    };
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["-V"],
        &["help"],
        &["help", "solve"],
        &["solve", "--help"],
        &["print", "-h"],
        &["completions", "--help"],
    ] {
        let run = sudokuflow().args(args).stdout(full()).output();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("sudokuflow: error writing to stdout: No space left on device"),
            "{args:?}: {stderr}"
        );
        let closed = program("sh")
            .arg("-c")
            .arg(format!("exec '{}' {} >&-", bin(), args.join(" ")))
            .output();
        let stderr = String::from_utf8_lossy(&closed.stderr);
        assert_eq!(closed.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("standard output is closed"),
            "{args:?}: {stderr}"
        );
        let shown = sudokuflow().args(args).output();
        assert_eq!(shown.status.code(), Some(0), "{args:?}");
        assert!(
            !shown.stdout.is_empty() && shown.stderr.is_empty(),
            "{args:?}"
        );
    }
    // A reader that stops early: quiet, status 0.
    let mut child = sudokuflow().arg("--help").spawn();
    drop(child.stdout.take());
    let ended = child.wait_with_output();
    assert_eq!(ended.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&ended.stderr), "");
}

/// `-o` syncs the new file to disk before renaming it over the old one,
/// and the folder after, so that a crash leaves the old file or the whole
/// new one (seen with strace).
#[test]
fn output_files_are_synced_before_and_after_the_rename() {
    if program("strace").arg("-V").try_output().is_err() {
        crate::util::skip("no strace: the sync order was not checked");
        return;
    }
    let dir = temp_dir();
    let dir = fs::canonicalize(dir.path()).unwrap();
    let input = puzzle_file(&dir, 1);
    let out = dir.join("out.txt");
    let log = dir.join("strace.log");
    let status = program("strace")
        .args([
            "-f",
            "-y",
            "-e",
            "trace=fsync,fdatasync,rename,renameat,renameat2",
            "-o",
        ])
        .arg(&log)
        .arg(bin())
        .args(["solve", "-o"])
        .arg(&out)
        .arg(&input)
        .output()
        .status;
    assert!(status.success());
    let log = fs::read_to_string(&log).unwrap();
    let calls: Vec<&str> = log
        .lines()
        .filter(|line| !line.contains("+++") && !line.contains("resumed>"))
        .collect();
    let rename = calls
        .iter()
        .position(|call| call.contains("rename") && call.contains("out.txt"))
        .unwrap_or_else(|| panic!("no rename: {log}"));
    let temp_synced = calls[..rename]
        .iter()
        .any(|call| call.contains("sync(") && call.contains(".sudokuflow-"));
    // `<dir>` names the folder itself (a file in it is `<dir/name>`); the
    // call may be printed `<unfinished ...>` when another thread makes one.
    let folder = format!("<{}>", dir.display());
    let folder_synced = calls[rename..]
        .iter()
        .any(|call| call.contains("sync(") && call.contains(&folder));
    assert!(temp_synced && folder_synced, "{log}");
}

/// Memory as users measure it: `/usr/bin/time`'s maximum resident set size,
/// which counts the pages of a mapped input. A 1 GiB line without a newline
/// (a sparse file: no disk used) is read in flat memory, from the file (a
/// map, its searched pages given back), from standard input redirected from
/// it (mapped too) and from a pipe.
#[test]
fn a_huge_line_is_read_in_flat_memory_as_time_measures_it() {
    if !have("/usr/bin/time") {
        return;
    }
    let dir = temp_dir();
    let path = dir.path().join("huge.txt");
    fs::File::create(&path).unwrap().set_len(1 << 30).unwrap();
    let time = format!("/usr/bin/time -f '{PEAK_FORMAT}'");
    for script in [
        format!("{time} \"$0\" solve \"$1\""),
        format!("{time} \"$0\" solve < \"$1\""),
        format!("cat \"$1\" | {time} \"$0\" solve"),
    ] {
        let output = program("sh")
            .args(["-c", &script, bin()])
            .arg(&path)
            .output();
        assert_eq!(String::from_utf8_lossy(&output.stdout), "!line-too-long\n");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(":1: line longer than 65536 bytes"),
            "{stderr}"
        );
        let kb = peak_kb(&stderr);
        assert!(kb < 64 * 1024, "{script}: peak {kb} KB for a 1 GiB line");
    }
}

/// The same measure over a large file of many lines: each chunk's pages are
/// given back once answered, with those a page fault maps around the next
/// chunk's first read, so 1,200,000 puzzles (97 MB) peak within a few MB of
/// 300,000 (11 MB against 7 MB here; before, 18 MB against 7.6 MB).
#[test]
fn a_large_file_of_puzzles_is_read_in_flat_memory_as_time_measures_it() {
    if !have("/usr/bin/time") {
        return;
    }
    let dir = temp_dir();
    let peak = |lines: usize| {
        let path = dir.path().join(format!("{lines}.txt"));
        let mut file = std::io::BufWriter::new(fs::File::create(&path).unwrap());
        for _ in 0..lines {
            writeln!(file, "{PUZZLE}").unwrap();
        }
        file.into_inner().unwrap().sync_all().unwrap();
        let script =
            format!("/usr/bin/time -f '{PEAK_FORMAT}' \"$0\" solve -j1 \"$1\" > /dev/null");
        let output = program("sh")
            .args(["-c", &script, bin()])
            .arg(&path)
            .output();
        assert!(output.status.success());
        let kb = peak_kb(&String::from_utf8(output.stderr).unwrap());
        fs::remove_file(&path).unwrap();
        kb
    };
    let (small, large) = (peak(300_000), peak(1_200_000));
    assert!(
        large < small + 6 * 1024,
        "peak {small} KB for 300,000 puzzles, {large} KB for 1,200,000"
    );
}
