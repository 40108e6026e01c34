"""The tuning gate's pair test (tests/bench/galaxy_gate.py report): a mech-pilot pair counts as above the
35 % line only when its win rate's one-sided Wilson lower bound, Bonferroni-corrected over the drafted
pairs, lies above the line (NOTES.md, "How the gate reads the pair line")."""
import importlib.util
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[2] / "bench" / "galaxy_gate.py"


@pytest.fixture(scope="module")
def gate():
    spec = importlib.util.spec_from_file_location("galaxy_gate", _PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_wilson_lower_bound_matches_the_textbook_value(gate):
    assert gate.wilson_lower(0.5, 100, 1.645) == pytest.approx(0.4188, abs=5e-5)
    assert gate.wilson_lower(0.3, 0, 2.0) == 0.0
    # a larger sample or a smaller z raises the bound
    assert gate.wilson_lower(0.45, 1000, 2.7) > gate.wilson_lower(0.45, 279, 2.7) > gate.wilson_lower(0.45, 279, 3.5)


def test_the_pair_test_flags_a_clearly_strong_pair_and_not_what_an_even_game_shows(gate):
    # pass 7 at 3 players: Bulwark+Sable 125 of 279 (44.8 %) is flagged; 40 % over 253 games is not
    games = {f"m{i}+p{i}": 250 for i in range(10)}
    games.update({"bulwark+sable": 279, "bulwark+rook": 253})
    wins = {k: 0.333 * n for k, n in games.items()}
    wins.update({"bulwark+sable": 125, "bulwark+rook": 101})
    got = gate.pair_test(wins, games)
    assert got["pairs"] == 12 and got["z"] == pytest.approx(2.64, abs=0.01)
    assert [row[0] for row in got["above_line"]] == ["bulwark+sable"]
    # undrafted pairs do not widen the correction
    games["never+drafted"] = 0
    assert gate.pair_test(wins, games)["pairs"] == 12
