//! Running programs (the `sudokuflow` binary, a tool such as tmux or
//! pdftoppm, or a test binary again) with a deadline: a run that has not
//! ended by then is killed, with every process it started, and the test
//! fails saying so, instead of hanging the suite. The deadline is generous:
//! it is there to catch hangs, never to time anything.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{
    Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Output, Stdio,
};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long any one run may take before it counts as hung.
pub const DEADLINE: Duration = Duration::from_secs(300);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(5);

/// A run of another program.
pub fn program(name: impl AsRef<OsStr>) -> Run {
    Run::new(name)
}

/// A run of `name` whose peak memory [`Running::wait_with_peak_memory`]
/// reads, as users measure it: under GNU time, which forks the program
/// from its own small process. A child forked from this test process
/// would count the test's resident memory as its own (Linux keeps the
/// highest resident size of a process's image before its exec), and the
/// test process holds all of the suite's tests.
pub fn program_with_peak_memory(name: impl AsRef<OsStr>) -> Run {
    let report = tempfile::NamedTempFile::new()
        .expect("a temporary file")
        .into_temp_path();
    let mut run = Run::new("/usr/bin/time");
    run.args(["-f", "%M", "-o"]).arg(&report).arg(name);
    run.peak_report = Some(Arc::new(report));
    run
}

/// A command to run, with what to feed its standard input.
pub struct Run {
    command: Command,
    stdin: Option<Vec<u8>>,
    stdin_set: bool,
    stdout_set: bool,
    deadline: Duration,
    /// Where GNU time writes the peak memory (see [`program_with_peak_memory`]).
    peak_report: Option<Arc<tempfile::TempPath>>,
}

impl Run {
    fn new(program: impl AsRef<OsStr>) -> Run {
        Run {
            command: Command::new(program),
            stdin: None,
            stdin_set: false,
            stdout_set: false,
            deadline: DEADLINE,
            peak_report: None,
        }
    }

    pub fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut Run {
        self.command.arg(arg);
        self
    }

    pub fn args(&mut self, args: impl IntoIterator<Item = impl AsRef<OsStr>>) -> &mut Run {
        self.command.args(args);
        self
    }

    pub fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut Run {
        self.command.env(key, value);
        self
    }

    pub fn env_remove(&mut self, key: impl AsRef<OsStr>) -> &mut Run {
        self.command.env_remove(key);
        self
    }

    pub fn current_dir(&mut self, dir: impl AsRef<Path>) -> &mut Run {
        self.command.current_dir(dir);
        self
    }

    /// Bytes to write to standard input, which is then closed. Without
    /// this (or [`Run::stdin`]), standard input is empty.
    pub fn write_stdin(&mut self, bytes: impl Into<Vec<u8>>) -> &mut Run {
        self.stdin = Some(bytes.into());
        self
    }

    /// Standard input from elsewhere (a file, or a pipe to write to after
    /// [`Run::spawn`] with `Stdio::piped()`).
    pub fn stdin(&mut self, stdin: impl Into<Stdio>) -> &mut Run {
        self.command.stdin(stdin);
        self.stdin_set = true;
        self
    }

    /// Standard output to elsewhere (such as `/dev/full`) instead of captured.
    pub fn stdout(&mut self, stdout: impl Into<Stdio>) -> &mut Run {
        self.command.stdout(stdout);
        self.stdout_set = true;
        self
    }

    /// Another deadline than [`DEADLINE`].
    pub fn timeout(&mut self, deadline: Duration) -> &mut Run {
        self.deadline = deadline;
        self
    }

    /// The command as a person would type it, for messages.
    fn describe(&self) -> String {
        let mut words = vec![self.command.get_program().to_string_lossy().into_owned()];
        words.extend(
            self.command
                .get_args()
                .map(|a| a.to_string_lossy().into_owned()),
        );
        if self.peak_report.is_some() {
            // The program, not the GNU time around it.
            words.drain(..5);
        }
        if let Some(name) = words[0].rsplit('/').next() {
            words[0] = name.to_string();
        }
        let line = words.join(" ");
        match line.char_indices().nth(200) {
            Some((at, _)) => format!("{}...", &line[..at]),
            None => line,
        }
    }

    /// Starts the program with its standard streams piped (unless set),
    /// in a process group of its own, under the deadline.
    ///
    /// # Panics
    /// When the program cannot be started.
    pub fn spawn(&mut self) -> Running {
        self.try_spawn()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", self.describe()))
    }

