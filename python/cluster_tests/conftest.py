"""The fixtures of python/tests/conftest.py (the CLI, the Kaggle-layout
table), shared with these tests, which .ci/run's `pytest python/tests` does
not collect: scripts/test_cluster_recipes.sh runs them."""

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "sudokuflow_tests_conftest", Path(__file__).resolve().parents[1] / "tests" / "conftest.py"
)
shared = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(shared)

cli = shared.cli
kaggle_table = shared.kaggle_table
parquet_rows = shared.parquet_rows
