#!/usr/bin/env python3
"""Solve the puzzles of a CSV or Parquet table with Ray Data, into Parquet.

    python ray_solve.py kaggle.csv solved [--column quizzes] [--cpus 2]
    python ray_solve.py kaggle.parquet solved --address ray://head:10001

The table is read as a Ray Dataset (every CSV column as text), its blocks
are solved by `sf.solve` on Arrow tables (`map_batches`), and the rows, in
order, with a `solution` column added (null where the puzzle is missing,
unreadable or has no solution), are written as a Parquet folder; an
existing OUTPUT is left alone. Without --address, Ray starts on this machine
with --cpus CPUs; with it, the job runs on that cluster, whose workers read
INPUT and write OUTPUT (paths they can all reach) and need the package
(docs/datasets.md, "The wheel on the workers": the wheel in the job's
runtime_env).
"""

import argparse
import os
import sys

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.fs as pafs
import ray


def csv_columns(source):
    """The header's names, to tell read_csv that every column is text."""
    fs, path = pafs.FileSystem.from_uri(source if "://" in source else os.path.abspath(source))
    with fs.open_input_stream(path) as stream:
        return pacsv.open_csv(stream).schema.names


def solve_batch(batch, column, threads):
    """One block (a pyarrow Table) with its solutions: runs on a worker."""
    import sudokuflow as sf

    return batch.append_column("solution", sf.solve(batch[column], threads=threads))


def solve_table(source, target, column, threads, blocks):
    """The recipe: read, map_batches, write."""
    if source.endswith(".parquet") or os.path.isdir(source):
        ds = ray.data.read_parquet(source, override_num_blocks=blocks)
    else:
        # Every column as text: inferred, 0043002090... would lose its zeros
        # and a column of 81 digits would become floats.
        text = {name: pa.string() for name in csv_columns(source)}
        ds = ray.data.read_csv(
            source,
            convert_options=pacsv.ConvertOptions(column_types=text),
            override_num_blocks=blocks,
        )
    if column not in ds.columns():
        raise LookupError(f"no column '{column}'; its columns are {', '.join(ds.columns())}")
    solved = ds.map_batches(solve_batch, fn_args=(column, threads), batch_format="pyarrow")
    solved.write_parquet(target)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="a CSV file (header row) or a Parquet file or folder")
    parser.add_argument("output", help="the Parquet folder to write (must not exist)")
    parser.add_argument("--column", default="quizzes", help="the puzzles' column (default: quizzes)")
    parser.add_argument("--cpus", type=int, default=2, help="CPUs of a local Ray (default: 2)")
    parser.add_argument("--address", help="a running cluster's address, e.g. ray://head:10001")
    parser.add_argument("--threads", type=int, default=1, help="solver threads per task (default: 1)")
    parser.add_argument("--blocks", type=int, help="number of blocks to read into (default: Ray's)")
    args = parser.parse_args()
    if args.cpus < 1 or args.threads < 1 or (args.blocks is not None and args.blocks < 1):
        parser.error("--cpus, --threads and --blocks must be at least 1")
    if os.path.exists(args.output):
        parser.error(f"{args.output} exists; name a new folder")

    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.cpus, include_dashboard=False)
    # Blocks written in the input's order, not as their tasks end.
    ray.data.DataContext.get_current().execution_options.preserve_order = True
    try:
        solve_table(args.input, args.output, args.column, args.threads, args.blocks)
    except LookupError as error:
        print(f"ray_solve: {args.input}: {error}", file=sys.stderr)
        return 2
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
