"""Every kind of column a data person passes, checked against the CLI's
answers: the same kind back, missing values in and out, and a clear
TypeError for what is not a column of puzzle strings."""

import numpy as np
import pandas as pd
import pytest

import sudokuflow as sf
from conftest import need

BAD = "x" * 81


@pytest.fixture(scope="module")
def solved(cli, puzzles):
    """The first 20 puzzles and the CLI's solutions of them."""
    return puzzles[:20], cli("solve", stdin="\n".join(puzzles[:20]))


def cells(puzzles, dtype=np.uint8):
    return np.array([[0 if c == "." else int(c) for c in p] for p in puzzles], dtype=dtype)


def text(array):
    return ["".join(str(v) for v in row) for row in np.asarray(array).reshape(len(array), 81)]


def test_strings_with_line_ends_and_zeros_read_as_the_cli_reads_them(solved):
    puzzles, expected = solved
    assert sf.solve([p + "\n" for p in puzzles]) == expected
    assert sf.solve([p + "\r\n" for p in puzzles]) == expected
    assert sf.solve(puzzles[0] + "\n") == expected[0]
    assert sf.solve([p.replace(".", "0") for p in puzzles]) == expected
    # bytes, as a NumPy "S" array holds them.
    assert sf.solve([p.encode() for p in puzzles]) == expected


@pytest.mark.parametrize("dtype", [object, "string", "string[pyarrow]", "str"])
def test_pandas_series_of_every_string_dtype_with_missing_values(solved, dtype):
    if dtype == "string[pyarrow]":
        need("pyarrow")
    puzzles, expected = solved
    rows = [puzzles[0], None, puzzles[1], BAD, puzzles[2]]
    series = pd.Series(rows, dtype=dtype, index=[10, 20, 30, 40, 50], name="quizzes")
    if dtype != "str":
        series[20] = pd.NA if dtype != object else None
    answer = sf.solve(series)
    assert isinstance(answer, pd.Series)
    assert answer.dtype == series.dtype
    assert answer.name == "quizzes" and list(answer.index) == [10, 20, 30, 40, 50]
    assert answer.isna().tolist() == [False, True, False, True, False]
    assert [answer[10], answer[30], answer[50]] == expected[:3]
    counts = sf.count(series)
    assert counts.dtype == "Int64" and counts.isna().tolist() == [False, True, False, True, False]
    assert sf.canon(series).isna().tolist() == answer.isna().tolist()


def test_dask_partitions_of_na_strings_are_answered(cli, solved):
    dd = need("dask.dataframe")
    puzzles, expected = solved
    frame = pd.DataFrame({"quizzes": pd.Series(puzzles[:6] + [None], dtype="string")})
    parts = dd.from_pandas(frame, npartitions=2)
    answer = parts["quizzes"].map_partitions(sf.solve, meta=("quizzes", "string")).compute()
    assert answer.tolist()[:6] == expected[:6] and answer.isna().tolist()[6]


def test_polars_series_come_back_as_polars_series(solved):
    pl = need("polars")
    puzzles, expected = solved
    series = pl.Series("quizzes", [puzzles[0], None, puzzles[1], BAD])
    answer = sf.solve(series)
    assert isinstance(answer, pl.Series) and answer.name == "quizzes"
    assert answer.dtype == pl.String
    assert answer.to_list() == [expected[0], None, expected[1], None]
    counts = sf.count(series)
    assert counts.dtype == pl.Int64 and counts.to_list() == [1, None, 1, None]


def test_pyarrow_arrays_and_chunked_arrays_come_back_as_such(solved):
    pa = need("pyarrow")
    puzzles, expected = solved
    array = pa.array([puzzles[0], None, puzzles[1]])
    answer = sf.solve(array)
    assert isinstance(answer, pa.Array) and answer.type == pa.string()
    assert answer.to_pylist() == [expected[0], None, expected[1]]
    for string_type in (pa.large_string(), pa.string_view()):
        assert sf.solve(array.cast(string_type)).to_pylist() == answer.to_pylist()
    chunked = pa.chunked_array([[puzzles[0]], [None, puzzles[1]]])
    answer = sf.solve(chunked)
    assert isinstance(answer, pa.ChunkedArray)
    assert answer.to_pylist() == [expected[0], None, expected[1]]
    assert sf.count(chunked).to_pylist() == [1, None, 1]


