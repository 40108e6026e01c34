"""Activations: several times, other cards, chains, "this turn", whole rows, stun, discounted hiring."""
from gamecore.engine import Action
from gamecore.misfits.content import content
from gamecore.misfits.testing import (
    act, attr_of, char_doing, filler_attrs, give_hand, hero, kinds, new, place, set_coins, slot)


def gain(char_id):
    return content().characters[char_id].activation[0]["n"]


def plain_activate():
    """A character whose whole activation is "activate another of your cards" with no filter."""
    return next(c.id for c in sorted(content().characters.values(), key=lambda c: c.id)
                if list(c.activation) == [{"do": "activate", "where": "any"}])


def bonus(attr_id):
    return content().attributes[attr_id].hire["effects"][0]["n"]


def test_twice_resolves_each_activation_fully_before_the_next():
    a = attr_of("extra", kind="coins", n=10)
    assert content().attributes[a].hire["activations"] == 2
    c = char_doing("influence", type="any", n=2)
    s = new(pairs={a: c})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, s.heroes[h].cost + 10)
    act(s, "hire", h, slot(0, 1, 1))
    act(s, "activate", h)
    assert s.pending().kind == "take"
    act(s, "take", type="forest")
    act(s, "take", type="sea")
    assert s.pending().kind == "ask"          # the second activation only now
    act(s, "activate", h)
    act(s, "take", type="mountain")
    act(s, "take", type="mountain")
    assert s.inf[0] == [1, 1, 2]
    assert s.seat == 1


def _two_targets(where: str, at: tuple):
    """Two coin-gaining cards at row 1, columns 1 and 2; a card whose activation activates one of your
    cards (``where``: row or column) is hired at ``at`` and activated. Returns the state, the hired card's
    attribute, the two cards and their characters."""
    a = attr_of("bonus", do="coins")
    x_char, y_char = char_doing("coins", n=15), char_doing("coins", n=20)
    fill = filler_attrs(2, exclude=[a])
    s = new(pairs={a: char_doing("activate", where=where), fill[0]: x_char, fill[1]: y_char})
    src, x, y = hero(s, a), hero(s, fill[0]), hero(s, fill[1])
    place(s, 0, 1, 1, x)
    place(s, 0, 1, 2, y)
    give_hand(s, 0, [src])
    set_coins(s, 0, s.heroes[src].cost)
    act(s, "hire", src, slot(0, *at))
    act(s, "activate", src)
    return s, a, (x, y), (x_char, y_char)


def test_activate_a_card_in_this_row_is_a_choice_and_never_the_card_itself():
    s, a, (x, y), (_, y_char) = _two_targets("row", (1, 3))
    assert s.pending().kind == "target"
    assert {t.target for t in s.legal_actions() if t.kind == "target"} == {x, y}
    assert Action("none") in s.legal_actions()          # activating none of them is allowed too
    act(s, "target", None, y)                          # choosing the card is the yes: not asked again
    assert not (s.pending() and s.pending().kind == "ask")
    assert s.coins[0] == bonus(a) + gain(y_char)


def test_a_player_may_activate_none_of_the_offered_cards():
    s, a, (x, y), _ = _two_targets("row", (1, 3))
    events = act(s, "none")
    assert "misfits.ev.decline_all" in [e.key for e in events]
    assert s.coins[0] == bonus(a)                       # neither x nor y paid out
    assert x not in s.activated and y not in s.activated


def test_activate_in_this_column_only_offers_that_column():
    s, _, (x, _y), _ = _two_targets("column", (2, 1))
    # only x is in column 1: the single target is taken without a question, its own yes/no follows
    assert s.pending().kind == "ask" and s.stack[-1]["c"] == x


def test_activate_in_this_column_only_offers_that_column():
    a = attr_of("bonus", do="coins")
    fill = filler_attrs(2, exclude=[a])
    col_char = char_doing("activate", where="column")
    s = new(pairs={a: col_char, fill[0]: char_doing("coins", n=15), fill[1]: char_doing("coins", n=20)})
    src, x, y = hero(s, a), hero(s, fill[0]), hero(s, fill[1])
    place(s, 0, 1, 1, x)
    place(s, 0, 1, 2, y)
    give_hand(s, 0, [src])
    set_coins(s, 0, s.heroes[src].cost)
    act(s, "hire", src, slot(0, 2, 1))
    act(s, "activate", src)
    # only x is in column 1: the single target is taken without a question, its own yes/no follows
    assert s.pending().kind == "ask" and s.stack[-1]["c"] == x


