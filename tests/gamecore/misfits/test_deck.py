"""The changing deck: pairings, saving, remixing, and a game built on a given pairing."""
import json

import pytest

import gamecore
from gamecore import ContentError, Rng
from gamecore.misfits import new_game
from gamecore.misfits.content import content
from gamecore.misfits.deck import (
    PairingError, apply_swaps, bot_remix, hero_appeal, load_pairing, random_pairing, remix_deal, save_pairing,
    validate_pairing)


def test_random_pairing_covers_everything_once_and_depends_on_the_seed():
    p1, p2, p3 = random_pairing(Rng(1)), random_pairing(Rng(1)), random_pairing(Rng(2))
    assert p1 == p2 and p1 != p3
    assert validate_pairing(p1) == p1
    assert sorted(c for _, c in p1) == sorted(content().characters)


@pytest.mark.parametrize("mutate, words", [
    (lambda p: p[:-1], "leaves out"),
    (lambda p: p[:-1] + [[p[0][0], p[-1][1]]], "attribute"),
    (lambda p: p[:-1] + [[p[-1][0], p[0][1]]], "character"),
    (lambda p: p[:-1] + [["zz", p[-1][1]]], "unknown attribute"),
    (lambda p: "nope", "list"),
])
def test_bad_pairings_are_refused(mutate, words):
    with pytest.raises(PairingError) as exc:
        validate_pairing(mutate(random_pairing(Rng(5))))
    assert words in str(exc.value)


def test_save_and_load_round_trip_atomically(tmp_path):
    path = tmp_path / "deck" / "misfits-deck.json"
    p = random_pairing(Rng(9))
    save_pairing(path, p)
    assert load_pairing(path) == p
    assert [f.name for f in path.parent.iterdir()] == ["misfits-deck.json"]   # no temp file left
    p2 = random_pairing(Rng(10))
    save_pairing(path, p2)
    assert load_pairing(path) == p2


def test_a_broken_deck_file_names_file_and_field(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"version": 1, "pairing": [["a01", "c01"]]}), encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_pairing(path)
    assert exc.value.file == "deck.json" and exc.value.field == "pairing"
    path.write_text("[", encoding="utf-8")
    with pytest.raises(ContentError):
        load_pairing(path)


def test_remix_deal_gives_four_distinct_attributes_per_seat():
    p = random_pairing(Rng(3))
    hands = remix_deal(p, Rng(4), 4)
    flat = [a for h in hands for a in h]
    assert [len(h) for h in hands] == [4, 4, 4, 4] and len(set(flat)) == 16
    assert set(flat) <= {a for a, _ in p}


def test_apply_swaps_exchanges_overlays():
    p = random_pairing(Rng(3))
    table = dict(map(tuple, p))
    new = apply_swaps(p, [("a01", "a02"), ("a02", "a03")])
    got = dict(map(tuple, new))
    assert got["a01"] == table["a02"] and got["a02"] == table["a03"] and got["a03"] == table["a01"]
    assert validate_pairing(new) == new
    with pytest.raises(PairingError):
        apply_swaps(p, [("a01", "zz")])


def test_bot_remix_only_touches_its_hand_and_never_lowers_appeal():
    p = random_pairing(Rng(11))
    for k in range(5):
        hand = remix_deal(p, Rng(k), 2)[0]
        swaps = bot_remix(p, hand, Rng(k))
        assert all(a in hand and b in hand for a, b in swaps)
        new = dict(map(tuple, apply_swaps(p, swaps)))
        old = dict(map(tuple, p))
        assert sum(hero_appeal(a, new[a]) for a in hand) >= sum(hero_appeal(a, old[a]) for a in hand)


def test_a_game_uses_the_given_pairing_and_keeps_it_in_saves():
    p = random_pairing(Rng(77))
    s = new_game(5, 3, pairing=p)
    assert s.pairing == p
    assert set(s.heroes) == {f"hero:{a}+{c}" for a, c in p}
    back = gamecore.restore(s.to_json())
    assert back.pairing == p and back.digest() == s.digest()
    with pytest.raises(PairingError):
        new_game(5, 3, pairing=p[:-1])


def test_the_default_pairing_comes_from_the_seed():
    a = gamecore.start("misfits", seed=4, players=2)
    b = gamecore.start("misfits", seed=4, players=2)
    c = gamecore.start("misfits", seed=5, players=2)
    assert a.pairing == b.pairing and a.pairing != c.pairing


def test_current_pairing_starts_fresh_then_persists(tmp_path):
    from gamecore.misfits.deck import current_pairing
    path = tmp_path / "misfits-deck.json"
    first = current_pairing(Rng(1), path)
    assert path.exists() and load_pairing(path) == first
    assert current_pairing(Rng(2), path) == first          # the saved deck wins over a new seed
    path.write_text("garbage", encoding="utf-8")
    fresh = current_pairing(Rng(3), path)
    assert fresh == random_pairing(Rng(3)) and load_pairing(path) == fresh


def test_default_deck_path_is_in_the_user_data_dir():
    from gamecore import persistence
    from gamecore.misfits.deck import deck_path
    assert deck_path().parent == persistence.data_dir()
