"""A board quantified over rooms x rooms x times compiles without a blow-up (issue 14 item 10).

The fixture is bench/board.py's 6 suspects x 6 weapons x 8 rooms x 6 times (written with
`python bench/board.py --sizes 6x6x8x6 --write DIR`): a ring of rooms and the movement
rule as one clue with four nested quantifiers (43,000 conditions unrolled). It used to
take 31 s to load and came back `unknown`; equal sub-expressions were looked up by a hash
that walks the whole subtree each time (0.5-0.6 s CPU to compile; now about 0.2 s)."""

import time
from pathlib import Path

import pytest

from casetool.project import load_paths
from casetool.solver.check import prove_case
from casetool.solver.compile import compile_case
from casetool.solver.options import Options

BOARD = Path(__file__).resolve().parent / "fixtures" / "board"


def load_board():
    loaded = load_paths([BOARD])
    assert not [d for d in loaded.diagnostics if d.is_error]
    return loaded.cases[0]


def test_the_board_loads_and_compiles_well_under_a_second():
    # CPU time, not wall time: the test machine is shared, the work is what is measured
    start = time.process_time()
    case = load_board()
    loaded = time.process_time()
    compiled = compile_case(case)
    done = time.process_time()
    assert compiled.loc and len(compiled.enables) == len(case.clues)
    assert done - loaded < 0.4, f"compiling took {done - loaded:.2f} s CPU"
    assert done - start < 1.0, f"loading and compiling took {done - start:.2f} s CPU"


@pytest.mark.slow
def test_the_board_checks_ok_within_the_default_limit():
    result = prove_case(load_board(), Options())
    assert result.status == "ok", result.message
    assert result.answers[0].answer == {"suspect": "s1", "weapon": "w0", "room": "r1", "time": "t1"}
