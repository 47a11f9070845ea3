"""docs/datasets.md shows the cluster recipes' code as the scripts of
python/examples have it: every line of a Python block headed by a script's
path is a line of that script."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def shown_excerpts():
    """(script, the block's lines) for each ```python block whose first line
    is `# python/examples/NAME.py`."""
    excerpts = []
    block = None
    for line in (ROOT / "docs" / "datasets.md").read_text().splitlines():
        if line == "```python":
            block = []
        elif line == "```" and block is not None:
            if block and block[0].startswith("# python/examples/"):
                excerpts.append((block[0][2:], block[1:]))
            block = None
        elif block is not None:
            block.append(line)
    return excerpts


def test_the_guide_shows_each_recipes_own_lines():
    excerpts = shown_excerpts()
    assert sorted(script for script, _ in excerpts) == [
        "python/examples/dask_solve.py",
        "python/examples/ray_solve.py",
        "python/examples/spark_solve.py",
    ]
    for script, lines in excerpts:
        code = {line.strip() for line in (ROOT / script).read_text().splitlines()}
        for line in lines:
            assert line.strip() in code, f"{script} has no line {line.strip()!r}"
