"""The team's splits (engine v7, team_turn.py): which ranger takes a damage, whose stored energy a drain
takes, who keeps the leftover energy, which ranger gets a new zord, Cyclopsis' split damage, and a
target choice. Each is asked of the seats it concerns — the person for their own rangers (with "leave it
to the team"), the AI teammates for theirs — never of the battle's lead for everyone."""
from gamecore.rangers import testing as T

FODDER, FODDER2 = "enemy:putty:3", "enemy:putty:4"
RED, BLACK, YELLOW = 0, 1, 3


def battle(battle_at, rangers, ai_seats, lead=None, **opt):
    """A battle at the Juice Bar against two Fodder cards, started by the person's Red Ranger; the
    lead token then goes to ``lead`` (an AI teammate's ranger: the lead must not decide the splits)."""
    s = battle_at(fs={"putty": 2}, rangers=rangers, players=5, ai_seats=ai_seats, **opt)
    T.stack(s, "edeck:putty", [FODDER, FODDER2])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    while T.top(s) == "prep_draw":
        T.act(s, "ready")
    assert T.top(s) == "ranger_turn"
    if lead is not None:
        s.d["battle"]["lead"] = lead
    return s


def push(s, task):
    s._push(task)
    s._advance()
    s.changed()


def damage_task(n=2):
    return {"t": "damage", "n": n, "n0": n, "src": FODDER, "stage": "assign", "count": 1, "done": [],
            "strip": False, "save": False, "ranger": None, "cands": None}


def targets(s, kind):
    return sorted(a.target for a in s.legal_actions() if a.kind == kind)


def test_damage_is_asked_of_the_person_for_their_ranger_then_of_the_ai_for_its_own(battle_at):
    s = battle(battle_at, ("red", "yellow"), ai_seats=[YELLOW], lead="yellow")
    push(s, damage_task())
    assert T.top(s) == "damage"
    # the AI teammate holds the lead, yet the person decides whether their Red Ranger takes it
    assert s.current_seat() == RED and s.pending().seat == RED
    assert targets(s, "assign_damage") == ["ranger:red"] and "team_act" in T.kinds(s)
    T.act(s, "team_act")
    assert T.top(s) == "damage" and s.current_seat() == YELLOW
    assert targets(s, "assign_damage") == ["ranger:yellow"] and "team_act" not in T.kinds(s)
    T.act(s, "assign_damage", FODDER, "ranger:yellow")
    assert T.top(s) != "damage" or s.d["stack"][-1].get("ranger") is None


def test_damage_among_ai_rangers_only_is_the_ai_teammates_choice(battle_at):
    s = battle(battle_at, ("red", "black", "yellow"), ai_seats=[BLACK, YELLOW])
    task = dict(damage_task(), cands=["black", "yellow"])       # e.g. "the ranger with the biggest hand"
    push(s, task)
    assert s.current_seat() == BLACK                             # not the person's lead seat
    assert targets(s, "assign_damage") == ["ranger:black", "ranger:yellow"] and "team_act" not in T.kinds(s)


def test_hotseat_keeps_every_damage_choice_with_the_person(battle_at):
    s = battle(battle_at, ("red", "yellow"), ai_seats=[YELLOW], hotseat=True)
    push(s, damage_task())
    assert s.current_seat() == RED
    assert targets(s, "assign_damage") == ["ranger:red", "ranger:yellow"] and "team_act" not in T.kinds(s)


def test_each_ranger_in_turn_asks_the_person_again_after_a_hand_over(battle_at):
    s = battle(battle_at, ("red", "black", "yellow"), ai_seats=[BLACK, YELLOW])
    push(s, dict(damage_task(n=1), cands=["red", "black", "yellow"], count=3))
    assert s.current_seat() == RED and targets(s, "assign_damage") == ["ranger:red"]
    T.act(s, "team_act")
    assert s.current_seat() == BLACK and targets(s, "assign_damage") == ["ranger:black", "ranger:yellow"]
    s.apply(next(a for a in s.legal_actions() if a.target == "ranger:black"))
    while T.top(s) == "react":
        T.act(s, "pass")
    # the next ranger to take it is chosen afresh: the person is asked again for Red
    assert T.top(s) == "damage" and s.current_seat() == RED
    assert targets(s, "assign_damage") == ["ranger:red"] and "team_act" in T.kinds(s)


