"""The planner (team search, gamecore/bots/planner.py) as the Heroes of the Grid teammate."""
import gamecore
from gamecore.bots import choose_for, make_bot
from gamecore.bots.planner import PlannerBot
from gamecore.rangers import testing as T


def _action_phase(seed=4, players=4):
    s = T.new_game(players, seed)                         # opening hands drawn
    s.apply(s.legal_actions()[0])                         # deploy: now the team's action phase
    assert T.top(s) == "actions"
    return s


def test_the_planner_is_the_default_teammate_and_the_hint_level():
    info = gamecore.game("rangers")
    assert info.bot_levels[0] == "planner" and isinstance(make_bot("planner"), PlannerBot)
    from ui.games.rangers.table import RangersTable
    assert RangersTable.HINT_BOT == "planner"


def test_the_planner_decides_from_the_view_only_and_repeats_itself():
    s = _action_phase()
    bot = PlannerBot(candidates=3, worlds=2, depth=10, seconds=None)
    other_world = s.view(s.current_seat(), gamecore.Rng(99))       # same knowledge, other hidden order
    a = choose_for(s, bot, gamecore.Rng(5))
    assert a in s.legal_actions()
    assert choose_for(other_world, bot, gamecore.Rng(5)) == a
    assert choose_for(s, bot, gamecore.Rng(5)) == a


def test_plan_keys_nest_a_battle_inside_its_round(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red",))
    outer = s.plan_key()
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    inner = s.plan_key()
    assert inner[:len(outer)] == outer and inner != outer


def test_a_rollout_stops_at_the_end_of_the_battle_it_started_in(battle_at):
    s = battle_at(fs={"putty": 2}, rangers=("red",))
    T.stack(s, "edeck:putty", ["enemy:putty:3", "enemy:putty:4"])
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    while T.top(s) != "ranger_turn":
        s.apply(s.legal_actions()[-1])
    seen = []

    class Watch(PlannerBot):
        def _value(self, state, seat):
            seen.append((state.d["battle"], state.d["round"], T.top(state)))
            return 0.0

    Watch(depth=500, seconds=None)._rollout(s.clone(), gamecore.engine.Action.make("pass"), s.current_seat(),
                                            gamecore.Rng(1))
    battle, rnd, top = seen[0]
    assert battle is None and rnd == s.d["round"] and top == "actions"


def test_a_battle_choice_is_left_to_the_greedy_judgement(battle_at):
    s = battle_at(fs={"putty": 1}, rangers=("red",))
    T.act(s, "battle", "ranger:red", "loc:juice_bar")
    while T.top(s) != "ranger_turn":
        s.apply(s.legal_actions()[-1])
    assert not s.worth_planning()
    assert _action_phase().worth_planning()
