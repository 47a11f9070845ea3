"""sf.solve on each input kind beside the CLI on the same file, in interleaved rounds.

    python python/benchmarks/speed.py PUZZLES.txt path/to/sudokuflow [--rounds 5] [--threads 1]
        [--kinds numpy,pandas-string,...] [--no-memory]

PUZZLES.txt is in the line format, one puzzle of 81 cells per line (such as
the easy set of scripts/make_easy_set.sh). Each round times, in this order:

  cli  `sudokuflow solve -jT -q PUZZLES.txt > /dev/null` (user+sys of the child)
  each kind  `sf.solve(puzzles, threads=T)` on the puzzles in that kind, made
       beforehand (the making is not counted; reading them and making the
       answers of the same kind is)
  two  two Python threads each calling `sf.solve(array, threads=1)` at once

and prints CPU (user+sys) and wall seconds per round, then the medians and
each kind's ratio to the CLI (CPU, the figure to trust on a shared machine),
and two/(2 x one NumPy call): about 0.5 on an idle machine of 2 or more cores
when the GIL is released, 1.0 when it is held (or the machine is saturated).

Then, unless --no-memory, each kind once more in a fresh process (after a
call on 10 puzzles, which loads what the call imports): how much the call grew
the process's resident memory at its peak (VmHWM, reset before the call),
beside the size of its input and output (what they hold, strings included).
"""

import argparse
import ctypes
import gc
import json
import resource
import statistics
import subprocess
import sys
import threading
import time

import numpy as np
import sudokuflow as sf

KINDS = {
    "numpy": "NumPy uint8 array (n, 81)",
    "pandas-string": 'pandas Series, dtype="string"',
    "pandas-string[pyarrow]": 'pandas Series, dtype="string[pyarrow]"',
    "pandas-string[python]": 'pandas Series, dtype="string[python]"',
    "pandas-str": "pandas Series, dtype=str (pandas 3's default)",
    "pandas-object": "pandas Series, dtype=object",
    "pyarrow": "pyarrow Array (string)",
    "polars": "polars Series",
    "list": "list of str",
}


def cpu(who):
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def timed(who, work):
    c0, t0 = cpu(who), time.perf_counter()
    work()
    return time.perf_counter() - t0, cpu(who) - c0


def read(path):
    with open(path) as file:
        return file.read().splitlines()


def make(kind, lines):
    """The puzzles as `kind`, and a function giving the bytes an object of
    that kind holds."""
    if kind == "numpy":
        cells = np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(-1, 81)
        array = np.where(cells == ord("."), 0, cells - ord("0")).astype(np.uint8)
        return array, lambda a: a.nbytes
    if kind.startswith("pandas-"):
        import pandas as pd

        dtype = kind.removeprefix("pandas-")
        return pd.Series(lines, dtype=dtype), lambda s: int(s.memory_usage(deep=True))
    if kind == "pyarrow":
        import pyarrow as pa

        return pa.array(lines, type=pa.string()), lambda a: a.nbytes
    if kind == "polars":
        import polars as pl

        return pl.Series("puzzles", lines), lambda s: s.estimated_size()
    if kind == "list":
        return list(lines), lambda items: sys.getsizeof(items) + sum(
            sys.getsizeof(s) for s in items if s is not None)
    raise SystemExit(f"unknown kind {kind}; the kinds are {', '.join(KINDS)}")


def rss_kb(field):
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


def memory(args):
    """One call on one kind in this (fresh) process: JSON of its peak growth
    and the sizes of its input and output, in bytes."""
    lines = read(args.puzzles)
    # A first call on a few puzzles: the libraries it imports are loaded once
    # a process, not by each call.
    sf.solve(make(args.memory, lines[:10])[0], threads=args.threads)
    puzzles, size = make(args.memory, lines)
    del lines
    gc.collect()
    # The heap freed while making the input goes back to the system, so that
    # the call's growth is not hidden by its reuse.
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    before = rss_kb("VmRSS")
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")  # resets VmHWM, the peak, to the current RSS
    answers = sf.solve(puzzles, threads=args.threads)
    peak = rss_kb("VmHWM")
    print(json.dumps({"growth": (peak - before) * 1024, "input": size(puzzles),
                      "output": size(answers)}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles")
    parser.add_argument("binary")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--memory", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory:
        return memory(args)

    lines = read(args.puzzles)
    assert all(len(line) == 81 for line in lines), "one puzzle of 81 cells per line"
    kinds = args.kinds.split(",")
    inputs = {kind: make(kind, lines)[0] for kind in kinds}
    array = make("numpy", lines)[0]
    print(f"{len(lines)} puzzles, {args.threads} threads, {args.rounds} rounds", flush=True)

    def cli():
        command = [args.binary, "solve", f"-j{args.threads}", "-q", args.puzzles]
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)

    def two_at_once():
        calls = [threading.Thread(target=sf.solve, args=(array,), kwargs={"threads": 1})
                 for _ in range(2)]
        for call in calls:
            call.start()
        for call in calls:
            call.join()

    runs = {"cli": (resource.RUSAGE_CHILDREN, cli)}
    for kind, puzzles in inputs.items():
        runs[kind] = (resource.RUSAGE_SELF,
                      lambda p=puzzles: sf.solve(p, threads=args.threads))
    runs["one"] = (resource.RUSAGE_SELF, lambda: sf.solve(array, threads=1))
    runs["two"] = (resource.RUSAGE_SELF, two_at_once)
    times = {name: [] for name in runs}
    for round in range(1, args.rounds + 1):
        for name, (who, work) in runs.items():
            times[name].append(timed(who, work))
            gc.collect()
        print(f"round {round}: " + "  ".join(
            f"{name} {cpu_s:.2f}s cpu {wall:.2f}s wall"
            for name, (wall, cpu_s) in ((n, t[-1]) for n, t in times.items())), flush=True)

    med = {name: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
           for name, t in times.items()}
    print("median CPU and wall seconds, and CPU / the CLI's CPU:")
    for name, (wall, cpu_s) in med.items():
        print(f"  {name:24} {cpu_s:6.2f}s cpu {wall:6.2f}s wall {cpu_s / med['cli'][1]:5.2f}x"
              f"  {KINDS.get(name, '')}")
    print(f"two / (2 x one): wall {med['two'][0] / (2 * med['one'][0]):.2f}, "
          f"cpu {med['two'][1] / (2 * med['one'][1]):.2f}")
    with open("/proc/loadavg") as load:
        print("load average:", load.read().split()[:3])

    if args.no_memory:
        return
    print("memory of one call, in a fresh process (MB): peak growth, input + output, ratio:")
    for kind in kinds:
        run = subprocess.run(
            [sys.executable, __file__, args.puzzles, args.binary, "--threads",
             str(args.threads), "--memory", kind],
            capture_output=True, text=True, check=True)
        m = json.loads(run.stdout)
        held = m["input"] + m["output"]
        print(f"  {kind:24} {m['growth'] / 1e6:7.1f} {held / 1e6:7.1f} "
              f"({m['input'] / 1e6:.1f} + {m['output'] / 1e6:.1f}) {m['growth'] / held:5.2f}")


if __name__ == "__main__":
    main()
