//! SVG pages, one file each, written as one: each page an [`AtomicFile`],
//! all of them written and on disk before the first is renamed into place
//! (an error or an interrupt before that leaves the earlier files as they
//! were and nothing else). Pages are numbered with at least two digits, so
//! they sort in order (`sheet-01.svg`), and each says in a comment which
//! page of how many it is. The pages of an earlier run of the same name that
//! this run does not replace are then removed, and only those: a file is
//! taken for one only when its name is exactly the one that run gave that
//! page and its comment says it is that page, so a file of the user's is
//! never removed, however it is named (`sheet-7.svg`, `sheet-007.svg`).

use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::app::output::{AtomicFile, Prepared};
use crate::print::layout::Page;
use crate::print::paper::Paper;
use crate::print::svg;

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

/// The comment that says what wrote page `number` of `count`.
fn page_comment(number: usize, count: usize) -> String {
    format!("Generator: sudokuflow print, page {number} of {count}")
}

/// Writes the `count` pages `pages` gives for `-o target`, and removes the
/// stale pages of an earlier run.
pub fn write(
    target: &Path,
    count: usize,
    paper: Paper,
    pages: impl Iterator<Item = io::Result<Page>>,
) -> anyhow::Result<()> {
    let paths: Vec<PathBuf> = (1..=count)
        .map(|number| page_path(target, number, count))
        .collect();
    let mut prepared = Vec::with_capacity(count);
    for ((number, path), page) in (1..).zip(&paths).zip(pages) {
        let mut document = String::new();
        svg::write_document(&page?, paper, &page_comment(number, count), &mut document);
        let mut file = AtomicFile::create(path)?;
        file.write_all(document.as_bytes())
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

/// The pages of earlier runs for `target` beside it that are not `keep`:
/// files (not links) named as a page of some run would be (`target` itself,
/// or `stem-N.ext`) whose comment says they are that page of that run.
fn stale_pages(target: &Path, keep: &[PathBuf]) -> io::Result<Vec<PathBuf>> {
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
        // Names first: only files named as pages are opened.
        let named_as_page = name == target.file_name().unwrap_or_default()
            || is_numbered_page(&name, stem, extension);
        // All in one directory: names tell them apart.
        let kept = keep
            .iter()
            .any(|kept| kept.file_name() == Some(name.as_os_str()));
        if !named_as_page || kept || !entry.file_type()?.is_file() {
            continue;
        }
        let path = dir.join(&name);
        let own_page = written_as(&path).is_some_and(|(number, count)| {
            page_path(target, number, count).file_name() == Some(name.as_os_str())
        });
        if own_page {
            stale.push(path);
        }
    }
    stale.sort();
    Ok(stale)
}

/// Which page of how many the SVG file at `path` says it is, if its second
/// line is the comment [`page_comment`] gives a page (nothing when it
/// cannot be read: a file not known to be a page is kept).
fn written_as(path: &Path) -> Option<(usize, usize)> {
    let mut head = Vec::new();
    File::open(path)
        .and_then(|file| file.take(256).read_to_end(&mut head))
        .ok()?;
    let line = head.split(|&byte| byte == b'\n').nth(1)?;
    let comment = std::str::from_utf8(line)
        .ok()?
        .strip_prefix("<!-- ")?
        .strip_suffix(" -->")?;
    let (number, count) = comment
        .strip_prefix("Generator: sudokuflow print, page ")?
        .split_once(" of ")?;
    let (number, count) = (number.parse().ok()?, count.parse().ok()?);
    // Written just so: no leading zeros, no page past the last.
    (comment == page_comment(number, count) && (1..=count).contains(&number))
        .then_some((number, count))
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
    fn a_page_is_known_by_its_comment() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big-03.svg");
        let document = |comment: &str| {
            format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- {comment} -->\n<svg/>\n")
        };
        for (comment, page) in [
            (page_comment(3, 12), Some((3, 12))),
            (page_comment(12, 12), Some((12, 12))),
            (page_comment(13, 12), None),
            (page_comment(0, 12), None),
            (
                "Generator: sudokuflow print, page 03 of 12".to_string(),
                None,
            ),
            ("Generator: Inkscape".to_string(), None),
        ] {
            fs::write(&path, document(&comment)).unwrap();
            assert_eq!(written_as(&path), page, "{comment}");
        }
        fs::write(&path, "IMPORTANT").unwrap();
        assert_eq!(written_as(&path), None);
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
