from gamecore.rangers import testing as T
from gamecore.rangers.state import CC

LEAP, FODDER, FODDER2, SWARM, FLANK = "enemy:putty:0", "enemy:putty:3", "enemy:putty:4", "enemy:putty:6", "enemy:putty:8"
PUMMEL, ENGULF = "enemy:super_putty:0", "enemy:super_putty:3"
SURE_KICK, SURE_KICK2 = "card:yellow:6", "card:yellow:7"
DAGGERS, YBLASTER = "card:yellow:9", "card:yellow:8"
YELLOW = 3


def start(s, ranger, loc, ready=True):
    T.act(s, "battle", f"ranger:{ranger}", f"loc:{loc}")
    if ready and T.top(s) == "prep_draw":
        T.act(s, "ready")


def targets(s, card):
    return {a.target for a in s.legal_actions() if a.kind == "play" and a.source == card}


def test_battle_core_flow_guard_hits_defence_and_cleanup(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("yellow",))
    T.stack(s, "edeck:putty", [LEAP, FODDER])
    T.set_hand(s, YELLOW, [SURE_KICK, SURE_KICK2])
    T.stack(s, "deck:3", [DAGGERS])                      # 3 shields against Leaping Attack's 3
    supply = s.d["energy_supply"]
    start(s, "yellow", "juice_bar")
    b = s.d["battle"]
    assert s.d["pool"] == 2 and s.d["energy_supply"] == supply - 2
    assert b["rows"] == [[], [LEAP, FODDER]]
    assert T.top(s) == "ranger_turn"                    # no FAST: the rangers go first
    assert targets(s, SURE_KICK) == {FODDER}           # LEAP sits next to a GUARD card
    T.act(s, "play", SURE_KICK, FODDER)
    assert b["hits"][FODDER] == 2 and FODDER not in b["defeated"]
    # enemy turn: Leaping Attack, 3 damage to the only ranger; Power Daggers (3 shields) is revealed and discarded
    st = s.d["seats"][YELLOW]
    assert DAGGERS in st["discard"]
    assert T.top(s) == "ranger_turn"
    T.act(s, "play", SURE_KICK2, FODDER)
    assert FODDER in b["defeated"]
    assert s.d["locs"]["juice_bar"]["fs"]["putty"] == 1 and s.d["xp"]["putty"] == 1
    # FODDER's turn does nothing (defeated); then the final ranger turn
    assert FODDER in b["resolved"] and T.top(s) == "ranger_turn"
    T.act(s, "pass")
    assert s.d["battle"] is None
    assert LEAP in s.d["edeck"]["putty"] and FODDER in s.d["edeck"]["putty"]
    assert s.d["pool"] == 0 and s.invariants() == []


def test_defence_reveals_compare_shields_with_damage(battle_at):
    s = battle_at(rangers=("yellow",))
    st = s.d["seats"][YELLOW]
    T.stack(s, "deck:3", [DAGGERS])          # 3 shields
    assert s._defend(YELLOW, 2, False) is False
    assert st["deck"][-1] == DAGGERS         # more shields than damage: bottom of the deck
    T.stack(s, "deck:3", [DAGGERS])
    s._defend(YELLOW, 3, False)
    assert st["discard"][-1] == DAGGERS      # equal: discarded
    T.stack(s, "deck:3", [YBLASTER, SURE_KICK])  # 1 + 2 shields against 3
    s._defend(YELLOW, 3, False)
    assert st["discard"][-2:] == [YBLASTER, SURE_KICK]


def test_fast_card_goes_left_and_enemies_act_first(battle_at):
    s = battle_at(loc="industrial", fs={"super_putty": 2}, rangers=("yellow",))
    T.stack(s, "edeck:super_putty", [PUMMEL, ENGULF])
    start(s, "yellow", "industrial")
    b = s.d["battle"]
    assert b["rows"][1] == [ENGULF, PUMMEL]
    assert b["resolved"] == [ENGULF] and s.d["pool"] == 1   # Engulf drained 1 before the rangers' first turn
    assert T.top(s) == "ranger_turn"


