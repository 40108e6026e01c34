"""Scenario #13 "Attack on Cyclopsis": its deployment deck, the figure beside a location, Cyclopsis as
a monster with starting hits, the boss joined by Cyclopsis, narrative events, playouts."""
import json
import re

import pytest

import gamecore
from gamecore.rangers import testing as T
from gamecore.rangers.cyclopsis import (
    CORE, CYC, CYC_DEPLOY, FIGURE, HEAD, LEFT_ARM, LEFT_LEG, RIGHT_ARM, RIGHT_LEG, SCENARIO,
)
from gamecore.resources import asset_path

UNSTOPPABLE, UNSTOPPABLE2 = "cyccard:0", "cyccard:1"
SURE_KICK, SURE_KICK2 = "card:yellow:6", "card:yellow:7"
LEAP = "enemy:putty:0"
RITA_CURSE, RITA_HEX = "enemy:rita:1", "enemy:rita:4"
YELLOW = 3
SC = {"scenario": SCENARIO}


def scen(players=5, seed=1, **opt):
    return T.new_game(players=players, seed=seed, **SC, **opt)


drive = T.finish_battle
keys = T.event_names


# ------------------------------------------------------------------ set-up
@pytest.mark.parametrize("seed", range(4))
def test_deployment_deck_is_16_foot_soldier_cards_in_piles_a_b_c_d(seed):
    s = scen(seed=seed)
    d, C = s.d, s.C
    kind = [C.foe_kind[C.deploy_cards[c]["foe"]] for c in d["deploy"]]
    assert len(d["deploy"]) == 19
    assert kind[:4] == ["foot"] * 4                                   # pile A: nothing added
    assert kind[4:8] == ["foot"] * 4 and kind[8] == "monster"         # pile B: a monster at the bottom
    assert kind[9:13] == ["foot"] * 4 and d["deploy"][13] == CYC_DEPLOY  # pile C: Cyclopsis at the bottom
    assert kind[14:18] == ["foot"] * 4 and kind[18] == "boss"         # pile D: a boss at the bottom
    removed = d["deploy_removed"]
    assert len(removed) == 4 and all(C.deploy_cards[c]["figures"] == 2 for c in removed)
    assert sorted(C.deploy_cards[c]["back"] for c in removed) == sorted(C.outer)   # one per location
    assert len(d["deploy_unused"]) == len(C.monsters) - 1 + len(C.bosses) - 1
    assert d["cyc"]["state"] == "reserve" and d["cyc"]["role"] == "monster"
    assert sorted(d["edeck"][CYC]) == sorted(C.cyc["deck"])
    assert s.invariants() == []


def test_four_deployments_per_phase_and_the_start_narrative():
    s = scen(seed=3)
    ev = T.act(s, "deploy", "deck:deployment")
    assert keys(ev).count("deploy_revealed") == 4
    story = [e for e in ev if e.key == "rangers.ev.cyc13_story"]
    assert story and story[0].params["story"] == "$rangers.story.cyclopsis13.start"
    assert ev.index(story[0]) < keys(ev).index("deploy_revealed")


# ------------------------------------------------------------------ the figure beside a location
def test_figure_goes_next_to_the_location_with_fewest_enemies_and_panics_it():
    s = scen()
    T.clear_board(s)
    d = s.d
    d["ring"] = ["juice_bar", "park", "industrial", "high_school"]
    T.put_fs(s, "juice_bar", "putty", 3)
    T.put_fs(s, "park", "putty", 1)
    T.put_fs(s, "industrial", "super_putty", 2)
    s._ev = []
    s._cyc_end_of_deploy()
    assert d["cyc"]["state"] == "beside" and d["cyc"]["loc"] == "park"
    assert d["locs"]["park"]["panic"]
    assert d["locs"]["park"]["big"] == [] and s._enemies_at("park") == 1   # the figure is not counted
    assert any(e.key == "rangers.ev.cyc_figure_beside" and e.target == "loc:park" for e in s._ev)
    assert s.invariants() == []


