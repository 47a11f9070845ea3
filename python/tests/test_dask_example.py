"""python/examples/dask_solve.py on a LocalCluster of 2 worker processes
(loopback only), and on the scheduler of a cluster already running, against
the CLI's answers."""

import csv
import subprocess
import sys
from pathlib import Path

from dask.distributed import LocalCluster

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dask_solve.py"


def test_dask_example_solves_a_csv_in_order_on_two_worker_processes(cli, tmp_path):
    puzzles = [p.replace(".", "0") for p in cli("generate", "-n", "300", "--seed", "2")]
    puzzles[123] = "not a puzzle"
    table = tmp_path / "in.csv"
    table.write_text("id,quizzes\n" + "".join(f"{i},{p}\n" for i, p in enumerate(puzzles)))
    expected = cli("solve", "--column", "quizzes", "-f", "csv", str(table))
    out = tmp_path / "out.csv"
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), str(table), str(out), "--workers", "2", "--rows", "40"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["id", "quizzes", "solution"]
    assert len(rows) == 301
    for row, line in zip(rows[1:], expected[1:]):
        id_, puzzle, solution = line.split(",")
        # The CLI marks a bad row; the example leaves its solution empty.
        assert row == [id_, puzzle, "" if solution.startswith("!") else solution]
    assert rows[124][2] == ""


def test_dask_example_solves_on_a_running_clusters_scheduler(cli, tmp_path):
    # As `--scheduler tcp://scheduler:8786`, with a one-worker cluster on
    # loopback standing for the remote one.
    puzzles = [p.replace(".", "0") for p in cli("generate", "-n", "50", "--seed", "3")]
    table = tmp_path / "in.csv"
    table.write_text("quizzes\n" + "".join(f"{p}\n" for p in puzzles))
    expected = cli("solve", stdin="".join(f"{p}\n" for p in puzzles))
    out = tmp_path / "out.csv"
    with LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        run = subprocess.run(
            [sys.executable, str(EXAMPLE), str(table), str(out), "--scheduler",
             cluster.scheduler_address],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    assert run.returncode == 0, run.stderr
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["quizzes", "solution"]
    assert [solution for _, solution in rows[1:]] == expected


def test_dask_example_names_a_missing_column(tmp_path):
    table = tmp_path / "in.csv"
    table.write_text("id,puzzle\n1,2\n")
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), str(table), str(tmp_path / "out.csv"), "--workers", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 2
    assert "no column 'quizzes'" in run.stderr and "id, puzzle" in run.stderr
