"""sudokuflow: a fast Sudoku engine for puzzle datasets.

solve, count, rate, explain, canon and shuffle take a list of puzzle strings
(81 cells: 1-9, and '.' or '0' for empty), a NumPy uint8 array of shape
(n, 81) (0 for empty), a pandas Series of strings, or one string, and answer
in the same kind, in input order, on `threads` workers (default: one per
core) with the GIL released. A bad puzzle gives None (a row of zeros in an
array) unless strict=True, which raises ValueError naming its row.
"""

from typing import Any, Literal, Optional, Sequence, TypedDict, TypeVar, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

Puzzles = TypeVar("Puzzles", Sequence[Optional[str]], npt.NDArray[np.uint8], Any)

class Rating(TypedDict):
    er: float
    ep: float
    ed: float
    level: Literal["easy", "medium", "hard", "expert", "hell"]
    hardest: str
    complete: bool

class Step(TypedDict):
    technique: str
    rating: float
    placements: list[list[int]]
    eliminations: list[list[int]]
    text: str

class Explanation(TypedDict):
    puzzle: str
    solution: str
    rating: Rating
    steps: list[Step]

@overload
def solve(puzzles: str, *, threads: Optional[int] = None, strict: bool = False) -> Optional[str]: ...
@overload
def solve(puzzles: npt.NDArray[np.uint8], *, threads: Optional[int] = None, strict: bool = False) -> npt.NDArray[np.uint8]: ...
@overload
def solve(puzzles: Sequence[Optional[str]], *, threads: Optional[int] = None, strict: bool = False) -> list[Optional[str]]: ...
@overload
def solve(puzzles: Any, *, threads: Optional[int] = None, strict: bool = False) -> Any: ...
def solve(puzzles: Any, *, threads: Optional[int] = None, strict: bool = False) -> Any:
    """Each puzzle's first solution, in the kind the puzzles came in."""

@overload
def count(puzzles: str, *, limit: int = 2, threads: Optional[int] = None, strict: bool = False) -> Optional[int]: ...
@overload
def count(puzzles: npt.NDArray[np.uint8], *, limit: int = 2, threads: Optional[int] = None, strict: bool = False) -> npt.NDArray[np.int64]: ...
@overload
def count(puzzles: Sequence[Optional[str]], *, limit: int = 2, threads: Optional[int] = None, strict: bool = False) -> list[Optional[int]]: ...
@overload
def count(puzzles: Any, *, limit: int = 2, threads: Optional[int] = None, strict: bool = False) -> Any: ...
def count(puzzles: Any, *, limit: int = 2, threads: Optional[int] = None, strict: bool = False) -> Any:
    """Each puzzle's number of solutions up to `limit` (0 for none); -1 in an array for a bad puzzle."""

@overload
def rate(puzzles: str, *, budget: Optional[int] = 200_000_000, threads: Optional[int] = None, strict: bool = False) -> Optional[Rating]: ...
@overload
def rate(puzzles: Union[Sequence[Optional[str]], npt.NDArray[np.uint8]], *, budget: Optional[int] = 200_000_000, threads: Optional[int] = None, strict: bool = False) -> list[Optional[Rating]]: ...
@overload
def rate(puzzles: Any, *, budget: Optional[int] = 200_000_000, threads: Optional[int] = None, strict: bool = False) -> Any: ...
def rate(puzzles: Any, *, budget: Optional[int] = 200_000_000, threads: Optional[int] = None, strict: bool = False) -> Any:
    """Each puzzle's Sudoku Explainer rating as a dict; None without exactly one solution."""

@overload
def explain(puzzles: str, *, budget: Optional[int] = 200_000_000, threads: Optional[int] = None, strict: bool = False) -> Optional[Explanation]: ...
@overload
def explain(puzzles: Union[Sequence[Optional[str]], npt.NDArray[np.uint8]], *, budget: Optional[int] = 200_000_000, threads: Optional[int] = None, strict: bool = False) -> list[Optional[Explanation]]: ...
@overload
def explain(puzzles: Any, *, budget: Optional[int] = 200_000_000, threads: Optional[int] = None, strict: bool = False) -> Any: ...
def explain(puzzles: Any, *, budget: Optional[int] = 200_000_000, threads: Optional[int] = None, strict: bool = False) -> Any:
    """Each puzzle solved step by step, as a dict like `sudokuflow explain --format json`."""

@overload
def canon(puzzles: str, *, threads: Optional[int] = None, strict: bool = False) -> Optional[str]: ...
@overload
def canon(puzzles: npt.NDArray[np.uint8], *, threads: Optional[int] = None, strict: bool = False) -> npt.NDArray[np.uint8]: ...
@overload
def canon(puzzles: Sequence[Optional[str]], *, threads: Optional[int] = None, strict: bool = False) -> list[Optional[str]]: ...
@overload
def canon(puzzles: Any, *, threads: Optional[int] = None, strict: bool = False) -> Any: ...
def canon(puzzles: Any, *, threads: Optional[int] = None, strict: bool = False) -> Any:
    """Each puzzle's minlex canonical form (the same for equivalent puzzles)."""

@overload
def shuffle(puzzles: str, *, seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False) -> Optional[str]: ...
@overload
def shuffle(puzzles: npt.NDArray[np.uint8], *, seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False) -> npt.NDArray[np.uint8]: ...
@overload
def shuffle(puzzles: Sequence[Optional[str]], *, seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False) -> list[Optional[str]]: ...
@overload
def shuffle(puzzles: Any, *, seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False) -> Any: ...
def shuffle(puzzles: Any, *, seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False) -> Any:
    """An equivalent puzzle for each, drawn from `seed` and the puzzle's position."""

@overload
def generate(n: int, *, seed: Optional[int] = None, level: Optional[str] = None, symmetry: str = "none", clues: Optional[int] = None, array: Literal[False] = False, threads: Optional[int] = None) -> list[str]: ...
@overload
def generate(n: int, *, seed: Optional[int] = None, level: Optional[str] = None, symmetry: str = "none", clues: Optional[int] = None, array: Literal[True], threads: Optional[int] = None) -> npt.NDArray[np.uint8]: ...
def generate(n: int, *, seed: Optional[int] = None, level: Optional[str] = None, symmetry: str = "none", clues: Optional[int] = None, array: bool = False, threads: Optional[int] = None) -> Any:
    """`n` puzzles with exactly one solution, the same for the same seed as `sudokuflow generate --seed`."""
