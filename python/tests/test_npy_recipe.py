"""docs/machine-learning.md's conversion of `augment -f csv` output to the
NumPy arrays HRM reads: the block runs, and its arrays hold the CSV's
puzzles and solutions, each value plus one."""

import csv
import runpy
import subprocess

from conftest import DEADLINE, ROOT, need


def recipe():
    """The Python block whose first line names train.csv."""
    lines = (ROOT / "docs" / "machine-learning.md").read_text().splitlines()
    start = lines.index("# train.csv: `sudokuflow augment -n 999 --with-original -f csv ... -o train.csv`")
    end = lines.index("```", start)
    return "\n".join(lines[start:end]) + "\n"


def test_the_guide_makes_hrm_arrays_from_augment_output(cli, tmp_path, monkeypatch):
    np = need("numpy")
    need("pandas")
    train = tmp_path / "train.csv"
    subprocess.run(
        [cli.binary, "augment", "-n", "3", "--with-original", "--seed", "4", "-f", "csv",
         str(ROOT / "data" / "sample.txt"), "-o", str(train)],
        check=True,
        timeout=DEADLINE,
    )
    script = tmp_path / "recipe.py"
    script.write_text(recipe())
    monkeypatch.chdir(tmp_path)
    runpy.run_path(str(script))
    inputs = np.load(tmp_path / "train__inputs.npy")
    labels = np.load(tmp_path / "train__labels.npy")
    with train.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 24 * 4
    assert inputs.shape == labels.shape == (len(rows), 81)
    for row, given, solved in zip(rows, inputs, labels):
        assert [1 if c == "." else int(c) + 1 for c in row["puzzle"]] == given.tolist()
        assert [int(c) + 1 for c in row["solution"]] == solved.tolist()
        # A given keeps its digit in the solution.
        assert all(g in (1, s) for g, s in zip(given, solved))
