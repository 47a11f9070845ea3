//! Where output goes. [`AtomicFile`] is the one way files are written: a
//! temporary file beside the target, synced and renamed over it only when
//! complete, so that an error, an interrupt or a crash leaves the previous
//! file (or none) and no temporary behind. `-o`, `print`'s pages and the
//! game's save file all go through it. [`Output`] is a command's sink:
//! buffered standard output (also for `-o -`), an [`AtomicFile`], or a
//! device, FIFO or socket written directly.

use std::fs::{self, File};
use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use tempfile::TempPath;

use crate::app::signals;

const BUFFER_LEN: usize = 256 * 1024;

/// A file being written in place of `target`, which it replaces only on
/// [`AtomicFile::commit`]: written to a temporary file in the target's
/// folder (through any symlinks: the folder of the file they point to),
/// then flushed, synced to disk, given the replaced file's mode and owner,
/// renamed over the target, and the folder synced too, so that the rename
/// itself survives a crash. Dropped without a commit, or on SIGINT, SIGTERM
/// or SIGHUP, the temporary file is removed and the target left as it was.
///
/// For several files that should appear together (the pages of a sheet),
/// [`AtomicFile::prepare`] each, then [`Prepared::commit`] each: every file
/// is then complete and on disk before the first rename.
pub struct AtomicFile {
    writer: BufWriter<File>,
    prepared: Prepared,
}

/// An [`AtomicFile`] whose contents are complete and on disk: only the
/// rename is left ([`Prepared::commit`]). Dropped, the temporary is removed.
pub struct Prepared {
    temp: Pending,
    target: PathBuf,
    /// The replaced file's mode and owner, for the new one.
    replaced: Option<Ownership>,
}

/// A temporary file registered for removal on a signal; dropped, it is
/// removed and forgotten.
struct Pending(Option<TempPath>);

