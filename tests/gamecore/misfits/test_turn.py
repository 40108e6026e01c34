"""Setup, the simple main actions, the end of a turn, supplies, the deck, the end of the game, scoring."""
import gamecore
from gamecore.misfits.content import content
from gamecore.misfits.state import MisfitsState
from gamecore.misfits.testing import (
    act, attr_of, char_doing, filler_attrs, give_hand, hero, kinds, new, place, set_coins, set_influence, slot)


# ---------------------------------------------------------------- setup

def test_quest_tiles_removed_by_player_count():
    for players, expect in ((2, [12, 10, 8, 7]), (3, [12, 10, 9, 8, 7]), (4, [12, 11, 10, 9, 8, 7])):
        s = gamecore.start("misfits", seed=1, players=players)
        for t in ("forest", "sea", "mountain", "town"):
            assert s.quests[t] == expect


def test_start_coins_hands_and_a_random_start_player():
    starts = set()
    for seed in range(12):
        s = gamecore.start("misfits", seed=seed, players=4)
        starts.add(s.start_seat)
        assert s.seat == s.start_seat
        for k in range(4):
            assert s.coins[(s.start_seat + k) % 4] == 35 + 5 * k
        assert all(len(h) == 5 for h in s.hands)
        assert len(s.deck) == 82 - 20
    assert len(starts) > 1


def test_hands_are_secret_in_a_view():
    s = gamecore.start("misfits", seed=3, players=3)
    changed = False
    for k in range(5):
        v = s.view(0, gamecore.Rng(k))
        assert v.hands[0] == s.hands[0]
        assert [len(h) for h in v.hands] == [len(h) for h in s.hands]
        assert len(v.deck) == len(s.deck) and not v.invariants()
        changed |= v.hands[1] != s.hands[1] or v.deck != s.deck
    assert changed


# ---------------------------------------------------------------- main actions

def test_main_actions_are_offered():
    s = new()
    give_hand(s, 0, [])
    assert [a.kind for a in s.legal_actions()] == ["draw", "influence", "influence", "influence", "coins"]


def test_take_ten_coins():
    s = new()
    set_coins(s, 0, 20)
    act(s, "coins")
    assert s.coins[0] == 30 and s.seat == 1


def test_take_one_influence_of_any_type():
    s = new()
    act(s, "influence", type="sea")
    assert s.inf[0] == [0, 1, 0] and s.supply[1] == 29


def test_draw_discards_one_at_a_time_then_draws_two_plus_one_per_discard():
    s = new()
    hand = list(s.hands[0])
    act(s, "draw")
    assert s.pending().kind == "drawdisc"
    act(s, "discard", hand[0])
    act(s, "discard", hand[1])
    assert s.hands[0] == hand[2:]
    act(s, "done")
    assert len(s.hands[0]) == 3 + 4
    assert hand[0] in s.discard and hand[1] in s.discard


def test_empty_deck_reshuffles_the_discard_and_short_piles_draw_what_exists():
    s = new()
    s.discard = s.deck[:3]
    s.hands[1].extend(s.deck[3:])
    s.deck = []
    events = act(s, "draw")
    events += act(s, "done")
    assert any(e.kind == "shuffle" for e in events)
    assert len(s.deck) == 1 and s.discard == []
    assert not s.invariants()


def test_draw_what_exists():
    s = new()
    s.hands[1].extend(s.deck[1:])
    s.deck = s.deck[:1]
    before = len(s.hands[0])
    act(s, "draw")
    events = act(s, "done")
    assert len(s.hands[0]) == before + 1
    assert [e.params["n"] for e in events if e.key == "misfits.ev.draw"] == [1]


