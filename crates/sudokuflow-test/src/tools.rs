//! Outside tools the tests drive (Chromium, poppler, GNU time): whether one
//! is here, printing a page to PDF, and peak memory as users measure it.

use std::path::Path;

use crate::{program, skip};

/// True when `tool` runs here; otherwise a visible skip (a failure in CI).
pub fn have(tool: &str) -> bool {
    let found = program(tool)
        .arg("--version")
        .try_output()
        .is_ok_and(|output| output.status.success() || !output.stderr.is_empty());
    if !found {
        skip(&format!("{tool} is not installed"));
    }
    found
}

/// Prints the page at `url` to `pdf` with headless Chromium, as a reader
/// would from the browser (no header or footer).
pub fn chromium_print(url: &str, pdf: &Path) {
    let output = program("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            &format!("--print-to-pdf={}", pdf.display()),
            url,
        ])
        .output();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// GNU time's format for peak memory (`/usr/bin/time -f PEAK_FORMAT`), the
/// maximum resident set size as users measure it, mapped pages included.
pub const PEAK_FORMAT: &str = "peak %M KB";

/// The peak memory in KiB that GNU time printed with [`PEAK_FORMAT`] among
/// `stderr`'s lines.
pub fn peak_kb(stderr: &str) -> u64 {
    stderr
        .lines()
        .find_map(|line| {
            line.strip_prefix("peak ")?
                .strip_suffix(" KB")?
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no peak memory in {stderr}"))
}
