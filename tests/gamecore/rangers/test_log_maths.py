"""The log explains the card maths: every number computed from more than one source names them."""
import json

from gamecore.rangers import testing as T
from gamecore.resources import asset_path

SWARM, FODDER, LEAP = "enemy:putty:6", "enemy:putty:3", "enemy:putty:0"
OPENING_KICK, PRECISION = "card:red:2", "card:blue:6"
RED, BLUE = 0, 2


def keys(events, prefix):
    return [e for e in events if e.key.startswith("rangers.ev." + prefix)]


def text(key, lang="en", **params):
    from ui import i18n
    before = i18n.language()
    i18n.set_language(lang)
    try:
        return i18n.t(key, **params)
    finally:
        i18n.set_language(before)


def en():
    return json.load(open(asset_path("data", "rangers", "i18n.en.json"), encoding="utf-8"))


def test_bonus_dice_name_the_card_they_came_from(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("red", "blue"))
    T.stack(s, "edeck:putty", [FODDER, "enemy:putty:4"])
    T.set_hand(s, RED, [OPENING_KICK])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    while T.top(s) != "ranger_turn":
        s.apply(s.legal_actions()[-1])
    T.act(s, "play", OPENING_KICK, FODDER)               # 2 dice, and +1 die to the next attack
    b = s.d["battle"]
    assert b["bonus_dice"] == 1 and b["bonus_from"] == [[1, "$rangers.card.red_opening_kick.name"]]
    s.d["battle"]["bonus_dice"] = 1
    ev = []
    s._effect_attack({"op": "attack", "dice": 3}, {"seat": BLUE, "ranger": "blue", "card": None,
                                                   "target": b["order"][-1]})
    ev = s._ev
    bonus = keys(ev, "dice_bonus")
    assert [e.key for e in bonus] == ["rangers.ev.dice_bonus"]
    assert bonus[0].params["what"] == "$rangers.card.red_opening_kick.name" and bonus[0].params["dice"] == 4
    assert b["bonus_from"] == [] and b["bonus_dice"] == 0


def test_swarm_damage_counts_the_foot_soldier_cards_standing(battle_at):
    s = battle_at(fs={"putty": 3}, rangers=("red",))
    T.stack(s, "edeck:putty", [SWARM, FODDER, "enemy:putty:4"])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    while T.top(s) != "ranger_turn":
        s.apply(s.legal_actions()[-1])
    s._ev = []
    s._effect_damage({"op": "damage", "n": 1, "to": "choose", "per_fs": True}, {"enemy": SWARM})
    swarm = keys(s._ev, "swarm_damage")
    assert len(swarm) == 1 and swarm[0].params == {"base": 1, "n": 3, "total": 4}
    assert text(swarm[0].key, **swarm[0].params) == "Swarm: 1 + 3 foot-soldier cards standing = 4 damage."
    assert text(swarm[0].key, base=1, n=1, total=2) == "Swarm: 1 + 1 foot-soldier card standing = 2 damage."
    assert "3" in text(swarm[0].key, "ja", **swarm[0].params)


def test_special_defence_says_where_the_extra_shield_came_from(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("blue",))
    T.stack(s, "deck:2", [PRECISION])
    s._ev = []
    s._defend(BLUE, 1, False)
    bonus = keys(s._ev, "defence_bonus")
    assert [e.key for e in bonus] == ["rangers.ev.defence_bonus"]
    assert text(bonus[0].key, **bonus[0].params).endswith("★: +1 shield.")
    shown = keys(s._ev, "defence_revealed")[0]
    assert shown.params["shields"] == s.C.card_def["blue_precision_strike"]["shields"] + 1


def test_a_mill_names_the_card_it_discarded(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red",))
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    top = s.d["seats"][RED]["deck"][0]
    s._ev = []
    s._effect_mill({"op": "mill", "n": 1}, {"enemy": LEAP})
    milled = keys(s._ev, "milled")
    assert milled and milled[0].params["card"] == f"$rangers.card.{s.C.card_of[top]}.name"


def test_a_skipped_follow_up_says_why(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("yellow",))
    s._ev = []
    ctx = {"seat": 3, "ranger": "yellow", "card": "card:yellow:4", "killed": False}
    s._effect_on_kill({"op": "on_kill", "effects": []}, ctx, {"ref": ["card", "yellow_chain_strike"], "ctx": "1"}, 1)
    skipped = keys(s._ev, "follow_up_skipped")
    assert skipped and skipped[0].cause == "rangers.cause.target_survived"
    assert skipped[0].params["what"] == "$rangers.card.yellow_chain_strike.name"


def test_energy_returned_says_the_holders_were_full(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red",))
    T.stack(s, "edeck:putty", [FODDER])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    events = T.finish_battle(s)
    back = keys(events, "energy_returned")
    assert back and back[0].cause == "rangers.cause.holders_full"


def test_english_plurals_follow_the_count():
    assert text("rangers.ev.dice_bonus", n=1, what="X", dice=3) == "+1 die from X (3 dice in all)."
    assert text("rangers.ev.dice_bonus", n=2, what="X", dice=4) == "+2 dice from X (4 dice in all)."
    assert text("rangers.ev.zero_cost_only", card="C", n=1).endswith("1 card in hand costs energy.")
    assert text("rangers.ev.zero_cost_only", card="C", n=2).endswith("2 cards in hand cost energy.")
