//! Test support shared by every crate's tests and the fuzz checks: oracles
//! that share no code with the library (a brute-force solution counter, an
//! equivalence check, the human techniques up to XYZ-Wing), the property
//! runner with asserted shares, the process runner with deadlines, the one
//! rule for skipping, the outside tools the tests drive, and fixtures.
//!
//! It does not depend on `sudokuflow`, so the library's own unit tests can
//! use it without building the library twice.

mod brute;
mod equivalent;
mod fixtures;
pub mod human;
pub mod property;
mod run;
mod skip;
mod tools;

pub use brute::{brute_count, brute_count_within};
pub use equivalent::equivalent;
pub use fixtures::*;
pub use run::{DEADLINE, Run, Running, program, program_with_peak_memory, wait_until};
pub use skip::{required, skip};
pub use tools::{PEAK_FORMAT, chromium_print, have, peak_kb};

#[cfg(test)]
mod tests {
    use super::skip;

    /// Run only by the test below, in a child process with a chosen
    /// environment.
    #[test]
    #[ignore = "run by a_skip_fails_only_where_tests_are_required"]
    fn skip_probe() {
        skip("the probe's tool is missing");
    }

    /// The rule, seen from outside: this test binary run again on the probe
    /// under each setting of the two variables.
    #[test]
    fn a_skip_fails_only_where_tests_are_required() {
        let probe = |vars: &[(&str, &str)]| {
            let mut command = super::program(std::env::current_exe().unwrap());
            command
                .args(["--ignored", "--exact", "tests::skip_probe"])
                .env_remove("CI")
                .env_remove("SUDOKUFLOW_REQUIRE_DATA");
            for (name, value) in vars {
                command.env(name, value);
            }
            let output = command.output();
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            (output.status.success(), stderr)
        };
        for relaxed in [
            &[][..],
            &[("CI", "")],
            &[("CI", "0")],
            &[("CI", "false"), ("SUDOKUFLOW_REQUIRE_DATA", "FALSE")],
            &[("SUDOKUFLOW_REQUIRE_DATA", "0")],
        ] {
            let (passed, stderr) = probe(relaxed);
            assert!(passed, "{relaxed:?}: {stderr}");
            assert!(
                stderr.contains("SKIPPED: the probe's tool is missing"),
                "{relaxed:?}: {stderr}"
            );
        }
        for strict in [
            &[("CI", "1")][..],
            &[("CI", "true")],
            &[("SUDOKUFLOW_REQUIRE_DATA", "1")],
            &[("SUDOKUFLOW_REQUIRE_DATA", "yes"), ("CI", "0")],
        ] {
            let (passed, stderr) = probe(strict);
            assert!(
                !passed,
                "{strict:?}: a skip passed where tests are required"
            );
            assert!(!stderr.contains("SKIPPED"), "{strict:?}: {stderr}");
        }
    }
}
