"""The CLI's Parquet as pyarrow writes and reads it: files pyarrow writes
(snappy, dictionaries, large strings, nulls) are read by `--column`, and
`-o FILE.parquet` is read back by pyarrow with the input's columns and types."""

import subprocess

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import DEADLINE, _binary, required


@pytest.fixture(scope="module")
def binary():
    path = _binary()
    if path is None:
        reason = "no sudokuflow binary: build it with cargo build, or set SUDOKUFLOW_BIN"
        if required():
            pytest.fail(reason)
        pytest.skip(reason)
    return path


def run(binary, *args):
    return subprocess.run(
        [binary, *args], capture_output=True, timeout=DEADLINE, check=False
    )


def puzzles(binary, n):
    out = run(binary, "generate", "--solution", "-n", str(n), "--seed", "3")
    assert out.returncode == 0, out.stderr
    pairs = [line.split(",") for line in out.stdout.decode().splitlines()]
    return [p.replace(".", "0") for p, _ in pairs], [s for _, s in pairs]


@pytest.mark.parametrize(
    "compression,dictionary",
    [("snappy", False), ("zstd", True), ("gzip", False), ("none", True)],
)
def test_pyarrow_files_are_read_and_written_back(binary, tmp_path, compression, dictionary):
    quizzes, solutions = puzzles(binary, 40)
    quizzes[5] = None
    column = pa.array(quizzes, pa.large_string())
    table = pa.table(
        {
            "id": pa.array(range(40), pa.int32()),
            "quizzes": column.dictionary_encode() if dictionary else column,
            "solutions": pa.array(solutions).dictionary_encode(),
        }
    )
    source = tmp_path / "in.parquet"
    pq.write_table(table, source, compression=compression, row_group_size=16)
    target = tmp_path / "out.parquet"
    out = run(binary, "solve", "-q", "--column", "quizzes", "-o", str(target), str(source))
    assert out.returncode == 1, out.stderr
    solved = pq.read_table(target)
    assert solved.column_names == ["id", "quizzes", "solutions", "solution"]
    assert solved.schema.field("id").type == pa.int32()
    expected = list(solutions)
    expected[5] = "!bad-length"
    assert solved.column("solution").to_pylist() == expected
    assert solved.column("quizzes").to_pylist() == quizzes


def test_rate_to_parquet_from_csv_is_a_table_pandas_reads(binary, tmp_path):
    quizzes, _ = puzzles(binary, 10)
    source = tmp_path / "in.csv"
    source.write_text("quizzes\n" + "".join(q + "\n" for q in quizzes))
    target = tmp_path / "rated.parquet"
    out = run(binary, "rate", "--column", "quizzes", "-o", str(target), str(source))
    assert out.returncode == 0, out.stderr
    frame = pq.read_table(target).to_pandas()
    assert list(frame.columns) == ["quizzes", "rating", "level"]
    assert len(frame) == 10
