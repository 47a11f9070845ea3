"""Typical calls, checked by `mypy --strict` against sudokuflow.pyi (.ci/run):
the overloads give each kind of input its answer's type."""

import numpy as np

import sudokuflow as sf

puzzles: list[str] = sf.generate(3, seed=1)
solved: list[str | None] = sf.solve(puzzles)
one: str | None = sf.solve(puzzles[0])
boards = sf.solve(np.zeros((1, 9, 9), dtype=np.int16))
counts: np.ndarray = sf.count(np.zeros((1, 81), dtype=np.uint8))
ratings = sf.rate(puzzles)
first = ratings[0]
if first is not None:
    er: float = first["er"]
    level: str = first["level"]
explained = sf.explain(puzzles[0])
if explained is not None:
    for step in explained["steps"]:
        cells: list[list[int]] = step["cells"]
        houses: list[str] = step["houses"]
        for node in step.get("chain", []):
            follows: list[int] = node["from"]
made = sf.generate(2, array=True)
table = sf.generate(2, solution=True, rate=True, blank="0")
parts: list[str] = sf.split(puzzles, {"train": 0.9, "test": 0.1}, seed=1, by="grid")
part: str = sf.split(puzzles[0], {"all": 1.0})
leaks: list[int | None] = sf.leakage(puzzles, puzzles[1:])
leaked: np.ndarray = sf.leakage(puzzles, np.zeros((1, 81), dtype=np.uint8))
for variant in sf.augment(puzzles, 3, with_original=True, seed=2):
    group: int = variant["group"]
    solution: str = variant["solution"]
labels = sf.label(puzzles, columns=["clues", "er"], budget=None)
clues: int | None = labels[0].get("clues")
rated: float | None = sf.label(puzzles[0], columns="er").get("er")
