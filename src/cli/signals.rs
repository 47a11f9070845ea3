//! Signals. While a run writes a file through a temporary one, SIGINT,
//! SIGTERM and SIGHUP remove the temporary file and end the process with
//! 128 + the signal (130, 143, 129), as the default action would. SIGBUS,
//! which a memory-mapped input raises when the file is truncated under it,
//! removes the temporary file too and ends with status 2 and a message.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

use crate::cli::report;

/// The temporary file (or directory) to remove, for the signal thread.
static PENDING: Mutex<Option<PathBuf>> = Mutex::new(None);

/// The same path for the SIGBUS handler, which may not lock: a C string
/// leaked on purpose (one per output file, so at most a few per process).
static PENDING_C: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

/// The lock to hold while creating a temporary file and registering it, so
/// that a signal cannot come between the two.
pub fn lock_pending() -> MutexGuard<'static, Option<PathBuf>> {
    // The guarded path stays valid even if a holder panicked.
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Registers (or, with `None`, forgets) the temporary file, under `guard`.
pub fn set_pending(guard: &mut MutexGuard<'static, Option<PathBuf>>, path: Option<&Path>) {
    **guard = path.map(Path::to_path_buf);
    let c_path = path
        .and_then(|p| CString::new(p.as_os_str().as_bytes()).ok())
        .map_or(std::ptr::null_mut(), CString::into_raw);
    PENDING_C.store(c_path, Ordering::SeqCst);
}

/// Starts the thread that turns SIGINT, SIGTERM and SIGHUP into a clean
/// exit; once per process.
pub fn handle_termination() -> std::io::Result<()> {
    static STARTED: Once = Once::new();
    let mut result = Ok(());
    STARTED.call_once(|| {
        result = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]).and_then(
            |mut signals| {
                std::thread::Builder::new()
                    .name("sudokuflow-signals".into())
                    .spawn(move || {
                        if let Some(signal) = signals.forever().next() {
                            remove_pending();
                            let name = match signal {
                                SIGTERM => "terminated",
                                SIGHUP => "hung up",
                                _ => "interrupted",
                            };
                            report::message(format_args!("{name}"));
                            std::process::exit(128 + signal);
                        }
                    })
                    .map(drop)
            },
        );
    });
    result
}

fn remove_pending() {
    if let Some(path) = lock_pending().take() {
        // A file, or a directory of files (print's SVG pages).
        if std::fs::remove_file(&path).is_err() {
            let _ = std::fs::remove_dir_all(path);
        }
    }
}

/// Installs the SIGBUS handler (for the whole process).
pub fn handle_bus_error() {
    // SAFETY: the handler only calls async-signal-safe functions (unlink,
    // write, _exit) on data that stays valid (a leaked C string).
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_bus_error as *const () as usize;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
    }
}

extern "C" fn on_bus_error(_signal: libc::c_int) {
    const MESSAGE: &[u8] =
        b"sudokuflow: input changed while reading (was a file truncated?); inputs must not change during a run\n";
    let path = PENDING_C.load(Ordering::SeqCst);
    // SAFETY: async-signal-safe calls only; `path` is null or a leaked C string.
    unsafe {
        if !path.is_null() {
            libc::unlink(path);
        }
        libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
        libc::_exit(2);
    }
}
