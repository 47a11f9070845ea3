#!/usr/bin/env bash
# Tests the three cluster recipes of python/examples (Dask, Spark, Ray) as
# users run them: the wheel of scripts/build_wheel.sh installed into a fresh
# venv with Dask, pyspark and Ray Data (pinned: the versions tested), then
# each recipe on a small table in the Kaggle layout, against the CLI's
# answers (python/tests/test_dask_example.py, python/cluster_tests).
# .ci/run runs the Dask test; Spark's and Ray's are here, as installing
# them and starting a JVM and a Ray would add minutes to CI.
#
# Usage: scripts/test_cluster_recipes.sh [WHEEL]
#   WHEEL: the wheel to test (default: build it with scripts/build_wheel.sh)
# Needs python3 with venv, Java 17 or later for Spark (installed with apt
# when missing and run as root), and the CLI the answers come from:
# $SUDOKUFLOW_BIN, else target/debug/sudokuflow (built when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

pins=(pyspark==4.3.0 "ray[data]==2.60.0")

if ! command -v java >/dev/null 2>&1; then
  if [[ $(id -u) -ne 0 ]]; then
    echo "test_cluster_recipes.sh: Spark needs Java 17 or later: install openjdk-17-jre-headless" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi

wheel="${1:-$(scripts/build_wheel.sh)}"
if [[ -z "${SUDOKUFLOW_BIN:-}" ]]; then
  [[ -x target/debug/sudokuflow ]] || cargo build --quiet --bin sudokuflow
  export SUDOKUFLOW_BIN="$PWD/target/debug/sudokuflow"
fi

venv="$(mktemp -d)/venv"
trap 'rm -rf "$(dirname "$venv")"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check \
  "$wheel" pytest pandas pyarrow "dask[distributed]" "${pins[@]}"
# Every test must run: a missing module fails instead of skipping. Two
# sessions, as each folder's conftest.py is imported as `conftest`.
export SUDOKUFLOW_REQUIRE_DATA=1
"$venv/bin/python" -m pytest -q --durations=0 python/tests/test_dask_example.py
"$venv/bin/python" -m pytest -q --durations=0 python/cluster_tests