    fn try_spawn(&mut self) -> std::io::Result<Running> {
        if !self.stdin_set {
            self.command.stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            });
        }
        if !self.stdout_set {
            self.command.stdout(Stdio::piped());
        }
        self.command.stderr(Stdio::piped());
        // Its own group, so that the whole of it can be killed.
        self.command.process_group(0);
        // A suite started as a script's background job inherits SIGINT and
        // SIGQUIT ignored, and under nohup SIGHUP; the programs under test
        // start with the signals as a terminal gives them (a test that wants
        // one ignored says so).
        // SAFETY: signal(2) is async-signal-safe and touches no memory of ours.
        unsafe {
            self.command.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                libc::signal(libc::SIGQUIT, libc::SIG_DFL);
                libc::signal(libc::SIGHUP, libc::SIG_DFL);
                libc::signal(libc::SIGTERM, libc::SIG_DFL);
                Ok(())
            });
        }
        let mut child = self.command.spawn()?;
        let mut stdin = child.stdin.take();
        if let Some(bytes) = self.stdin.clone() {
            let mut pipe = stdin.take().expect("a piped standard input");
            // Fed from a thread: a program that never reads it must not
            // block the test. It may stop reading early: errors are fine.
            thread::spawn(move || {
                let _ = pipe.write_all(&bytes);
            });
        }
        let mut running = Running::start(child, stdin, self.describe(), self.deadline);
        running.peak_report = self.peak_report.clone();
        Ok(running)
    }

    /// Runs to the end and returns what it wrote and how it ended.
    ///
    /// # Panics
    /// When the program cannot be started or misses its deadline.
    pub fn output(&mut self) -> Output {
        self.spawn().wait_with_output()
    }

    /// As [`Run::output`], but `Err` when the program cannot be started
    /// (to learn whether a tool is installed).
    pub fn try_output(&mut self) -> std::io::Result<Output> {
        Ok(self.try_spawn()?.wait_with_output())
    }

    /// Runs to the end, for assertions on the output and status.
    pub fn assert(&mut self) -> assert_cmd::assert::Assert {
        use assert_cmd::assert::OutputAssertExt;
        self.output().assert()
    }
}

/// Whether the child has been reaped, and whether the watchdog fired.
#[derive(Default)]
struct Fate {
    reaped: bool,
    killed: bool,
}

/// A started program. Its watchdog kills its process group at the
/// deadline, which ends any read of its output the test is blocked in;
/// waiting for it then fails the test. Dropped before it ends (a test that
/// failed half way), it is killed.
pub struct Running {
    child: Child,
    pub stdin: Option<ChildStdin>,
    pub stdout: Option<ChildStdout>,
    pub stderr: Option<ChildStderr>,
    what: String,
    deadline: Duration,
    started: Instant,
    fate: Arc<(Mutex<Fate>, Condvar)>,
    peak_report: Option<Arc<tempfile::TempPath>>,
}

impl Running {
    fn start(
        mut child: Child,
        stdin: Option<ChildStdin>,
        what: String,
        deadline: Duration,
    ) -> Running {
        let fate = Arc::new((Mutex::new(Fate::default()), Condvar::new()));
        let group = child.id() as i32;
        let watch = Arc::clone(&fate);
        let until = Instant::now() + deadline;
        thread::spawn(move || {
            let (lock, wake) = &*watch;
            let mut fate = lock.lock().unwrap();
            while !fate.reaped {
                let now = Instant::now();
                if now >= until {
                    // Under the lock: the child is not reaped, so its
                    // process group cannot have been reused.
                    // SAFETY: kill(2) with a negative pid signals a group.
                    unsafe { libc::kill(-group, libc::SIGKILL) };
                    fate.killed = true;
                    return;
                }
                fate = wake.wait_timeout(fate, until - now).unwrap().0;
            }
        });
        Running {
            stdout: child.stdout.take(),
            stderr: child.stderr.take(),
            child,
            stdin,
            what,
            deadline,
            started: Instant::now(),
            fate,
            peak_report: None,
        }
    }

    /// The process id (also its process group's).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends `signal` to the program (not to what it started).
    pub fn signal(&self, signal: i32) {
        let fate = self.fate.0.lock().unwrap();
        assert!(!fate.reaped, "{} has ended already", self.what);
        // SAFETY: signals our own child, not yet reaped (under the lock).
        let sent = unsafe { libc::kill(self.child.id() as i32, signal) };
        assert_eq!(sent, 0, "cannot signal {}", self.what);
    }

