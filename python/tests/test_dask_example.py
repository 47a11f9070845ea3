"""python/examples/dask_solve.py on a LocalCluster of 2 worker processes
(loopback only), and on the scheduler of a cluster already running, against
the CLI's answers. (The Spark and Ray recipes' tests are in
python/cluster_tests, run by scripts/test_cluster_recipes.sh.)"""

import subprocess
import sys
from pathlib import Path

from conftest import need

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dask_solve.py"


def run_example(*args):
    return subprocess.run(
        [sys.executable, str(EXAMPLE), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_dask_recipe_solves_a_kaggle_csv_in_order_on_two_worker_processes(
    kaggle_table, parquet_rows, tmp_path
):
    table, expected = kaggle_table
    out = tmp_path / "solved"
    # 10 kB blocks: several partitions, so their order is checked too.
    run = run_example(table, out, "--workers", "2", "--blocksize", "10kB")
    assert run.returncode == 0, run.stderr
    assert len(list(out.glob("*.parquet"))) > 3
    assert parquet_rows(out) == expected


def test_dask_recipe_reads_parquet_on_a_running_clusters_scheduler(
    kaggle_table, parquet_rows, tmp_path
):
    # As `--scheduler tcp://scheduler:8786`, with a one-worker cluster on
    # loopback standing for the remote one, and a Parquet input.
    pd = need("pandas")
    distributed = need("dask.distributed")
    table, expected = kaggle_table
    source = tmp_path / "kaggle.parquet"
    pd.read_csv(table, dtype=str).to_parquet(source)
    out = tmp_path / "solved"
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        run = run_example(source, out, "--scheduler", cluster.scheduler_address)
    assert run.returncode == 0, run.stderr
    assert parquet_rows(out) == expected


def test_dask_recipe_names_a_missing_column_and_keeps_an_existing_output(tmp_path):
    table = tmp_path / "in.csv"
    table.write_text("id,puzzle\n1,2\n")
    run = run_example(table, tmp_path / "out", "--workers", "1")
    assert run.returncode == 2
    assert "no column 'quizzes'" in run.stderr and "id, puzzle" in run.stderr
    assert not (tmp_path / "out").exists()
    kept = tmp_path / "kept"
    kept.mkdir()
    run = run_example(table, kept, "--column", "puzzle", "--workers", "1")
    assert run.returncode == 2
    assert "kept exists" in run.stderr
