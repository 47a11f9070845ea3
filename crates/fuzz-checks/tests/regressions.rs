//! Replays the inputs saved for the fuzz targets of `fuzz/` through the same
//! checks the targets run: the minimized inputs that once failed
//! (`fuzz/regressions/TARGET/`) and a few seeds per target
//! (`fuzz/seeds/TARGET/`), so that a plain `cargo test` on stable keeps them
//! passing without a fuzzer.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use sudokuflow_fuzz_checks as checks;

#[test]
fn saved_fuzz_inputs_pass_their_checks() {
    let fuzz = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz"));
    let mut failures = Vec::new();
    for &(target, check) in checks::TARGETS {
        let mut replayed = 0;
        for folder in ["regressions", "seeds"] {
            let Ok(entries) = fs::read_dir(fuzz.join(folder).join(target)) else {
                continue;
            };
            for entry in entries {
                let path = entry.unwrap().path();
                let data = fs::read(&path).unwrap();
                replayed += 1;
                if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
                    let why = panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    failures.push(format!("{}: {why}", path.display()));
                }
            }
        }
        assert!(replayed > 0, "no saved input for the fuzz target {target}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
