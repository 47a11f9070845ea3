#!/usr/bin/env bash
# Side-by-side against tdoku (built OUTSIDE this repository, see below), one
# thread, whole process: guesses per puzzle of both (machine-independent), and
# the median of pairwise time ratios ours/tdoku over interleaved rounds (the
# machine is shared, so each round runs both back to back).
#
# Usage: TDOKU=/path/to/driver scripts/vs_tdoku.sh [PUZZLE_FILE...]
#   TDOKU: a driver around tdoku's TdokuSolverDpllTriadSimd that reads one
#     puzzle per line (file argument), writes one line per puzzle, honours
#     env LIMIT=1|2 and prints "avg guesses X" to stderr.
#   ROUNDS=N interleaved rounds per set and mode (default 7).
set -euo pipefail
cd "$(dirname "$0")/.."

data="${SUDOKUFLOW_DATA:-../shared/data}"
rounds="${ROUNDS:-7}"
tdoku="${TDOKU:?set TDOKU to a tdoku driver binary}"
if [ $# -eq 0 ]; then
  set -- "$data/17_clue.txt" "$data/forum_hardest_11plus.txt"
fi
cargo build --release --quiet --bin sudokuflow
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
ours="$target_dir/release/sudokuflow"

seconds() { # wall seconds of "$@", stdout and stderr discarded
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {print b - a}'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-26s %-6s %10s %10s %12s %12s %10s\n' set mode "ours s" "tdoku s" "ours guess" "tdoku guess" "ours/tdoku"
for f in "$@"; do
  for mode in first count; do
    if [ "$mode" = first ]; then ours_args=(solve -j1); limit=1; else ours_args=(solve -j1 --count --limit 2); limit=2; fi
    og=$("$ours" "${ours_args[@]}" --stats "$f" 2>&1 >/dev/null | awk '/avg guesses/ {print $3}')
    tg=$(LIMIT=$limit "$tdoku" "$f" 2>&1 >/dev/null | awk '{print $NF}')
    ratios=() ot=() tt=()
    for _ in $(seq "$rounds"); do
      o=$(seconds "$ours" "${ours_args[@]}" "$f")
      t=$(LIMIT=$limit seconds "$tdoku" "$f")
      ot+=("$o") tt+=("$t")
      ratios+=("$(awk -v a="$o" -v b="$t" 'BEGIN {print a / b}')")
    done
    printf '%-26s %-6s %10.3f %10.3f %12s %12s %10.2f\n' "$(basename "$f")" "$mode" \
      "$(printf '%s\n' "${ot[@]}" | median)" "$(printf '%s\n' "${tt[@]}" | median)" "$og" "$tg" \
      "$(printf '%s\n' "${ratios[@]}" | median)"
  done
done