impl AtomicFile {
    /// Starts writing a file that will replace `target` (or the file a
    /// symlink there points to, created if it does not exist yet).
    ///
    /// # Errors
    /// When the temporary file cannot be created in the target's folder,
    /// or symlinks at `target` loop.
    pub fn create(target: &Path) -> anyhow::Result<AtomicFile> {
        // Through symlinks: replace the file they point to, not the link.
        let target = through_links(target)?;
        let replaced = fs::metadata(&target).ok().map(|m| Ownership::of(&m));
        let dir = folder_of(&target);
        let mut builder = tempfile::Builder::new();
        builder.prefix(".sudokuflow-").suffix(".tmp");
        #[cfg(unix)]
        {
            // Like any new file: read-write for all, less the umask (a
            // temporary file would otherwise stay private to its owner).
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        // Registered under the lock, so a signal cannot come between
        // creating the file and registering it.
        let mut pending = signals::lock_pending();
        let (file, path) = builder
            .tempfile_in(&dir)
            .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?
            .into_parts();
        pending.add(&path);
        drop(pending);
        Ok(AtomicFile {
            writer: BufWriter::with_capacity(BUFFER_LEN, file),
            prepared: Prepared {
                temp: Pending(Some(path)),
                target,
                replaced,
            },
        })
    }

    /// The file this one replaces (through symlinks), for messages.
    pub fn target(&self) -> &Path {
        &self.prepared.target
    }

    /// Flushes the contents, gives them the replaced file's mode and owner
    /// and syncs them to disk: everything but the rename.
    ///
    /// # Errors
    /// When writing or syncing fails (a full disk); the target is untouched.
    pub fn prepare(self) -> anyhow::Result<Prepared> {
        let prepared = self.prepared;
        let context = || format!("error writing to {}", prepared.target.display());
        let file = self
            .writer
            .into_inner()
            .map_err(io::IntoInnerError::into_error)
            .with_context(context)?;
        if let Some(old) = &prepared.replaced {
            old.give_to(&file).with_context(context)?;
        }
        // On disk before the rename, so a crash cannot leave a short file
        // under the final name.
        file.sync_all().with_context(context)?;
        Ok(prepared)
    }

    /// [`AtomicFile::prepare`], then [`Prepared::commit`].
    ///
    /// # Errors
    /// As those two; the target is then untouched.
    pub fn commit(self) -> anyhow::Result<()> {
        self.prepare()?.commit()
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

impl Prepared {
    /// Renames the file over its target and syncs the folder.
    ///
    /// # Errors
    /// When the rename or the folder's sync fails.
    pub fn commit(self) -> anyhow::Result<()> {
        let folder = folder_of(&self.target);
        self.rename()?;
        sync_folder(&folder)
    }

    /// Renames each of `files` over its target, in order, then syncs each
    /// folder they are in once (not once a file: a sheet may have
    /// thousands of pages).
    ///
    /// # Errors
    /// When a rename fails (the files after it stay as they were and their
    /// temporaries are removed), or a folder's sync.
    pub fn commit_all(files: Vec<Prepared>) -> anyhow::Result<()> {
        let mut folders: Vec<PathBuf> = Vec::new();
        for file in files {
            let folder = folder_of(&file.target);
            file.rename()?;
            if !folders.contains(&folder) {
                folders.push(folder);
            }
        }
        folders.iter().try_for_each(|folder| sync_folder(folder))
    }

    /// Renames the file over its target.
    fn rename(mut self) -> anyhow::Result<()> {
        let temp = self.temp.0.take().expect("a pending file until renamed");
        let path = temp.to_path_buf();
        // Under the lock: a signal finds the file either pending or renamed.
        let mut pending = signals::lock_pending();
        if signals::terminating() {
            // The signal thread removes the file once the lock is free.
            drop(pending);
            signals::wait_for_the_end();
        }
        match temp.persist(&self.target) {
            Ok(()) => {
                pending.remove(&path);
                Ok(())
            }
            Err(e) => {
                drop(pending);
                // Still pending: removed when `self` drops.
                self.temp.0 = Some(e.path);
                Err(e.error).with_context(|| format!("cannot replace {}", self.target.display()))
            }
        }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Some(temp) = self.0.take() {
            let mut pending = signals::lock_pending();
            let path = temp.to_path_buf();
            let _ = temp.close();
            pending.remove(&path);
        }
    }
}

/// Links followed before giving up, as Linux's own limit.
const MAX_LINKS: usize = 40;

/// The file `path` names, through any symlinks: the file a link points to,
/// even one that does not exist yet (a dangling link's target is created,
/// not the link replaced).
///
/// # Errors
/// When the links go round in a loop, or further than [`MAX_LINKS`].
fn through_links(path: &Path) -> anyhow::Result<PathBuf> {
    if let Ok(existing) = fs::canonicalize(path) {
        return Ok(existing);
    }
    let mut file = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::read_link(&file) {
            // Relative to the link's folder; an absolute one replaces it.
            Ok(points_to) => file = folder_of(&file).join(points_to),
            // Not a link: the file to create.
            Err(_) => return Ok(file),
        }
    }
    anyhow::bail!("{}: too many levels of symbolic links", path.display())
}

/// Refuses an output path that names a folder (an existing one, or any
/// path ending in `/`): a file cannot replace it, and the commands say so
/// before any work rather than when the run ends.
///
/// # Errors
/// When `path` names a folder.
pub fn refuse_folder(path: &Path) -> anyhow::Result<()> {
    let ends_in_separator = path
        .as_os_str()
        .as_encoded_bytes()
        .last()
        .is_some_and(|&byte| std::path::is_separator(char::from(byte)));
    if ends_in_separator || path.is_dir() {
        anyhow::bail!(
            "-o {} is a folder; give the file to write, such as {}",
            path.display(),
            path.join("NAME").display()
        );
    }
    Ok(())
}

/// The folder `target` is in, `.` for a bare file name.
fn folder_of(target: &Path) -> PathBuf {
    match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Syncs a folder's entries to disk, so that a rename in it survives a
/// crash (a no-op where folders cannot be opened as files).
fn sync_folder(dir: &Path) -> anyhow::Result<()> {
    #[cfg(unix)]
    File::open(dir)
        .and_then(|folder| folder.sync_all())
        .with_context(|| format!("cannot sync {} to disk", dir.display()))?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// A command's output sink.
pub struct Output {
    sink: Sink,
}

enum Sink {
    Stdout(BufWriter<StdoutLock<'static>>),
    File(AtomicFile),
    /// A device, FIFO or socket: written as it is, nothing to replace.
    Special {
        writer: BufWriter<File>,
        target: PathBuf,
    },
}

impl Output {
    /// Standard output (for `None` or `-`), a device, FIFO or socket at
    /// `path`, or an [`AtomicFile`] that becomes `path` on [`Output::finish`].
    ///
    /// # Errors
    /// When `path` names a folder, or the device cannot be opened or the
    /// temporary file created.
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
        refuse_folder(target)?;
        let special = fs::metadata(target).is_ok_and(|m| !m.is_file());
        if special {
            let file = fs::OpenOptions::new()
                .write(true)
                .open(target)
                .with_context(|| format!("cannot open {} for writing", target.display()))?;
            return Ok(Output {
                sink: Sink::Special {
                    writer: BufWriter::with_capacity(BUFFER_LEN, file),
                    target: target.to_path_buf(),
                },
            });
        }
        let file = AtomicFile::create(target).context("cannot write the output")?;
        Ok(Output {
            sink: Sink::File(file),
        })
    }

    /// The output's name for messages: `stdout` or the target path.
    pub fn name(&self) -> String {
        match &self.sink {
            Sink::Stdout(_) => "stdout".to_string(),
            Sink::File(file) => file.target().display().to_string(),
            Sink::Special { target, .. } => target.display().to_string(),
        }
    }

    /// Flushes everything and, for a file, moves it into place.
    ///
    /// # Errors
    /// When writing fails; a file's target is then untouched.
    pub fn finish(self) -> anyhow::Result<()> {
        let name = self.name();
        match self.sink {
            Sink::Stdout(mut stdout) => stdout
                .flush()
                .with_context(|| format!("error writing to {name}")),
            Sink::Special { mut writer, .. } => writer
                .flush()
                .with_context(|| format!("error writing to {name}")),
            Sink::File(file) => file.commit(),
        }
    }

    /// Ends a run that failed: what was written to a stream is flushed (the
    /// reader has seen the rest already), a file is left as it was.
    ///
    /// # Errors
    /// When flushing a stream fails.
    pub fn abandon(self) -> anyhow::Result<()> {
        match self.sink {
            Sink::File(_) => Ok(()),
            Sink::Stdout(_) | Sink::Special { .. } => self.finish(),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write(buf),
            Sink::File(file) => file.write(buf),
            Sink::Special { writer, .. } => writer.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write_all(buf),
            Sink::File(file) => file.write_all(buf),
            Sink::Special { writer, .. } => writer.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.flush(),
            Sink::File(file) => file.flush(),
            Sink::Special { writer, .. } => writer.flush(),
        }
    }
}

/// A file's mode and owner.
struct Ownership {
    permissions: fs::Permissions,
    #[cfg(unix)]
    owner: (u32, u32),
}

impl Ownership {
    fn of(metadata: &fs::Metadata) -> Ownership {
        Ownership {
            permissions: metadata.permissions(),
            #[cfg(unix)]
            owner: {
                use std::os::unix::fs::MetadataExt;
                (metadata.uid(), metadata.gid())
            },
        }
    }

    /// Gives `file` this mode, and this owner and group where the process
    /// may (root, or the same owner).
    fn give_to(&self, file: &File) -> io::Result<()> {
        file.set_permissions(self.permissions.clone())?;
        // Only root may give a file away; others keep their own ownership.
        #[cfg(unix)]
        let _ = std::os::unix::fs::fchown(file, Some(self.owner.0), Some(self.owner.1));
        Ok(())
    }
}