def test_a_card_still_resolving_cannot_be_activated_by_its_own_chain():
    a = attr_of("bonus", do="coins")
    fill = filler_attrs(1, exclude=[a])
    any_char = plain_activate()
    any_plus_coins = next(c.id for c in sorted(content().characters.values(), key=lambda c: c.id)
                          if [e["do"] for e in c.activation] == ["activate", "coins"] and c.activation[0]["where"] == "any"
                          and "cost_max" not in c.activation[0])
    s = new(pairs={a: any_plus_coins, fill[0]: any_char})
    src, b = hero(s, a), hero(s, fill[0])
    place(s, 0, 1, 1, b)
    give_hand(s, 0, [src])
    set_coins(s, 0, s.heroes[src].cost)
    act(s, "hire", src, slot(0, 1, 2))
    act(s, "activate", src)                  # src → b (the only target)
    events = act(s, "activate", b)           # b finds nothing: src is still resolving, b is itself
    keys = [e.key for e in events]
    assert "misfits.ev.no_target" in keys
    tail = content().characters[any_plus_coins].activation[1]["n"]
    assert s.coins[0] == bonus(a) + tail     # src's own second effect still happened


def _row_setup(first):
    a = attr_of("bonus", do="coins", skip=1)
    fill = filler_attrs(2, exclude=[a])
    row_all = next(c.id for c in content().characters.values()
                   if [e["do"] for e in c.activation] == ["stun_self", "activate_all"] and c.activation[1]["where"] == "row")
    per_act = char_doing("coins_per_activated", n=5)
    plain = char_doing("coins", n=15)
    s = new(pairs={a: row_all, fill[0]: per_act, fill[1]: plain})
    r, c, x = hero(s, a), hero(s, fill[0]), hero(s, fill[1])
    place(s, 0, 1, 1, c)
    place(s, 0, 1, 2, x)
    give_hand(s, 0, [r])
    set_coins(s, 0, s.heroes[r].cost)
    act(s, "hire", r, slot(0, 1, 3))
    act(s, "activate", r)
    assert r in s.stunned                     # stun this card first
    assert s.pending().kind == "all"
    assert {t.target for t in s.legal_actions() if t.kind == "next"} == {c, x}
    order = [c, x] if first == "counter" else [x, c]
    assert {a.source for a in s.legal_actions() if a.kind == "decline"} == {c, x}   # each may be left inactive
    act(s, "next", None, order[0])                     # choosing it next activates it: no second question
    # the last one is taken without asking for an order, but its own activation is still optional
    assert s.pending().kind == "ask" and s.stack[-1]["c"] == order[1]
    act(s, "activate", order[1])
    return s, a


def test_this_turn_counts_earlier_and_current_activations_only():
    s, a = _row_setup("counter")          # row card, then the counter: 2 cards so far
    assert s.coins[0] == bonus(a) + 2 * 5 + 15
    s, a = _row_setup("plain")            # row card, plain card, then the counter: 3
    assert s.coins[0] == bonus(a) + 3 * 5 + 15


def test_stunned_card_cannot_be_activated_and_scores_nothing():
    a = attr_of("bonus", do="coins")
    fill = filler_attrs(2, exclude=[a])
    s = new(pairs={a: plain_activate()})
    src, b, d = hero(s, a), hero(s, fill[0]), hero(s, fill[1])
    place(s, 0, 1, 1, b)
    place(s, 0, 1, 2, d, stunned=True)
    before = s.breakdown(0)["misfits.score.cards"]
    s.stunned.discard(d)
    assert s.breakdown(0)["misfits.score.cards"] == before + s.heroes[d].points
    s.stunned.add(d)
    give_hand(s, 0, [src])
    set_coins(s, 0, s.heroes[src].cost)
    act(s, "hire", src, slot(0, 2, 1))
    act(s, "activate", src)
    assert s.pending().kind == "ask" and s.stack[-1]["c"] == b   # d is face down: b is the only target


