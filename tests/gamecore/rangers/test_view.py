"""What a ranger's view keeps of the deployment deck: the team knows how much of each pile is left,
how many monster and boss cards each pile still holds, what each reshuffle put back and the back of
the top card; it does not know which foot-soldier cards went to which pile, any order, or which
monsters (or which pooled boss) were shuffled in."""
from gamecore.engine import Rng
from gamecore.rangers import testing as T
from gamecore.rangers.cyclopsis import CYC_DEPLOY


def _kind(s, card):
    return s.C.foe_kind[s.C.deploy_cards[card]["foe"]]


def _segments(s):
    out, at = [], 0
    for size, group in s.d["deploy_seg"]:
        out.append((s.d["deploy"][at:at + size], group))
        at += size
    assert at == len(s.d["deploy"])
    return out


def _big_counts(s):
    """Per pile, its monster and boss cards (Cyclopsis counts as a boss: in a standard game it is one)."""
    kinds = [[_kind(s, c) for c in cards] for cards, _ in _segments(s)]
    return [sorted("boss" if k == "cyclopsis" else k for k in ks if k != "foot") for ks in kinds]


def _check_public_facts_kept(s, v):
    assert v.d["deploy_seg"] == s.d["deploy_seg"]
    assert _big_counts(v) == _big_counts(s)
    top = s.d["deploy"][0]
    assert s.C.deploy_cards[v.d["deploy"][0]]["back"] == s.C.deploy_cards[top]["back"]
    assert sorted(v.d["deploy"] + v.d["deploy_unused"]) == sorted(s.d["deploy"] + s.d["deploy_unused"])
    for (cards, group), (vcards, _) in zip(_segments(s), _segments(v)):
        if group == "known":
            assert sorted(vcards) == sorted(cards)            # a reshuffle put back cards all had seen
    assert v.invariants() == []


def test_view_keeps_pile_sizes_and_big_cards_per_pile_but_deals_the_rest_anew():
    s = T.new_game(players=4, seed=3)
    views = [s.view(0, Rng(k)) for k in range(12)]
    for v in views:
        _check_public_facts_kept(s, v)
    first_pile = {tuple(sorted(_segments(v)[0][0][1:])) for v in views}
    assert len(first_pile) > 1                                # foot-soldier cards move between piles
    monsters_in = {tuple(sorted(c for c in v.d["deploy"] if _kind(v, c) == "monster")) for v in views}
    assert len(monsters_in) > 1                               # which monsters were shuffled in is hidden


def test_view_keeps_what_a_reshuffle_put_back():
    s = T.new_game(players=4, seed=5)
    rng = Rng(11)
    while not s.is_over() and not any(g == "known" for _, g in s.d["deploy_seg"]):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert any(g == "known" for _, g in s.d["deploy_seg"]), "the playout never reshuffled the discards"
    for k in range(6):
        _check_public_facts_kept(s, s.view(0, Rng(k)))


def test_scenario_13_view_keeps_cyclopsis_and_the_big_cards_at_the_bottom_of_their_piles():
    s = T.new_game(players=4, seed=2, scenario="cyclopsis13")
    at = s.d["deploy"].index(CYC_DEPLOY)
    bigs = [i for i, c in enumerate(s.d["deploy"]) if _kind(s, c) != "foot"]
    for k in range(8):
        v = s.view(0, Rng(k))
        _check_public_facts_kept(s, v)
        assert v.d["deploy"][at] == CYC_DEPLOY
        assert [i for i, c in enumerate(v.d["deploy"]) if _kind(v, c) != "foot"] == bigs


def test_with_cyclopsis_in_the_boss_pool_the_view_does_not_tell_which_boss_is_in_the_deck():
    s = T.new_game(players=4, seed=2, cyclopsis=True)
    in_deck = set()
    for k in range(24):
        v = s.view(0, Rng(k))
        _check_public_facts_kept(s, v)          # includes Cyclopsis's state agreeing with its card
        in_deck.add(next(c for c in v.d["deploy"] if c == CYC_DEPLOY or _kind(s, c) == "boss"))
    assert CYC_DEPLOY in in_deck and len(in_deck) > 1


def test_drawing_keeps_the_pile_boundaries_in_step():
    s = T.new_game(players=4, seed=7)
    sizes = [n for n, _ in s.d["deploy_seg"]]
    s._deploy_once()
    drawn = sum(sizes) - len(s.d["deploy"])
    assert drawn >= 1
    left = sizes[0] - drawn
    assert [n for n, _ in s.d["deploy_seg"]] == ([left] if left else []) + sizes[1:]
    assert s.invariants() == []