def test_energy_drain_takes_stored_energy_by_its_owners_choice(battle_at):
    s = battle(battle_at, ("red", "black"), ai_seats=[BLACK], lead="black")
    for seat in (RED, BLACK):
        assert s.d["seats"][seat]["energy"] == 1
    s.d["energy_supply"] += s.d["pool"]
    s.d["pool"] = 0
    push(s, {"t": "drain", "n": 1, "src": FODDER})
    assert T.top(s) == "drain" and s.current_seat() == RED
    assert sorted(a.source for a in s.legal_actions() if a.kind == "drain_energy") == ["energy:0"]
    assert "team_act" in T.kinds(s)
    T.act(s, "team_act")
    assert s.current_seat() == BLACK
    assert [a.source for a in s.legal_actions()] == ["energy:1"]
    T.act(s, "drain_energy", "energy:1", "supply")
    assert s.d["seats"][BLACK]["energy"] == 0 and s.d["seats"][RED]["energy"] == 1 and T.top(s) != "drain"


def test_leftover_energy_is_kept_by_the_seats_that_choose_it(battle_at):
    s = battle(battle_at, ("red", "black"), ai_seats=[BLACK], lead="black")
    for seat in (RED, BLACK):
        s.d["seats"][seat]["energy"] = 0
        s.d["energy_supply"] += 1
    b = s.d["battle"]
    b["end"] = True                                              # straight to the cleanup
    s.d["pool"] = 1
    s.d["energy_supply"] -= 1
    s.d["stack"] = [t for t in s.d["stack"] if t["t"] in ("round", "round_end", "actions", "cleanup")]
    s._advance()
    s.changed()
    assert T.top(s) == "cleanup" and s.current_seat() == RED
    assert targets(s, "take_energy") == ["seat:0"] and "team_act" in T.kinds(s)
    T.act(s, "team_act")
    assert s.current_seat() == BLACK and targets(s, "take_energy") == ["seat:1"]
    T.act(s, "take_energy", "pool", "seat:1")
    assert s.d["seats"][BLACK]["energy"] == 1 and s.d["seats"][RED]["energy"] == 0


def test_a_zord_without_its_ranger_goes_where_its_takers_choose():
    s = T.new_game(players=4, seed=2, ai_seats=[0])              # Red is the AI's; the person plays 1-3
    T.clear_board(s)
    T.skip_to_actions(s)
    pink = next(z for z, zd in s.C.zords.items() if zd["ranger"] == "pink")
    s.d["zdeck"].remove(pink)
    s.d["zdeck"].insert(0, pink)
    push(s, {"t": "summon"})
    assert T.top(s) == "summon" and s.current_seat() == 1      # the person's lowest seat, not seat 0
    assert targets(s, "assign_zord") == ["ranger:black", "ranger:blue", "ranger:yellow"]
    assert "team_act" in T.kinds(s)
    T.act(s, "team_act")
    assert s.current_seat() == 0 and targets(s, "assign_zord") == ["ranger:red"]
    T.act(s, "assign_zord", f"zord:{pink}", "ranger:red")
    assert s.d["zords"][pink]["seat"] == 0


def test_cyclopsis_split_damage_is_split_by_each_rangers_owner(battle_at):
    s = battle(battle_at, ("red", "yellow"), ai_seats=[YELLOW], lead="yellow")
    push(s, {"t": "cyc_split", "n": 2, "alloc": {}, "src": FODDER})
    assert T.top(s) == "cyc_split" and s.current_seat() == RED
    assert {a.target for a in s.legal_actions() if a.kind == "split_damage"} == {"ranger:red"}
    T.act(s, "split_damage", FODDER, "ranger:red", n=1)
    T.act(s, "team_act")                                         # the rest is the AI teammate's to take
    assert s.current_seat() == YELLOW
    assert [(a.target, a.get("n")) for a in s.legal_actions()] == [("ranger:yellow", 1)]


def test_a_target_is_chosen_by_the_rangers_own_seat(battle_at):
    s = battle(battle_at, ("red", "yellow"), ai_seats=[YELLOW])
    push(s, {"t": "choose_enemy", "mode": "any", "n": 1, "ranger": "yellow"})
    assert T.top(s) == "choose_enemy"
    assert s.d["battle"]["lead"] == "red" and s.current_seat() == YELLOW
