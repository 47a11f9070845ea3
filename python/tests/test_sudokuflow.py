"""The Python package against the CLI's answers: every function, every kind
of input, bad puzzles, wrong arrays, threads and the GIL."""

import inspect
import json
import threading

import numpy as np
import pandas as pd
import pytest

import sudokuflow as sf

BAD_CHARACTER = "x" * 81
CONFLICTING = "11" + "." * 79
NO_SOLUTION = "12345678." + "." * 8 + "9" + "." * 63


def to_array(puzzles):
    return np.array(
        [[0 if c == "." else int(c) for c in p] for p in puzzles], dtype=np.uint8
    )


def from_array(array):
    return ["".join(str(v) for v in row) for row in array]


def test_solve_agrees_with_the_cli_for_lists_arrays_and_series(cli, puzzles):
    expected = cli("solve", stdin="\n".join(puzzles))
    assert sf.solve(puzzles) == expected
    assert sf.solve(tuple(puzzles), threads=1) == expected
    solved = sf.solve(to_array(puzzles))
    assert solved.dtype == np.uint8 and solved.shape == (200, 81)
    assert from_array(solved) == expected
    series = pd.Series(puzzles, index=range(100, 300), name="quizzes")
    answer = sf.solve(series)
    assert isinstance(answer, pd.Series)
    assert answer.name == "quizzes" and list(answer.index) == list(range(100, 300))
    assert list(answer) == expected
    assert sf.solve(puzzles[0]) == expected[0]
    # Zeros for empty cells read as dots do.
    assert sf.solve([p.replace(".", "0") for p in puzzles[:5]]) == expected[:5]


def test_bad_puzzles_give_none_or_a_zero_row_and_strict_names_the_row(cli, puzzles):
    mixed = [puzzles[0], BAD_CHARACTER, CONFLICTING, NO_SOLUTION, "", puzzles[1]]
    first, last = cli("solve", stdin=puzzles[0] + "\n" + puzzles[1])
    assert sf.solve(mixed) == [first, None, None, None, None, last]
    # Missing values in and out, as pandas writes them.
    answer = sf.solve(pd.Series([puzzles[0], None, float("nan")]))
    assert answer[0] == first and answer[1:].isna().all()
    array = to_array([puzzles[0], puzzles[1], puzzles[2]])
    array[1, 0:2] = 7  # conflicting givens
    array[2, 5] = 12  # not a cell
    solved = sf.solve(array)
    assert from_array(solved[:1]) == [first]
    assert not solved[1:].any()
    with pytest.raises(ValueError, match=r"^row 1: .*character"):
        sf.solve(mixed, strict=True)
    with pytest.raises(ValueError, match=r"^row 3: .*no solution"):
        sf.solve([puzzles[0], puzzles[1], puzzles[2], NO_SOLUTION], strict=True)
    with pytest.raises(ValueError, match=r"^row 1: .*conflict"):
        sf.solve(array, strict=True)
    with pytest.raises(ValueError, match=r"^row 2: a cell holds 12"):
        sf.solve(array[[0, 0, 2]], strict=True)


def test_wrong_arrays_and_types_raise_and_never_crash(puzzles):
    good = to_array(puzzles[:3])
    with pytest.raises(TypeError, match="integer dtype.*float32"):
        sf.solve(good.astype(np.float32))
    with pytest.raises(ValueError, match=r"shape \(n, 81\).*\[3, 80\]"):
        sf.solve(good[:, :80])
    with pytest.raises(ValueError, match="shape"):
        sf.solve(good.reshape(-1))
    with pytest.raises(ValueError, match="shape"):
        sf.solve(good.reshape(3, 3, 27))
    with pytest.raises(TypeError, match="row 1"):
        sf.solve([puzzles[0], object()])
    with pytest.raises(TypeError, match="list of strings"):
        sf.solve(42)
    # Not contiguous, and empty: still answered.
    assert from_array(sf.solve(good[::2])) == sf.solve(puzzles[:3:2])
    assert sf.solve(np.zeros((0, 81), dtype=np.uint8)).shape == (0, 81)
    assert sf.solve([]) == []


def test_threads_and_budgets_out_of_range_are_value_errors(puzzles):
    for threads in (0, -1, 1025, 2**70):
        with pytest.raises((ValueError, OverflowError), match="threads|int too big"):
            sf.solve(puzzles[:3], threads=threads)
    with pytest.raises(ValueError, match=r"threads must be from 1 to 1024.*got -1"):
        sf.rate(puzzles[:3], threads=-1)
    with pytest.raises(ValueError, match="budget .* got -5"):
        sf.rate(puzzles[:3], budget=-5)
    with pytest.raises(ValueError, match="limit"):
        sf.count(puzzles[:3], limit=-1)
    # Threads beyond the puzzles cost nothing: 1,024 for three puzzles.
    assert sf.solve(puzzles[:3], threads=1024) == sf.solve(puzzles[:3], threads=1)


def test_count_agrees_with_the_cli(cli, puzzles):
    many = "." * 81
    lines = [puzzles[0], many, NO_SOLUTION]
    expected = [int(c) for c in cli("solve", "--count", "--limit", "5", stdin="\n".join(lines))]
    assert sf.count(lines, limit=5) == expected == [1, 5, 0]
    assert sf.count(lines + [BAD_CHARACTER]) == [1, 2, 0, None]
    counts = sf.count(to_array(lines + [CONFLICTING]))
    assert counts.dtype == np.int64 and counts.tolist() == [1, 2, 0, -1]


