#!/usr/bin/env bash
# Writes the easy benchmark set: 1,000,000 puzzles (36 to 45 givens each, from
# random solved grids made by our solver), deterministic: the same bytes on
# every run. Usage: scripts/make_easy_set.sh [PATH] (default target/easy_1m.txt).
# Then: cargo run --release -p sudokuflow-compare -- PATH
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/easy_1m.txt}"
mkdir -p "$(dirname "$out")"
cargo run --release --quiet -p sudokuflow-compare --bin make_easy -- "$out"
echo "wrote $(wc -l < "$out") puzzles to $out"
