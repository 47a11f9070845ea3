#!/usr/bin/env bash
# Side by side, one thread, whole process: sudokuflow, tdoku (built OUTSIDE
# this repository, see below) and the `sudoku` crate (benches/compare, bin
# peer_solve), in first-solution and count-up-to-2 modes. Prints guesses per
# puzzle of sudokuflow and tdoku (machine-independent) and the medians of
# pairwise time ratios over interleaved rounds (the machine is shared, so each
# round runs the three back to back).
#
# Usage: TDOKU=/path/to/driver scripts/vs_tdoku.sh [PUZZLE_FILE...]
#   Without files: 17_clue, forum_hardest_11plus and the two classes of
#   scripts/make_solver_sets.sh (several solutions, none), made if missing.
#   TDOKU: a driver around tdoku's TdokuSolverDpllTriadSimd that reads one
#     puzzle per line (file argument), writes one line per puzzle, honours
#     env LIMIT=1|2 and prints "avg guesses X" to stderr.
#   ROUNDS=N interleaved rounds per set and mode (default 7).
#   SUDOKUFLOW and PEER_SOLVE, when both are set, name our program and the
#   `sudoku` crate's instead of release builds made here (the tests run
#   debug builds).
set -euo pipefail
cd "$(dirname "$0")/.."

data="${SUDOKUFLOW_DATA:-../shared/data}"
rounds="${ROUNDS:-7}"
tdoku="${TDOKU:?set TDOKU to a tdoku driver binary}"
if [ $# -eq 0 ]; then
  # The generator's classes (several solutions, none), made once.
  sets=target/solver_sets
  [ -s "$sets/no_solution_17p4.txt" ] || scripts/make_solver_sets.sh "$sets" > /dev/null
  set -- "$data/17_clue.txt" "$data/forum_hardest_11plus.txt" \
    "$sets/several_24.txt" "$sets/no_solution_17p4.txt"
fi
. scripts/release_programs.sh
ours="$SUDOKUFLOW"
crate="$PEER_SOLVE"

seconds() { # wall seconds of "$@", stdout and stderr discarded
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {print b - a}'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {print a / b}'; }

printf '%-26s %-6s %8s %8s %8s %11s %11s %11s %11s\n' set mode "ours s" "tdoku s" "crate s" \
  "ours guess" "tdoku guess" "ours/tdoku" "ours/crate"
for f in "$@"; do
  for mode in first count; do
    if [ "$mode" = first ]; then
      ours_args=(solve -j1) crate_args=() limit=1
    else
      ours_args=(solve -j1 --count --limit 2) crate_args=(--count) limit=2
    fi
    # A puzzle without a solution makes the exit status 1: not a failure here.
    og=$({ "$ours" "${ours_args[@]}" --stats "$f" 2>&1 >/dev/null || true; } |
      awk '/avg guesses/ {print $3}')
    tg=$(LIMIT=$limit "$tdoku" "$f" 2>&1 >/dev/null | awk '{print $NF}')
    to=() tt=() tc=() rt=() rc=()
    for _ in $(seq "$rounds"); do
      o=$(seconds "$ours" "${ours_args[@]}" "$f")
      t=$(LIMIT=$limit seconds "$tdoku" "$f")
      c=$(seconds "$crate" "${crate_args[@]}" "$f")
      to+=("$o") tt+=("$t") tc+=("$c")
      rt+=("$(ratio "$o" "$t")") rc+=("$(ratio "$o" "$c")")
    done
    printf '%-26s %-6s %8.3f %8.3f %8.3f %11s %11s %11.2f %11.2f\n' "$(basename "$f")" "$mode" \
      "$(printf '%s\n' "${to[@]}" | median)" "$(printf '%s\n' "${tt[@]}" | median)" \
      "$(printf '%s\n' "${tc[@]}" | median)" "$og" "$tg" \
      "$(printf '%s\n' "${rt[@]}" | median)" "$(printf '%s\n' "${rc[@]}" | median)"
  done
done