def test_finite_influence_supply_gives_what_is_left():
    c = char_doing("influence", type="forest", n=2)
    a = attr_of("bonus", do="coins")
    s = new(pairs={a: c})
    set_influence(s, 1, forest=29)
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, s.heroes[h].cost)
    act(s, "hire", h, slot(0, 1, 1))
    events = act(s, "activate", h)
    assert s.inf[0][0] == 1 and s.supply[0] == 0
    assert any(e.key == "misfits.ev.supply_short" for e in events)
    # seat 1 may no longer take forest influence as a main action
    assert "forest" not in [a.get("type") for a in s.legal_actions() if a.kind == "influence"]


# ---------------------------------------------------------------- end of turn

def test_quest_of_one_type_takes_the_highest_tile_and_only_one_per_turn():
    s = new()
    set_influence(s, 0, forest=6, sea=7, mountain=1)
    act(s, "coins")
    assert s.pending().kind == "quest"
    assert {a.target for a in s.legal_actions() if a.kind == "quest"} == {"quest:forest:12", "quest:sea:12"}
    assert "pass" in kinds(s)
    act(s, "quest", None, "quest:forest:12")
    assert s.won[0] == ["quest:forest:12"]
    assert s.inf[0] == [0, 7, 1] and s.supply[0] == 30
    assert s.quests["forest"][0] == 10           # 2 players: the 11 tile was removed
    assert s.seat == 1                           # no second quest this turn


def test_town_quest_takes_two_of_each():
    s = new(players=3)
    set_influence(s, 0, forest=2, sea=3, mountain=2)
    act(s, "coins")
    assert [a.target for a in s.legal_actions() if a.kind == "quest"] == ["quest:town:12"]
    act(s, "quest", None, "quest:town:12")
    assert s.inf[0] == [0, 1, 0]
    assert s.quests["town"] == [10, 9, 8, 7]


def test_quest_may_be_passed():
    s = new()
    set_influence(s, 0, forest=6)
    act(s, "coins")
    act(s, "pass")
    assert s.won[0] == [] and s.inf[0][0] == 6 and s.seat == 1


def test_limits_at_end_of_turn_cards_chosen_influence_and_coins_returned():
    s = new()
    s.hands[0].extend(s.deck[:5])
    del s.deck[:5]
    set_influence(s, 0, forest=9, sea=8, mountain=10)
    set_coins(s, 0, 75)
    act(s, "coins")
    act(s, "pass")
    assert s.pending().kind == "discard" and s.pending().args["n"] == 2
    keep = list(s.hands[0])
    act(s, "discard", keep[3])
    assert s.seat == 0
    act(s, "discard", keep[0])
    assert s.hands[0] == [h for h in keep if h not in (keep[0], keep[3])]
    assert s.inf[0] == [8, 8, 8] and s.supply == [30 - 8, 30 - 8, 30 - 8]
    assert s.coins[0] == 80
    assert s.seat == 1


def test_limits_do_not_apply_during_the_turn():
    s = new()
    set_coins(s, 0, 78)
    c = char_doing("coins", n=30)
    a = attr_of("bonus", do="coins")
    s = new(pairs={a: c})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, s.heroes[h].cost + 70)
    act(s, "hire", h, slot(0, 1, 1))
    assert s.coins[0] > 70                       # over the limit mid-turn is fine
    act(s, "activate", h)
    assert s.coins[0] == 80


# ---------------------------------------------------------------- the end

