"""PokerKit beside `floorcall import --check`: the same PHH files loaded and
replayed to their finishing stacks, timed as a whole process.

Issue 9 asks how floorcall's import compares with PokerKit's (uoftcprg's
reference implementation of PHH). This script does in Python what
`floorcall import --check FOLDER...` does: find every `.phh` file under the
folders given, load it (`HandHistory.load`), play every action (iterating
the hand history yields the state after each one, automations included)
and compare the last state's stacks with the file's `finishing_stacks`.
It prints `N passed, M failed` like floorcall.

Setup and use (PokerKit from PyPI, in its own virtual environment):

    python3 -m venv /tmp/pk && /tmp/pk/bin/pip install pokerkit
    time /tmp/pk/bin/python benches/pokerkit_import.py ../shared/phh
    time target/release/floorcall import --check ../shared/phh

`../shared/phh` holds 500 hands; issue 9's 10,012 are those files copied
into one folder again and again until there are 10,012 (20 whole copies and
12 more), so that both tools' start-up is spread over as many hands as the
issue counts:

    n=0; for r in $(seq 1 21); do mkdir -p /tmp/fc-phh10012/c$r
      for f in $(cd ../shared/phh && find . -name '*.phh' | sort); do
        [ $n -ge 10012 ] && break 2
        cp ../shared/phh/$f /tmp/fc-phh10012/c$r/$(echo ${f#./} | tr / _)
        n=$((n+1)); done; done

`cargo bench --bench import` makes that folder (in the temporary folder,
`floorcall-phh10012`), times `floorcall import --check`'s work on it
beside the read-only limit, and runs this script on it as well when the
venv that `cargo test` makes (`target/tmp/pokerkit-0.7.7`) or
`FLOORCALL_POKERKIT_PYTHON` has PokerKit.

Measured in one such run (PokerKit 0.7.7, 27 November 2026, 15:54 UTC,
2 shared cores, load 1.4-1.6): 10,012 hands in 9.15 s wall for PokerKit
(median of 3); floorcall's import and check 69.8 ms as a whole process
(64.3 ms in process, 124.8 ms on the CPU over both cores), beside 41.8
ms (40.5 ms, 77.4 ms on the CPU) for only reading the same files the
same way, medians of 11 paired runs: about 131 times faster than
PokerKit.
"""

import sys
from pathlib import Path

from pokerkit import HandHistory


def check(path: Path) -> bool:
    with path.open("rb") as file:
        history = HandHistory.load(file)
    state = None
    for state in history:
        pass
    if state is None:
        return False
    expected = history.finishing_stacks
    if expected is None:
        return True
    return all(abs(got - want) <= 0.5 for got, want in zip(state.stacks, expected))


def main(folders: list[str]) -> int:
    files = sorted(p for folder in folders for p in Path(folder).rglob("*.phh"))
    passed = failed = 0
    for path in files:
        try:
            problem = None if check(path) else "the finishing stacks differ"
        except Exception as error:  # a file PokerKit refuses counts as failed
            problem = str(error)
        if problem is None:
            passed += 1
        else:
            failed += 1
            print(f"{path}: {problem}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["../shared/phh"]))
