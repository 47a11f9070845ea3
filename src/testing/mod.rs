//! Helpers for tests only, shared with the integration tests, which
//! include each file by path from `tests/common` (its tests are here, so
//! that they run once).

pub mod property;
// Here only the skip rule's test runs a program.
#[allow(dead_code)]
pub mod run;
pub mod skip;

#[cfg(test)]
mod tests {
    use super::skip::skip;

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
            let mut command = super::run::program(std::env::current_exe().unwrap());
            command
                .args(["--ignored", "--exact", "testing::tests::skip_probe"])
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
