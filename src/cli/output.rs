//! Where a command's output goes: buffered standard output (also for `-o -`),
//! a file written atomically, or a device, FIFO or socket written directly.
//! A regular file is written as a temporary file in the directory of its
//! target (through any symlinks) and renamed over it only when the run
//! completes, with the mode and owner of the file it replaces, so an I/O
//! error or an interrupt leaves any previous file untouched and no temporary
//! behind.

use std::fs;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use tempfile::NamedTempFile;

use crate::cli::signals;

const BUFFER_LEN: usize = 256 * 1024;

/// A command's output sink.
pub struct Output {
    sink: Sink,
}

enum Sink {
    Stdout(BufWriter<StdoutLock<'static>>),
    File {
        writer: BufWriter<NamedTempFile>,
        target: PathBuf,
        /// The replaced file's mode and owner, for the new one.
        replaced: Option<Ownership>,
    },
    /// A device, FIFO or socket: written as it is, nothing to replace.
    Special {
        writer: BufWriter<fs::File>,
        target: PathBuf,
    },
}

impl Output {
    /// Standard output (for `None` or `-`), a device, FIFO or socket at
    /// `path`, or a temporary file that becomes `path` (or the file a
    /// symlink there points to) on [`Output::finish`].
    pub fn create(path: Option<&Path>) -> anyhow::Result<Output> {
        let target = match path {
            Some(path) if path != Path::new("-") => path,
            _ => {
                let stdout = BufWriter::with_capacity(BUFFER_LEN, io::stdout().lock());
                return Ok(Output {
                    sink: Sink::Stdout(stdout),
                });
            }
        };
        // Through symlinks: replace the file they point to, not the link.
        let target = fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
        let existing = fs::metadata(&target).ok();
        if existing
            .as_ref()
            .is_some_and(|m| !m.is_file() && !m.is_dir())
        {
            let file = fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .with_context(|| format!("cannot open {} for writing", target.display()))?;
            return Ok(Output {
                sink: Sink::Special {
                    writer: BufWriter::with_capacity(BUFFER_LEN, file),
                    target,
                },
            });
        }
        signals::handle_termination().context("cannot set up the signal handler")?;
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        // Registered under the lock, so a signal cannot come between
        // creating the file and registering it.
        let mut pending = signals::lock_pending();
        let mut builder = tempfile::Builder::new();
        builder.prefix(".sudokuflow-").suffix(".tmp");
        #[cfg(unix)]
        {
            // Like any new file: read-write for all, less the umask (a
            // temporary file would otherwise stay private to its owner).
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        let temp = builder.tempfile_in(&dir).with_context(|| {
            format!(
                "cannot create a temporary file in {} for the output",
                dir.display()
            )
        })?;
        signals::set_pending(&mut pending, Some(temp.path()));
        Ok(Output {
            sink: Sink::File {
                writer: BufWriter::with_capacity(BUFFER_LEN, temp),
                target,
                replaced: existing.as_ref().map(Ownership::of),
            },
        })
    }

    /// The output's name for messages: `stdout` or the target path.
    pub fn name(&self) -> String {
        match &self.sink {
            Sink::Stdout(_) => "stdout".to_string(),
            Sink::File { target, .. } | Sink::Special { target, .. } => {
                target.display().to_string()
            }
        }
    }

    /// Flushes everything and, for a file, moves it into place.
    pub fn finish(self) -> anyhow::Result<()> {
        let name = self.name();
        let write_context = || format!("error writing to {name}");
        match self.sink {
            Sink::Stdout(mut stdout) => stdout.flush().with_context(write_context),
            Sink::Special { mut writer, .. } => writer.flush().with_context(write_context),
            Sink::File {
                writer,
                target,
                replaced,
            } => {
                let temp = writer
                    .into_inner()
                    .map_err(io::IntoInnerError::into_error)
                    .with_context(write_context)?;
                if let Some(old) = &replaced {
                    old.give_to(temp.as_file()).with_context(write_context)?;
                }
                // On disk before the rename, so a crash cannot leave a short
                // file under the final name.
                temp.as_file().sync_all().with_context(write_context)?;
                let mut pending = signals::lock_pending();
                temp.persist(&target)
                    .map_err(|e| e.error)
                    .with_context(|| format!("cannot replace {}", target.display()))?;
                signals::set_pending(&mut pending, None);
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
            Sink::Special { writer, .. } => writer.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write_all(buf),
            Sink::File { writer, .. } => writer.write_all(buf),
            Sink::Special { writer, .. } => writer.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.flush(),
            Sink::File { writer, .. } => writer.flush(),
            Sink::Special { writer, .. } => writer.flush(),
        }
    }
}

/// A file's mode and owner.
struct Ownership {
    permissions: fs::Permissions,
    uid: u32,
    gid: u32,
}

impl Ownership {
    fn of(metadata: &fs::Metadata) -> Ownership {
        use std::os::unix::fs::MetadataExt;
        Ownership {
            permissions: metadata.permissions(),
            uid: metadata.uid(),
            gid: metadata.gid(),
        }
    }

    /// Gives `file` this mode, and this owner and group where the process
    /// may (root, or the same owner).
    fn give_to(&self, file: &fs::File) -> io::Result<()> {
        file.set_permissions(self.permissions.clone())?;
        // Only root may give a file away; others keep their own ownership.
        let _ = std::os::unix::fs::fchown(file, Some(self.uid), Some(self.gid));
        Ok(())
    }
}
