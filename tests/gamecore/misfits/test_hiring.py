"""Hiring: placement in the 4×4 grid, paying, and the four kinds of hire box."""
import pytest

from gamecore import IllegalAction
from gamecore.misfits.content import content
from gamecore.misfits.testing import (
    act, attr_of, char_doing, filler_attrs, give_hand, hero, kinds, new, place, set_coins, slot)


def hire_targets(s, hid):
    return {a.target for a in s.legal_actions(hid) if a.kind == "hire"}


def cost_of(s, hid):
    return s.heroes[hid].cost


def test_first_card_goes_bottom_left_only():
    a = attr_of("bonus", do="coins")
    s = new(pairs={a: char_doing("coins")})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, 99)
    assert hire_targets(s, h) == {slot(0, 1, 1)}
    with pytest.raises(IllegalAction) as exc:
        act(s, "hire", h, slot(0, 2, 2))
    assert exc.value.code == "misfits_first_bottom_left"


def test_later_cards_touch_a_card_orthogonally_inside_the_grid():
    a = attr_of("bonus", do="coins")
    fill = filler_attrs(2, exclude=[a])
    s = new(pairs={a: char_doing("coins")})
    h = hero(s, a)
    place(s, 0, 1, 1, hero(s, fill[0]))
    place(s, 0, 1, 2, hero(s, fill[1]))
    give_hand(s, 0, [h])
    set_coins(s, 0, 99)
    assert hire_targets(s, h) == {slot(0, 1, 3), slot(0, 2, 1), slot(0, 2, 2)}
    digest = s.digest()
    for target, code in ((slot(0, 2, 3), "misfits_not_adjacent"), (slot(0, 1, 2), "misfits_slot_taken"),
                         (slot(1, 1, 1), "misfits_not_your_tableau")):
        with pytest.raises(IllegalAction) as exc:
            act(s, "hire", h, target)
        assert exc.value.code == code
        assert s.digest() == digest


def test_grid_edge_is_respected():
    s = new()
    ids = [hero(s, a) for a in filler_attrs(4)]
    for col, h in enumerate(ids, start=1):
        place(s, 0, 1, col, h)
    slots = set(s.open_slots(0))
    assert slots == {4, 5, 6, 7}          # only row 2 above the full bottom row; nothing wraps around


def test_hiring_pays_the_cost_and_the_bonus_comes_before_activation():
    a = attr_of("bonus", do="coins")
    c = char_doing("coins")
    s = new(pairs={a: c})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, 40)
    bonus = content().attributes[a].hire["effects"][0]["n"]
    gain = content().characters[c].activation[0]["n"]
    act(s, "hire", h, slot(0, 1, 1))
    assert s.tab[0][0] == h and h not in s.hands[0]
    assert s.coins[0] == 40 - cost_of(s, h) + bonus
    assert s.pending().kind == "ask" and kinds(s) == {"activate", "decline"}
    act(s, "activate", h)
    assert s.coins[0] == 40 - cost_of(s, h) + bonus + gain
    assert s.seat == 1                      # nothing else to decide: the turn passed


def test_activation_may_be_declined():
    a = attr_of("bonus", do="coins")
    c = char_doing("coins")
    s = new(pairs={a: c})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, 40)
    act(s, "hire", h, slot(0, 1, 1))
    act(s, "decline", h)
    bonus = content().attributes[a].hire["effects"][0]["n"]
    assert s.coins[0] == 40 - cost_of(s, h) + bonus
    assert s.seat == 1


def test_cannot_hire_without_the_coins():
    a = attr_of("bonus", do="coins")
    s = new(pairs={a: char_doing("coins")})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, cost_of(s, h) - 1)
    assert hire_targets(s, h) == set()
    with pytest.raises(IllegalAction) as exc:
        act(s, "hire", h, slot(0, 1, 1))
    assert exc.value.code == "misfits_cannot_afford"


def test_condition_column_limits_where_the_card_can_be_hired():
    a = attr_of("condition", kind="column", **{"in": (1,)})
    fill = filler_attrs(1, exclude=[a])
    s = new(pairs={a: char_doing("coins")})
    h = hero(s, a)
    place(s, 0, 1, 1, hero(s, fill[0]))
    give_hand(s, 0, [h])
    set_coins(s, 0, 99)
    assert hire_targets(s, h) == {slot(0, 2, 1)}
    with pytest.raises(IllegalAction) as exc:
        act(s, "hire", h, slot(0, 1, 2))
    assert exc.value.code == "misfits_condition_unmet"
    act(s, "hire", h, slot(0, 2, 1))
    assert s.pending().kind == "ask"
    assert s.stack[-1]["n"] == content().attributes[a].hire["activations"]


