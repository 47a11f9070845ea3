#!/usr/bin/env bash
# Whole-process timing of `sudokuflow solve` with -j1 and -j2 on each reference
# set, beside a peer program that reads the same file and solves it with the
# `sudoku` crate (benches/compare, bin peer_solve), all in the same run.
#
# Usage: scripts/bench.sh [PUZZLE_FILE...]
#   default files: $SUDOKUFLOW_DATA/{17_clue,forum_hardest_11plus}.txt
#   ROUNDS=N sets the number of rounds per command (median reported; default 5).
#   SUDOKUFLOW and PEER_SOLVE, when both are set, name the two programs to
#   time instead of release builds made here (the tests run debug builds).
set -euo pipefail
cd "$(dirname "$0")/.."

data="${SUDOKUFLOW_DATA:-../shared/data}"
rounds="${ROUNDS:-5}"
if [ $# -eq 0 ]; then
  set -- "$data/17_clue.txt" "$data/forum_hardest_11plus.txt"
fi
for f in "$@"; do
  [ -r "$f" ] || { echo "bench.sh: cannot read $f (set SUDOKUFLOW_DATA or pass files)" >&2; exit 2; }
done

. scripts/release_programs.sh
ours="$SUDOKUFLOW"
peer="$PEER_SOLVE"

# Median wall time in seconds of running "$@" with stdout discarded.
median_seconds() {
  local times=()
  for _ in $(seq "$rounds"); do
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    times+=("$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

printf '%-28s %9s %12s %12s %12s %10s %10s\n' set puzzles "peer s" "ours -j1 s" "ours -j2 s" "j1/peer" "j1/j2"
for f in "$@"; do
  n=$(grep -c -v -e '^#' -e '^$' -e '^end' "$f")
  peer_t=$(median_seconds "$peer" "$f")
  j1_t=$(median_seconds "$ours" solve -j1 "$f")
  j2_t=$(median_seconds "$ours" solve -j2 "$f")
  printf '%-28s %9d %12.3f %12.3f %12.3f %10.2f %10.2f\n' "$(basename "$f")" "$n" "$peer_t" "$j1_t" "$j2_t" \
    "$(awk -v a="$j1_t" -v b="$peer_t" 'BEGIN {print a / b}')" "$(awk -v a="$j1_t" -v b="$j2_t" 'BEGIN {print a / b}')"
done
