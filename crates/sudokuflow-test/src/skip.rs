//! The one rule for a test that cannot run here (its data or tool is
//! missing): where every test is required (`SUDOKUFLOW_REQUIRE_DATA` or `CI`
//! set to anything but empty, `0` or `false`, as `.ci/run` does) it fails;
//! elsewhere it says `SKIPPED` on the standard error descriptor, so that a
//! pass is never mistaken for a run.

/// True where every test must run.
pub fn required() -> bool {
    ["SUDOKUFLOW_REQUIRE_DATA", "CI"].iter().any(|name| {
        std::env::var_os(name).is_some_and(|value| {
            let value = value.to_string_lossy();
            !(value.is_empty() || value == "0" || value.eq_ignore_ascii_case("false"))
        })
    })
}

/// Fails the test where every test is required; otherwise writes
/// `SKIPPED: reason` and returns, and the caller returns too.
///
/// # Panics
/// Where every test is required.
pub fn skip(reason: &str) {
    if required() {
        panic!("{reason}, and every test must run here (SUDOKUFLOW_REQUIRE_DATA or CI is set)");
    }
    // Straight to the descriptor: the test harness captures eprintln!.
    let note = format!("SKIPPED: {reason}\n");
    // SAFETY: writes a buffer of `note.len()` bytes to descriptor 2.
    unsafe { libc::write(2, note.as_ptr().cast(), note.len()) };
}