def test_condition_neighbour_faction_ignores_a_stunned_card():
    a = attr_of("condition", kind="neighbor", dir="left", faction="beast")
    beast_attr = next(x.id for x in sorted(content().attributes.values(), key=lambda x: x.id)
                      if x.faction == "beast" and x.hire["type"] == "condition" and x.id != a)
    beast_char = next(c.id for c in sorted(content().characters.values(), key=lambda c: c.id) if c.faction == "beast")
    s = new(pairs={a: char_doing("coins"), beast_attr: beast_char})
    h, b = hero(s, a), hero(s, beast_attr)
    assert s.heroes[b].faction == "beast"
    place(s, 0, 1, 1, b)
    give_hand(s, 0, [h])
    set_coins(s, 0, 99)
    assert slot(0, 1, 2) in hire_targets(s, h)
    assert slot(0, 2, 1) not in hire_targets(s, h)   # above, not right of
    s.stunned.add(b)                                  # face down: no faction any more
    assert hire_targets(s, h) == set()


def test_extra_cost_coins_is_paid_on_top_of_the_cost():
    a = attr_of("extra", kind="coins", n=10)
    s = new(pairs={a: char_doing("coins")})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, cost_of(s, h) + 9)
    assert hire_targets(s, h) == set()
    set_coins(s, 0, cost_of(s, h) + 10)
    act(s, "hire", h, slot(0, 1, 1))
    assert s.coins[0] == 0
    assert s.stack[-1] == {"t": "ask", "s": 0, "c": h, "n": content().attributes[a].hire["activations"]}


def test_extra_cost_discard_cards_is_chosen_one_at_a_time():
    a = attr_of("extra", kind="discard_cards", n=1)
    s = new(pairs={a: char_doing("coins")})
    h = hero(s, a)
    other = s.deck[0]
    give_hand(s, 0, [h])
    set_coins(s, 0, 99)
    assert hire_targets(s, h) == set()          # nothing left to discard
    with pytest.raises(IllegalAction) as exc:
        act(s, "hire", h, slot(0, 1, 1))
    assert exc.value.code == "misfits_extra_unpayable"
    give_hand(s, 0, [h, other])
    act(s, "hire", h, slot(0, 1, 1))
    assert s.pending().kind == "pay_cards"
    assert [a.source for a in s.legal_actions()] == [other]
    act(s, "discard", other)
    assert other in s.discard
    assert s.pending().kind == "ask"


def test_extra_cost_stun_own_turns_another_card_face_down():
    a = attr_of("extra", kind="stun_own")
    fill = filler_attrs(1, exclude=[a])
    s = new(pairs={a: char_doing("coins")})
    h, f = hero(s, a), hero(s, fill[0])
    give_hand(s, 0, [h])
    set_coins(s, 0, 99)
    assert hire_targets(s, h) == set()          # no other card to stun
    place(s, 0, 1, 1, f)
    act(s, "hire", h, slot(0, 1, 2))
    assert s.pending().kind == "stun_own"
    assert [x.target for x in s.legal_actions()] == [f]
    act(s, "stun", None, f)
    assert f in s.stunned
    assert s.pending().kind == "ask"


def test_extra_cost_give_coins_goes_to_the_chosen_opponent():
    a = attr_of("extra", kind="give_coins", n=5)
    s = new(players=3, pairs={a: char_doing("coins")})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, 99)
    before = list(s.coins)
    act(s, "hire", h, slot(0, 1, 1))
    assert {x.target for x in s.legal_actions()} == {"seat:1", "seat:2"}
    act(s, "give", None, "seat:2")
    assert s.coins[2] == before[2] + 5 and s.coins[1] == before[1]
    assert s.coins[0] == 99 - cost_of(s, h) - 5


def test_score_box_activates_once_at_hire():
    a = attr_of("score", kind="per_quest")
    s = new(pairs={a: char_doing("coins")})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, 99)
    act(s, "hire", h, slot(0, 1, 1))
    assert s.stack == [{"t": "ask", "s": 0, "c": h, "n": 1}]


def test_extra_cost_discard_influence_then_three_activations():
    from gamecore.misfits.testing import set_influence
    a = attr_of("extra", kind="discard_influence", n=3)
    assert content().attributes[a].hire["activations"] == 3
    c = char_doing("coins", n=15)
    s = new(pairs={a: c})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, s.heroes[h].cost)
    set_influence(s, 0, forest=1, sea=1)
    assert hire_targets(s, h) == set()                 # only 2 influence
    set_influence(s, 0, forest=2, sea=1, mountain=1)
    act(s, "hire", h, slot(0, 1, 1))
    assert s.pending().kind == "pay_inf"
    assert [x.get("type") for x in s.legal_actions()] == ["forest", "sea", "mountain"]
    act(s, "spend", type="forest")
    act(s, "spend", type="forest")
    assert [x.get("type") for x in s.legal_actions()] == ["sea", "mountain"]
    act(s, "spend", type="sea")
    assert s.inf[0] == [0, 0, 1] and s.supply == [30, 30, 29]
    for k in range(3):
        assert s.pending().kind == "ask" and s.coins[0] == 15 * k
        act(s, "activate", h)
    assert s.coins[0] == 45 and s.seat == 1
