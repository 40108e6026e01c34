import pytest

from gamecore.rangers import testing as T


@pytest.fixture
def battle_at():
    """A game in the action phase with an empty board, then the given enemies and rangers at one location."""
    def make(loc="juice_bar", fs=None, bigs=(), rangers=("red",), players=5, seed=1, **opt):
        s = T.new_game(players=players, seed=seed, **opt)
        T.clear_board(s)
        T.skip_to_actions(s)
        for t, n in (fs or {}).items():
            T.put_fs(s, loc, t, n)
        for b in bigs:
            T.put_big(s, b, loc)
        T.move_rangers(s, loc, list(rangers))
        return s
    return make
