import pytest

import gamecore
from gamecore.rangers import testing as T

VARIANTS = [{}, {"command_center": "B"}, {"locations": "B"}, {"ranger_pick": "random"}]
CASES = [(p, v) for p in (2, 3, 4, 5, 6) for v in VARIANTS] + [(3, {"six_rangers": True})]


@pytest.mark.parametrize("players,options", CASES)
def test_random_playouts_end_with_a_valid_result(players, options):
    for seed in range(3):
        s = gamecore.start("rangers", seed=seed, players=players, **options)
        assert T.random_playout(s, gamecore.Rng(seed + 100)) > 0
        r = s.result()
        assert r.outcome in ("win", "loss") and r.reason.startswith("rangers.result.")
        assert s.current_seat() is None and s.legal_actions() == []


def test_round_cap_is_a_loss():
    s = T.new_game(seed=3)
    T.clear_board(s)
    T.skip_to_actions(s)
    s.d["round"] = s.C.comp["round_cap"]
    T.act(s, "end_actions")
    assert s.result().outcome == "loss" and s.result().reason == "rangers.result.round_cap"


@pytest.mark.parametrize("players", [2, 4, 5])
def test_a_restored_snapshot_plays_on_exactly_like_the_original(players):
    import json
    for seed in range(3):
        s = gamecore.start("rangers", seed=seed, players=players, locations="B")
        rng = gamecore.Rng(seed + 7)
        while not s.is_over():
            back = gamecore.restore(json.loads(json.dumps(s.to_json())))
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
            s.apply(a)
            back.apply(a)
            assert back.digest() == s.digest()


def test_every_event_prompt_and_reason_has_text_with_its_fields():
    import json
    import re

    from gamecore.resources import asset_path
    en = json.load(open(asset_path("data", "rangers", "i18n.en.json"), encoding="utf-8"))
    field = re.compile(r"\{(\w+)\}")
    for players in (2, 4, 6):
        for seed in range(4):
            s = gamecore.start("rangers", seed=seed, players=players, locations="B", command_center="B")
            rng = gamecore.Rng(seed)
            while not s.is_over():
                p = s.pending()
                assert p.prompt in en
                legal = s.legal_actions()
                for e in s.apply(legal[rng.randrange(len(legal))]):
                    assert e.key in en, e.key
                    assert set(field.findall(en[e.key])) <= set(e.params), e.key
                    if e.cause:
                        assert e.cause in en
                    for v in e.params.values():
                        if isinstance(v, str) and v.startswith("$"):
                            assert v[1:] in en, v
            assert s.result().reason in en
