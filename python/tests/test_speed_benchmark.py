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
    kinds = ["numpy", "pandas-string", "pandas-object", "pyarrow", "polars"]
    run = subprocess.run(
        [sys.executable, str(SCRIPT), str(file), cli.binary, "--rounds", "1", "--threads", "2",
         "--kinds", ",".join(kinds)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "50 puzzles, 2 threads, 1 rounds"
    medians = lines.index("median CPU and wall seconds, and CPU / the CLI's CPU:")
    named = [line.split()[0] for line in lines[medians + 1:medians + 9]]
    assert named == ["cli", *kinds, "one", "two"], run.stdout
    assert any(line.startswith("two / (2 x one): wall ") for line in lines), run.stdout
    memory = lines.index("memory of one call, in a fresh process (MB): peak growth, "
                         "input + output, ratio:")
    assert [line.split()[0] for line in lines[memory + 1:]] == kinds, run.stdout
