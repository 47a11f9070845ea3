"""sf.split, sf.leakage, sf.augment and sf.label: the CLI's split, leakage,
augment and label on puzzles held in Python, in every kind of column."""

import csv
import io
import runpy

import pytest

from conftest import ROOT, need

import sudokuflow as sf

CONFLICT = "11" + "." * 79  # conflicting givens
EMPTY = "." * 81  # many solutions: bad by grid, fine by puzzle
JUNK = "not a puzzle"


def sample():
    """data/sample.txt's 24 puzzles."""
    lines = (ROOT / "data" / "sample.txt").read_text().splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def rrn():
    """data/rrn_style.txt's 300 puzzles (60 grids, five puzzles each)."""
    lines = (ROOT / "data" / "rrn_style.txt").read_text().splitlines()
    return [line.split(",")[0] for line in lines if line and not line.startswith("#")]


def with_bad_rows(puzzles):
    return puzzles[:5] + [JUNK] + puzzles[5:9] + [CONFLICT, EMPTY] + puzzles[9:]


def write(tmp_path, name, puzzles):
    path = tmp_path / name
    path.write_text("".join(p + "\n" for p in puzzles))
    return str(path)


def columns(puzzles):
    """The puzzles in each kind of column the functions take, with how to
    read a column of answers of that kind back as a list."""
    pd = need("pandas")
    pl = need("polars")
    pa = need("pyarrow")
    np = need("numpy")

    def pandas_list(series):
        return [None if pd.isna(v) else v for v in series.tolist()]

    return {
        "list": (list(puzzles), list),
        "tuple": (tuple(puzzles), list),
        "pandas object": (pd.Series(puzzles, dtype=object), pandas_list),
        "pandas string": (pd.Series(puzzles, dtype="string"), pandas_list),
        "pandas string[pyarrow]": (pd.Series(puzzles, dtype="string[pyarrow]"), pandas_list),
        "polars": (pl.Series("q", puzzles), lambda s: s.to_list()),
        "pyarrow Array": (pa.array(puzzles), lambda a: a.to_pylist()),
        "pyarrow ChunkedArray": (
            pa.chunked_array([puzzles[:3], puzzles[3:]], type=pa.string()),
            lambda a: a.to_pylist(),
        ),
        "numpy str": (np.array(puzzles, dtype=object), list),
    }


def table_rows(table):
    """A table's rows as dicts of plain values (None for nulls)."""
    pd = need("pandas")
    if isinstance(table, list):
        return table
    if isinstance(table, pd.DataFrame):
        return [
            {k: (None if pd.isna(v) else v) for k, v in row.items()}
            for row in table.astype(object).to_dict("records")
        ]
    if hasattr(table, "to_pylist"):  # pyarrow Table
        return table.to_pylist()
    return table.to_dicts()  # polars


# split


@pytest.mark.parametrize("by", ["puzzle", "grid"])
def test_split_deals_rows_as_the_cli(cli, tmp_path, by):
    puzzles = with_bad_rows(rrn())
    path = write(tmp_path, "in.txt", puzzles)
    cli("split", path, "--parts", "train=0.6,val=0.15,test=0.25", "--seed", "3",
        "--by", by, "-o", str(tmp_path / "out.txt"))
    parts = sf.split(puzzles, {"train": 0.6, "val": 0.15, "test": 0.25}, seed=3, by=by)
    assert len(parts) == len(puzzles)
    for name in ("train", "val", "test"):
        written = (tmp_path / f"out.{name}.txt").read_text().splitlines()
        assert written == [p for p, part in zip(puzzles, parts) if part == name], name
        assert written, name
    # The bad rows too got the part their text draws, as the CLI's.
    bad = [JUNK, CONFLICT] + ([EMPTY] if by == "grid" else [])
    written = "".join((tmp_path / f"out.{n}.txt").read_text() for n in ("train", "val", "test"))
    assert all(b + "\n" in written for b in bad)


def test_split_keeps_equivalent_puzzles_together():
    puzzles = sample()
    shuffled = sf.shuffle(puzzles, seed=9)
    assert shuffled != puzzles
    parts = {"a": 0.5, "b": 0.5}
    assert sf.split(shuffled, parts, seed=4) == sf.split(puzzles, parts, seed=4)
    # By grid, the five puzzles of each of rrn_style's grids go together.
    by_grid = sf.split(rrn(), parts, seed=4, by="grid")
    solutions = sf.canon(sf.solve(rrn()))
    part_of = {}
    for solution, part in zip(solutions, by_grid):
        assert part_of.setdefault(solution, part) == part
    assert set(by_grid) == {"a", "b"}