def test_rate_agrees_with_the_cli(cli, puzzles):
    lines = cli("rate", "--budget", "unlimited", stdin="\n".join(puzzles[:40]))
    ratings = sf.rate(puzzles[:40], budget=None)
    for line, rating in zip(lines, ratings):
        _, triple, level, *hardest = line.split(" ")
        assert triple == f"{rating['er']}/{rating['ep']}/{rating['ed']}"
        assert level == rating["level"] and " ".join(hardest) == rating["hardest"]
        assert rating["complete"] is True
    assert sf.rate(to_array(puzzles[:3]), budget=None) == ratings[:3]
    assert sf.rate([". " * 40 + ".", CONFLICTING]) == [None, None]
    with pytest.raises(ValueError, match="row 0"):
        sf.rate(["." * 81], strict=True)


def test_explain_gives_the_json_of_the_cli(cli, puzzles):
    documents = [json.loads(line) for line in cli("explain", "--format", "json", "--budget", "unlimited", *puzzles[:5])]
    assert sf.explain(puzzles[:5], budget=None) == documents
    assert sf.explain(pd.Series(puzzles[:2])).tolist() == documents[:2]


def test_canon_shuffle_and_generate_agree_with_the_cli(cli, puzzles):
    text = "\n".join(puzzles)
    assert sf.canon(puzzles) == cli("canon", stdin=text)
    assert from_array(sf.canon(to_array(puzzles))) == [p.replace(".", "0") for p in cli("canon", stdin=text)]
    assert sf.shuffle(puzzles, seed=3) == cli("shuffle", "--seed", "3", stdin=text)
    assert sf.shuffle(puzzles, seed=3) != puzzles
    assert sf.canon(sf.shuffle(puzzles, seed=4)) == sf.canon(puzzles)
    assert sf.generate(200, seed=11) == puzzles
    made = sf.generate(12, seed=5, level="easy", symmetry="rotate180")
    assert made == cli("generate", "-n", "12", "--seed", "5", "--level", "easy", "--symmetry", "rotate180")
    assert from_array(sf.generate(3, seed=1, array=True)) == [p.replace(".", "0") for p in sf.generate(3, seed=1)]
    with pytest.raises(ValueError, match="level"):
        sf.generate(1, level="impossible")
    with pytest.raises(ValueError, match="symmetry"):
        sf.generate(1, symmetry="sideways")


def test_arrays_are_answered_row_for_row_into_a_new_array(cli, puzzles):
    array = to_array(puzzles[:50])
    before = array.copy()
    shuffled = [p.replace(".", "0") for p in sf.shuffle(puzzles[:50], seed=3)]
    assert from_array(sf.shuffle(array, seed=3)) == shuffled
    # A bad row counts in the numbering, in a list as in an array and the CLI.
    with_bad = puzzles[:3] + ["not a puzzle"] + puzzles[3:6]
    listed = sf.shuffle(with_bad, seed=3)
    assert listed[3] is None
    rows = to_array(puzzles[:3] + ["." * 81] + puzzles[3:6])
    rows[3, 0] = 10
    arrayed = from_array(sf.shuffle(rows, seed=3))
    assert [p.replace(".", "0") for p in listed[4:]] == arrayed[4:]
    assert listed[4:] == cli("shuffle", "--seed", "3", stdin="\n".join(with_bad))[4:]
    assert np.array_equal(sf.solve(np.asfortranarray(array)), sf.solve(array))
    assert np.array_equal(array, before)
    array[7, 3] = 10
    canon = sf.canon(array)
    assert not canon[7].any()
    assert from_array(canon[8:9]) == [sf.canon(puzzles[8]).replace(".", "0")]
    with pytest.raises(ValueError, match=r"^row 7: a cell holds 10"):
        sf.shuffle(array, seed=3, strict=True)


def test_answers_do_not_depend_on_threads(puzzles):
    array = to_array(puzzles * 20)
    one = sf.solve(array, threads=1)
    assert np.array_equal(sf.solve(array, threads=2), one)
    assert np.array_equal(sf.solve(array, threads=7), one)
    assert sf.rate(puzzles[:30], threads=3, budget=None) == sf.rate(puzzles[:30], threads=1, budget=None)


def test_the_gil_is_released_while_solving(puzzles):
    # Another Python thread runs while sf.solve works: with the GIL held, it
    # could not take a single step until the call returned.
    array = to_array(puzzles * 500)
    steps = []
    stop = threading.Event()

    def count_steps():
        while not stop.is_set():
            steps.append(None)

    counter = threading.Thread(target=count_steps)
    counter.start()
    try:
        before = len(steps)
        for _ in range(3):
            sf.solve(array, threads=1)
        during = len(steps) - before
    finally:
        stop.set()
        counter.join()
    assert during > 0


def test_stubs_and_docstrings_are_there():
    for name in ("solve", "count", "rate", "explain", "canon", "shuffle", "generate"):
        function = getattr(sf, name)
        assert function.__doc__ and len(function.__doc__) > 40, name
    assert "threads" in sf.solve.__text_signature__
    # The real defaults, not Ellipsis.
    for name in ("rate", "explain"):
        signature = inspect.signature(getattr(sf, name))
        assert signature.parameters["budget"].default == 200_000_000, name
