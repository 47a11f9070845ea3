#!/usr/bin/env python3
"""Solve the puzzles of a CSV or Parquet table with Spark, into Parquet.

    python spark_solve.py kaggle.csv solved [--column quizzes] [--master local[2]]

The table is read as a Spark DataFrame (every CSV column a string: no
schema inference), each partition is solved by `sf.solve` on Arrow record
batches (`mapInArrow`), and the rows, in order, with a `solution` column
added (null where the puzzle is missing, unreadable or has no solution),
are written as a Parquet folder; an existing OUTPUT is left alone. With
--master local[N] (the default: local[2]) N executor threads on this
machine run the Python of this script; on a cluster, each executor needs
the package (docs/datasets.md, "The wheel on the workers": a packed venv
shipped with spark.archives).
"""

import argparse
import os
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import StringType, StructField, StructType


def solve_batches(column, threads):
    """What mapInArrow runs on each partition's record batches."""

    def solve(batches):
        import pyarrow as pa
        import sudokuflow as sf

        for batch in batches:
            solutions = sf.solve(batch.column(column), threads=threads)
            yield pa.RecordBatch.from_arrays(
                [*batch.columns, solutions], names=[*batch.schema.names, "solution"]
            )

    return solve


def solve_table(spark, source, target, column, threads):
    """The recipe: read, mapInArrow with the result's schema, write."""
    if source.endswith(".parquet") or os.path.isdir(source):
        df = spark.read.parquet(source)
    else:
        df = spark.read.csv(source, header=True)  # every column a string
    if column not in df.columns:
        raise LookupError(f"no column '{column}'; its columns are {', '.join(df.columns)}")
    # A new schema: df.schema.add(...) would change the DataFrame's own.
    schema = StructType([*df.schema.fields, StructField("solution", StringType())])
    df.mapInArrow(solve_batches(column, threads), schema).write.parquet(target)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="a CSV file (header row) or a Parquet file or folder")
    parser.add_argument("output", help="the Parquet folder to write (must not exist)")
    parser.add_argument("--column", default="quizzes", help="the puzzles' column (default: quizzes)")
    parser.add_argument("--master", default="local[2]", help="Spark master (default: local[2])")
    parser.add_argument("--threads", type=int, default=1, help="solver threads per task (default: 1)")
    parser.add_argument(
        "--partition-bytes", help="input bytes per partition (spark.sql.files.maxPartitionBytes)"
    )
    args = parser.parse_args()
    if args.threads < 1:
        parser.error("--threads must be at least 1")
    if os.path.exists(args.output):
        parser.error(f"{args.output} exists; name a new folder")

    # Local executors run this Python (with its packages), not the first
    # python3 on the PATH.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.master(args.master).appName("sudokuflow")
    if args.partition_bytes:
        builder = builder.config("spark.sql.files.maxPartitionBytes", args.partition_bytes)
    spark = builder.getOrCreate()
    try:
        solve_table(spark, args.input, args.output, args.column, args.threads)
    except LookupError as error:
        print(f"spark_solve: {args.input}: {error}", file=sys.stderr)
        return 2
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