def test_discounted_hire_from_an_activation():
    disc = char_doing("hire", discount=8, faction="human")
    a = attr_of("bonus", do="coins")
    human_attr = next(x.id for x in sorted(content().attributes.values(), key=lambda x: x.id)
                      if x.faction == "human" and x.hire["type"] == "bonus" and x.id != a)
    human_char = next(c.id for c in sorted(content().characters.values(), key=lambda c: c.id)
                      if c.faction == "human" and c.id != disc and c.cost >= 4)
    s = new(pairs={a: disc, human_attr: human_char})
    src, h = hero(s, a), hero(s, human_attr)
    assert s.heroes[h].faction == "human"
    give_hand(s, 0, [src, h])
    price = max(0, s.heroes[h].cost - 8)
    set_coins(s, 0, s.heroes[src].cost - bonus(a) + price)
    act(s, "hire", src, slot(0, 1, 1))
    act(s, "activate", src)
    assert s.pending().kind == "hire"
    assert kinds(s) == {"hire", "skip"}
    assert {x.target for x in s.legal_actions() if x.kind == "hire"} == {slot(0, 1, 2), slot(0, 2, 1)}
    act(s, "hire", h, slot(0, 1, 2))
    assert s.tab[0][1] == h
    while s.pending().kind == "take":          # the new card's bonus may ask for influence types
        s.apply(s.legal_actions()[0])
    coin_bonus = sum(e["n"] for e in content().attributes[human_attr].hire["effects"] if e["do"] == "coins")
    assert s.coins[0] == coin_bonus            # paid 8 less (and the new card's own bonus arrived)
    assert s.pending().kind == "ask" and s.stack[-1]["c"] == h


def test_activated_by_another_card_the_hire_box_is_ignored():
    a = attr_of("bonus", do="coins")
    x_attr = attr_of("bonus", do="coins", skip=1)
    x_char = char_doing("coins", n=15)
    s = new(pairs={a: plain_activate(), x_attr: x_char})
    src, x = hero(s, a), hero(s, x_attr)
    place(s, 0, 1, 1, x)
    give_hand(s, 0, [src])
    set_coins(s, 0, s.heroes[src].cost)
    act(s, "hire", src, slot(0, 1, 2))
    act(s, "activate", src)
    act(s, "activate", x)
    assert s.coins[0] == bonus(a) + 15           # x's 💖 bonus did not fire again


def test_choice_effect_offers_each_option():
    a = attr_of("bonus", do="coins")
    c = next(c.id for c in sorted(content().characters.values(), key=lambda c: c.id)
             if c.activation[0]["do"] == "choice" and c.activation[0]["options"][1][0]["do"] == "coins")
    s = new(pairs={a: c})
    h = hero(s, a)
    give_hand(s, 0, [h])
    set_coins(s, 0, s.heroes[h].cost)
    act(s, "hire", h, slot(0, 1, 1))
    act(s, "activate", h)
    assert s.pending().kind == "choice" and len(s.legal_actions()) == 2
    act(s, "option", index=1)
    assert s.coins[0] == bonus(a) + content().characters[c].activation[0]["options"][1][0]["n"]


def test_hire_effect_may_be_skipped():
    a = attr_of("bonus", do="coins")
    other_attr = attr_of("bonus", do="coins", skip=1)
    s = new(pairs={a: char_doing("hire", discount=5)})
    src, other = hero(s, a), hero(s, other_attr)
    give_hand(s, 0, [src, other])
    set_coins(s, 0, s.heroes[src].cost - bonus(a) + s.heroes[other].cost)
    act(s, "hire", src, slot(0, 1, 1))
    act(s, "activate", src)
    assert "skip" in kinds(s)
    act(s, "skip")
    assert other in s.hands[0]


def test_dragging_a_card_during_a_decision_is_refused_with_a_reason():
    import pytest
    from gamecore import IllegalAction
    a = attr_of("bonus", do="coins")
    s = new(pairs={a: char_doing("coins")})
    h, spare = hero(s, a), s.deck[0]
    give_hand(s, 0, [h, spare])
    set_coins(s, 0, 60)
    act(s, "hire", h, slot(0, 1, 1))
    with pytest.raises(IllegalAction) as exc:
        act(s, "hire", spare, slot(0, 1, 2))
    assert exc.value.code == "misfits_not_now"


