//! Outside tools the tests drive (Chromium, poppler): whether one is here,
//! and printing a page to PDF.

use std::path::Path;

use super::{program, skip};

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
