#!/usr/bin/env python3
"""Solve the puzzles of a CSV or Parquet table with Dask, into Parquet.

    python dask_solve.py kaggle.csv solved --workers 2 [--column quizzes]
    python dask_solve.py kaggle.parquet solved --scheduler tcp://scheduler:8786

The table is read as a Dask DataFrame (every CSV column as text), each
partition is solved on a worker by `sf.solve` (`map_partitions`), and the
rows, in order, with a `solution` column added (null where the puzzle is
missing, unreadable or has no solution), are written as a Parquet folder
(`part.00000.parquet`, ...); an existing OUTPUT is left alone. Without
--scheduler, a LocalCluster of --workers worker processes is started on this
machine (loopback only). With it, the workers of that cluster read INPUT and
write OUTPUT themselves, so both must be paths they can all reach (a shared
file system, or s3://... and the like), and each worker needs the package:
install the wheel of scripts/build_wheel.sh there, or register Dask's
PipInstall plugin with its path (docs/datasets.md, "The wheel on the
workers").
"""

import argparse
import os
import sys

import dask.dataframe as dd
from dask.distributed import Client, LocalCluster


def solve_partition(part, column, threads):
    """One partition (a pandas DataFrame) with its solutions: runs on a worker."""
    import sudokuflow as sf

    return part.assign(solution=sf.solve(part[column], threads=threads))


def solve_table(source, target, column, threads, blocksize):
    """The recipe: read, map_partitions with the result's columns, write."""
    if source.endswith(".parquet") or os.path.isdir(source):
        df = dd.read_parquet(source)
    else:
        # dtype=str: read as numbers, puzzles lose their leading zeros.
        df = dd.read_csv(source, dtype=str, blocksize=blocksize)
    if column not in df.columns:
        raise LookupError(f"no column '{column}'; its columns are {', '.join(df.columns)}")
    meta = {**df.dtypes.to_dict(), "solution": df.dtypes[column]}
    solved = df.map_partitions(solve_partition, column, threads, meta=meta)
    # Zero-padded part numbers: the files' names sort in the rows' order.
    solved.to_parquet(target, write_index=False, name_function=lambda i: f"part.{i:05d}.parquet")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="a CSV file (header row) or a Parquet file or folder")
    parser.add_argument("output", help="the Parquet folder to write (must not exist)")
    parser.add_argument("--column", default="quizzes", help="the puzzles' column (default: quizzes)")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes (default: 2)")
    parser.add_argument("--threads", type=int, default=1, help="solver threads per task (default: 1)")
    parser.add_argument("--scheduler", help="address of a running scheduler, e.g. tcp://host:8786")
    parser.add_argument("--blocksize", default="64MB", help="CSV bytes per partition (default: 64MB)")
    args = parser.parse_args()
    if args.workers < 1 or args.threads < 1:
        parser.error("--workers and --threads must be at least 1")
    if os.path.exists(args.output):
        parser.error(f"{args.output} exists; name a new folder")

    if args.scheduler:
        cluster = None
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        )
        client = Client(cluster)
    try:
        solve_table(args.input, args.output, args.column, args.threads, args.blocksize)
    except LookupError as error:
        print(f"dask_solve: {args.input}: {error}", file=sys.stderr)
        return 2
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
