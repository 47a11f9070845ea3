//! Where a command's output goes: buffered standard output, or a file written
//! atomically. The file is written as a temporary file in the same directory
//! and renamed over the target only when the run completes, so an I/O error or
//! an interrupt leaves any previous file untouched and no temporary behind.

use std::fs;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::Context;
use tempfile::NamedTempFile;

use crate::cli::report;

const BUFFER_LEN: usize = 256 * 1024;

/// The temporary file the interrupt handler must remove before exiting.
static PENDING_TEMP: Mutex<Option<PathBuf>> = Mutex::new(None);

/// A command's output sink.
pub struct Output {
    sink: Sink,
}

enum Sink {
    Stdout(BufWriter<StdoutLock<'static>>),
    File {
        writer: BufWriter<NamedTempFile>,
        target: PathBuf,
    },
}

impl Output {
    /// Standard output, or a temporary file that becomes `path` on [`Output::finish`].
    pub fn create(path: Option<&Path>) -> anyhow::Result<Output> {
        let Some(target) = path else {
            let stdout = BufWriter::with_capacity(BUFFER_LEN, io::stdout().lock());
            return Ok(Output {
                sink: Sink::Stdout(stdout),
            });
        };
        ctrlc::set_handler(remove_temp_and_exit).context("cannot set up the interrupt handler")?;
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        // Registered under the lock, so an interrupt cannot come between
        // creating the file and registering it.
        let mut pending = lock_pending();
        let mut builder = tempfile::Builder::new();
        builder.prefix(".sudokuflow-").suffix(".tmp");
        #[cfg(unix)]
        {
            // Like any new file: read-write for all, less the umask (a
            // temporary file would otherwise stay private to its owner).
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        let temp = builder.tempfile_in(dir).with_context(|| {
            format!(
                "cannot create a temporary file in {} for the output",
                dir.display()
            )
        })?;
        *pending = Some(temp.path().to_path_buf());
        Ok(Output {
            sink: Sink::File {
                writer: BufWriter::with_capacity(BUFFER_LEN, temp),
                target: target.to_path_buf(),
            },
        })
    }

    /// The output's name for messages: `stdout` or the target path.
    pub fn name(&self) -> String {
        match &self.sink {
            Sink::Stdout(_) => "stdout".to_string(),
            Sink::File { target, .. } => target.display().to_string(),
        }
    }

    /// Flushes everything and, for a file, moves it into place.
    pub fn finish(self) -> anyhow::Result<()> {
        let name = self.name();
        let write_context = || format!("error writing to {name}");
        match self.sink {
            Sink::Stdout(mut stdout) => stdout.flush().with_context(write_context),
            Sink::File { writer, target } => {
                let temp = writer
                    .into_inner()
                    .map_err(io::IntoInnerError::into_error)
                    .with_context(write_context)?;
                // On disk before the rename, so a crash cannot leave a short
                // file under the final name.
                temp.as_file().sync_all().with_context(write_context)?;
                let mut pending = lock_pending();
                temp.persist(&target)
                    .map_err(|e| e.error)
                    .with_context(|| format!("cannot replace {}", target.display()))?;
                *pending = None;
                Ok(())
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write(buf),
            Sink::File { writer, .. } => writer.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write_all(buf),
            Sink::File { writer, .. } => writer.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.flush(),
            Sink::File { writer, .. } => writer.flush(),
        }
    }
}

fn lock_pending() -> std::sync::MutexGuard<'static, Option<PathBuf>> {
    // The guarded path stays valid even if a holder panicked.
    PENDING_TEMP
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The interrupt (and SIGTERM/SIGHUP) handler of a run writing to a file.
fn remove_temp_and_exit() {
    if let Some(temp) = lock_pending().take() {
        let _ = fs::remove_file(temp);
    }
    report::message(format_args!("interrupted"));
    std::process::exit(130);
}
