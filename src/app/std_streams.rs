//! Standard streams that were closed when the program started (`>&-`,
//! `<&-`). Rust's runtime puts `/dev/null` on closed standard descriptors
//! before `main`, so a closed standard output would silently swallow every
//! answer and the run report success. A constructor that runs before the
//! runtime records which were closed, and the caller refuses to run a
//! command that needs one of them.

use std::sync::atomic::{AtomicU8, Ordering};

/// Bit `fd` set when standard descriptor `fd` (0-2) was closed at start.
static CLOSED_AT_START: AtomicU8 = AtomicU8::new(0);

/// Runs before Rust's runtime opens `/dev/null` on closed descriptors.
#[cfg(unix)]
extern "C" fn record_closed() {
    for fd in 0..=2 {
        // SAFETY: fcntl(F_GETFD) only queries a descriptor number.
        if unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1 {
            CLOSED_AT_START.fetch_or(1 << fd, Ordering::Relaxed);
        }
    }
}

/// Called by the loader before `main`: from the ELF `.init_array` section,
/// or its Mach-O counterpart. Elsewhere (Windows) a closed standard stream
/// is not told apart.
#[cfg(unix)]
#[used]
#[cfg_attr(
    target_vendor = "apple",
    unsafe(link_section = "__DATA,__mod_init_func")
)]
#[cfg_attr(not(target_vendor = "apple"), unsafe(link_section = ".init_array"))]
static RECORD_CLOSED: extern "C" fn() = record_closed;

/// Which standard streams were closed at start.
#[derive(Clone, Copy, Debug, Default)]
pub struct Closed {
    pub stdin: bool,
    pub stdout: bool,
}

/// The standard streams that were closed when the process started.
pub fn closed_at_start() -> Closed {
    let bits = CLOSED_AT_START.load(Ordering::Relaxed);
    Closed {
        stdin: bits & 1 != 0,
        stdout: bits & 2 != 0,
    }
}