def test_arrow_columns_are_read_from_their_buffers_whatever_their_layout(solved):
    """Strings in Arrow's memory are read from its buffers (the PyCapsule
    interface): slices, many chunks, nulls past the first byte of the
    validity bitmap, short strings held in a string view, line ends; and
    the answers handed back over the rows they were solved in, the puzzles
    without one null among them."""
    pa = need("pyarrow")
    pl = need("polars")
    puzzles, expected = solved
    rows = [puzzles[i % 20] if i % 7 else None for i in range(40)]
    rows[5], rows[9], rows[11] = BAD, "", "1"
    rows[12] = puzzles[12] + "\r\n"
    rows[13] = rows[15] = "11" + "." * 79  # read, but no answer: null
    want = [expected[puzzles.index(r[:81])] if r and r[:81] in puzzles else None for r in rows]
    for string_type in (pa.string(), pa.large_string(), pa.string_view()):
        array = pa.array(rows, type=string_type)
        assert sf.solve(array).to_pylist() == want
        assert sf.solve(array.slice(3, 30)).to_pylist() == want[3:33]
        chunked = pa.chunked_array([array.slice(0, 13), array.slice(13)])
        assert sf.solve(chunked).to_pylist() == want
        assert sf.count(array).to_pylist() == [None if w is None else 1 for w in want]
    series = pl.concat([pl.Series("q", rows[:20]), pl.Series("q", rows[20:])], rechunk=False)
    assert sf.solve(series).to_list() == want
    arrow_dtype = pd.Series(rows, dtype=pd.ArrowDtype(pa.string()))
    answer = sf.solve(arrow_dtype)
    assert answer.dtype == arrow_dtype.dtype and answer.tolist() == [
        pd.NA if w is None else w for w in want]
    with pytest.raises(ValueError, match=r"^row 0: no puzzle \(a missing value\)"):
        sf.solve(pa.array(rows), strict=True)
    # Offsets at an odd address, as a pickled array (a Dask block) has them.
    for string_type, width in ((pa.string(), np.int32), (pa.large_string(), np.int64)):
        offsets = pa.py_buffer(b"\0" + np.array([0, 81, 162], dtype=width).tobytes())[1:]
        data = pa.py_buffer((puzzles[0] + puzzles[1]).encode())
        odd = pa.Array.from_buffers(string_type, 2, [None, offsets, data])
        assert sf.solve(odd).to_pylist() == expected[:2]
    # Not strings: read as values, and refused as the numbers they are.
    with pytest.raises(TypeError, match="dtype=str"):
        sf.solve(pa.array([1, 2]))


def test_numpy_arrays_of_strings_and_objects(solved):
    puzzles, expected = solved
    for array in (np.array(puzzles), np.array(puzzles, dtype=object), np.array([p.encode() for p in puzzles])):
        answer = sf.solve(array)
        assert isinstance(answer, np.ndarray) and answer.dtype == object
        assert answer.tolist() == expected
    answer = sf.solve(np.array([puzzles[0], None, BAD], dtype=object))
    assert answer.tolist() == [expected[0], None, None]


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64])
def test_integer_arrays_of_any_dtype_in_rows_or_boards(solved, dtype):
    puzzles, expected = solved
    flat = cells(puzzles, dtype)
    answer = sf.solve(flat)
    assert answer.dtype == dtype and answer.shape == (20, 81)
    assert text(answer) == expected
    boards = flat.reshape(20, 9, 9)
    answer = sf.solve(boards)
    assert answer.dtype == dtype and answer.shape == (20, 9, 9)
    assert text(answer) == expected
    assert text(sf.canon(boards)) == [p.replace(".", "0") for p in sf.canon(puzzles)]
    assert sf.count(boards).tolist() == [1] * 20


def test_values_a_narrower_dtype_would_wrap_are_bad_cells(solved):
    puzzles, expected = solved
    wide = cells(puzzles[:3], np.int64)
    wide[1, 0] = 256 + 5  # 5 once cast to uint8
    wide[2, 0] = -1
    answer = sf.solve(wide)
    assert text(answer[:1]) == expected[:1]
    assert not answer[1:].any()
    with pytest.raises(ValueError, match=r"^row 1: a cell holds 261"):
        sf.solve(wide, strict=True)
    with pytest.raises(ValueError, match=r"^row 2: a cell holds -1"):
        sf.count(wide[[0, 0, 2]], strict=True)


