"""python/benchmarks/speed.py, the measurement docs/benchmarks.md shows, for
one round on a few puzzles: it must keep running; its figures are not
checked."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "speed.py"


def test_speed_benchmark_times_the_cli_and_the_module(cli, puzzles, tmp_path):
    file = tmp_path / "puzzles.txt"
    file.write_text("".join(p + "\n" for p in puzzles[:50]))
    run = subprocess.run(
        [sys.executable, str(SCRIPT), str(file), cli.binary, "--rounds", "1", "--threads", "2"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "50 puzzles, 2 threads, 1 rounds"
    for name in ("cli", "py", "one", "two"):
        assert f"median {name}: " in run.stdout
    assert any(line.startswith("two / (2 x one): wall ") for line in lines), run.stdout
