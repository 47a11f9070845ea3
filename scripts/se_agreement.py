#!/usr/bin/env python3
"""Agreement of `sudokuflow rate` with Sudoku Explainer's ratings.

Usage: scripts/se_agreement.py REFERENCE RATED [--bands se|top] [--top N]

REFERENCE: lines `<puzzle> <ER>` or `<puzzle> <ER>/<EP>/<ED>` rated by
Sudoku Explainer (SE), `0` or `.` for an empty cell. RATED: the output of
`sudokuflow rate` on the same puzzles, or of scripts/se_top_rate.sh (whose
lines end in `cpu=<s>`, the CPU time of rating that puzzle alone).

Prints a Markdown table by band of SE's ER: how many puzzles get the same ER,
within 0.1 and 0.2, the same EP and ED where the reference has them, how
many ratings are lower bounds, and the median and 90th-percentile CPU time
where RATED has it.
`--bands se` (the default) uses the bands up to 4.5, 4.6 to 4.9, 5.0 to 9.0
and above; `--bands top` only SE's 9.5 and above, in bands of half a point.
Then the most common disagreements, with an example puzzle each.
"""
import argparse
import collections
import math
import signal
import statistics

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head

BANDS = {
    "se": [("up to 4.5", 0, 4.5), ("4.6 to 4.9", 4.6, 4.9), ("5.0 to 9.0", 5.0, 9.0),
           ("over 9.0", 9.1, 99)],
    "top": [("9.5-9.9", 9.5, 9.9), ("10.0-10.4", 10.0, 10.4), ("10.5-10.9", 10.5, 10.9),
            ("11.0-11.4", 11.0, 11.4), ("11.5-", 11.5, 99)],
}


def triple(text):
    """ER, EP, ED (None where absent) and whether ER is a lower bound."""
    bound = text.startswith(">")
    values = [float(v) for v in text.lstrip(">").split("/")]
    return (values + [None, None])[:3], bound


def read(path):
    """Puzzle -> (ratings, lower bound, hardest technique, CPU seconds)."""
    rated = {}
    with open(path) as lines:
        for line in lines:
            fields = line.split()
            if len(fields) < 2 or len(fields[0]) != 81:
                continue
            try:
                values, bound = triple(fields[1])
            except ValueError:
                continue  # a marker line, or a header
            cpu = next((float(f[4:]) for f in fields if f.startswith("cpu=")), None)
            technique = " ".join(f for f in fields[3:] if not f.startswith("cpu="))
            rated[fields[0].replace("0", ".")] = (values, bound, technique, cpu)
    return rated


def row(name, pairs):
    """A table row for (SE's, ours) pairs."""
    n = len(pairs)

    def share(count, total):
        return f"{100 * count / total:.1f}%" if total else "-"

    def within(k, limit):
        return sum(not bound and abs(v[k] - se[k]) <= limit + 1e-9
                   for se, (v, bound, _, _) in pairs)

    with_ep = [(se, ours) for se, ours in pairs if se[1] is not None]
    same = [sum(ours[0][k] == se[k] for se, ours in with_ep) for k in (1, 2)]
    cpus = [cpu for _, (_, _, _, cpu) in pairs if cpu is not None]
    median = f"{statistics.median(cpus):.2f}" if cpus else "-"
    # The nearest rank: the least time that at most 10% of the puzzles exceed.
    p90 = f"{sorted(cpus)[math.ceil(0.9 * len(cpus)) - 1]:.2f}" if cpus else "-"
    bounds = sum(bound for _, (_, bound, _, _) in pairs)
    return (f"| {name} | {n} | {share(within(0, 0), n)} | {share(within(0, 0.1), n)} | "
            f"{share(within(0, 0.2), n)} | {share(same[0], len(with_ep))} | "
            f"{share(same[1], len(with_ep))} | {bounds} | {median} | {p90} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("reference")
    parser.add_argument("rated")
    parser.add_argument("--bands", choices=sorted(BANDS), default="se")
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    reference, ours = read(args.reference), read(args.rated)
    bands = BANDS[args.bands]
    low, high = bands[0][1], bands[-1][2]
    common = [p for p in reference if p in ours and low <= reference[p][0][0] <= high]
    print(f"{len(reference)} reference puzzles, {len(common)} in these bands rated by sudokuflow\n")

    rows = collections.defaultdict(list)
    misses = collections.defaultdict(list)
    for puzzle in common:
        se = reference[puzzle][0]
        mine = ours[puzzle]
        name = next(name for name, lo, hi in bands if lo - 1e-9 <= se[0] <= hi + 1e-9)
        rows[name].append((se, mine))
        (er, _, _), bound, technique, _ = mine
        if er != se[0] or bound:
            misses[(se[0], ("> " if bound else "") + f"{er}", technique)].append(puzzle)

    print("| SE's ER | puzzles | same ER | within 0.1 | within 0.2 | same EP | same ED "
          "| lower bounds | median CPU s | 90th pct CPU s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, _, _ in bands:
        if rows[name]:
            print(row(name, rows[name]))
    print(row("all", [pair for name, _, _ in bands for pair in rows[name]]))

    print("\nMost common disagreements (SE ER -> ours, our hardest technique):")
    worst = sorted(misses.items(), key=lambda item: -len(item[1]))[: args.top]
    for (se_er, er, technique), puzzles in worst:
        print(f"  {se_er:4} -> {er:6} {technique:32} x{len(puzzles):<5} {puzzles[0]}")


if __name__ == "__main__":
    main()