def test_a_tie_for_fewest_enemies_is_the_teams_choice():
    s = scen()
    T.clear_board(s)
    T.skip_to_actions(s)
    T.put_fs(s, "juice_bar", "putty", 2)
    T.put_fs(s, "industrial", "super_putty", 2)
    T.put_fs(s, "park", "putty", 4)
    s._cyc_end_of_deploy()
    assert T.top(s) == "cyc_place"
    assert {a.target for a in s.legal_actions()} == {"loc:juice_bar", "loc:industrial"}
    assert {a.source for a in s.legal_actions()} == {FIGURE}
    T.act(s, "cyc_place", FIGURE, "loc:industrial")
    assert s.d["cyc"]["loc"] == "industrial" and s.d["locs"]["industrial"]["panic"]


def test_no_enemy_anywhere_means_no_placement():
    s = scen()
    T.clear_board(s)
    s._cyc_end_of_deploy()
    assert s.d["cyc"]["state"] == "reserve"


def test_battle_next_to_the_figure_reveals_before_and_after_and_clearing_rewards_two_xp():
    s = scen()
    T.clear_board(s)
    T.skip_to_actions(s)
    T.put_fs(s, "juice_bar", "putty", 1)
    T.place_beside(s, "juice_bar")
    T.set_panic(s, "juice_bar")
    T.move_rangers(s, "juice_bar", ["yellow"])
    T.set_hand(s, YELLOW, [SURE_KICK])
    T.stack(s, "edeck:putty", [LEAP])
    T.stack(s, "edeck:cyclopsis", [UNSTOPPABLE, UNSTOPPABLE2])
    ev = T.act(s, "battle", "ranger:yellow", "loc:juice_bar")
    if T.top(s) == "prep_draw":
        ev += T.act(s, "ready")
    first = [e for e in ev if e.key == "rangers.ev.cyc_card_revealed"]
    assert [e.source for e in first] == [UNSTOPPABLE]
    assert first[0].cause == "rangers.cause.cyc_why_beside"
    assert T.top(s) == "ranger_turn"                      # the card came before the first turn
    ev = T.act(s, "play", SURE_KICK, LEAP)              # the last enemy falls: the battle ends
    revealed = [e for e in ev if e.key == "rangers.ev.cyc_card_revealed"]
    assert [e.source for e in revealed] == [UNSTOPPABLE2]
    assert revealed[0].cause == "rangers.cause.cyc_why_beside_end"
    d = s.d
    assert d["ediscard"][CYC] == [] and sorted(d["edeck"][CYC]) == sorted(s.C.cyc["deck"])  # both shuffled back
    assert not d["locs"]["juice_bar"]["panic"]
    assert d["cyc"]["state"] == "reserve"                 # the figure leaves
    assert T.top(s) == "cyc_xp"                           # both types in the supply: the team chooses
    xp = sum(d["xp"].values())
    T.act(s, "cyc_xp", "supply:putty", "track:xp")
    T.act(s, "cyc_xp", "supply:super_putty", "track:xp")
    assert sum(d["xp"].values()) == xp + 2
    assert s.invariants() == []


# ------------------------------------------------------------------ Cyclopsis deployed
def _deploy_scenario_cyclopsis(s, beside="park"):
    d, C = s.d, s.C
    T.clear_board(s)
    d["ring"] = ["juice_bar", "park", "industrial", "high_school"]
    T.place_beside(s, beside)
    one = next(k for k, v in C.deploy_cards.items() if v["foe"] == "putty" and v["figures"] == 1
               and k not in d["deploy_removed"])
    to_bar = next(k for k, v in C.deploy_cards.items() if v["back"] == "juice_bar" and k != one
                  and k not in d["deploy_removed"])
    T.stack(s, "deployment", [one, CYC_DEPLOY, to_bar])
    s._ev = []
    s._deploy_once()
    return s._ev


