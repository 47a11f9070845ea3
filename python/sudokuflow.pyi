"""sudokuflow: a fast Sudoku engine for puzzle datasets.

solve, count, rate, explain, canon, shuffle and the dataset functions
(split, leakage, augment, label) take puzzles as strings (81
cells: 1-9, and '.' or '0' for empty; a line end after them is allowed): one
string, a list or tuple, a pandas Series (object or string dtype), a polars
Series, a pyarrow Array or ChunkedArray, or a NumPy array of strings; or as a
NumPy integer array of shape (n, 81) or (n, 9, 9) (0 for empty). They answer
in the same kind, in input order, on `threads` workers (1 to 1024; default:
one per core) with the GIL released. A missing or bad puzzle gives a missing
answer (None, the column's null, a puzzle of zeros in an integer array)
unless strict=True, which raises ValueError naming its row. A DataFrame, or
puzzles read as numbers, raise TypeError saying what to pass instead.
Ctrl-C ends a call within a second (KeyboardInterrupt); progress=True shows
a tqdm bar, and a callable is given (done, total) as the work goes.
"""

from typing import Any, Callable, Literal, Mapping, Optional, Sequence, TypedDict, Union, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import NotRequired

__version__: str
__all__ = [
    "solve", "count", "rate", "explain", "canon", "shuffle", "generate",
    "split", "leakage", "augment", "label", "__version__",
]

Level = Literal["easy", "medium", "hard", "expert", "hell"]
IntArray = npt.NDArray[np.integer[Any]]
# A str is itself a Sequence[str]: its overload comes first, as typeshed
# does for such pairs (hence the ignored overlaps).
Strings = Sequence[Union[str, bytes, None]]
# True for a tqdm bar, or a callable given (done, total).
Progress = Union[bool, Callable[[int, int], object], None]
# What makes two puzzles one class: equivalent puzzles, or equivalent solution grids.
By = Literal["puzzle", "grid"]

class Rating(TypedDict):
    er: float
    ep: float
    ed: float
    level: Level
    hardest: str
    complete: bool

# "from" is a keyword: the functional form.
ChainNode = TypedDict(
    "ChainNode",
    {
        "cell": list[int],
        "digit": int,
        "on": bool,
        "reason": str,
        # The nodes it follows from, by position in the same chain.
        "from": list[int],
        # The branches of a nested chain that proves the node.
        "inner": NotRequired[list[list["ChainNode"]]],
    },
)

class Step(TypedDict):
    technique: str
    variant: NotRequired[str]
    digit: NotRequired[int]
    rating: float
    placements: list[list[int]]
    eliminations: list[list[int]]
    cells: list[list[int]]
    houses: list[str]
    chain: NotRequired[list[ChainNode]]
    chains: NotRequired[list[list[ChainNode]]]
    text: str

class Explanation(TypedDict):
    puzzle: str
    solution: str
    rating: Rating
    steps: list[Step]