def _fill_fifteen(s, seat, exclude=()):
    fill = filler_attrs(15, exclude=exclude)
    for i, a in enumerate(fill):
        place(s, seat, i // 4 + 1, i % 4 + 1, hero(s, a))


def test_sixteenth_card_ends_the_game_after_the_round():
    a = attr_of("bonus", do="coins")
    s = new(players=3, start_seat=0, pairs={a: char_doing("coins")})
    _fill_fifteen(s, 1, exclude=[a])
    act(s, "coins")                          # seat 0
    h = hero(s, a)
    give_hand(s, 1, [h])
    set_coins(s, 1, 60)
    events = act(s, "hire", h, slot(1, 4, 4))
    assert s.end_trigger and any(e.key == "misfits.ev.end_triggered" for e in events)
    act(s, "decline", h)
    assert not s.is_over() and s.seat == 2   # the round is played out
    act(s, "coins")
    assert s.is_over()
    assert s.result().reason == "misfits.end.full_tableau"
    assert s.turn == 4                       # three turns taken, one each


def test_round_limit_house_rule_ends_a_stalled_game():
    s = new()
    s.round = s.round_limit
    act(s, "coins")
    assert not s.is_over()
    act(s, "coins")
    assert s.is_over() and s.result().reason == "misfits.end.round_limit"


def test_ties_go_to_most_cards_in_hand_then_are_shared():
    s = new()
    set_coins(s, 0, 30)
    set_coins(s, 1, 30)
    s.phase, s.end_reason = "over", "misfits.end.full_tableau"
    s.hands[1].append(s.deck.pop())
    res = s.result()
    assert res.scores[0] == res.scores[1]
    assert res.outcome == "win" and res.winners == [1]
    s.hands[0].append(s.deck.pop())
    res = s.result()
    assert res.outcome == "shared" and res.winners == [0, 1]


def test_rulebook_scoring_example_31_30_2_1():
    scorer = attr_of("score", kind="per_quest")         # 3 points per quest
    s = new(pairs={scorer: char_doing("coins", n=15)})
    data = content()
    s.won[0] = ["quest:forest:12", "quest:sea:10", "quest:mountain:8"]
    per_quest = data.attributes[scorer].hire["scoring"]["points"] * 3
    place(s, 0, 1, 1, hero(s, scorer))
    want = 31 - per_quest - s.heroes[hero(s, scorer)].points
    total, idx = 0, 1
    others = sorted((s.heroes[hero(s, a)].points, a) for a in data.attributes
                    if data.attributes[a].hire["type"] != "score")
    for _, a in reversed(others):
        h = hero(s, a)
        p = s.heroes[h].points
        if p and total + p <= want and idx < 16:
            place(s, 0, idx // 4 + 1, idx % 4 + 1, h)
            total += p
            idx += 1
        if total == want:
            break
    assert total == want
    set_influence(s, 0, forest=1, sea=1)
    set_coins(s, 0, 17)
    b = s.breakdown(0)
    assert b["misfits.score.cards"] + b["misfits.score.trophies"] == 31
    assert b["misfits.score.quests"] == 30
    assert b["misfits.score.influence"] == 2
    assert b["misfits.score.coins"] == 1
    assert sum(b.values()) == 64


def test_trophy_kinds_score_from_the_tableau():
    from gamecore.misfits.scoring import largest_group, trophy_points
    grid = [None] * 16
    for i in (0, 1, 5, 9, 15):
        grid[i] = "beast"
    grid[2] = "human"
    assert largest_group(grid, "beast") == 4
    s = new()
    heroes = {a.id: a for a in content().attributes.values()}
    group = heroes[attr_of("score", kind="group", faction="beast")]
    row_col = heroes[attr_of("score", kind="row_col", faction="beast")]

    class H:     # a stand-in hero carrying just the hire box
        def __init__(self, hire):
            self.hire = hire
    assert trophy_points(H(group.hire), 0, grid, 0) == 4 * group.hire["scoring"]["points"]
    # slot 1 (row 1, col 2): others in row 1 are beasts at 0; column 2 holds beasts at 5 and 9
    assert trophy_points(H(row_col.hire), 1, grid, 0) == 3 * row_col.hire["scoring"]["points"]
    assert isinstance(s, MisfitsState)


def test_a_view_does_not_depend_on_where_the_hidden_cards_really_are():
    s = gamecore.start("misfits", seed=6, players=3)
    other = s.clone()
    other.hands[1], other.hands[2] = other.hands[2], other.hands[1]     # same sizes at the start
    other.deck.reverse()
    other.hands[1][0], other.deck[0] = other.deck[0], other.hands[1][0]
    a, b = s.view(0, gamecore.Rng(9)), other.view(0, gamecore.Rng(9))
    assert a.digest() == b.digest()
