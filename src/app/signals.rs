//! Signals. Every command but `play` (which saves the game on them, see
//! `play::guard`) handles SIGINT, SIGTERM and SIGHUP alike: the temporary
//! files of unfinished outputs are removed, then the process ends by the
//! signal itself, so a shell sees 128 + the signal (130, 143, 129) and a
//! script stops as it would for any program killed by Ctrl-C. A signal that
//! was ignored when the program started (a background job of a script, or
//! `nohup`) stays ignored, as POSIX asks of programs that catch signals.
//!
//! SIGBUS, which a memory-mapped input raises when the file is truncated
//! under it, removes the temporary files too and ends with status 2 and a
//! message.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

/// Set in the signal handler itself as a termination signal arrives, before
/// the signal thread wakes: a run that ends in between must not replace a
/// file or end by its own status (see [`wait_for_the_end`]).
static TERMINATING: AtomicBool = AtomicBool::new(false);

/// The temporary files to remove on a signal.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Holds the pending files while a temporary file is created or renamed,
/// so that a signal cannot come between that and its registration.
pub struct PendingLock(MutexGuard<'static, Vec<PathBuf>>);

/// Locks the pending files (see [`PendingLock`]).
pub fn lock_pending() -> PendingLock {
    // The guarded paths stay valid even if a holder panicked.
    PendingLock(
        PENDING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()),
    )
}

impl PendingLock {
    /// Registers `path` to be removed on a signal.
    pub fn add(&mut self, path: &Path) {
        self.0.push(path.to_path_buf());
        platform::add_for_bus_error(path);
    }

    /// Forgets `path`: it was renamed into place or removed.
    pub fn remove(&mut self, path: &Path) {
        if let Some(at) = self.0.iter().position(|p| p == path) {
            self.0.swap_remove(at);
        }
        platform::remove_for_bus_error(path);
    }
}

/// Starts the thread that turns SIGINT, SIGTERM and SIGHUP, unless ignored
/// at start, into the removal of the pending files and the end of the
/// process by that signal; once per process.
pub fn handle_termination() -> std::io::Result<()> {
    static STARTED: Once = Once::new();
    let mut result = Ok(());
    STARTED.call_once(|| result = platform::start_termination_thread());
    result
}

/// True once a termination signal we handle has arrived.
pub fn terminating() -> bool {
    TERMINATING.load(Ordering::SeqCst)
}

/// Waits for the signal thread to end the process (once [`terminating`]):
/// a run whose last work finished before that thread was scheduled must
/// still end by the signal, not replace a file or exit by its own status.
/// The caller holds no [`PendingLock`], which the thread needs.
pub fn wait_for_the_end() -> ! {
    loop {
        std::thread::park();
    }
}

/// The termination signals (SIGINT, SIGTERM, SIGHUP) that were not ignored
/// when the program started: the ones a handler may take over.
#[cfg(unix)]
pub fn termination_signals() -> Vec<libc::c_int> {
    platform::TERMINATION
        .into_iter()
        .filter(|&signal| !platform::ignored(signal))
        .collect()
}

/// Installs the SIGBUS handler (for the whole process).
pub fn handle_bus_error() {
    platform::handle_bus_error();
}

/// Removes the unfinished outputs (on a termination signal).
#[cfg(unix)]
fn remove_pending() {
    for path in lock_pending().0.drain(..) {
        let _ = std::fs::remove_file(path);
    }
}

#[cfg(unix)]
mod platform {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::sync::atomic::{AtomicPtr, Ordering};

    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

    use crate::app::report;

    pub const TERMINATION: [libc::c_int; 3] = [SIGINT, SIGTERM, SIGHUP];

    /// True when `signal` is ignored (as it was inherited, before any
    /// handler of ours).
    pub fn ignored(signal: libc::c_int) -> bool {
        // SAFETY: sigaction with a null new action only reads the current one.
        unsafe {
            let mut current: libc::sigaction = std::mem::zeroed();
            libc::sigaction(signal, std::ptr::null(), &mut current) == 0
                && current.sa_sigaction == libc::SIG_IGN
        }
    }

