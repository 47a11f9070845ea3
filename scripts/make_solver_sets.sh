#!/usr/bin/env bash
# Writes the two classes of puzzles a generator and a uniqueness checker
# spend their time on, from the 17-clue set with a fixed seed (the same bytes
# on every run), 200,000 puzzles each:
#   several_24.txt       24 random cells of a 17-clue puzzle's solution
#                        (almost all have several solutions);
#   no_solution_17p4.txt a 17-clue puzzle plus 4 random digits that break no
#                        rule among the givens (almost all have no solution).
# Usage: scripts/make_solver_sets.sh [DIR] (default target/solver_sets).
# Then: TDOKU=... scripts/vs_tdoku.sh DIR/several_24.txt DIR/no_solution_17p4.txt
set -euo pipefail
cd "$(dirname "$0")/.."
data="${SUDOKUFLOW_DATA:-../shared/data}"
out="${1:-target/solver_sets}"
cargo run --release --quiet -p sudokuflow-compare --bin make_solver_sets -- \
  "$data/17_clue.txt" "$out"
wc -l "$out/several_24.txt" "$out/no_solution_17p4.txt"