def test_a_dataframe_is_refused_naming_its_columns(puzzles):
    frame = pd.DataFrame({"quizzes": puzzles[:3], "solutions": puzzles[:3]})
    for call in (sf.solve, sf.count, sf.rate, sf.canon):
        with pytest.raises(TypeError, match=r"one column, not a DataFrame .*\['quizzes', 'solutions'\].*df\[\"quizzes\"\]"):
            call(frame)
    with pytest.raises(TypeError, match=r"\['quizzes'\]"):
        sf.solve(frame[["quizzes"]])
    pl = need("polars")
    with pytest.raises(TypeError, match="one column, not a DataFrame"):
        sf.solve(pl.DataFrame({"quizzes": puzzles[:3]}))
    pa = need("pyarrow")
    with pytest.raises(TypeError, match="one column, not a Table"):
        sf.solve(pa.table({"quizzes": puzzles[:3]}))


def test_puzzles_read_as_numbers_name_dtype_str(tmp_path, solved):
    puzzles, _ = solved
    path = tmp_path / "kaggle.csv"
    path.write_text("quizzes\n" + "\n".join(p.replace(".", "0") for p in puzzles[:3]) + "\n")
    frame = pd.read_csv(path)
    with pytest.raises(TypeError, match=r"row 0: .*number.*dtype=str"):
        sf.solve(frame["quizzes"])
    assert sf.solve(pd.read_csv(path, dtype=str)["quizzes"]).notna().all()
    with pytest.raises(TypeError, match="dtype=str"):
        sf.solve([1234])


def test_rate_gives_a_table_of_the_callers_library_with_nulls(cli, solved):
    puzzles, _ = solved
    rows = [puzzles[0], None, puzzles[1], "." * 81]
    lines = cli("rate", "--budget", "unlimited", stdin="\n".join([puzzles[0], puzzles[1]]))
    expected = []
    for line in lines:
        _, triple, level, *hardest = line.split(" ")
        er, ep, ed = (float(v) for v in triple.split("/"))
        expected.append((er, ep, ed, level, " ".join(hardest), True))
    table = sf.rate(pd.Series(rows, index=[7, 8, 9, 10]), budget=None)
    assert isinstance(table, pd.DataFrame) and list(table.index) == [7, 8, 9, 10]
    assert list(table.columns) == ["er", "ep", "ed", "level", "hardest", "complete"]
    assert str(table["complete"].dtype) == "boolean" and str(table["er"].dtype) == "float64"
    assert table.loc[[8, 10]].isna().all(axis=None)
    assert [tuple(table.loc[i]) for i in (7, 9)] == expected
    pl = need("polars")
    frame = sf.rate(pl.Series(rows), budget=None)
    assert isinstance(frame, pl.DataFrame) and frame.columns == list(table.columns)
    assert frame.rows() == [expected[0], (None,) * 6, expected[1], (None,) * 6]
    pa = need("pyarrow")
    arrow = sf.rate(pa.array(rows), budget=None)
    assert isinstance(arrow, pa.Table) and arrow.column_names == list(table.columns)
    assert arrow.column("er").to_pylist() == [expected[0][0], None, expected[1][0], None]


def test_generate_makes_a_table_in_the_kaggle_layout(cli):
    table = sf.generate(5, seed=9, solution=True, rate=True, blank="0")
    assert list(table.columns) == ["puzzle", "solution", "er", "ep", "ed", "level", "hardest", "complete"]
    lines = cli("generate", "-n", "5", "--seed", "9", "--solution", "-f", "csv")
    header, *rows = lines
    assert header.split(",")[:2] == ["puzzle", "solution"]
    assert [r.split(",")[0].replace(".", "0") for r in rows] == table["puzzle"].tolist()
    assert [r.split(",")[1] for r in rows] == table["solution"].tolist()
    assert table["complete"].all()
    ratings = sf.rate(table["puzzle"])
    assert ratings["er"].tolist() == table["er"].tolist()
    assert sf.generate(2, seed=9, blank="0") == [p.replace(".", "0") for p in sf.generate(2, seed=9)]
    with pytest.raises(ValueError, match="blank"):
        sf.generate(1, blank="-")