    pub fn start_termination_thread() -> std::io::Result<()> {
        let signals = super::termination_signals();
        if signals.is_empty() {
            return Ok(());
        }
        for &signal in &signals {
            // SAFETY: the action only stores to an atomic (async-signal-safe).
            unsafe {
                signal_hook::low_level::register(signal, || {
                    super::TERMINATING.store(true, Ordering::SeqCst);
                })?;
            }
        }
        let mut signals = signal_hook::iterator::Signals::new(signals)?;
        std::thread::Builder::new()
            .name("sudokuflow-signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    super::remove_pending();
                    let name = match signal {
                        SIGTERM => "terminated",
                        SIGHUP => "hung up",
                        _ => "interrupted",
                    };
                    report::message(format_args!("{name}"));
                    // Ends the process by the signal, for the shell to see.
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            })
            .map(drop)
    }

    /// The pending files as C strings for the SIGBUS handler, which may not
    /// lock or allocate: a slot each, null when free. Strings are leaked on
    /// purpose (one per output file, a few per process); a file beyond the
    /// slots is not removed on SIGBUS, which only a mapped input raises,
    /// while it is read: a run has one output file pending then.
    static BUS_PENDING: [AtomicPtr<libc::c_char>; 8] =
        [const { AtomicPtr::new(std::ptr::null_mut()) }; 8];

    pub fn add_for_bus_error(path: &Path) {
        let Ok(c_path) = CString::new(path.as_os_str().as_bytes()) else {
            return;
        };
        let c_path = c_path.into_raw();
        let free = BUS_PENDING.iter().find(|slot| {
            slot.compare_exchange(
                std::ptr::null_mut(),
                c_path,
                Ordering::SeqCst,
                Ordering::SeqCst,
            )
            .is_ok()
        });
        if free.is_none() {
            // SAFETY: the pointer came from `into_raw` just above and was not stored.
            drop(unsafe { CString::from_raw(c_path) });
        }
    }

    pub fn remove_for_bus_error(path: &Path) {
        let bytes = path.as_os_str().as_bytes();
        for slot in &BUS_PENDING {
            let c_path = slot.load(Ordering::SeqCst);
            // SAFETY: a non-null slot holds a leaked, never freed C string.
            if !c_path.is_null() && unsafe { std::ffi::CStr::from_ptr(c_path) }.to_bytes() == bytes
            {
                // Leaked: the handler may be reading it.
                slot.store(std::ptr::null_mut(), Ordering::SeqCst);
                return;
            }
        }
    }

    pub fn handle_bus_error() {
        // SAFETY: the handler only calls async-signal-safe functions (unlink,
        // write, _exit) on data that stays valid (leaked C strings).
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_bus_error as *const () as usize;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
        }
    }

    extern "C" fn on_bus_error(_signal: libc::c_int) {
        const MESSAGE: &[u8] = b"sudokuflow: input changed while reading (was a file truncated?); inputs must not change during a run\n";
        for slot in &BUS_PENDING {
            let path = slot.load(Ordering::SeqCst);
            if !path.is_null() {
                // SAFETY: async-signal-safe; `path` is a leaked C string.
                unsafe { libc::unlink(path) };
            }
        }
        // SAFETY: async-signal-safe calls only.
        unsafe {
            libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
            libc::_exit(2);
        }
    }
}

/// Elsewhere: the system's default actions, and no SIGBUS.
#[cfg(not(unix))]
mod platform {
    use std::path::Path;

    pub fn start_termination_thread() -> std::io::Result<()> {
        Ok(())
    }

    pub fn add_for_bus_error(_path: &Path) {}

    pub fn remove_for_bus_error(_path: &Path) {}

    pub fn handle_bus_error() {}
}