def test_deploying_cyclopsis_puts_the_starting_hits_on_its_parts_and_tells_the_story():
    s = scen()
    ev = _deploy_scenario_cyclopsis(s)
    d = s.d
    assert d["cyc"]["state"] == "deployed" and d["cyc"]["loc"] == "juice_bar"
    assert d["cyc"]["hits"] == {HEAD: 2, CORE: 2, RIGHT_ARM: 1, LEFT_ARM: 1, RIGHT_LEG: 1, LEFT_LEG: 1}
    assert d["locs"]["park"]["fs"]["putty"] == 1          # pushed on clockwise
    assert any(e.key == "rangers.ev.cyc_figure_leaves" for e in ev)
    assert any(e.params.get("story") == "$rangers.story.cyclopsis13.deployed" for e in ev)
    assert s.invariants() == []


def test_in_the_scenario_defeated_sides_are_ignored_except_the_cores():
    s = scen()
    T.clear_board(s)
    T.skip_to_actions(s)
    T.deploy_cyclopsis(s, "juice_bar", down=[RIGHT_ARM, LEFT_ARM, RIGHT_LEG, LEFT_LEG, HEAD], hits={CORE: 7})
    T.move_rangers(s, "juice_bar", ["red", "yellow"])
    T.set_hand(s, YELLOW, [SURE_KICK])
    T.stack(s, "edeck:cyclopsis", [UNSTOPPABLE])
    s.d["zords"]["pterodactyl"] = {"seat": 4, "exhausted": False}
    s.d["zords"]["sabertooth"] = {"seat": YELLOW, "exhausted": False}
    s.d["power"] = 2
    T.act(s, "battle", "ranger:yellow", "loc:juice_bar")
    if T.top(s) == "prep_draw":
        T.act(s, "ready")
    assert T.top(s) == "ranger_turn"                     # no bottom-decking: the defeated right leg is ignored
    assert any(a.kind == "zord" for a in T.team_actions(s))   # the defeated head does not hurt either
    ev = T.act(s, "play", SURE_KICK, CORE)               # the Core falls: its defeated side still counts
    assert CORE in s.d["cyc"]["down"]
    assert T.top(s) == "cyc_split"
    T.act(s, "split_damage", CORE, "ranger:red", n=10)
    ev += drive(s)
    assert not any(e.key == "rangers.ev.cyc_mill_bottom" for e in ev)


def test_unstoppable_force_ignores_the_defeated_arms_in_the_scenario():
    s = scen()
    T.clear_board(s)
    T.skip_to_actions(s)
    T.deploy_cyclopsis(s, "juice_bar", down=[RIGHT_ARM, LEFT_ARM])
    T.move_rangers(s, "juice_bar", ["red", "yellow"])
    T.set_hand(s, 0, [])                                  # no reactions to reduce the damage
    T.set_hand(s, YELLOW, [])
    T.stack(s, "edeck:cyclopsis", [UNSTOPPABLE, UNSTOPPABLE2])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    ev = drive(s)
    dmg = [e for e in ev if e.key == "rangers.ev.damage_taken" and e.source in (UNSTOPPABLE, UNSTOPPABLE2)]
    assert dmg and all(e.params["n"] == 3 for e in dmg)