@overload
def solve(puzzles: str, *, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Optional[str]: ...  # type: ignore[overload-overlap]
@overload
def solve(puzzles: IntArray, *, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> IntArray: ...
@overload
def solve(puzzles: Strings, *, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[Optional[str]]: ...
@overload
def solve(puzzles: Any, *, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...

@overload
def count(puzzles: str, *, limit: int = 2, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Optional[int]: ...  # type: ignore[overload-overlap]
@overload
def count(puzzles: IntArray, *, limit: int = 2, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> npt.NDArray[np.int64]: ...
@overload
def count(puzzles: Strings, *, limit: int = 2, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[Optional[int]]: ...
@overload
def count(puzzles: Any, *, limit: int = 2, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...

@overload
def rate(puzzles: str, *, budget: Optional[int] = 200000000, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Optional[Rating]: ...  # type: ignore[overload-overlap]
@overload
def rate(puzzles: Union[Strings, IntArray], *, budget: Optional[int] = 200000000, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[Optional[Rating]]: ...
@overload
def rate(puzzles: Any, *, budget: Optional[int] = 200000000, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...

@overload
def explain(puzzles: str, *, budget: Optional[int] = 200000000, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Optional[Explanation]: ...  # type: ignore[overload-overlap]
@overload
def explain(puzzles: Union[Strings, IntArray], *, budget: Optional[int] = 200000000, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[Optional[Explanation]]: ...
@overload
def explain(puzzles: Any, *, budget: Optional[int] = 200000000, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...

@overload
def canon(puzzles: str, *, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Optional[str]: ...  # type: ignore[overload-overlap]
@overload
def canon(puzzles: IntArray, *, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> IntArray: ...
@overload
def canon(puzzles: Strings, *, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[Optional[str]]: ...
@overload
def canon(puzzles: Any, *, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...

@overload
def shuffle(puzzles: str, *, seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Optional[str]: ...  # type: ignore[overload-overlap]
@overload
def shuffle(puzzles: IntArray, *, seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> IntArray: ...
@overload
def shuffle(puzzles: Strings, *, seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[Optional[str]]: ...
@overload
def shuffle(puzzles: Any, *, seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...

@overload
def generate(n: int, *, seed: Optional[int] = None, level: Optional[Level] = None, symmetry: str = "none", clues: Optional[int] = None, solution: Literal[False] = False, rate: Literal[False] = False, blank: Literal[".", "0"] = ".", array: Literal[False] = False, threads: Optional[int] = None, progress: Progress = None) -> list[str]: ...
@overload
def generate(n: int, *, seed: Optional[int] = None, level: Optional[Level] = None, symmetry: str = "none", clues: Optional[int] = None, solution: Literal[False] = False, rate: Literal[False] = False, blank: Literal[".", "0"] = ".", array: Literal[True], threads: Optional[int] = None, progress: Progress = None) -> npt.NDArray[np.uint8]: ...
@overload
def generate(n: int, *, seed: Optional[int] = None, level: Optional[Level] = None, symmetry: str = "none", clues: Optional[int] = None, solution: bool = False, rate: bool = False, blank: Literal[".", "0"] = ".", array: bool = False, threads: Optional[int] = None, progress: Progress = None) -> Any: ...

@overload
def split(puzzles: str, parts: Mapping[str, float], *, seed: int = 0, by: By = "puzzle", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> str: ...  # type: ignore[overload-overlap]
@overload
def split(puzzles: IntArray, parts: Mapping[str, float], *, seed: int = 0, by: By = "puzzle", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> npt.NDArray[np.object_]: ...
@overload
def split(puzzles: Strings, parts: Mapping[str, float], *, seed: int = 0, by: By = "puzzle", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[str]: ...
@overload
def split(puzzles: Any, parts: Mapping[str, float], *, seed: int = 0, by: By = "puzzle", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...

@overload
def leakage(a: Any, b: str, *, by: By = "puzzle", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Optional[int]: ...  # type: ignore[overload-overlap]
@overload
def leakage(a: Any, b: IntArray, *, by: By = "puzzle", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> npt.NDArray[np.int64]: ...
@overload
def leakage(a: Any, b: Strings, *, by: By = "puzzle", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[Optional[int]]: ...
@overload
def leakage(a: Any, b: Any, *, by: By = "puzzle", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...

class Variant(TypedDict):
    puzzle: str
    solution: str
    # The original's position in the input, from 0.
    group: int

@overload
def augment(puzzles: Union[str, Strings, IntArray], n: int = 1, *, with_original: bool = False, seed: Optional[int] = None, blank: Literal[".", "0"] = ".", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[Variant]: ...
@overload
def augment(puzzles: Any, n: int = 1, *, with_original: bool = False, seed: Optional[int] = None, blank: Literal[".", "0"] = ".", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...

# The columns asked for (complete with er), None where one does not apply.
class Labels(TypedDict, total=False):
    solution: Optional[str]
    clues: Optional[int]
    solutions: Optional[int]
    guesses: Optional[int]
    er: Optional[float]
    ep: Optional[float]
    ed: Optional[float]
    complete: Optional[bool]
    level: Optional[Level]
    hardest: Optional[str]
    techniques: Optional[str]
    canonical: Optional[str]

@overload
def label(puzzles: str, *, columns: Union[str, Sequence[str], None] = None, budget: Optional[int] = 200000000, blank: Literal[".", "0"] = ".", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Labels: ...  # type: ignore[overload-overlap]
@overload
def label(puzzles: Union[Strings, IntArray], *, columns: Union[str, Sequence[str], None] = None, budget: Optional[int] = 200000000, blank: Literal[".", "0"] = ".", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> list[Labels]: ...
@overload
def label(puzzles: Any, *, columns: Union[str, Sequence[str], None] = None, budget: Optional[int] = 200000000, blank: Literal[".", "0"] = ".", threads: Optional[int] = None, strict: bool = False, progress: Progress = None) -> Any: ...
