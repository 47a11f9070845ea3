"""Shared fixtures: the `sudokuflow` command the answers are checked against."""

import importlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# How long one run of the CLI may take before it counts as hung: there to
# catch hangs, never to time anything (as the Rust tests' deadline, crates/sudokuflow-test).
DEADLINE = 300


def required():
    """True where every test must run, by the Rust tests' rule
    (crates/sudokuflow-test/src/skip.rs): SUDOKUFLOW_REQUIRE_DATA or CI set to anything
    but empty, 0 or false."""
    return any(
        os.environ.get(name, "").lower() not in ("", "0", "false")
        for name in ("SUDOKUFLOW_REQUIRE_DATA", "CI")
    )


def _binary():
    """The CLI: $SUDOKUFLOW_BIN, a build in the repository's target/, or the PATH."""
    if os.environ.get("SUDOKUFLOW_BIN"):
        return os.environ["SUDOKUFLOW_BIN"]
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "sudokuflow"
        if path.exists():
            return str(path)
    return shutil.which("sudokuflow")


@pytest.fixture(scope="session")
def cli():
    """Runs the CLI with arguments and standard input; returns its stdout lines."""
    binary = _binary()
    if binary is None:
        reason = "no sudokuflow binary: build it with cargo build, or set SUDOKUFLOW_BIN"
        if required():
            pytest.fail(reason)
        pytest.skip(reason)

    def run(*args, stdin=""):
        out = subprocess.run(
            [binary, *args],
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
            timeout=DEADLINE,
        )
        assert out.returncode in (0, 1), out.stderr
        return out.stdout.splitlines()

    run.binary = binary
    return run


@pytest.fixture(scope="session")
def puzzles(cli):
    """200 generated puzzles, as `generate --seed 11` writes them."""
    return cli("generate", "-n", "200", "--seed", "11")


def need(module):
    """`module` imported, or the test skipped; where every test must run, failed."""
    try:
        return importlib.import_module(module)
    except ImportError:
        reason = f"{module} is not installed"
        if required():
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture(scope="session")
def kaggle_table(cli, tmp_path_factory):
    """A small CSV in the Kaggle layout (`quizzes,solutions`, 0 for blanks)
    and the rows the cluster recipes must write: each input row with the
    CLI's answer added, None where the CLI marks the puzzle bad (a row of
    junk, an empty puzzle, one with no solution)."""
    made = cli("generate", "-n", "300", "--seed", "2", "--solution", "-f", "csv")[1:]
    rows = [tuple(line.replace(".", "0").split(",")) for line in made]
    no_solution = "11" + "0" * 79
    rows[123:123] = [("not a puzzle", "x"), ("", ""), (no_solution, "")]
    table = tmp_path_factory.mktemp("kaggle") / "kaggle.csv"
    table.write_text("quizzes,solutions\n" + "".join(f"{q},{s}\n" for q, s in rows))
    answers = cli("solve", "--column", "quizzes", "-f", "csv", str(table))[1:]
    assert len(answers) == len(rows)
    expected = []
    for (quizzes, solutions), line in zip(rows, answers):
        answer = line.rsplit(",", 1)[1]
        bad = answer.startswith("!")
        expected.append((quizzes or None, solutions or None, None if bad else answer))
    return table, expected


@pytest.fixture(scope="session")
def parquet_rows():
    """Reads a recipe's Parquet folder: its files in name order (the rows'
    order), empty strings as None (engines differ on an empty CSV field)."""
    pq = need("pyarrow.parquet")

    def read(folder):
        rows = []
        for part in sorted(Path(folder).glob("*.parquet")):
            for row in pq.read_table(part).to_pylist():
                rows.append(tuple(value or None for value in row.values()))
        return rows

    return read
