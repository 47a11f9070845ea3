# Sourced by bench.sh and vs_tdoku.sh (from the repository's root): unless
# SUDOKUFLOW and PEER_SOLVE are both set, builds our program and the `sudoku`
# crate's peer (benches/compare, bin peer_solve) in release and names them.
if [ -z "${SUDOKUFLOW:-}" ] || [ -z "${PEER_SOLVE:-}" ]; then
  cargo build --release --quiet --bin sudokuflow
  cargo build --release --quiet -p sudokuflow-compare --bin peer_solve
  target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
  SUDOKUFLOW="$target_dir/release/sudokuflow" PEER_SOLVE="$target_dir/release/peer_solve"
fi