def test_split_answers_in_each_kind_of_column():
    puzzles = sample()[:6] + [JUNK]
    expected = sf.split(puzzles, {"x": 0.3, "y": 0.7}, seed=2)
    for kind, (column, to_list) in columns(puzzles).items():
        parts = sf.split(column, {"x": 0.3, "y": 0.7}, seed=2)
        assert type(parts) is (list if kind == "tuple" else type(column)), kind
        assert to_list(parts) == expected, kind
    pd = need("pandas")
    series = pd.Series(puzzles + [None], index=range(10, 18), name="q", dtype="string[pyarrow]")
    parts = sf.split(series, {"x": 0.3, "y": 0.7}, seed=2)
    assert list(parts.index) == list(series.index) and parts.name == "q"
    assert parts.dtype == series.dtype
    # A missing value is a bad row: it gets a part, so masks have no nulls.
    assert parts.notna().all()
    frame = pd.DataFrame({"q": series})
    assert len(frame[parts == "x"]) + len(frame[parts == "y"]) == 8
    np = need("numpy")
    grids = np.array([[int(c) if c != "." else 0 for c in p] for p in puzzles[:6]], dtype=np.int8)
    assert list(sf.split(grids, {"x": 0.3, "y": 0.7}, seed=2)) == expected[:6]
    assert sf.split(puzzles[0], {"x": 0.3, "y": 0.7}, seed=2) == expected[0]


def test_split_is_the_same_at_any_thread_count_and_changes_with_the_seed():
    puzzles = rrn()
    parts = {"train": 0.8, "test": 0.2}
    one = sf.split(puzzles, parts, seed=7, threads=1)
    assert sf.split(puzzles, parts, seed=7, threads=3) == one
    assert sf.split(puzzles, parts, seed=7) == one
    assert sf.split(puzzles, parts, seed=8) != one


def test_split_refuses_bad_parts_and_by_and_strict_names_the_bad_row():
    puzzles = sample()
    for parts, says in [
        ({"train": 0.9, "test": 0.05}, "add up to"),
        ({"a b": 1.0}, "part name 'a b'"),
        ({"a": -0.5, "b": 1.5}, "not a ratio"),
        ({}, "no parts"),
    ]:
        with pytest.raises(ValueError, match=says) as raised:
            sf.split(puzzles, parts, seed=1)
        assert str(raised.value).startswith("parts: ")
    with pytest.raises(TypeError, match="dict"):
        sf.split(puzzles, ["train"], seed=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="by must be 'puzzle' .* or 'grid'"):
        sf.split(puzzles, {"a": 1.0}, seed=1, by="solution")
    with pytest.raises(ValueError, match="row 5: "):
        sf.split(with_bad_rows(puzzles), {"a": 1.0}, seed=1, strict=True)
    with pytest.raises(ValueError, match="row 3: "):
        sf.split(puzzles[:3] + [EMPTY], {"a": 1.0}, seed=1, by="grid", strict=True)
    assert len(sf.split(puzzles[:3] + [EMPTY], {"a": 1.0}, seed=1, strict=True)) == 4


# leakage


def cli_leaks(cli, a_path, b_path, by):
    """{B's row: A's row} from the CLI's lines, rows from 0."""
    lines = cli("leakage", "--by", by, a_path, b_path)
    return {int(b) - 1: int(a) - 1 for b, a, _ in (line.split() for line in lines[:-1])}


@pytest.mark.parametrize("by", ["puzzle", "grid"])
def test_leakage_finds_what_the_cli_finds(cli, tmp_path, by):
    puzzles = rrn()
    a = with_bad_rows(puzzles[:150])
    # B: some of A's puzzles shuffled (equivalent), some of the others, bad rows.
    b = sf.shuffle(puzzles[100:200], seed=5) + [JUNK, None, CONFLICT, EMPTY]
    written = [p if p is not None else JUNK for p in b]
    expected = cli_leaks(cli, write(tmp_path, "a.txt", a), write(tmp_path, "b.txt", written), by)
    leaks = sf.leakage(a, b, by=by)
    assert leaks == [expected.get(row) for row in range(len(b))]
    assert sum(at is not None for at in leaks) >= 50