def test_other_conditions_are_judged_on_the_position():
    s = new()
    fill = filler_attrs(6)
    ids = [hero(s, x) for x in fill]
    data = content()

    def cond_hero(kind, **fields):
        aid = attr_of("condition", kind=kind, **fields)
        return hero(s, aid), data.attributes[aid].hire["condition"]

    h, c = cond_hero("tableau_min", min=8)
    give_hand(s, 0, [h])
    for i, x in enumerate(ids):
        place(s, 0, 1 + i // 4, 1 + i % 4, x)
    assert not s.condition_met(0, h, 6, 0)          # 6 cards < 8
    h, c = cond_hero("quests_min", min=1)
    give_hand(s, 0, [h])
    assert not s.condition_met(0, h, 6, 0)
    s.won[0].append("quest:sea:12")
    assert s.condition_met(0, h, 6, 0)
    h, c = cond_hero("hand_min", min=4)
    give_hand(s, 0, [h] + s.deck[:3])
    assert not s.condition_met(0, h, 6, 0)           # 3 left after hiring
    give_hand(s, 0, [h] + s.deck[:4])
    assert s.condition_met(0, h, 6, 0)
    h, c = cond_hero("more_than_next", what="coins")
    give_hand(s, 0, [h])
    s.coins[1] = 20
    assert s.condition_met(0, h, 6, 21) and not s.condition_met(0, h, 6, 20)
    h, c = cond_hero("adjacent_min", min=2)
    give_hand(s, 0, [h])
    assert s.condition_met(0, h, 6, 0)               # slot 6 (row 2, col 3): left and below are taken
    assert not s.condition_met(0, h, 7, 0)           # slot 7: only below
    h, c = cond_hero("row", **{"in": (4,)})
    assert s.condition_met(0, h, 12, 0) and not s.condition_met(0, h, 8, 0)


def test_a_per_card_effect_that_counts_none_says_why_in_the_log():
    a = attr_of("bonus", do="coins")
    for skip in range(20):                     # a "coins per <faction> card" hero not of that faction
        s = new(pairs={a: char_doing("coins_per", skip=skip)})
        src = hero(s, a)
        faction = s.heroes[src].activation[0]["faction"]
        if s.heroes[src].faction != faction:
            break
    else:
        raise AssertionError("no such hero in the content")
    give_hand(s, 0, [src])
    set_coins(s, 0, s.heroes[src].cost)
    act(s, "hire", src, slot(0, 1, 1))          # the first card: the tableau holds no other
    coins = s.coins[0]
    events = act(s, "activate", src)
    assert s.coins[0] == coins
    assert any(e.key == "misfits.ev.no_gain_coins" and e.params["faction"] == f"$misfits.faction.{faction}"
               for e in events)


def test_a_row_card_with_nothing_to_activate_in_its_row_says_why():
    a = attr_of("bonus", do="coins", skip=1)
    fill = filler_attrs(1, exclude=[a])
    row_all = next(c.id for c in sorted(content().characters.values(), key=lambda c: c.id)
                   if [e["do"] for e in c.activation] == ["stun_self", "activate_all"] and c.activation[1]["where"] == "row")
    s = new(pairs={a: row_all, fill[0]: char_doing("coins", n=15)})
    r, other = hero(s, a), hero(s, fill[0])
    place(s, 0, 2, 1, other)                   # a card in another row only
    give_hand(s, 0, [r])
    set_coins(s, 0, s.heroes[r].cost)
    act(s, "hire", r, slot(0, 1, 1))            # row 1 holds nothing else
    events = act(s, "activate", r)
    assert "misfits.ev.no_gain_all_row" in [e.key for e in events]
    assert other not in s.activated


def test_drawing_from_an_empty_deck_and_discard_says_so():
    s = new()
    s.deck, s.discard = [], []
    events = []
    hand = list(s.hands[0])
    s._draw(0, 2, events)
    assert s.hands[0] == hand
    assert [e.key for e in events] == ["misfits.ev.draw_empty"]