def test_more_than_four_foot_soldiers_lead_chooses_the_mix(battle_at):
    s = battle_at(fs={"putty": 3, "super_putty": 3}, rangers=("yellow",))
    start(s, "yellow", "juice_bar")
    assert T.top(s) == "fs_select"
    opts = sorted(a.get("putty") for a in s.legal_actions())
    assert opts == [1, 2, 3]
    T.act(s, "fight", "ranger:yellow", "loc:juice_bar", putty=1, super_putty=3)
    b = s.d["battle"]
    foes = [s.C.enemy_deck[c] for c in b["rows"][1]]
    assert foes.count("putty") == 1 and foes.count("super_putty") == 3


def test_monster_cards_form_the_top_row_and_guard_covers_the_card_below(battle_at):
    s = battle_at(fs={"putty": 1}, bigs=("bones",), rangers=("yellow",))
    T.stack(s, "edeck:bones", ["enemy:bones:7", "enemy:bones:5", "enemy:bones:6", "enemy:bones:0"])
    T.stack(s, "edeck:putty", [LEAP])
    T.set_hand(s, YELLOW, [SURE_KICK])
    start(s, "yellow", "juice_bar")
    b = s.d["battle"]
    # each FAST card drawn goes to the left end: Skull Rush (drawn last) leads, Reassemble stays right
    assert b["rows"][0] == ["enemy:bones:0", "enemy:bones:6", "enemy:bones:5", "enemy:bones:7"]
    assert b["rows"][1] == [LEAP]
    assert b["resolved"] == ["enemy:bones:0"]            # FAST: the enemies took the first turn
    assert T.top(s) == "ranger_turn"
    assert LEAP not in targets(s, SURE_KICK)            # Skull Rush (GUARD) sits right above it
    assert "enemy:bones:0" in targets(s, SURE_KICK)


def test_guards_do_not_guard_guards(battle_at):
    s = battle_at(fs={"putty": 3}, rangers=("yellow",))
    T.stack(s, "edeck:putty", [FODDER, FODDER2, LEAP])
    T.set_hand(s, YELLOW, [SURE_KICK])
    start(s, "yellow", "juice_bar")
    assert targets(s, SURE_KICK) == {FODDER, FODDER2}


def test_arcing_arrow_ignores_guard_and_non_attack_hits_land_on_guarded_cards(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("pink",))
    T.stack(s, "edeck:putty", [LEAP, FODDER])
    T.set_hand(s, 4, ["card:pink:4"])
    start(s, "pink", "juice_bar")
    assert T.top(s) == "choose_enemy"                  # Kimberly: 1 hit at the start of every battle
    T.act(s, "target", "ranger:pink", LEAP)
    assert s.d["battle"]["hits"][LEAP] == 1
    if T.top(s) == "prep_draw":
        T.act(s, "ready")
    assert targets(s, "card:pink:4") == {LEAP, FODDER}


def test_passive_card_skips_its_turn_and_boosts_the_others(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("yellow",))
    T.stack(s, "edeck:putty", [FLANK, LEAP])
    T.stack(s, "deck:3", [DAGGERS, YBLASTER, SURE_KICK])    # 3 + 1 + 2 shields
    T.set_hand(s, YELLOW, ["card:yellow:2"])
    start(s, "yellow", "juice_bar")
    T.act(s, "pass")
    b = s.d["battle"]
    assert FLANK in b["resolved"]                          # its turn did nothing
    T.act(s, "pass")
    # Leaping Attack: 3 + 1 (Flanking) = 4 damage: Daggers (3) discarded, Blaster (1) discarded
    st = s.d["seats"][YELLOW]
    assert st["discard"][-2:] == [DAGGERS, YBLASTER]


