#!/bin/bash
# Rates each puzzle of a sample alone (`rate -j1`, one process a puzzle) and
# appends its CPU time (user+sys, seconds): the input of
# se_agreement.py --bands top.
# usage: scripts/se_top_rate.sh SAMPLE OUT [rate options...]
#   SAMPLE: lines `PUZZLE ER/EP/ED ...` (SE's published ratings); `#` lines
#           are skipped, as in data/se_rated_sample.txt
#   OUT:    lines `<rate's line> cpu=<s>`; SUDOKUFLOW names the binary
#           (default target/release/sudokuflow)
set -euo pipefail
bin=${SUDOKUFLOW:-target/release/sudokuflow}
sample=$1 out=$2
shift 2
one=$(mktemp)
trap 'rm -f "$one"' EXIT
: >"$out"
while read -r puzzle _; do
    [[ $puzzle == \#* ]] && continue
    cpu=$({ /usr/bin/time -f '%U %S' "$bin" rate -j1 -q "$@" <<<"$puzzle" >"$one"; } 2>&1 | tail -1)
    echo "$(cat "$one") cpu=$(awk '{printf "%.2f", $1 + $2}' <<<"$cpu")" >>"$out"
done <"$sample"
