"""Deployment into panicked locations (a rule fix) and the greedy team bot's strength.

The rulebook moves a figure on only when its location has reached its figure limit, and the official
FAQ confirms that foot soldiers may still be placed in a panicked location below its limit; a
monster or boss always skips a panicked location. The bot tests play a few whole games with the
greedy team bot and check that its evaluation drives sensible choices.
"""
from gamecore.bots import GreedyBot, choose_for
from gamecore.engine import Rng
from gamecore.rangers import evaluation
from gamecore.rangers import testing as T


def _deploy_scene(seed=3):
    s = T.new_game(seed=seed)
    T.clear_board(s)
    s.d["ring"] = ["juice_bar", "park", "industrial", "high_school"]
    return s


def _card(s, figures, foe=None, back=None, avoid=()):
    C = s.C
    return next(k for k, v in C.deploy_cards.items()
                if (figures is None or v["figures"] == figures) and (foe is None or v["foe"] == foe)
                and (back is None or v["back"] == back) and k not in avoid)


def test_foot_soldiers_still_go_to_a_panicked_location_below_its_limit():
    s = _deploy_scene()
    d = s.d
    T.put_big(s, "bones", "juice_bar")
    T.set_panic(s, "juice_bar")
    two = _card(s, 2, foe="putty")
    to_bar = _card(s, None, back="juice_bar", avoid=(two,))
    T.stack(s, "deployment", [two, to_bar])
    s._deploy_once()
    assert d["locs"]["juice_bar"]["fs"]["putty"] == 2          # 3 figures < limit 5: they stay
    assert d["locs"]["park"]["fs"]["putty"] == 0
    assert s.invariants() == []


def test_a_panicked_location_at_its_limit_sends_foot_soldiers_to_the_next_calm_one():
    s = _deploy_scene()
    d = s.d
    T.put_big(s, "bones", "juice_bar")
    T.put_fs(s, "juice_bar", "putty", 3)
    T.set_panic(s, "juice_bar")
    T.set_panic(s, "park")
    three = _card(s, 3, foe="putty")
    to_bar = _card(s, None, back="juice_bar", avoid=(three,))
    T.stack(s, "deployment", [three, to_bar])
    s._deploy_once()
    assert d["locs"]["juice_bar"]["fs"]["putty"] == 4          # fills up to the limit of 5 figures
    assert d["locs"]["park"]["fs"]["putty"] == 0               # panicked: skipped by the overflow
    assert d["locs"]["industrial"]["fs"]["putty"] == 2         # the rest goes clockwise to a calm one
    assert s.invariants() == []


def _rank(s, actions):
    """Evaluation of the state each action leads to (no randomness involved in these actions)."""
    out = {}
    for a in actions:
        c = s.clone()
        c.apply_unchecked(a)
        out[a] = c.evaluate(s.current_seat())
    return out


def test_evaluation_prefers_drawing_up_to_the_hand_size_before_a_battle():
    s = T.new_game(players=4, seed=2)
    T.clear_board(s)
    T.skip_to_actions(s)
    T.put_fs(s, "park", "putty", 3)
    T.move_rangers(s, "park", ["red"])
    st = s.d["seats"][0]
    T.set_hand(s, 0, st["hand"][:2])
    T.act(s, "battle", "ranger:red", "loc:park")
    assert T.top(s) == "prep_draw"
    legal = s.legal_actions()
    scores = _rank(s, legal)
    draw = next(a for a in legal if a.kind == "draw")
    ready = next(a for a in legal if a.kind == "ready")
    assert scores[draw] > scores[ready]


def test_evaluation_values_a_crowded_calm_location_as_more_dangerous():
    s = T.new_game(players=4, seed=2)
    T.clear_board(s)
    T.skip_to_actions(s)
    base = s.evaluate(0)
    T.put_fs(s, "park", "putty", 2)
    two = s.evaluate(0)
    T.put_fs(s, "park", "putty", 2)
    four = s.evaluate(0)
    assert base > two > four
    assert (two - four) > (base - two)          # the last figures before the limit weigh more


def test_state_evaluate_delegates_to_the_evaluation_module():
    s = T.new_game(players=4, seed=4)
    assert s.evaluate(0) == evaluation.evaluate(s, 0)


def _play(seed, players):
    s = T.new_game(players=players, seed=seed)
    bot = GreedyBot()
    rng = Rng(seed ^ 0x5EED)
    steps = 0
    while not s.is_over():
        s.apply(choose_for(s, bot, rng))
        steps += 1
        assert steps < 20000
    return s


def test_greedy_team_plays_whole_games_that_end_by_a_rule_of_the_game():
    reasons = set()
    for seed in (1, 2, 3):
        s = _play(seed, 4)
        r = s.result()
        assert r.outcome in ("win", "loss")
        assert s.invariants() == []
        reasons.add(r.reason)
    assert reasons <= {"rangers.result.all_panicked", "rangers.result.no_energy", "rangers.result.boss_defeated",
                       "rangers.result.round_cap"}


def test_ai_seats_draw_their_opening_hands_in_one_step_each():
    """The evaluation counts a pending draw as made, so "draw one card" and "draw up to the hand size"
    used to tie and an AI seat drew card by card (or readied short) at random; the way that leaves
    fewer cards to draw later wins the tie, and the opening draw's last draw (which ends the step)
    is not judged worse than drawing one more card."""
    for players in (2, 4, 6):
        s = T.new_game(players=players, seed=players, opening=False)
        bot, rng = GreedyBot(), Rng(players)
        picks = []
        while s.d["stack"] and s.d["stack"][-1]["t"] == "opening_draw":
            action = bot.choose(s, s.legal_actions(), rng)
            picks.append(action.kind)
            s.apply(action)
        assert all(k in ("draw_up", "draw_team") for k in picks), picks
        assert len(picks) <= players
        sizes = [s._hand_size(i) for i in range(players)]
        assert [len(st["hand"]) for st in s.d["seats"]] == sizes


def test_a_pending_draw_that_leaves_fewer_cards_to_draw_scores_higher():
    s = T.new_game(players=3, seed=5, opening=False)
    one = next(a for a in s.legal_actions() if a.kind == "draw")
    up = next(a for a in s.legal_actions() if a.kind == "draw_up" and a.source == one.source)
    after_one, after_up = s.clone(), s.clone()
    after_one.apply(one)
    after_up.apply(up)
    seat = s.current_seat()
    assert evaluation.evaluate(after_up, seat) > evaluation.evaluate(after_one, seat)