def test_scenario_cyclopsis_defeat_counts_as_a_monsters_and_summons_a_zord():
    s = scen()
    T.clear_board(s)
    T.skip_to_actions(s)
    T.deploy_cyclopsis(s, "juice_bar", down=[RIGHT_ARM, LEFT_ARM, RIGHT_LEG, LEFT_LEG, CORE], hits={HEAD: 4})
    T.set_panic(s, "juice_bar")
    T.move_rangers(s, "juice_bar", ["yellow"])
    T.set_hand(s, YELLOW, [SURE_KICK])
    power = s.d["power"]
    T.act(s, "battle", "ranger:yellow", "loc:juice_bar")
    while T.top(s) != "ranger_turn":
        s.apply(s.legal_actions()[0])
    ev = T.act(s, "play", SURE_KICK, HEAD)
    ev += drive(s)
    d = s.d
    assert "foe_defeated" in keys(ev) and not s.is_over()
    assert d["cyc"]["state"] == "defeated" and d["big_loc"][CYC] is None and CYC in d["big_out"]
    while T.top(s) == "summon":
        s.apply(s.legal_actions()[0])
    assert d["power"] == power + 1
    assert not d["locs"]["juice_bar"]["panic"]             # no longer held at its limit
    assert s.invariants() == []


# ------------------------------------------------------------------ the boss arrives
def test_boss_deployment_brings_cyclopsis_to_the_boss_and_clears_the_foot_soldiers():
    s = scen()
    d, C = s.d, s.C
    T.clear_board(s)
    d["ring"] = ["juice_bar", "park", "industrial", "high_school"]
    T.deploy_cyclopsis(s, "juice_bar", down=[HEAD])
    T.set_panic(s, "juice_bar")
    two = next(k for k, v in C.deploy_cards.items() if v["foe"] == "super_putty" and k not in d["deploy_removed"])
    to_ind = next(k for k, v in C.deploy_cards.items() if v["back"] == "industrial" and k != two
                  and k not in d["deploy_removed"])
    T.stack(s, "deployment", [two, "deploy:rita", to_ind])
    s._ev = []
    s._deploy_once()
    L = d["locs"]["industrial"]
    assert L["big"] == ["rita", CYC] and d["cyc"]["state"] == "with_boss" and d["cyc"]["loc"] == "industrial"
    assert sum(L["fs"].values()) == 0 and L["panic"]
    assert not d["locs"]["juice_bar"]["panic"] and d["locs"]["juice_bar"]["big"] == []
    assert d["cyc"]["down"] == [HEAD]
    assert any(e.params.get("story") == "$rangers.story.cyclopsis13.boss" for e in s._ev)
    assert s.invariants() == []
    s._place_fs("super_putty", "industrial")              # held at its limit for the rest of the game
    assert sum(L["fs"].values()) == 0


def test_boss_battles_use_the_defeated_parts_and_idle_enemy_turns_reveal_cyclopsis_cards():
    s = scen()
    T.clear_board(s)
    T.skip_to_actions(s)
    T.join_boss(s, "rita", "park", down=[RIGHT_ARM, RIGHT_LEG, LEFT_LEG])
    T.move_rangers(s, "park", ["red", "yellow"])
    T.set_hand(s, YELLOW, [SURE_KICK, "card:yellow:9"])
    T.stack(s, "edeck:rita", [RITA_CURSE, "enemy:rita:6", "enemy:rita:7", RITA_HEX])
    T.stack(s, "edeck:cyclopsis", [UNSTOPPABLE])
    ev = T.act(s, "battle", "ranger:red", "loc:park")
    if T.top(s) == "prep_draw":
        ev += T.act(s, "ready")
    assert "cyc_boss_parts" in keys(ev)
    # the defeated right leg: each ranger bottom-decks a card at the start
    assert T.top(s) in ("cyc_bottom", "order")
    ev += drive(s)
    revealed = [e for e in ev if e.key == "rangers.ev.cyc_card_revealed"]
    assert revealed and revealed[0].cause == "rangers.cause.cyc_why_boss_turn"   # Witch's Curse is PASSIVE
    dmg = [e for e in ev if e.key == "rangers.ev.damage_taken" and e.source == UNSTOPPABLE]
    assert dmg and dmg[0].params["n"] == 4                # the defeated right arm adds 1
    assert "cyc_mill_bottom" in keys(ev)                  # the defeated left leg at the end
    assert s.d["ediscard"][CYC] == []