def test_leakage_answers_in_b_s_kind():
    pd = need("pandas")
    pl = need("polars")
    pa = need("pyarrow")
    np = need("numpy")
    a = sample()[:10]
    b = [sample()[12], sf.shuffle(a[3], seed=1), JUNK, a[7]]
    expected = [None, 3, None, 7]
    assert sf.leakage(a, b) == expected
    for kind, (column, to_list) in columns(b).items():
        assert to_list(sf.leakage(pa.array(a), column)) == expected, kind
    series = sf.leakage(a, pd.Series(b, index=[5, 6, 7, 8], dtype="string[pyarrow]"))
    assert str(series.dtype) == "Int64" and list(series.index) == [5, 6, 7, 8]
    assert sf.leakage(a, pl.Series(b)).dtype == pl.Int64
    assert sf.leakage(a, pa.array(b)).type == pa.int64()
    grids = np.array([[int(c) if c != "." else 0 for c in p] for p in b[:2]], dtype=np.uint8)
    assert sf.leakage(a, grids).tolist() == [-1, 3]
    assert sf.leakage(a, b[1]) == 3


def test_leakage_is_the_same_at_any_thread_count_and_strict_names_the_input():
    a, b = rrn()[:200], rrn()[150:]
    one = sf.leakage(a, b, by="grid", threads=1)
    assert sf.leakage(a, b, by="grid", threads=2) == one
    with pytest.raises(ValueError, match=r"^a: row 5: "):
        sf.leakage(with_bad_rows(a), b, strict=True)
    with pytest.raises(ValueError, match=r"^b: row 1: "):
        sf.leakage(a, [b[0], JUNK], strict=True)
    with pytest.raises(ValueError, match="by must be"):
        sf.leakage(a, b, by="grids")


# augment


def test_augment_makes_the_cli_s_variants(cli, tmp_path):
    puzzles = with_bad_rows(sample())
    path = write(tmp_path, "in.txt", puzzles)
    lines = cli("augment", "-n", "3", "--with-original", "--seed", "5", "-f", "csv", path)
    rows = list(csv.DictReader(io.StringIO("\n".join(lines))))
    expected = [
        {"puzzle": r["puzzle"], "solution": r["solution"], "group": int(r["group"]) - 1}
        for r in rows
        if not r["problem"]
    ]
    got = sf.augment(puzzles, 3, with_original=True, seed=5)
    assert got == expected
    assert len(got) == 4 * 24
    # The bad rows (unreadable, conflicting, several solutions) give none.
    assert {row["group"] for row in got} == set(range(len(puzzles))) - {5, 10, 11}


def test_augment_answers_a_table_in_each_library():
    pd = need("pandas")
    pl = need("polars")
    pa = need("pyarrow")
    puzzles = sample()[:4] + [None]
    expected = sf.augment(puzzles[:4], 2, seed=1)
    assert [row["group"] for row in expected] == [0, 0, 1, 1, 2, 2, 3, 3]
    tables = {
        "pandas": (pd.Series(puzzles, index=[9, 8, 7, 6, 5]), pd.DataFrame),
        "pandas string[pyarrow]": (pd.Series(puzzles, dtype="string[pyarrow]"), pd.DataFrame),
        "polars": (pl.Series(puzzles), pl.DataFrame),
        "pyarrow": (pa.array(puzzles), pa.Table),
        "pyarrow chunked": (pa.chunked_array([puzzles]), pa.Table),
    }
    for kind, (column, table_type) in tables.items():
        table = sf.augment(column, 2, seed=1)
        assert isinstance(table, table_type), kind
        assert table_rows(table) == expected, kind
    frame = sf.augment(tables["pandas"][0], 2, seed=1)
    assert list(frame.columns) == ["puzzle", "solution", "group"]
    assert str(frame["group"].dtype) == "Int64"
    # Join the input's other columns back by group (a position).
    source = pd.DataFrame({"q": puzzles[:4], "rating": [1, 2, 3, 4]})
    joined = frame.join(source["rating"], on="group")
    assert list(joined["rating"]) == [1, 1, 2, 2, 3, 3, 4, 4]


def test_augment_variants_are_equivalent_and_the_same_at_any_thread_count():
    puzzles = sample()
    one = sf.augment(puzzles, 5, seed=3, threads=1)
    assert sf.augment(puzzles, 5, seed=3, threads=2) == one
    assert sf.augment(puzzles, 5, seed=4) != one
    for row in one:
        original = puzzles[row["group"]]
        assert sf.canon(row["puzzle"]) == sf.canon(original)
        assert sf.solve(row["puzzle"]) == row["solution"]
    zeros = sf.augment(puzzles[:1], 1, seed=3, blank="0")
    assert zeros[0]["puzzle"] == one[0]["puzzle"].replace(".", "0")


