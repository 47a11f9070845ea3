"""python/examples/spark_solve.py (local[2]) and ray_solve.py (a local Ray
of 2 CPUs) on a small table in the Kaggle layout, against the CLI's
answers: every row in order, its `solutions` column kept as text."""

import subprocess
import sys
from pathlib import Path

from conftest import shared

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run_example(name, *args):
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_spark_recipe_solves_a_kaggle_csv_in_order(kaggle_table, parquet_rows, tmp_path):
    shared.need("pyspark")
    table, expected = kaggle_table
    out = tmp_path / "solved"
    # 10 kB partitions: several, so their order is checked too.
    run = run_example("spark_solve.py", table, out, "--partition-bytes", "10000")
    assert run.returncode == 0, run.stderr
    assert len(list(out.glob("*.parquet"))) > 3
    assert parquet_rows(out) == expected
    # Parquet in, and an existing output left alone.
    again = run_example("spark_solve.py", out, out)
    assert again.returncode == 2 and "exists" in again.stderr
    assert parquet_rows(out) == expected


def test_ray_recipe_solves_a_kaggle_csv_in_order(kaggle_table, parquet_rows, tmp_path):
    shared.need("ray")
    table, expected = kaggle_table
    out = tmp_path / "solved"
    run = run_example("ray_solve.py", table, out, "--blocks", "4")
    assert run.returncode == 0, run.stderr
    assert len(list(out.glob("*.parquet"))) == 4
    assert parquet_rows(out) == expected


def test_spark_and_ray_recipes_read_parquet(kaggle_table, parquet_rows, tmp_path):
    pd = shared.need("pandas")
    table, expected = kaggle_table
    source = tmp_path / "kaggle.parquet"
    pd.read_csv(table, dtype=str).to_parquet(source)
    for example in ("spark_solve.py", "ray_solve.py"):
        out = tmp_path / example
        run = run_example(example, source, out)
        assert run.returncode == 0, run.stderr
        assert parquet_rows(out) == expected, example


def test_spark_and_ray_recipes_name_a_missing_column(tmp_path):
    table = tmp_path / "in.csv"
    table.write_text("id,puzzle\n1,2\n")
    for example in ("spark_solve.py", "ray_solve.py"):
        run = run_example(example, table, tmp_path / example)
        assert run.returncode == 2, run.stderr
        assert "no column 'quizzes'" in run.stderr and "id, puzzle" in run.stderr
        assert not (tmp_path / example).exists()