def test_win_and_loss_narratives():
    s = scen()
    T.clear_board(s)
    s._ev = []
    s._win("boss_defeated")
    assert [e.params.get("moment") for e in s._ev if e.key == "rangers.ev.cyc13_story"] == ["win"]
    s = scen()
    s._ev = []
    s._lose("all_panicked")
    assert [e.params.get("moment") for e in s._ev if e.key == "rangers.ev.cyc13_story"] == ["loss"]
    plain = T.new_game()
    plain._ev = []
    plain._lose("all_panicked")
    assert not any(e.key == "rangers.ev.cyc13_story" for e in plain._ev)


# ------------------------------------------------------------------ playouts
CASES = [(p, {**SC, **v}) for p in (2, 3, 4, 5, 6) for v in ({}, {"locations": "B"})] + \
        [(4, {**SC, "command_center": "B"}), (3, {**SC, "six_rangers": True})] + \
        [(p, {"cyclopsis": True, **v}) for p in (2, 4, 5) for v in ({}, {"command_center": "B"})]


@pytest.mark.parametrize("players,options", CASES)
def test_random_playouts_end_with_sound_invariants(players, options):
    for seed in range(3):
        s = gamecore.start("rangers", seed=seed, players=players, **options)
        assert T.random_playout(s, gamecore.Rng(seed + 300)) > 0
        assert s.result().outcome in ("win", "loss")


def test_cyclopsis_as_boss_is_fought_in_some_playouts():
    """Cyclopsis is drawn as the boss, deployed and battled (not just set up) in random games."""
    fought = 0
    for seed in range(30):
        s = gamecore.start("rangers", seed=seed, players=5, cyclopsis=True)
        if s.d["cyc"]["state"] != "reserve":
            continue
        fs = s.d["deploy"][0]
        T.stack(s, "deployment", [fs, CYC_DEPLOY])        # Cyclopsis arrives in the first deployment
        rng = gamecore.Rng(seed)
        while not s.is_over():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            b = s.d["battle"]
            if b is not None and b.get("cyc") == "fight":
                fought += 1
                break
    assert fought > 0


def test_every_scenario_event_prompt_and_cause_has_text_with_its_fields():
    en = json.load(open(asset_path("data", "rangers", "i18n.en.json"), encoding="utf-8"))
    ja = json.load(open(asset_path("data", "rangers", "i18n.ja.json"), encoding="utf-8"))
    assert set(en) == set(ja)
    field = re.compile(r"\{(\w+)\}")
    for opts in (SC, {"cyclopsis": True}):
        for players in (2, 4):
            for seed in range(6):
                s = gamecore.start("rangers", seed=seed, players=players, **opts)
                rng = gamecore.Rng(seed)
                while not s.is_over():
                    assert s.pending().prompt in en
                    legal = s.legal_actions()
                    for e in s.apply(legal[rng.randrange(len(legal))]):
                        assert e.key in en, e.key
                        assert set(field.findall(en[e.key])) <= set(e.params), e.key
                        assert set(field.findall(ja[e.key])) <= set(e.params), e.key
                        if e.cause:
                            assert e.cause in en, e.cause
                        for v in e.params.values():
                            if isinstance(v, str) and v.startswith("$"):
                                assert v[1:] in en, v


def test_json_round_trip_mid_battle_in_the_scenario():
    hit = 0
    for seed in range(20):
        s = gamecore.start("rangers", seed=seed, players=4, scenario=SCENARIO)
        rng = gamecore.Rng(seed + 11)
        while not s.is_over():
            b = s.d["battle"]
            if b is not None and b.get("cyc"):
                back = gamecore.restore(json.loads(json.dumps(s.to_json())))
                assert back.digest() == s.digest() and back.legal_actions() == s.legal_actions()
                hit += 1
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
            s.apply(a)
    assert hit > 0