def test_augment_refuses_bad_arguments_and_strict_names_the_bad_row():
    with pytest.raises(ValueError, match="n .* must be from 1"):
        sf.augment(sample(), 0)
    with pytest.raises(ValueError, match="blank must be '.' or '0'"):
        sf.augment(sample(), 1, blank="-")
    with pytest.raises(ValueError, match="row 5: "):
        sf.augment(with_bad_rows(sample()), 1, seed=1, strict=True)
    with pytest.raises(ValueError, match="row 1: "):
        sf.augment([sample()[0], EMPTY], 1, seed=1, strict=True)


# label


def test_label_gives_the_cli_s_labels(cli, tmp_path):
    puzzles = with_bad_rows(sample())
    lines = cli("label", "-f", "csv", write(tmp_path, "in.txt", puzzles))
    rows = list(csv.DictReader(io.StringIO("\n".join(lines))))
    assert len(rows) == len(puzzles)
    got = sf.label(puzzles)
    names = ["solution", "clues", "solutions", "guesses", "er", "ep", "ed", "level",
             "hardest", "techniques", "canonical"]
    assert list(got[0]) == names[:7] + ["complete"] + names[7:]
    for row, (expected, labels) in enumerate(zip(rows, got)):
        for name in names:
            value = labels[name]
            if name in ("er", "ep", "ed") and value is not None:
                assert float(expected[name].lstrip(">")) == value, (row, name)
            else:
                assert expected[name] == ("" if value is None else str(value)), (row, name)
        if labels["er"] is not None:
            assert labels["complete"] == (not expected["er"].startswith(">"))
    assert got[5] == {name: None for name in names + ["complete"]}
    assert got[10]["clues"] == 2 and got[10]["solutions"] is None
    assert got[11]["solutions"] == 2 and got[11]["solution"] is None


def test_label_answers_typed_columns_in_each_library():
    pd = need("pandas")
    pl = need("polars")
    pa = need("pyarrow")
    puzzles = sample()[:3] + [None, EMPTY]
    expected = sf.label(puzzles, columns="clues,er,level")
    assert list(expected[0]) == ["clues", "er", "complete", "level"]
    series = pd.Series(puzzles, index=[4, 3, 2, 1, 0], dtype="string[pyarrow]")
    frame = sf.label(series, columns="clues,er,level")
    assert list(frame.index) == [4, 3, 2, 1, 0]
    assert [str(t) for t in frame.dtypes] == ["Int64", "float64", "boolean", "string"]
    assert table_rows(frame) == expected
    polars = sf.label(pl.Series(puzzles), columns=["clues", "er", "level"])
    assert polars.dtypes == [pl.Int64, pl.Float64, pl.Boolean, pl.String]
    assert table_rows(polars) == expected
    arrow = sf.label(pa.chunked_array([puzzles]), columns="clues, ER ,Level")
    assert arrow.schema.types == [pa.int64(), pa.float64(), pa.bool_(), pa.string()]
    assert table_rows(arrow) == expected
    assert sf.label(puzzles[0], columns="clues") == {"clues": expected[0]["clues"]}


def test_label_is_the_same_at_any_thread_count_and_refuses_bad_arguments():
    puzzles = sample()
    one = sf.label(puzzles, columns="solution,guesses,techniques,canonical", threads=1)
    assert sf.label(puzzles, columns="solution,guesses,techniques,canonical", threads=2) == one
    zeros = sf.label(puzzles[:1], columns="solution,canonical", blank="0")
    assert zeros[0]["canonical"] == one[0]["canonical"].replace(".", "0")
    with pytest.raises(ValueError, match="columns: 'rating' is not a column; the columns are "
                       "solution, clues, solutions, guesses, er, ep, ed, level, hardest, "
                       "techniques, canonical"):
        sf.label(puzzles, columns="clues,rating")
    with pytest.raises(TypeError, match="columns must be"):
        sf.label(puzzles, columns=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="row 1: "):
        sf.label([puzzles[0], EMPTY], columns="clues", strict=True)
    # Bad budget as rate refuses it.
    with pytest.raises(ValueError, match="budget"):
        sf.label(puzzles, budget=0)


# docs/datasets.md's example


def test_the_guide_s_dataset_example_runs(tmp_path, monkeypatch):
    need("pandas")
    lines = (ROOT / "docs" / "datasets.md").read_text().splitlines()
    start = lines.index("# Datasets for machine learning: split, leakage, augment, label")
    end = lines.index("```", start)
    script = tmp_path / "example.py"
    script.write_text("\n".join(lines[start:end]) + "\n")
    monkeypatch.chdir(ROOT)
    runpy.run_path(str(script))
