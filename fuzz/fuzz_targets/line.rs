#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokuflow_fuzz_checks::line::check(data));
