"""sf.solve on a NumPy array beside the CLI on the same file, in interleaved rounds.

    python python/benchmarks/speed.py PUZZLES.txt path/to/sudokuflow [--rounds 5] [--threads 2]

PUZZLES.txt is in the line format, one puzzle of 81 cells per line (such as
the easy set of scripts/make_easy_set.sh). Each round times, in this order:

  cli  `sudokuflow solve -jT -q PUZZLES.txt > /dev/null`
  py   `sf.solve(array, threads=T)` on an (n, 81) uint8 array made beforehand
       (the array's making is not counted; reading it and writing the answers is)
  one  `sf.solve(array, threads=1)`
  two  two Python threads each calling `sf.solve(array, threads=1)` at once

and prints wall and CPU (user+sys) seconds per round, then medians and the
ratios py/cli and two/(2 x one). The last is about 0.5 on an idle machine of
2 or more cores when the GIL is released, and 1.0 when it is held (or when the
machine is saturated, as then nothing can run at once).
"""

import argparse
import resource
import statistics
import subprocess
import threading
import time

import numpy as np
import sudokuflow as sf


def cpu(who):
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def timed(who, work):
    c0, t0 = cpu(who), time.perf_counter()
    work()
    return time.perf_counter() - t0, cpu(who) - c0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles")
    parser.add_argument("binary")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    lines = np.fromfile(args.puzzles, dtype=np.uint8).reshape(-1, 82)
    assert (lines[:, 81] == ord("\n")).all(), "one puzzle of 81 cells per line"
    cells = lines[:, :81]
    array = np.where(cells == ord("."), 0, cells - ord("0")).astype(np.uint8)
    print(f"{len(array)} puzzles, {args.threads} threads, {args.rounds} rounds", flush=True)

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

    runs = {
        "cli": (resource.RUSAGE_CHILDREN, cli),
        "py": (resource.RUSAGE_SELF, lambda: sf.solve(array, threads=args.threads)),
        "one": (resource.RUSAGE_SELF, lambda: sf.solve(array, threads=1)),
        "two": (resource.RUSAGE_SELF, two_at_once),
    }
    times = {name: [] for name in runs}
    for round in range(1, args.rounds + 1):
        for name, (who, work) in runs.items():
            times[name].append(timed(who, work))
        print(f"round {round}: " + "  ".join(
            f"{name} {wall:.2f}s wall {cpu_s:.2f}s cpu"
            for name, (wall, cpu_s) in ((n, t[-1]) for n, t in times.items())), flush=True)

    med = {name: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
           for name, t in times.items()}
    for name, (wall, cpu_s) in med.items():
        print(f"median {name}: {wall:.2f}s wall, {cpu_s:.2f}s cpu")
    print(f"py / cli: wall {med['py'][0] / med['cli'][0]:.2f}, cpu {med['py'][1] / med['cli'][1]:.2f}")
    print(f"two / (2 x one): wall {med['two'][0] / (2 * med['one'][0]):.2f}, "
          f"cpu {med['two'][1] / (2 * med['one'][1]):.2f}")
    paired = [(p[0] / c[0], p[1] / c[1]) for p, c in zip(times["py"], times["cli"])]
    print(f"py / cli, median of each round's ratio: "
          f"wall {statistics.median(w for w, _ in paired):.2f}, "
          f"cpu {statistics.median(c for _, c in paired):.2f}")
    with open("/proc/loadavg") as load:
        print("load average:", load.read().split()[:3])


if __name__ == "__main__":
    main()