def test_reaction_reduces_damage(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red",))
    T.stack(s, "edeck:putty", [LEAP])
    T.set_hand(s, 0, ["card:red:6"])
    start(s, "red", "juice_bar")
    T.act(s, "pass")
    assert T.top(s) == "react"
    deck_before = list(s.d["seats"][0]["deck"])
    T.act(s, "react", "card:red:6", "ranger:red")
    assert s.d["seats"][0]["deck"] == deck_before          # 3 - 3 = 0 damage: nothing revealed
    assert "card:red:6" in s.d["seats"][0]["discard"]


def test_after_attack_reaction_from_another_ranger(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red", "yellow"))
    T.stack(s, "edeck:putty", [SWARM])
    T.set_hand(s, 0, ["card:red:8"])
    T.set_hand(s, YELLOW, ["card:yellow:0"])
    start(s, "red", "juice_bar")
    T.act(s, "play", "card:red:8", SWARM, x=1)            # Blade Blaster, X = 1 hit
    assert s.d["battle"]["hits"][SWARM] == 1
    assert T.top(s) == "react"
    T.act(s, "react", "card:yellow:0", SWARM)
    assert s.d["battle"]["hits"][SWARM] == 2


def test_damage_is_assigned_by_the_team_and_defeat_sends_the_ranger_home(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red", "yellow"))
    T.stack(s, "edeck:putty", [LEAP])
    T.set_hand(s, YELLOW, [])
    T.set_hand(s, 0, [])
    st = s.d["seats"][YELLOW]
    keep = st["deck"][0]
    for c in st["deck"][1:]:
        st["discard"].append(c)
    st["deck"] = [keep]
    start(s, "red", "juice_bar")
    T.act(s, "pass")
    assert T.top(s) == "damage"
    T.act(s, "assign_damage", LEAP, "ranger:yellow")
    assert s.d["rloc"]["yellow"] == CC and s.d["cc_energy"] == 2
    assert len(st["hand"]) == 5 and len(st["deck"]) == 5 and st["discard"] == []
    assert s.d["battle"]["rangers"] == ["red"]


def test_lead_defeated_passes_the_lead_and_no_energy_loses(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red",))
    s.d["energy_supply"] += s.d["cc_energy"]
    s.d["cc_energy"] = 0
    T.stack(s, "edeck:putty", [LEAP])
    st = s.d["seats"][0]
    T.set_hand(s, 0, [])
    st["discard"].extend(st["deck"][1:])
    st["deck"] = st["deck"][:1]
    start(s, "red", "juice_bar")
    T.act(s, "pass")
    if not s.is_over() and T.top(s) == "react":
        T.act(s, "pass")
    assert s.result().outcome == "loss" and s.result().reason == "rangers.result.no_energy"


def test_energy_drain_takes_pool_then_tokens_then_cards(battle_at):
    s = battle_at(loc="industrial", fs={"super_putty": 1}, rangers=("red", "black"))
    T.stack(s, "edeck:super_putty", [ENGULF])
    start(s, "red", "industrial")
    assert s.d["pool"] == 1
    s._push({"t": "drain", "n": 2, "src": ENGULF})
    s._advance()
    assert s.d["pool"] == 0
    assert T.top(s) == "drain" and T.kinds(s) == {"drain_energy"}     # two holders, one more energy to drain
    T.act(s, "drain_energy", "energy:1", "supply")
    assert s.d["seats"][1]["energy"] == 0 and s.d["seats"][0]["energy"] == 1
    s._push({"t": "drain", "n": 2, "src": ENGULF})
    s._advance()
    assert s.d["seats"][0]["energy"] == 0 and T.kinds(s) == {"discard"}
    # one point still owed: each ranger in the battle discards a card (Red first, then Black)
    assert T.top(s) == "drain_discard" and s.d["stack"][-1]["seat"] == 0
    red_hand = list(s.d["seats"][0]["hand"])
    T.act(s, "discard", red_hand[0], "discard:0")
    hand = list(s.d["seats"][1]["hand"])
    T.act(s, "discard", hand[0], "discard:1")
    assert red_hand[0] in s.d["seats"][0]["discard"] and hand[0] in s.d["seats"][1]["discard"]


def test_spend_an_action_token_or_own_energy_into_the_pool(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("yellow",))
    start(s, "yellow", "juice_bar")
    T.act(s, "give_energy", "energy:3", "pool")
    assert s.d["pool"] == 3 and s.d["seats"][YELLOW]["energy"] == 0
    T.act(s, "spend_action", "action:3", "pool")
    assert s.d["pool"] == 5 and s.d["seats"][YELLOW]["actions"] == 0


def test_blade_blaster_hits_equal_energy_spent(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("yellow",))
    T.stack(s, "edeck:putty", [FODDER])
    T.set_hand(s, YELLOW, [YBLASTER])
    start(s, "yellow", "juice_bar")
    xs = sorted(a.get("x") for a in s.legal_actions() if a.source == YBLASTER)
    assert xs == [1, 2]
    T.act(s, "play", YBLASTER, FODDER, x=2)
    assert s.d["battle"]["hits"][FODDER] == 2 and s.d["pool"] == 0


def test_leftover_energy_is_shared_one_per_ranger(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red", "black"))
    for seat in (0, 1):
        s.d["seats"][seat]["energy"] = 0
        s.d["energy_supply"] += 1
    T.stack(s, "edeck:putty", [FODDER])
    T.set_hand(s, 0, ["card:red:8"])
    start(s, "red", "juice_bar")
    T.act(s, "play", "card:red:8", FODDER, x=1)
    # pool is 1 with two empty rangers: the team chooses who keeps it at cleanup
    while T.top(s) in ("ranger_turn", "react", "damage"):
        if T.top(s) == "damage":
            T.act(s, "assign_damage", FODDER, "ranger:red")
        else:
            T.act(s, "pass")
    assert T.top(s) == "cleanup"
    T.act(s, "take_energy", "pool", "seat:1")
    assert s.d["seats"][1]["energy"] == 1 and s.d["seats"][0]["energy"] == 0


def test_monster_defeated_at_four_discards_summons_a_zord(battle_at):
    s = battle_at(fs={"putty": 2}, bigs=("knasty",), rangers=("yellow",))
    d = s.d
    for c in ("enemy:knasty:0", "enemy:knasty:1", "enemy:knasty:2"):
        d["edeck"]["knasty"].remove(c)
        d["ediscard"]["knasty"].append(c)
    T.stack(s, "edeck:knasty", ["enemy:knasty:5", "enemy:knasty:6", "enemy:knasty:3", "enemy:knasty:4"])
    T.stack(s, "edeck:putty", [LEAP, LEAP.replace(":0", ":1")])
    T.stack(s, "zords", ["sabertooth"])
    T.set_hand(s, YELLOW, [YBLASTER])
    start(s, "yellow", "juice_bar")
    d["pool"] += 2
    d["energy_supply"] -= 2
    target = "enemy:knasty:5"
    assert d["battle"]["rows"][0][0] == target
    T.act(s, "play", YBLASTER, target, x=4)
    assert target in d["battle"]["defeated"]
    while not s.is_over() and d["battle"] is not None:
        a = s.legal_actions()
        pref = [x for x in a if x.kind in ("pass", "ready")] or a
        s.apply(pref[0])
    assert "knasty" in d["big_out"] and d["locs"]["juice_bar"]["big"] == []
    assert d["locs"]["juice_bar"]["fs"]["putty"] == 0
    assert "sabertooth" in d["zords"] and d["power"] == 1
    assert s.invariants() == []


def test_guard_links_are_what_the_engine_targets():
    """The table draws GUARD links from the engine; they must agree with what can be attacked."""
    import gamecore
    from gamecore.engine import Rng

    checked = 0
    for seed in range(40):
        s = gamecore.start("rangers", seed=seed, players=4)
        rng = Rng(seed)
        while not s.is_over() and checked < 30:
            b = s.d["battle"]
            if b is not None and b["order"]:
                protected = {n for _, n in s.guard_links()}
                targets = set(s._targets())
                for c in b["order"]:
                    if c not in b["defeated"]:
                        assert s.is_guarded(c) == (c in protected)
                        if s.is_guarded(c):
                            assert c not in targets
                if protected:
                    checked += 1
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert checked > 0, "no battle with a guard link was reached"


def test_battle_preparation_draws_up_to_the_hand_size_in_one_click(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red", "black"))
    T.set_hand(s, 0, [])
    T.set_hand(s, 1, ["card:black:0"])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    assert T.top(s) == "prep_draw" and "draw_team" in T.kinds(s)
    T.act(s, "draw_up", "deck:0", "hand:0", n=5)
    assert len(s.d["seats"][0]["hand"]) == 5 and "draw_team" not in T.kinds(s)   # only Black is short now
    T.act(s, "draw_up", "deck:1", "hand:1", n=4)
    assert len(s.d["seats"][1]["hand"]) == 5 and T.top(s) != "prep_draw"         # nothing left to draw


def test_the_whole_team_draws_up_at_once(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red", "black"))
    T.set_hand(s, 0, [])
    T.set_hand(s, 1, [])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    T.act(s, "draw_team")
    assert [len(s.d["seats"][i]["hand"]) for i in (0, 1)] == [5, 5]
