#!/usr/bin/env python3
"""Agreement with Sudoku Explainer's published ratings by band of SE's ER
(9.5 and up), with lower bounds and the median CPU time a puzzle.

usage: scripts/se_top_bands.py SAMPLE RATED
  SAMPLE: lines `PUZZLE ER/EP/ED ...` (SE's ratings)
  RATED:  se_top_rate.sh's output (`rate` lines, each with `cpu=<s>`)
Prints a Markdown table, then the ER differences (ours - SE, lower bound).
"""
import collections
import statistics
import sys

BANDS = [(9.5, 9.9), (10.0, 10.4), (10.5, 10.9), (11.0, 11.4), (11.5, 99)]


def main(sample, rated):
    se = {}
    for line in open(sample):
        f = line.split()
        if len(f) >= 2 and len(f[0]) == 81:
            se[f[0]] = [float(x) for x in f[1].split('/')]
    rows = collections.defaultdict(list)
    diffs = collections.Counter()
    for line in open(rated):
        f = line.split()
        if len(f) < 2 or f[0] not in se or se[f[0]][0] < 9.5:
            continue
        ref = se[f[0]]
        bound = f[1].startswith('>')
        try:
            ours = [float(x) for x in f[1].lstrip('>').split('/')]
        except ValueError:
            continue  # a marker: no rating
        cpu = next((float(x[4:]) for x in f if x.startswith('cpu=')), None)
        band = next(i for i, (lo, hi) in enumerate(BANDS) if lo - 1e-9 <= ref[0] <= hi + 1e-9)
        rows[band].append((ref, ours, bound, cpu))
        diffs[round(ours[0] - ref[0], 1), bound] += 1
    print('| SE ER | puzzles | same ER | within 0.1 | within 0.2 | same EP | same ED | lower bounds | median s |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
    every = []
    for i, (lo, hi) in enumerate(BANDS):
        print_row('%.1f-%s' % (lo, '%.1f' % hi if hi < 99 else ''), rows[i])
        every += rows[i]
    print_row('all', every)
    print('ER diffs (ours-SE, bound):', sorted(diffs.items()))


def print_row(name, rows):
    n = len(rows)
    if not n:
        return

    def share(test):
        return '%.0f%%' % (100.0 * sum(1 for r in rows if test(*r)) / n)

    def close(k, within):
        return lambda ref, ours, bound, cpu: not bound and abs(ours[k] - ref[k]) < within

    cpus = [cpu for _, _, _, cpu in rows if cpu is not None]
    print('| %s | %d | %s | %s | %s | %s | %s | %d | %s |' % (
        name, n, share(close(0, 0.05)), share(close(0, 0.15)), share(close(0, 0.25)),
        share(close(1, 0.05)), share(lambda ref, ours, b, c: abs(ours[2] - ref[2]) < 0.05),
        sum(1 for r in rows if r[2]), '%.2f' % statistics.median(cpus) if cpus else '-'))


if __name__ == '__main__':
    main(*sys.argv[1:3])