    /// Waits for the program to end.
    ///
    /// # Panics
    /// When it missed its deadline (it was killed).
    pub fn wait(&mut self) -> ExitStatus {
        let status = self.reap();
        self.check_deadline("");
        status
    }

    /// Whether it has ended, without waiting.
    pub fn try_wait(&mut self) -> Option<ExitStatus> {
        let (lock, wake) = &*self.fate;
        let mut fate = lock.lock().unwrap();
        if fate.reaped {
            return self.child.try_wait().ok().flatten();
        }
        let status = self.child.try_wait().expect("waiting for a child");
        if status.is_some() {
            fate.reaped = true;
            wake.notify_all();
        }
        status
    }

    fn reap(&mut self) -> ExitStatus {
        loop {
            if let Some(status) = self.try_wait() {
                return status;
            }
            thread::sleep(POLL);
        }
    }

    /// Waits for the program to end (its output read or closed by the
    /// caller); how it ended and its peak resident memory in KiB as GNU
    /// time reports it. Only for a run of [`program_with_peak_memory`].
    ///
    /// # Panics
    /// When it missed its deadline (it was killed).
    pub fn wait_with_peak_memory(&mut self) -> (ExitStatus, u64) {
        let report = self
            .peak_report
            .clone()
            .expect("a run started by program_with_peak_memory");
        let status = self.wait();
        let text = std::fs::read_to_string(&**report).expect("GNU time's report");
        // The last line: a line about how it ended may come first.
        let kib = text
            .lines()
            .last()
            .and_then(|line| line.trim().parse().ok())
            .unwrap_or_else(|| panic!("no peak memory in GNU time's report: {text}"));
        (status, kib)
    }

    fn check_deadline(&self, output: &str) {
        if self.fate.0.lock().unwrap().killed {
            panic!(
                "{} did not end within {:?} and was killed (a hang?){output}",
                self.what, self.deadline
            );
        }
    }

    /// Closes standard input (if still held), reads the rest of the
    /// output and waits for the end.
    ///
    /// # Panics
    /// When the program missed its deadline, or its output stayed open
    /// until then (a process it started kept it).
    pub fn wait_with_output(mut self) -> Output {
        drop(self.stdin.take());
        let (sender, received) = mpsc::channel();
        let read = |pipe: Option<Box<dyn Read + Send>>, which: usize| {
            let sender = sender.clone();
            thread::spawn(move || {
                let mut bytes = Vec::new();
                if let Some(mut pipe) = pipe {
                    let _ = pipe.read_to_end(&mut bytes);
                }
                let _ = sender.send((which, bytes));
            });
        };
        read(self.stdout.take().map(|p| Box::new(p) as _), 0);
        read(self.stderr.take().map(|p| Box::new(p) as _), 1);
        let status = self.reap();
        let mut streams = [Vec::new(), Vec::new()];
        let until = self.started + self.deadline + Duration::from_secs(1);
        for _ in 0..2 {
            let left = until.saturating_duration_since(Instant::now());
            match received.recv_timeout(left) {
                Ok((which, bytes)) => streams[which] = bytes,
                Err(_) => {
                    self.check_deadline("");
                    panic!("{}: its output stayed open after it ended", self.what)
                }
            }
        }
        let [stdout, stderr] = streams;
        self.check_deadline(&format!(
            "; its standard error:\n{}",
            String::from_utf8_lossy(&stderr)
        ));
        Output {
            status,
            stdout,
            stderr,
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let (lock, wake) = &*self.fate;
        let mut fate = lock.lock().unwrap();
        if !fate.reaped {
            // SAFETY: the child is not reaped (under the lock): its group is ours.
            unsafe { libc::kill(-(self.child.id() as i32), libc::SIGKILL) };
            let _ = self.child.wait();
            fate.reaped = true;
        }
        wake.notify_all();
    }
}

/// Waits until `done()` holds, looking again every few milliseconds; fails
/// the test naming `what` if it still does not hold at [`DEADLINE`].
pub fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let until = Instant::now() + DEADLINE;
    while !done() {
        assert!(
            Instant::now() < until,
            "waited {} s for {what}",
            DEADLINE.as_secs()
        );
        thread::sleep(POLL);
    }
}
