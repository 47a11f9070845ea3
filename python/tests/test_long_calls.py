"""Long calls as a notebook makes them: Ctrl-C ends them within a second,
leaving nothing behind, and progress shows on a tqdm bar or a callback."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import sudokuflow as sf
from conftest import DEADLINE, need

# A call that runs for minutes: hell puzzles are about 1 in 300 of those
# generated.
CHILD = textwrap.dedent(
    """
    import time
    import sudokuflow as sf

    print("calling", flush=True)
    try:
        sf.generate(1_000_000, seed=1, level="hell", threads=2)
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", time.monotonic(), flush=True)
    # Nothing left behind: the next call answers as ever.
    print(",".join(sf.solve(sf.generate(3, seed=2))), flush=True)
    """
)


def test_ctrl_c_ends_a_long_call_within_a_second():
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline() == "calling\n"
        time.sleep(1.5)  # well into the call
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        word, at = child.stdout.readline().split()
        assert word == "interrupted"
        # CLOCK_MONOTONIC is the machine's: the two processes' readings compare.
        assert float(at) - sent < 1.0
        assert child.stdout.readline().strip() == ",".join(sf.solve(sf.generate(3, seed=2)))
        assert child.wait(timeout=DEADLINE) == 0, child.stderr.read()
    finally:
        child.kill()
        child.wait()


def test_progress_reaches_a_callback_up_to_the_total():
    seen = []
    made = sf.generate(300, seed=3, level="hard", progress=lambda done, total: seen.append((done, total)))
    assert made == sf.generate(300, seed=3, level="hard")
    assert seen[-1] == (300, 300)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    seen.clear()
    sf.solve(made, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (300, 300)


def test_progress_true_draws_a_tqdm_bar(capsys):
    need("tqdm")
    puzzles = sf.generate(50, seed=4)
    assert sf.rate(puzzles, progress=True) == sf.rate(puzzles)
    assert "50/50" in capsys.readouterr().err


def test_progress_of_another_kind_is_a_type_error():
    with pytest.raises(TypeError, match="progress must be True"):
        sf.solve(sf.generate(2, seed=1), progress="yes")
    # An error raised by the callback ends the call with it.
    def fail(done, total):
        raise RuntimeError("stop here")
    with pytest.raises(RuntimeError, match="stop here"):
        sf.solve(sf.generate(2, seed=1), progress=fail)
