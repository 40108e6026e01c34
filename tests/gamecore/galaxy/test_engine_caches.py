"""The engine's speed-ups keep the state honest: copies are independent, helpers' edits are seen."""
from gamecore.engine import Rng
from gamecore.galaxy.state import P_DICTS, P_LISTS, GalaxyState
from gamecore.galaxy.testing import act, new, set_res

import gamecore


def _played(players: int, seed: int, steps: int) -> GalaxyState:
    s = gamecore.start("galaxy", seed=seed, players=players)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def test_clone_copies_every_list_and_dict_of_a_player():
    s = _played(4, 3, 400)
    for p in s.p:
        containers = {k for k, v in p.items() if isinstance(v, (list, dict))}
        assert containers == set(P_LISTS) | set(P_DICTS)
    c = s.clone()
    for p, q in zip(s.p, c.p):
        for k in P_LISTS + P_DICTS:
            assert p[k] == q[k] and p[k] is not q[k]
    assert c.digest() == s.digest()


def test_a_clone_played_on_leaves_the_original_unchanged():
    s = _played(3, 5, 150)
    before = s.digest()
    c = s.clone()
    rng = Rng(9)
    while not c.is_over():
        legal = c.legal_actions()
        c.apply(legal[rng.randrange(len(legal))])
    assert s.digest() == before


def test_a_helper_edit_after_listing_is_checked_again():
    # apply() trusts the listing legal_actions() kept; a helper that edits the state must drop it
    s = new(2, mechs=["bulwark", "wisp"], pilots=["rook", "nyx"])
    s.legal_actions()
    set_res(s, 0, cr=0)
    assert s._legal_memo is None
    act(s, "place_ship", "ship:0", "dock:prim:0", ships=1)
    assert s.p[0]["cr"] == 4
