//! SVG pages, one file each, written as one: each page an [`AtomicFile`],
//! all of them written and on disk before the first is renamed into place
//! (an error or an interrupt before that leaves the earlier files as they
//! were and nothing else). Pages are numbered with at least two digits, so
//! they sort in order (`sheet-01.svg`); the pages of an earlier run of the
//! same name that this run does not replace are then removed, and only
//! those.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::app::output::{AtomicFile, Prepared};

/// The file of page `number` (from 1) of `count` written for `-o target`:
/// `target` itself for a single page, else `stem-NN.ext`.
pub fn page_path(target: &Path, number: usize, count: usize) -> PathBuf {
    if count == 1 {
        return target.to_path_buf();
    }
    let width = count.to_string().len().max(2);
    let mut name = OsString::from(target.file_stem().unwrap_or_default());
    name.push(format!("-{number:0width$}"));
    if let Some(extension) = target.extension() {
        name.push(".");
        name.push(extension);
    }
    target.with_file_name(name)
}

/// Writes the `count` pages `pages` gives for `-o target`, and removes the
/// stale pages of an earlier run.
pub fn write(
    target: &Path,
    count: usize,
    pages: impl Iterator<Item = anyhow::Result<String>>,
) -> anyhow::Result<()> {
    let paths: Vec<PathBuf> = (1..=count)
        .map(|number| page_path(target, number, count))
        .collect();
    let mut prepared = Vec::with_capacity(count);
    for (path, page) in paths.iter().zip(pages) {
        let mut file = AtomicFile::create(path)?;
        file.write_all(page?.as_bytes())
            .with_context(|| format!("error writing to {}", path.display()))?;
        prepared.push(file.prepare()?);
    }
    Prepared::commit_all(prepared)?;
    for path in stale_pages(target, &paths).with_context(|| {
        format!(
            "cannot list the folder of {} for stale pages",
            target.display()
        )
    })? {
        fs::remove_file(&path)
            .with_context(|| format!("cannot remove the stale page {}", path.display()))?;
    }
    Ok(())
}

/// Files beside `target` named as pages of a run for `target` (`target`
/// itself, or `stem-N.ext` with any number of digits) that are not `keep`.
fn stale_pages(target: &Path, keep: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let stem = target.file_stem().unwrap_or_default();
    let extension = target.extension();
    let mut stale = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let is_page = name == target.file_name().unwrap_or_default()
            || is_numbered_page(&name, stem, extension);
        // All in one directory: names tell them apart.
        let kept = keep
            .iter()
            .any(|kept| kept.file_name() == Some(name.as_os_str()));
        if is_page && !kept && entry.file_type()?.is_file() {
            stale.push(dir.join(&name));
        }
    }
    stale.sort();
    Ok(stale)
}

/// Whether `name` is `stem-N.extension` (or `stem-N` without extension).
fn is_numbered_page(name: &OsStr, stem: &OsStr, extension: Option<&OsStr>) -> bool {
    let (Some(name), Some(stem)) = (name.to_str(), stem.to_str()) else {
        return false;
    };
    let rest = match extension.map(|e| e.to_str()) {
        Some(Some(extension)) => name
            .strip_suffix(extension)
            .and_then(|rest| rest.strip_suffix('.')),
        Some(None) => None,
        None => Some(name),
    };
    rest.and_then(|rest| rest.strip_prefix(stem))
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(|number| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_numbered_with_at_least_two_digits() {
        let target = Path::new("out/big.svg");
        assert_eq!(page_path(target, 1, 1), Path::new("out/big.svg"));
        assert_eq!(page_path(target, 1, 8), Path::new("out/big-01.svg"));
        assert_eq!(page_path(target, 24, 24), Path::new("out/big-24.svg"));
        assert_eq!(page_path(target, 7, 120), Path::new("out/big-007.svg"));
    }

    #[test]
    fn only_names_of_pages_are_pages() {
        let (stem, svg) = (OsStr::new("big"), Some(OsStr::new("svg")));
        assert!(is_numbered_page(OsStr::new("big-1.svg"), stem, svg));
        assert!(is_numbered_page(OsStr::new("big-0024.svg"), stem, svg));
        for other in [
            "big-.svg",
            "big-1a.svg",
            "big-1.svg.bak",
            "bigger-1.svg",
            "big-1.png",
            "big1.svg",
        ] {
            assert!(!is_numbered_page(OsStr::new(other), stem, svg), "{other}");
        }
    }
}
