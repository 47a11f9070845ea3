//! The library stays lean: what a Rust user or the Python package compiles
//! when it depends on `sudokuflow` holds nothing of the program's (command
//! line, game, printing), and few crates in all. Read from `cargo tree`, as
//! a user would check it.

use std::process::Command;

/// The program's dependencies, none of which the library may pull in.
const PROGRAM_ONLY: &[&str] = &[
    "anyhow",
    "arrow-array",
    "arrow-cast",
    "arrow-ipc",
    "arrow-schema",
    "arrow-select",
    "clap",
    "clap_complete",
    "clap_mangen",
    "crossterm",
    "fontdb",
    "indicatif",
    "mimalloc",
    "parquet",
    "pdf-writer",
    "ratatui",
    "rustybuzz",
    "signal-hook",
    "subsetter",
    "unicode-bidi",
    "unicode-script",
];

/// The most crates the library's normal dependency tree may hold, itself
/// included.
const MOST_CRATES: usize = 45;

/// The names of the crates in `package`'s normal dependency tree.
fn normal_tree(package: &str) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "-e",
            "normal",
            "--prefix",
            "none",
            "-p",
            package,
        ])
        .args([
            "--manifest-path",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml"),
        ])
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree -p {package}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut names: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn the_library_builds_without_the_programs_dependencies() {
    for package in ["sudokuflow", "sudokuflow-python"] {
        let tree = normal_tree(package);
        let found: Vec<&str> = PROGRAM_ONLY
            .iter()
            .copied()
            .filter(|name| tree.iter().any(|crate_name| crate_name == name))
            .collect();
        assert!(found.is_empty(), "{package} depends on {found:?}");
    }
}

#[test]
fn the_library_holds_few_crates() {
    let tree = normal_tree("sudokuflow");
    assert!(
        tree.contains(&"rayon".to_owned()),
        "the tree was not read: {tree:?}"
    );
    assert!(
        tree.len() <= MOST_CRATES,
        "{} crates (at most {MOST_CRATES}): {tree:?}",
        tree.len()
    );
}
