//! Solve-only time per puzzle on each reference set (`$SUDOKUFLOW_DATA`): a
//! fixed sample of 1,000 puzzles per set, first solution and counting up to 2,
//! and the guesses per puzzle the solver made on it.
//! Without `SUDOKUFLOW_DATA` there is nothing to measure and it says so.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudokuflow::{Grid, count_solutions, solve};

const SAMPLE: usize = 1_000;

/// Every n-th puzzle of the file, so the sample spans the whole set.
fn sample(path: &Path) -> Vec<Grid> {
    let text = std::fs::read(path).unwrap_or_else(|e| {
        panic!(
            "SUDOKUFLOW_DATA is set but {} is unreadable: {e}",
            path.display()
        )
    });
    let all: Vec<Grid> = text
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty() && line[0] != b'#')
        .map(|line| Grid::parse_line(line).expect("reference puzzles parse"))
        .collect();
    let step = (all.len() / SAMPLE).max(1);
    all.into_iter().step_by(step).take(SAMPLE).collect()
}

fn bench(c: &mut Criterion) {
    let Some(dir) = std::env::var_os("SUDOKUFLOW_DATA") else {
        eprintln!("note: SUDOKUFLOW_DATA is not set; no reference sets to benchmark");
        return;
    };
    for name in ["17_clue", "forum_hardest_11plus"] {
        let puzzles = sample(&Path::new(&dir).join(format!("{name}.txt")));
        // Guesses do not depend on the machine: the figure to compare with
        // another solver's where times cannot be.
        let n = puzzles.len() as f64;
        let first: u64 = puzzles
            .iter()
            .map(|p| solve(p).map_or(0, |s| s.guesses))
            .sum();
        let count: u64 = puzzles
            .iter()
            .map(|p| count_solutions(p, 2).map_or(0, |c| c.guesses))
            .sum();
        println!(
            "{name}: guesses per puzzle {:.2} (first solution), {:.2} (counting to 2)",
            first as f64 / n,
            count as f64 / n
        );
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function("solve", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solve(black_box(p)).ok());
                }
            })
        });
        group.bench_function("count2", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(count_solutions(black_box(p), 2).ok());
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
