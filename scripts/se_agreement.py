#!/usr/bin/env python3
"""Agreement of `sudokuflow rate` with Sudoku Explainer's ratings.

Usage: scripts/se_agreement.py REFERENCE RATED [--top N]

REFERENCE: lines `<puzzle> <ER>` or `<puzzle> <ER>/<EP>/<ED>` rated by
Sudoku Explainer (SE), `0` or `.` for an empty cell. RATED: the output of
`sudokuflow rate` on the same puzzles. Prints, for each band of SE's ER (the
issue's bands: 4.5 or less, 5.0 to 9.0, and the rest), how many puzzles get
the same ER, how many come within 0.2, and EP and ED where the reference has
them; then the most common disagreements, with an example puzzle each.
"""
import argparse
import collections
import signal

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head


def triple(text):
    """ER, EP, ED (None where absent) and whether ER is a lower bound."""
    bound = text.startswith(">")
    values = [float(v) for v in text.lstrip(">").split("/")]
    return (values + [None, None])[:3], bound


def read(path):
    rated = {}
    with open(path) as lines:
        for line in lines:
            fields = line.split(None, 3)
            if len(fields) < 2 or len(fields[0]) != 81:
                continue
            try:
                values, bound = triple(fields[1])
            except ValueError:
                continue  # a marker line, or a header
            technique = fields[3].strip() if len(fields) > 3 else ""
            rated[fields[0].replace("0", ".")] = (values, bound, technique)
    return rated


def band(er):
    if er <= 4.5:
        return "up to 4.5"
    if 5.0 <= er <= 9.0:
        return "5.0 to 9.0"
    return "4.6-4.9" if er < 5.0 else "over 9.0"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("reference")
    parser.add_argument("rated")
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    reference, ours = read(args.reference), read(args.rated)
    common = [p for p in reference if p in ours]
    print(f"{len(reference)} reference puzzles, {len(common)} rated by sudokuflow")

    counts = collections.defaultdict(collections.Counter)
    misses = collections.defaultdict(list)
    for puzzle in common:
        (se_er, se_ep, se_ed), _, _ = reference[puzzle]
        (er, ep, ed), bound, technique = ours[puzzle]
        c = counts[band(se_er)]
        c["puzzles"] += 1
        c["same"] += er == se_er and not bound
        c["near"] += abs(er - se_er) <= 0.2 + 1e-9 and not bound
        if se_ep is not None:
            c["with EP/ED"] += 1
            c["EP"] += ep == se_ep
            c["ED"] += ed == se_ed
        if er != se_er or bound:
            misses[(se_er, ("> " if bound else "") + f"{er}", technique)].append(puzzle)

    def share(n, total):
        return f"{100 * n / total:.1f}%" if total else "-"

    print(f"\n{'SE ER':12} {'puzzles':>8} {'same ER':>8} {'within 0.2':>11} {'same EP':>8} {'same ED':>8}")
    for name in ["up to 4.5", "4.6-4.9", "5.0 to 9.0", "over 9.0"]:
        c = counts[name]
        if c["puzzles"]:
            print(f"{name:12} {c['puzzles']:8} {share(c['same'], c['puzzles']):>8} "
                  f"{share(c['near'], c['puzzles']):>11} {share(c['EP'], c['with EP/ED']):>8} "
                  f"{share(c['ED'], c['with EP/ED']):>8}")

    print("\nMost common disagreements (SE ER -> ours, our hardest technique):")
    worst = sorted(misses.items(), key=lambda item: -len(item[1]))[: args.top]
    for (se_er, er, technique), puzzles in worst:
        print(f"  {se_er:4} -> {er:6} {technique:32} x{len(puzzles):<5} {puzzles[0]}")


if __name__ == "__main__":
    main()
