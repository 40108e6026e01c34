"""Weapons (§2 rule 46, the base game's rule): a hero wields any number of weapons whose Skill needs add up
to at most its Skill; the hero chooses how only when the ways differ in a way that matters (issue 10)."""
from __future__ import annotations

from gamecore.barricades import rules as R
from gamecore.barricades.content import content
from gamecore.barricades.testing import act, first_until, new, roll_fixed, set_hand, set_monster

C = content()


def _to_battle_in_the_wilderness(s):
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    act(s, "place", target="village")
    first_until(s, "move")
    act(s, "move", target="room:wilderness")
    assert s.pending().kind == "battle"


def test_a_hero_wields_every_weapon_its_skill_allows():
    s = new(players=1)
    roll_fixed(s, {0: []})
    set_hand(s, 0, ["garrik_1", "dagger", "longsword"])       # Sk 3: dagger (1) + longsword (2) both fit
    assert len(R.wield_options(s.d, C, 0)) == 1                # nothing to choose
    calc = R.party_attack(s.d, C, [0], R.WILD)
    assert calc["physical"] == 2 + 1 + 2


def test_the_weapon_a_hero_has_a_bonus_with_is_wielded_not_the_biggest():
    s = new(players=1)
    roll_fixed(s, {0: []})
    set_hand(s, 0, ["nyssa_1", "longsword", "hunting_bow"])   # Sk 2: the bow (+1, and +2 with a bow) beats +2
    options = R.wield_options(s.d, C, 0)
    assert len(options) == 1 and options[0]["a"] == 3
    assert R.party_attack(s.d, C, [0], R.WILD)["physical"] == 1 + 3


def test_a_real_choice_is_asked_before_the_battle_and_counts():
    s = new(players=1)
    roll_fixed(s, {0: []})
    set_hand(s, 0, ["adventurer", "dagger", "staff"])         # Sk 1: the dagger (+1 A) or the staff (+1 M)
    _to_battle_in_the_wilderness(s)
    act(s, "fight")
    dec = s.pending()
    assert dec.kind == "wield" and dec.seat == 0
    legal = s.legal_actions()
    assert sorted((a.get("a"), a.get("m")) for a in legal) == [(0, 1), (1, 0)]
    staff = next(a for a in legal if a.get("m") == 1)
    events = s.apply(staff)
    won = next(e for e in events if e.key.endswith(("battle_won", "battle_lost")))
    assert won.params["physical"] == 1 and won.params["magic"] == 1      # the Adventurer's 1 A + the staff's 1 M
    assert any(e.key.endswith(".wielded") for e in events)


def test_no_question_when_the_ways_of_wielding_give_the_same_numbers():
    s = new(players=1)
    roll_fixed(s, {0: []})
    set_hand(s, 0, ["adventurer", "adventurer", "dagger"])     # either Adventurer: the same +1
    _to_battle_in_the_wilderness(s)
    act(s, "fight")
    assert s.pending().kind != "wield"


def test_a_chosen_way_falls_back_to_the_best_when_a_card_has_left_the_hand():
    s = new(players=1)
    roll_fixed(s, {0: []})
    adv, dagger, staff = set_hand(s, 0, ["adventurer", "dagger", "staff"])
    s.d["p"][0]["wield"] = [[staff, adv]]
    assert R.party_attack(s.d, C, [0], R.WILD)["magic"] == 1
    s.d["p"][0]["hand"].remove(staff)
    s.d["p"][0]["discard"].append(staff)
    assert R.wielded(s.d, C, 0) == [[dagger, adv]]


def test_a_potion_can_be_drunk_after_the_battle_at_spoils():
    """Potions work any time (§2 rule 39): after a battle's wounds too, before the next hand is drawn."""
    s = new(players=1)
    roll_fixed(s, {0: []})
    set_hand(s, 0, ["garrik_1", "longsword"])         # 4 against the Giant Rat's 4 HP: a win
    s.d["p"][0]["gear"]["potion"] = 1
    s.d["gear_supply"]["potion"] -= 1
    _to_battle_in_the_wilderness(s)
    s.d["p"][0]["wounds"] = 2                   # as if the fight had hurt: hand size 5 next turn
    act(s, "fight")
    first_until(s, "spoils", prefer=("skip",))
    assert s.pending().kind == "spoils"
    act(s, "gear", source="gear:potion:0")
    assert s.d["p"][0]["wounds"] == 1 and R.hand_size(C, 1) == 6


def test_the_wield_question_names_the_player_it_asks():
    s = new(players=1)
    roll_fixed(s, {0: []})
    set_hand(s, 0, ["adventurer", "dagger", "staff"])
    _to_battle_in_the_wilderness(s)
    act(s, "fight")
    assert s.pending().args["player"] == 1
