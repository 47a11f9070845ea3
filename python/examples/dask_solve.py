#!/usr/bin/env python3
"""Solve the puzzles of a CSV file on a Dask `distributed` cluster.

    python dask_solve.py IN.csv OUT.csv --workers 4 [--column quizzes]
    python dask_solve.py IN.csv OUT.csv --scheduler tcp://10.0.0.5:8786

OUT.csv gets every row of IN.csv, in order, with a `solution` column added
(empty for a puzzle that is unreadable or has no solution). Without
--scheduler a LocalCluster of --workers worker processes is started on this
machine (loopback only); with it, the workers of that cluster do the work
(each needs the package installed: the wheel scripts/build_wheel.sh makes;
docs/datasets.md says how it reaches them). The client reads IN.csv in
blocks of --rows rows and sends each block to a worker, keeping at most two
blocks per worker in flight, so memory stays flat whatever the file's size,
and no shared file system is needed.
"""

import argparse
import sys
from collections import deque

import pandas as pd
from dask.distributed import Client, LocalCluster


def solve_block(block: pd.DataFrame, column: str, threads: int) -> pd.DataFrame:
    """One block's rows with their solutions: runs on a worker."""
    import sudokuflow as sf

    return block.assign(solution=sf.solve(block[column], threads=threads))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="CSV (or TSV: --sep '\\t') with a header row")
    parser.add_argument("output", help="where to write the rows with a solution column")
    parser.add_argument("--column", default="quizzes", help="the puzzles' column (default: quizzes)")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes (default: 2)")
    parser.add_argument("--threads", type=int, default=1, help="solver threads per worker (default: 1)")
    parser.add_argument("--scheduler", help="address of a running scheduler, e.g. tcp://host:8786")
    parser.add_argument("--rows", type=int, default=100_000, help="rows per block (default: 100000)")
    parser.add_argument("--sep", default=",", help="field delimiter (default: ,)")
    args = parser.parse_args()
    if args.workers < 1 or args.rows < 1 or args.threads < 1:
        parser.error("--workers, --threads and --rows must be at least 1")

    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
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
        workers = max(1, len(client.scheduler_info()["workers"]))
        # Every column as text: puzzles such as 004300209... keep their zeros.
        blocks = pd.read_csv(
            args.input, sep=args.sep, dtype=str, keep_default_na=False, chunksize=args.rows
        )
        in_flight: deque = deque()
        first = True
        with open(args.output, "w", newline="") as out:
            for block in blocks:
                if args.column not in block.columns:
                    print(
                        f"dask_solve: {args.input}: no column '{args.column}'; its columns are "
                        f"{', '.join(block.columns)}",
                        file=sys.stderr,
                    )
                    return 2
                in_flight.append(client.submit(solve_block, block, args.column, args.threads))
                while len(in_flight) > 2 * workers:
                    first = write(in_flight.popleft().result(), out, args.sep, first)
            while in_flight:
                first = write(in_flight.popleft().result(), out, args.sep, first)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


def write(block: pd.DataFrame, out, sep: str, header: bool) -> bool:
    """Appends a solved block (with the header before the first); False after."""
    block.to_csv(out, sep=sep, index=False, header=header)
    return False


if __name__ == "__main__":
    sys.exit(main())
