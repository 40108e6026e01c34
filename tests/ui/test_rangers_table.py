"""The Heroes of the Grid table, driven by synthetic pygame events (dummy video driver)."""
from __future__ import annotations

import html
import random

import toytable as tt
from toytable import screen_of, post_drag, post_click

import pygame
import pytest

import gamecore
from gamecore.engine import Action
from gamecore.rangers import testing as T
from gamecore.session import Seat, Session
from ui import i18n
from ui.games import playable, table_for
from ui.games.rangers import faces as F
from ui.i18n import illegal_text, t
from ui.table.views import CardView


def new_session(players=4, seed=7, **options) -> Session:
    session = Session.new("rangers", seed, players, options, [Seat() for _ in range(players)])
    T.draw_openings(session)                                   # the classic opening: full hands
    assert len(session.steps) == OPENING_STEPS
    return session


OPENING_STEPS = 1        # with no AI seat the whole team draws its opening hands in one step


def open_rangers(session, settings=None):
    app = tt.FakeApp({"animation_speed": "off", "confirm_end_turn": False, **(settings or {})})
    scene = app.scenes.switch(table_for("rangers"), session=session)
    app.frames(2)
    return app, scene





def top_task(session) -> str:
    return session.state.d["stack"][-1]["t"]


def play_until(session, wanted, seed=1, limit=4000, prefer=("battle", "move", "play")):
    """Random moves (battles preferred) until ``wanted(state)``; True when reached. On the team's
    choice of who acts the moves are every seat's own (as the hotseat table offers them), the seat
    chosen first."""
    rng = random.Random(seed)
    for _ in range(limit):
        state = session.state
        if state.is_over():
            return False
        if wanted(state):
            return True
        legal = [a for a in T.team_actions(state) if a.kind != "act"] or state.legal_actions()
        pref = [a for a in legal if a.kind in prefer]
        action = rng.choice(pref) if pref and rng.random() < 0.75 else rng.choice(legal)
        if action not in state.legal_actions():
            session.apply(T.pick_for(state, action))
        session.apply(action)
    return False


def single_play(state):
    """A "play" on an enemy card the person may make now (on the team's choice: a seat's own) that is
    the only action for its (card, enemy) pair."""
    legal = T.team_actions(state)
    plays = [a for a in legal if a.kind == "play" and a.target != "pool"]
    for a in plays:
        if sum(1 for b in plays if (b.source, b.target) == (a.source, a.target)) == 1:
            return a
    return None


# ------------------------------------------------------------------ registration and rendering


def test_the_table_is_registered_and_the_game_is_playable():
    from ui.games.rangers.table import RangersTable

    assert table_for("rangers") is RangersTable
    assert playable(gamecore.game("rangers"))


def test_the_opening_table_shows_the_city_the_decks_and_every_player():
    session = new_session(players=4)
    app, scene = open_rangers(session)
    d = session.state.d
    for lid in d["ring"] + ["command_center"]:
        assert scene.world.get(f"loc:{lid}") is not None
    for r in d["rloc"]:
        assert scene.world.get(f"ranger:{r}") is not None
    for s in range(4):
        for cid in (f"seat:{s}", f"deck:{s}", f"discard:{s}", f"hand:{s}", f"energy:{s}", f"action:{s}"):
            assert scene.world.get(cid) is not None, cid
        assert [c.cid for c in scene.world.get(f"hand:{s}").cards] == d["seats"][s]["hand"]
    deck = scene.world.get("deck:deployment")
    nxt = d["deploy"][0]
    assert deck.count == len(d["deploy"])
    assert deck.label == F.loc_name(scene.C.deploy_cards[nxt]["back"])   # the next card's back is visible
    # the deployment is a click on the deck (and a button)
    post_click(screen_of(scene, "deck:deployment"))
    app.frames(2)
    assert session.steps and session.steps[-1].action.kind == "deploy"
    assert top_task(session) == "actions"


# ------------------------------------------------------------------ drag and drop


def test_dragging_a_ranger_figure_to_a_location_moves_it():
    session = new_session(players=4)
    session.apply(session.state.legal_actions()[0])           # deploy
    app, scene = open_rangers(session)
    ring = session.state.d["ring"]
    target = f"loc:{ring[0]}"
    post_drag(screen_of(scene, "ranger:red"), screen_of(scene, target))
    app.frames(2)
    step = session.steps[-1]
    assert step.action.kind == "move" and step.action.source == "ranger:red" and step.action.target == target
    assert session.state.d["rloc"]["red"] == ring[0]
    fig = scene.world.get("ranger:red")
    assert scene.world.get(target).rect.collidepoint(fig.rect.center)
    moved = t("rangers.ev.ranger_moved", ranger="$rangers.ranger.red.name", loc=f"$rangers.loc.{ring[0]}.name")
    assert moved in scene.panel.log_lines


def test_an_illegal_drop_snaps_back_with_the_engines_reason():
    session = new_session(players=4)
    session.apply(session.state.legal_actions()[0])
    app, scene = open_rangers(session)
    before = session.state.digest()
    steps = len(session.steps)
    post_drag(screen_of(scene, "ranger:red"), screen_of(scene, "deck:deployment"))
    app.frames(2)
    assert session.state.digest() == before and len(session.steps) == steps
    reason = session.state.explain("ranger:red", "deck:deployment")
    # the engine only knows "not there": the table names where that ranger can go instead
    text = scene.refusal_text("ranger:red", "deck:deployment", reason)
    assert text in scene.toasts.texts and text != illegal_text(reason)
    moves = [scene.describe_action(a) for a in T.team_actions(session.state) if a.source == "ranger:red"]
    assert moves and moves[0] in text
    assert scene.world.get("ranger:red").offset.length() == 0            # back where it was


def test_a_battle_drag_a_combat_card_onto_an_enemy_card_attacks_it():
    session = new_session(players=4, seed=3)
    assert play_until(session, lambda s: top_task_of(s) == "ranger_turn" and single_play(s) is not None, seed=3)
    action = single_play(session.state)
    app, scene = open_rangers(session)
    assert scene.world.get(f"battle:{session.state.d['battle']['loc']}") is not None
    assert isinstance(scene.world.get(action.target), CardView)
    post_drag(screen_of(scene, action.source), screen_of(scene, action.target))
    app.frames(2)
    assert session.steps[-1].action == action
    assert any(e.key == "rangers.ev.card_played" for e in session.steps[-1].events)


def test_a_maneuver_dropped_on_the_pool_is_played():
    session = new_session(players=4, seed=6)

    def maneuver(s):
        plays = [a for a in s.legal_actions() if a.kind == "play" and a.target == "pool"]
        return top_task_of(s) == "ranger_turn" and any(
            sum(1 for b in plays if b.source == a.source) == 1 for a in plays)
    assert play_until(session, maneuver, seed=6)
    plays = [a for a in session.state.legal_actions() if a.kind == "play" and a.target == "pool"]
    action = next(a for a in plays if sum(1 for b in plays if b.source == a.source) == 1)
    app, scene = open_rangers(session)
    post_drag(screen_of(scene, action.source), screen_of(scene, "pool"))
    app.frames(2)
    assert session.steps[-1].action == action


def test_damage_is_assigned_by_dropping_the_enemy_card_on_a_ranger_portrait():
    session = new_session(players=4, seed=5)

    def choice(s):
        return top_task_of(s) == "damage" and any(a.kind == "assign_damage" for a in s.legal_actions())
    assert play_until(session, choice, seed=4)
    action = next(a for a in session.state.legal_actions() if a.kind == "assign_damage")
    app, scene = open_rangers(session)
    assert scene.world.get(action.source).highlight == "source"        # the damage source glows
    post_drag(screen_of(scene, action.source), screen_of(scene, action.target))
    app.frames(2)
    assert session.steps[-1].action == action


def top_task_of(state) -> str:
    return state.d["stack"][-1]["t"] if state.d["stack"] else ""


# ------------------------------------------------------------------ every choice is reachable


def _reachable(scene, action) -> bool:
    if scene.is_table_move(action):
        src = scene.world.get(action.source)
        if src is None or not src.visible:
            return False
        if action.target is not None:
            tgt = scene.world.get(action.target)
            return tgt is not None and tgt.visible and action in scene.drag.actions_of(action.source)
        return True
    panel = scene.panel
    if any(a == action for _, a in panel.actions):
        return panel.button_for("action", action) is not None
    return bool(panel.end_actions) and panel.end_actions[0][1] == action


@pytest.mark.parametrize("players,seed,options", [(4, 11, {}), (2, 12, {"locations": "B"}), (5, 13, {}),
                                                  (3, 14, {"six_rangers": True, "command_center": "B"}),
                                                  (4, 15, {"cyclopsis": True}), (4, 16, {"scenario": "cyclopsis13"})])
def test_every_legal_action_is_reachable_from_the_table(players, seed, options):
    checked = 0
    kinds = set()
    game = 0
    while checked < 40 and game < 6:
        session = new_session(players=players, seed=seed + 100 * game, **options)
        app, scene = open_rangers(session)
        rng = random.Random(seed + game)
        game += 1
        for step in range(1500):
            state = session.state
            if state.is_over():
                break
            legal = scene.legal()
            ends = [a for a in legal if a.kind in scene.END_KINDS]
            assert len(ends) <= 1, ends                      # the one end button never hides a second choice
            for a in legal:
                assert _reachable(scene, a), (top_task_of(state), a)
                label = scene.describe_action(a)
                assert label and label != a.describe() and "rangers.ui" not in label, a
                kinds.add(a.kind)
            checked += 1
            pref = [a for a in legal if a.kind in ("battle", "play", "react", "ready", "pass")]
            scene.apply_action(rng.choice(pref) if pref and rng.random() < 0.7 else rng.choice(legal))
            scene.before_input()                            # the next frame's start: the panel's new decision
    assert checked >= 30
    assert {"move", "deploy"} <= kinds


def test_descriptions_exist_in_japanese_too():
    session = new_session(players=4, seed=21)
    app, scene = open_rangers(session)
    i18n.set_language("ja")
    rng = random.Random(3)
    for _ in range(300):
        state = session.state
        if state.is_over():
            break
        for a in scene.legal():
            label = scene.describe_action(a)
            assert label and "rangers." not in label and "{" not in label, a
        assert "rangers." not in scene.prompt_text()
        scene.apply_action(rng.choice(scene.legal()))


# ------------------------------------------------------------------ rendering mid-battle and the face cache


def test_the_table_renders_mid_battle_in_both_languages():
    session = new_session(players=4, seed=3)
    assert play_until(session, lambda s: s.d["battle"] is not None and top_task_of(s) == "ranger_turn", seed=3)
    app, scene = open_rangers(session)
    b = session.state.d["battle"]
    for cid in b["order"] + [f"ranger:{r}" for r in b["rangers"]] + ["pool", "supply"]:
        assert scene.world.get(cid) is not None, cid
    assert scene.world.get(f"loc:{b['loc']}") is None                  # the battle board covers the city
    app.frames(3)
    colours = {app.screen.get_at((x, y))[:3] for x in range(0, 900, 37) for y in range(0, 780, 41)}
    assert len(colours) > 20
    i18n.set_language("ja")
    scene.on_resize()
    app.frames(3)
    face = scene.card_face(b["order"][0])
    assert face is not None and face.title == t(f"rangers.enemy.{scene.C.enemy_of[b['order'][0]]}.name")
    # hover inspect: a glossary line per keyword
    lines = scene.glossary(b["order"][0])
    assert lines and all(line.strip() for line in lines)


def test_faces_are_built_once_per_card_and_language():
    session = new_session(players=4)
    app, scene = open_rangers(session)
    card = session.state.d["seats"][0]["hand"][0]
    first = scene.card_face(card)
    assert first is not None and scene.card_face(card) is first
    assert F.combat_face(card) is first
    scene.sync(session.state)
    assert scene.card_face(card) is first                               # a new sync reuses the face
    misses = F._combat_face.cache_info().misses
    app.frames(5)
    scene.sync(session.state)
    assert F._combat_face.cache_info().misses == misses                 # frames and syncs build nothing new
    i18n.set_language("ja")
    ja = F.combat_face(card)
    assert ja is not first and ja.title == t(f"rangers.card.{scene.C.card_of[card]}.name")
    assert "{" not in "".join(ja.keywords).replace("{dice}", "").replace("{hit}", "").replace(
        "{shield}", "").replace("{heart}", "")


def test_a_whole_game_ends_on_the_results_screen():
    session = new_session(players=4, seed=9)
    app, scene = open_rangers(session)
    rng = random.Random(9)
    for _ in range(6000):
        if session.state.is_over():
            break
        scene.apply_action(rng.choice(scene.legal()))
    assert session.state.is_over()
    app.frames(3)
    assert type(app.scenes.top).__name__ == "ResultsScene"


def test_ending_the_action_phase_asks_first_and_names_the_unused_action_tokens():
    session = new_session(players=2)
    assert play_until(session, lambda s: any(a.kind == "end_actions" for a in s.legal_actions())
                      and any(st["actions"] > 0 for st in s.d["seats"]))
    app, scene = open_rangers(session, {"confirm_end_turn": True})
    end = next(a for a in session.state.legal_actions() if a.kind == "end_actions")
    steps = len(session.steps)
    tt.click(app, scene.panel.button_for("end", end))
    assert scene.confirm is not None and len(session.steps) == steps        # asked, nothing ended yet
    loss = scene.end_turn_loss(end)
    left = [s for s, st in enumerate(session.state.d["seats"]) if st["actions"] > 0]
    assert all(scene.seat_name(s) in loss for s in left)
    assert str(session.state.d["seats"][left[0]]["actions"]) in loss
    assert " ".join(html.escape(loss).split()) in shown_text(scene.confirm)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_end_turn_question_is_wrapped_to_its_box_and_its_buttons_speak_the_language(lang):
    """In Japanese pygame_gui broke the question mid-sentence with a hyphen ("できなくな-ります") and the
    cancel button said "Cancel": the lines are wrapped to the box before it sees them, both buttons are ours."""
    from ui import fonts, i18n

    i18n.set_language(lang)
    try:
        session = new_session(players=2)
        assert play_until(session, lambda s: any(a.kind == "end_actions" for a in s.legal_actions())
                          and any(st["actions"] > 0 for st in s.d["seats"]))
        app, scene = open_rangers(session, {"confirm_end_turn": True})
        end = next(a for a in session.state.legal_actions() if a.kind == "end_actions")
        tt.click(app, scene.panel.button_for("end", end))
        box = scene.confirm.confirmation_text
        lines = [ln for ln in html.unescape(html_text(scene.confirm)).split("<br>") if ln]
        assert len(lines) >= 2
        assert all(fonts.font(16).size(ln)[0] <= box.rect.width - 20 for ln in lines), lines
        assert scene.confirm.cancel_button.text == i18n.t("common.cancel")
        assert scene.confirm.confirm_button.text == i18n.t("table.confirm_end.ok")
    finally:
        i18n.set_language("en")


def html_text(dialog) -> str:
    box = getattr(dialog, "confirmation_text", None)
    return getattr(box, "html_text", "") if box is not None else ""


def shown_text(dialog) -> str:
    """The dialog's words as read: its wrapped lines (broken at spaces in English) joined again."""
    return " ".join(html_text(dialog).replace("<br>", " ").split())


def test_clicking_a_players_panel_shows_that_hand_at_full_size_and_a_click_returns():
    session = new_session(players=4)
    app, scene = open_rangers(session)
    seat = 2
    panel = scene.world.get(f"seat:{seat}")
    point = scene.camera.to_screen((panel.rect.x + 30, panel.rect.y + 8))      # its name bar
    post_click(tuple(round(c) for c in point))
    app.frames(1)
    board = scene.board_overlay
    assert board is not None and board.board.title == scene.seat_name(seat)
    hand = session.state.d["seats"][seat]["hand"]
    from ui.games.rangers import faces as F
    assert [f.title for f in board.board.rows[0]] == [F.combat_face(c).title for c in hand]
    assert min(r.width for r in board.grid.rects) >= 110                      # full size
    assert all(f.cost is not None for f in board.board.rows[0])               # cost shown on every card
    post_click((10, 10))
    app.frames(1)
    assert scene.board_overlay is None and len(session.steps) == OPENING_STEPS


@pytest.mark.parametrize("kind, walk", [("ready", 4), ("pass", 1), ("recover_done", 2)])
def test_ready_pass_and_finish_ask_first_naming_what_they_give_up_and_only_when_the_setting_is_on(kind, walk):
    session = new_session(players=2, seed=1)
    assert play_until(session, lambda s: any(a.kind == kind for a in s.legal_actions())
                      and len([a for a in s.legal_actions() if a.kind not in RANGERS_ENDS]) > 0, seed=walk)
    end = next(a for a in session.state.legal_actions() if a.kind == kind)
    app, scene = open_rangers(session, {"confirm_end_turn": True})
    steps = len(session.steps)
    scene.end_turn(end)
    assert scene.confirm is not None and len(session.steps) == steps        # asked, nothing ended yet
    loss = scene.end_turn_loss(end)
    assert loss and " ".join(html.escape(loss).split()) in shown_text(scene.confirm)
    scene.confirm.kill()
    scene.confirm = None
    app.settings.set("confirm_end_turn", False, save=False)
    scene.end_turn(end)
    assert scene.confirm is None and len(session.steps) == steps + 1        # off: it just ends


RANGERS_ENDS = ("end_actions", "ready", "pass", "recover_done")


# ------------------------------------------------------------------ AI teammates play their own seats
def ai_session(seed=11, level="greedy"):
    """Four players: the person plays Red (seat 0), AI teammates the other three; the action phase."""
    seats = [Seat()] + [Seat("bot", level) for _ in range(3)]
    session = Session.new("rangers", seed, 4, {"ai_seats": [1, 2, 3]}, seats)
    T.draw_openings(session)
    while top_task(session) != "actions":
        session.apply(session.state.legal_actions()[-1])       # the deployment
    return session


def test_an_ai_teammates_ranger_cannot_be_dragged_and_the_refusal_says_whose_it_is():
    session = ai_session()
    app, scene = open_rangers(session)
    sources = scene.drag.sources()
    assert "ranger:red" in sources                            # the person's own ranger: drag it to act
    assert not {"ranger:black", "ranger:blue", "ranger:yellow"} & sources
    assert all(scene.piece_seat(a.source) in (0, None) for a in scene.input_actions())
    before, steps = session.state.digest(), len(session.steps)
    post_drag(screen_of(scene, "ranger:black"), screen_of(scene, "loc:" + session.state.d["ring"][0]))
    app.frames(2)
    assert session.state.digest() == before and len(session.steps) == steps
    assert t("rangers.ui.ai_piece", name=scene.plain_seat_name(1)) in scene.toasts.texts
    assert "Billy" in scene.toasts.texts[-1] or scene.plain_seat_name(1) in scene.toasts.texts[-1]


def test_dragging_your_own_ranger_on_the_teams_choice_acts_with_it():
    session = ai_session()
    app, scene = open_rangers(session)
    target = "loc:" + session.state.d["ring"][1]
    post_drag(screen_of(scene, "ranger:red"), screen_of(scene, target))
    app.frames(2)
    assert [str(s.action) for s in session.steps[-2:]] == ["act seat:0", f"move ranger:red -> {target}"]
    assert session.state.d["rloc"]["red"] == target.split(":")[1]


def test_let_the_team_act_hands_over_and_the_ai_step_never_addresses_the_person(monkeypatch):
    session = ai_session()
    app, scene = open_rangers(session, {"animation_speed": "normal"})
    started = []
    monkeypatch.setattr(scene, "_start_bot", lambda: started.append(scene._idle))
    assert any(a.kind == "team_act" for a in scene.legal())
    assert scene.panel.button_for("action", Action.make("team_act")) is not None   # "Let the team act"
    scene.apply_action(Action.make("team_act"))
    app.frames(1, dt=0.01)
    assert session.bot_to_move() and session.state.current_seat() == 1
    name = scene.seat_name(1)
    assert name.endswith("(AI)") or "AI" in name
    assert name in scene.panel.prompt and name in scene.bot_banner_text()
    assert scene.prompt_text() == scene.bot_doing(1)
    for text in (scene.panel.prompt, scene.bot_banner_text(), scene.prompt_text()):
        assert "drag" not in text.lower() and "you" not in text.lower()
    while not started and scene._idle < 2.0:                 # paced: the AI step waits its 0.6 s on screen
        app.frame(0.05)
    assert started and 0.6 <= started[0] < 0.7


def test_the_ai_banner_names_the_teammate_once(monkeypatch):
    session = ai_session()
    app, scene = open_rangers(session)
    scene.apply_action(Action.make("team_act"))
    app.frames(1, dt=0.01)
    name = scene.seat_name(1)
    said = {"line": f"{name} moves to the Park."}           # a log line that names its seat already
    monkeypatch.setattr(scene, "bot_last_step", lambda seat: said["line"])
    assert scene.bot_banner_text() == said["line"]
    said["line"] = "The Rangers pass this turn."             # one that does not: the banner names who
    assert scene.bot_banner_text().startswith(name) and scene.bot_banner_text().count(name) == 1


def test_three_ai_teammates_play_their_seats_through_the_bot_worker():
    session = ai_session(seed=5)
    app, scene = open_rangers(session)
    scene.apply_action(Action.make("team_act"))
    assert tt.wait_for(app, lambda: len(session.steps) > 8 or not session.bot_to_move(), 60)
    ai_steps = [s for s in session.steps if s.seat in (1, 2, 3)]
    assert ai_steps
    for step in ai_steps:                                   # each AI seat moved only its own pieces
        src = step.action.source or ""
        if src.startswith(("ranger:", "card:")):
            owner = scene.piece_seat(src) if not src.startswith("card:") else session.state.C.card_ranger[src]
            assert owner == step.seat or session.state.d["rseat"].get(owner) == step.seat


@pytest.fixture
def real_app(pygame_session, tmp_path):
    from ui.app import App
    from ui.settings import Settings
    application = App(settings=Settings(tmp_path / "settings.json"), smoke=True)
    yield application
    application.scenes.switch("menu")


def test_setup_seats_read_you_or_ai_teammate_and_the_engine_learns_the_ai_seats(real_app):
    real_app.scenes.switch("setup", game="rangers")
    scene = real_app.scenes.top
    scene._set_players(4)
    scene = real_app.scenes.top
    labels = {name for dd, (mapping, _) in scene.handlers.items() for name in mapping}
    assert t("setup.you") in labels and t("setup.ai_teammate_plain") in labels
    for i in (1, 2, 3):
        scene._set_seat(i, Seat("bot", "planner"))
    session = scene.start()
    assert session is not None and session.options["ai_seats"] == [1, 2, 3] and not session.options["hotseat"]
    assert session.state.ai_seats() == {1, 2, 3}


def test_setup_i_control_every_seat_keeps_the_person_in_control(real_app):
    real_app.scenes.switch("setup", game="rangers")
    scene = real_app.scenes.top
    scene._set_players(4)
    for i in (1, 2, 3):
        scene._set_seat(i, Seat("bot", "planner"))
    scene._set_option("hotseat", True)
    labels = {name for dd, (mapping, _) in scene.handlers.items() for name in mapping}
    assert t("setup.ai_teammate_plain") not in labels            # no seat types to pick in hotseat
    session = scene.start()
    assert session is not None and session.options["hotseat"] and session.options["ai_seats"] == []
    assert not any(s.is_bot for s in session.seats) and session.state.ai_seats() == set()
    assert not session.bot_to_move()


def test_each_seat_chooses_its_ranger_with_the_character_card_shown(real_app):
    from ui.games.rangers.picker import RangerPickScene

    real_app.scenes.switch("setup", game="rangers")
    setup = real_app.scenes.top
    setup._set_players(3)
    setup = real_app.scenes.top
    assert setup.extra is not None and setup.extra[1] is RangerPickScene
    real_app.scenes.push(setup.extra[1], players=3, seats=setup.seats, options=dict(setup.values))
    picker = real_app.scenes.top
    assert picker.chosen == ["red", "black", "blue"]                       # classic until changed
    surface = pygame.Surface(real_app.size)
    picker.draw(surface)                                                   # the cards with their abilities draw
    picker.chosen[0] = "blue"
    assert not picker.accept() and real_app.scenes.top is picker          # Blue twice: refused, nothing written
    picker.chosen = ["pink", "yellow", "blue"]
    assert picker.accept() and real_app.scenes.top is setup
    session = setup.start()
    assert session is not None and session.options["rangers"] == ["pink", "yellow", "blue"]
    assert [st["rangers"] for st in session.state.d["seats"]] == [["pink"], ["yellow"], ["blue"]]


def test_the_classic_and_random_shortcuts_fill_the_rows(real_app):
    from ui.games.rangers.picker import RangerPickScene

    real_app.scenes.switch("setup", game="rangers")
    setup = real_app.scenes.top
    setup._set_players(2)
    setup = real_app.scenes.top
    real_app.scenes.push(RangerPickScene, players=2, seats=setup.seats, options=dict(setup.values))
    picker = real_app.scenes.top
    assert picker.per_seat == 2 and len(picker.chosen) == 4
    picker.fill("random")
    assert len(set(picker.chosen)) == 4 and set(picker.chosen) <= set(picker.pool)
    picker.fill("classic")
    assert picker.chosen == picker.pool[:4]


# ------------------------------------------------------------------ undo of a composed drag


def test_undo_takes_back_a_drag_that_chose_who_acts_and_moved_as_one_step_and_redo_makes_both():
    session = ai_session()
    app, scene = open_rangers(session)
    start = session.state.digest()
    steps = len(session.steps)
    target = "loc:" + session.state.d["ring"][1]
    post_drag(screen_of(scene, "ranger:red"), screen_of(scene, target))
    app.frames(2)
    assert [s.action.kind for s in session.steps[steps:]] == ["act", "move"]     # one drag, two engine actions
    moved = session.state.digest()
    scene.undo()
    app.frames(1)
    assert len(session.steps) == steps and session.state.digest() == start       # both taken back at once
    assert top_task(session) == "actions" and session.state.team_choice_pending()
    assert session.state.d["rloc"]["red"] != target.split(":")[1]
    scene.redo()
    app.frames(1)
    assert session.state.digest() == moved and len(session.steps) == steps + 2   # and redone as one
    # a save keeps them joined: the loaded game undoes them as one step too
    loaded = Session.from_save(session.to_save())
    assert loaded.undo() == 2 and loaded.state.digest() == start


def test_a_drag_that_chose_who_acts_and_moved_rebuilds_the_views_once_and_logs_both_in_order():
    session = ai_session()
    app, scene = open_rangers(session)
    steps = len(session.steps)
    syncs = []
    real_sync = scene.sync
    scene.sync = lambda state: (syncs.append(len(session.steps)), real_sync(state))
    logged = len(scene.panel.log_lines)
    target = "loc:" + session.state.d["ring"][1]
    post_drag(screen_of(scene, "ranger:red"), screen_of(scene, target))
    app.frames(2)
    assert [s.action.kind for s in session.steps[steps:]] == ["act", "move"]
    assert syncs == [steps + 2]                    # one sync, after both actions (not one per action)
    ranger = scene.world.get("ranger:red")
    assert ranger is not None and scene.world.get(target).rect.contains(ranger.rect)   # the views show the move
    lines = [scene.log_line(e) for step in session.steps[steps:] for e in step.events]
    assert scene.panel.log_lines[logged:logged + len(lines)] == lines          # each action's lines, in order


def test_choosing_who_acts_by_button_then_moving_stays_two_decisions():
    session = ai_session()
    app, scene = open_rangers(session)
    steps = len(session.steps)
    pick = next(a for a in session.state.legal_actions() if a.kind == "act" and a.source == "seat:0")
    scene.apply_action(pick)
    move = next(a for a in session.state.legal_actions() if a.kind == "move")
    scene.apply_action(move)
    assert len(session.steps) == steps + 2
    scene.undo()
    assert len(session.steps) == steps + 1 and session.steps[-1].action == pick


# ------------------------------------------------------------------ character cards


def _post_key(key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_each_rangers_character_card_opens_from_its_seat_area_by_click_and_by_keyboard():
    session = new_session(players=2)                  # two rangers a seat: two character cards
    app, scene = open_rangers(session)
    d = session.state.d
    seat = 1
    panel = scene.world.get(f"seat:{seat}")
    post_click(tuple(round(c) for c in scene.camera.to_screen((panel.rect.x + 30, panel.rect.y + 8))))
    app.frames(1)
    board = scene.board_overlay
    assert board is not None
    cards = {f.title: f for f in board.board.rows[1]}
    for r in d["seats"][seat]["rangers"]:
        face = cards[t(f"rangers.ranger.{r}.name")]
        assert face.text == t(f"rangers.ranger.{r}.ability") and face.frame == F.ranger_colour(r)
        assert t(f"rangers.ui.colour.{r}") in face.type_line and t(f"rangers.ranger.{r}.role") in face.type_line
        assert t("rangers.ui.char_hand", n=scene.C.comp["hand_size_pair"]) in face.keywords
        assert t("rangers.ui.char_energy", n=d["seats"][seat]["energy"], energy="{energy}") in face.keywords
    scene.board_overlay = None
    _post_key(pygame.K_c)                             # C: the seat to act
    app.frames(1)
    assert scene.board_overlay is not None and scene.board_overlay.board.title == scene.seat_name(
        session.state.current_seat())
    _post_key(pygame.K_ESCAPE)
    app.frames(1)
    assert scene.board_overlay is None
    _post_key(pygame.K_2)                             # 2: the second seat
    app.frames(1)
    assert scene.board_overlay.board.title == scene.seat_name(1)
    assert len(session.steps) == OPENING_STEPS         # reading a card changes nothing


def test_a_rangers_figure_and_its_seat_chip_show_the_character_card_with_its_stored_energy():
    session = new_session(players=4)
    session.state.d["seats"][2]["energy"] = 3
    app, scene = open_rangers(session)
    r = session.state.d["seats"][2]["rangers"][0]
    chip = scene.world.get(f"char:{r}")
    assert chip is not None and chip.label in (t("rangers.ui.chip.idle"), "")
    for cid in (f"ranger:{r}", f"char:{r}"):
        face = scene.card_face(cid)
        assert face is not None and face.title == t(f"rangers.ranger.{r}.name")
        assert t("rangers.ui.char_energy", n=3, energy="{energy}") in face.keywords
        lines = scene.glossary(cid)
        assert lines[0] == t("rangers.ui.ability_state.idle")
        assert t("rangers.ui.gloss.stored", n=3) in lines
    # hovering the chip shows it large (the tooltip), a right-click pins it
    pos = screen_of(scene, f"char:{r}")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frames(1)
    for _ in range(12):
        app.frame(0.05)
    assert scene.inspector.shown == f"char:{r}"
    i18n.set_language("ja")
    assert scene.card_face(f"char:{r}").title == t(f"rangers.ranger.{r}.name") and "rangers." not in "".join(
        scene.glossary(f"char:{r}"))


def test_trinis_ability_chip_shows_ready_then_armed_for_the_next_card_then_used():
    session = new_session(players=4, seed=4)
    use = lambda s: next((a for a in T.team_actions(s) if a.kind == "ability" and a.source == "ability:yellow"), None)
    assert play_until(session, lambda s: use(s) is not None, seed=4)
    app, scene = open_rangers(session)
    chip = scene.world.get("ability:yellow")
    assert scene.ability_status(session.state, "yellow") == "ready" and not chip.used and not chip.armed
    assert not scene.world.get("char:yellow").armed and not scene.world.get("char:yellow").used
    assert scene.apply_action(use(session.state))
    app.frames(1)
    chip = scene.world.get("ability:yellow")
    assert scene.ability_status(session.state, "yellow") == "armed_double"
    assert chip.armed and chip.label == t("rangers.ui.chip.armed_double") and scene.world.get("char:yellow").armed
    armed = t("rangers.ui.armed_double", name=F.short_name("yellow"))
    assert armed in scene.world.get("label:status").label                   # the battle header says it waits
    assert scene.glossary("ability:yellow")[0] == t("rangers.ui.ability_state.armed_double",
                                                    name=F.short_name("yellow"))
    seat = session.state.d["rseat"]["yellow"]
    play = next(a for a in T.team_actions(session.state) if a.kind == "play"
                and a.source in session.state.d["seats"][seat]["hand"])
    scene.apply_action(play)
    app.frames(1)
    while session.state.d["battle"] is not None and session.state.d["battle"].get("double") is not None:
        scene.apply_action(scene.legal()[0])
    if session.state.d["battle"] is not None and "yellow" in session.state.d["battle"]["rangers"]:
        assert scene.ability_status(session.state, "yellow") == "used"
        assert scene.world.get("ability:yellow").used and not scene.world.get("ability:yellow").armed


# ------------------------------------------------------------------ this round's deployment cards


def test_the_deployment_cards_are_shown_one_by_one_as_they_resolve_and_stay_for_the_round():
    session = new_session(players=4, seed=7)
    app, scene = open_rangers(session, {"animation_speed": "normal"})
    assert not [v for v in scene.world.all() if v.cid.startswith("dshow:")]       # nothing came up yet
    scene.apply_action(session.state.legal_actions()[0])                          # the deployment
    events = session.steps[-1].events
    revealed = [e.source for e in events if e.key in ("rangers.ev.deploy_revealed", "rangers.ev.deploy_revealed_big")]
    assert len(revealed) >= session.state.deployments_this_round()
    assert [e["card"] for e in scene._deployed] == revealed
    views = [scene.world.get(f"dshow:{c}") for c in revealed]
    assert all(v is not None for v in views)
    xs = [v.rect.x for v in views]
    assert xs == sorted(xs)                                                       # in the order they resolved
    # every card waits on the deck, face down, then comes out in turn at the animation speed
    deck = scene.world.get("deck:deployment").world_rect().topleft
    assert all(abs(v.world_rect().x - deck[0]) < 1 and v.flip == 0.0 for v in views if v.face_up)
    slides = [a.cid for a in scene.animator.queue if a.kind == "slide"]
    assert slides == [v.cid for v in views]
    flashes = [a.cid for a in scene.animator.queue if a.kind == "flash"]
    locs = [f"loc:{e['loc']}" for e in scene._deployed if e["loc"]]
    assert flashes[:len(locs)] == locs and flashes[-1] == "deck:deployment"      # placed, then under the deck
    secs = scene.animation_seconds()
    app.frames(int(secs / 0.05) + 2, dt=0.05)                                     # the first card's slide
    assert views[0].offset.length() < 1 and views[1].offset.length() > 1
    assert not scene.input_actions()                                              # the table waits for it
    for _ in range(400):
        if not scene.animator.busy:
            break
        app.frame(0.05)
    assert all(v.offset.length() < 1 and v.flip == 1.0 for v in views)
    # each names where its figures went; hovering reads it large with that line
    first = scene._deployed[0]
    n = session.state.d["ring"].index(first["loc"]) + 1
    assert views[0].caption == t("rangers.ui.dep_cap", n=n, loc=t(f"rangers.ui.loc_short.{first['loc']}"))
    assert scene.card_face(views[0].cid) is not None
    assert any(F.loc_name(first["loc"]) in line for line in scene.glossary(views[0].cid))
    # they stay through the action phase; an undo of the deployment takes them away
    tgt = "loc:" + session.state.d["ring"][0]
    scene.apply_action(next(a for a in T.team_actions(session.state) if a.kind == "move" and a.target == tgt))
    assert scene.world.get(views[0].cid) is not None
    while session.steps:
        scene.undo()
    assert not [v for v in scene.world.all() if v.cid.startswith("dshow:")]


def test_a_new_round_clears_the_last_rounds_deployment_cards():
    session = new_session(players=2, seed=5)
    app, scene = open_rangers(session)
    scene.apply_action(session.state.legal_actions()[0])
    assert scene._deployed
    assert play_until(session, lambda s: top_task_of(s) == "deploy_phase" and s.d["round"] >= 2, seed=5)
    scene._rebuild_memory()
    scene._resync()
    assert not scene._deployed and not [v for v in scene.world.all() if v.cid.startswith("dshow:")]
    i18n.set_language("ja")
    scene.apply_action(session.state.legal_actions()[0])
    assert scene._deployed and "rangers." not in scene.world.get("label:dshow").label


# ------------------------------------------------------------------ the battle header and the progress of monsters


def test_the_battle_header_names_the_step_and_a_monsters_progress_counts_this_battles_defeats():
    session = new_session(players=2, seed=1)
    assert play_until(session, lambda s: s.d["battle"] is not None and top_task_of(s) == "prep_draw"
                      and any(a.kind == "ready" for a in s.legal_actions()), seed=4)
    app, scene = open_rangers(session)
    assert scene.world.get("label:status").label.startswith(t("rangers.ui.bstep.prep_draw"))
    for kind in ("choose_enemy", "cleanup", "drain", "choose_lead"):
        assert scene._battle_status(session.state, {"t": kind}).startswith(t(f"rangers.ui.bstep.{kind}"))
    assert scene._battle_status(session.state, {"t": "ranger_turn"}).startswith(t("rangers.ui.turn_rangers"))
    # a monster card defeated in this battle counts at once, not only after the battle
    d = session.state.d
    C = scene.C
    monster = C.monsters[0]
    b = d["battle"]
    card = next(c for c, foe in C.enemy_deck.items() if foe == monster)
    d["locs"][b["loc"]]["big"].append(monster)
    b["defeated"].append(card)
    need = C.comp["monster_defeat"]
    assert scene.defeated_cards(session.state, monster) == len(d["ediscard"][monster]) + 1
    status = scene._battle_status(session.state, {"t": "ranger_turn"})
    assert t("rangers.ui.big_progress", foe=F.foe_name(monster), n=len(d["ediscard"][monster]) + 1, need=need) in status


def test_ready_does_not_turn_into_pass_under_a_resting_pointer():
    session = new_session(players=2, seed=1)
    assert play_until(session, lambda s: any(a.kind == "ready" for a in s.legal_actions()), seed=4)
    app, scene = open_rangers(session)
    panel = scene.panel
    ready = next(a for a in session.state.legal_actions() if a.kind == "ready")
    button = panel.button_for("end", ready)
    spot = button.get_abs_rect().center
    panel.pointer = lambda: spot                       # the pointer rests where Ready was clicked
    tt.click(app, button, frames=3)
    assert session.steps[-1].action.kind == "ready"
    assert panel.end_actions and panel.end_actions[0][1] != ready      # the end button means something else now
    assert panel.guarding and not panel.end_button.is_enabled          # ... so it waits a moment first
    steps = len(session.steps)
    tt.click(app, panel.end_button, frames=3)          # a second click right away does nothing
    assert len(session.steps) == steps


def test_battle_preparation_draws_up_to_hand_size_in_one_click_per_ranger_and_one_for_the_team():
    session = new_session(players=4, seed=5)
    assert play_until(session, lambda s: any(a.kind == "draw_team" for a in s.legal_actions()), seed=5)
    app, scene = open_rangers(session)
    legal = session.state.legal_actions()
    short = {int(a.source.split(":")[1]): a for a in legal if a.kind == "draw_up"}
    assert len(short) >= 2
    for seat, a in short.items():                                   # one button per ranger short of cards
        assert scene.panel.button_for("action", a) is not None
        assert scene.seat_name(seat) in scene.describe_action(a) and str(a.get("n")) in scene.describe_action(a)
    team = next(a for a in legal if a.kind == "draw_team")
    tt.click(app, scene.panel.button_for("action", team))            # and one for the whole team
    d = session.state.d
    for seat in short:
        st = d["seats"][seat]
        assert len(st["hand"]) == scene._hand_size(session.state, seat) or not st["deck"]


def test_the_setup_explains_what_scenario_13_changes_and_its_prompt_says_4_deployments(real_app):
    real_app.scenes.switch("setup", game="rangers")
    scene = real_app.scenes.top
    assert not any("#13" in n for n in scene.option_notes())                     # the standard game
    scene._set_option("scenario", "cyclopsis13")
    scene = real_app.scenes.top
    assert t("rangers.option.scenario.help.cyclopsis13") in scene.option_notes()
    scene.draw(pygame.Surface(real_app.size))
    session = new_session(players=4, seed=3, scenario="cyclopsis13")
    app, table = open_rangers(session)
    assert session.state.deployments_this_round() == 4
    assert table.prompt_text() == t("rangers.ui.prompt.deploy_phase", round=1, n=4)
    assert "4" in table.prompt_text() and "5" not in table.prompt_text()


def test_a_story_window_holds_the_deployment_cards_until_it_is_dismissed():
    session = new_session(players=4, seed=3, scenario="cyclopsis13")
    app, scene = open_rangers(session, {"animation_speed": "normal"})
    scene.apply_action(session.state.legal_actions()[0])
    assert scene.story_box is not None and scene.story_box.alive()            # the scenario's opening story
    first = scene.world.get(f"dshow:{scene._deployed[0]['card']}")
    offset = first.offset.length()
    assert offset > 1
    app.frames(40, dt=0.05)
    assert first.offset.length() == offset                                     # still on the deck
    scene.story_box.kill()
    app.frames(10, dt=0.05)
    assert first.offset.length() < offset


def test_a_replay_jump_shows_the_deployment_cards_of_the_round_it_lands_in(real_app):
    from ui.scenes.replay import open_replay

    session = new_session(players=2, seed=5)
    assert play_until(session, lambda s: s.d["round"] >= 2 and top_task_of(s) == "actions", seed=5)
    deploys = [i for i, st in enumerate(session.steps) if st.action.kind == "deploy"]
    assert len(deploys) >= 2
    assert open_replay(real_app, session=session) is None
    real_app.frame(1 / 60)
    viewer = real_app.scenes.top

    def cards_of(i):
        return [e.source for e in session.steps[i].events
                if e.key in ("rangers.ev.deploy_revealed", "rangers.ev.deploy_revealed_big")]

    viewer.go(viewer.timeline.n)                       # the end: round 2's cards
    assert [e["card"] for e in viewer._deployed] == cards_of(deploys[-1])
    tl = viewer.timeline
    late = max(k for k in range(deploys[0] + 1, deploys[1]) if tl.state_at(k).d["round"] == 1
               and top_task_of(tl.state_at(k)) == "actions")                 # the city on the table
    assert late - deploys[0] > 8                       # far past the deployment (a jump warms up a few moves)
    viewer.go(late)                                    # back into round 1's action phase
    assert [e["card"] for e in viewer._deployed] == cards_of(deploys[0])
    assert all(viewer.world.get(f"dshow:{c}") is not None for c in cards_of(deploys[0]))
    viewer.go(deploys[0])                              # before its deployment: none yet
    assert not viewer._deployed


def test_the_deployment_cards_keep_clear_of_the_rangers_standing_at_the_command_center():
    session = new_session(players=5, seed=7)
    app, scene = open_rangers(session)
    scene.apply_action(session.state.legal_actions()[0])
    here = [r for r, loc in session.state.d["rloc"].items() if loc == "command_center"]
    assert len(here) == 5
    right = max(scene.world.get(f"ranger:{r}").world_rect().right for r in here)
    cards = [scene.world.get(f"dshow:{e['card']}") for e in scene._deployed]
    assert cards and min(v.rect.x for v in cards) > right
    assert max(v.rect.right for v in cards) <= scene.geo["cc"][0] + scene.geo["cc"][2]


def test_a_guard_link_that_comes_or_goes_repaints_its_corner_not_the_battle_board():
    from ui.games.rangers.views import EnemyCard, GuardLinks, Panel
    from ui.games.rangers import faces as F
    from ui.table.camera import Camera
    from ui.table.scene import TableCloth
    from ui.table.views import World

    world = World()
    cam = Camera((0, 0, 1200, 800))
    cloth = TableCloth((40, 90, 60), (50, 100, 70))
    world.add(Panel("battle:park", (0, 0, 1100, 620), title="Battle", layer=6))
    links = world.add(GuardLinks("battle:links"))
    face = F.enemy_face(next(iter(tt_enemy_ids())))
    for i in range(3):
        world.add(EnemyCard(f"e{i}", (100 + 200 * i, 200, 110, 154), face, hits=0, health=3, defeated=False,
                            guarded=False, resolved=False, next_up=False, damage=None, labels=("D", "N", "x")))
    kept = pygame.Surface((1200, 800))
    world.draw_cached(kept, cam, cloth)
    for shown in ([((155, 277), (355, 277))], [((155, 277), (355, 277)), ((355, 277), (555, 277))], []):
        links.set_links(shown)
        world.draw_cached(kept, cam, cloth)
        assert sum(r.width * r.height for r in world.painted) < 0.25 * 1200 * 800, world.painted
        fresh = pygame.Surface((1200, 800))
        world.cache_enabled = False
        world.draw_cached(fresh, cam, cloth)
        world.cache_enabled = True
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB")


def tt_enemy_ids():
    """Every enemy card id of Heroes of the Grid (for a face to draw)."""
    from gamecore.rangers.content import content

    C = content()
    return list(C.enemy_of)


def test_english_verbs_agree_with_a_seat_of_two_rangers_in_the_log_and_on_buttons():
    """A seat of one ranger "draws", a seat of two rangers (2-player game) "draw": the game log and the
    choices' labels say so in English; Japanese has no agreement to make."""
    session = Session.new("rangers", 5, 2, {}, [Seat(), Seat()])
    app, scene = open_rangers(session)
    seat = session.state.current_seat()
    assert len(session.state.d["seats"][seat]["rangers"]) == 2
    draw = next(a for a in session.state.legal_actions() if a.kind == "draw")
    events = session.apply(draw)
    line = scene.log_line(next(e for e in events if e.key == "rangers.ev.drew"))
    name = scene.seat_name(seat)
    assert line.startswith(f"{name} draw 1 card") and " draws " not in line
    draw = next(a for a in session.state.legal_actions() if a.kind == "draw")
    assert scene.describe_action(draw) == f"{name} draw a card"
    solo = Session.new("rangers", 5, 4, {}, [Seat() for _ in range(4)])
    app4, scene4 = open_rangers(solo)
    s4 = solo.state.current_seat()
    draw = next(a for a in solo.state.legal_actions() if a.kind == "draw")
    line = scene4.log_line(next(e for e in solo.apply(draw) if e.key == "rangers.ev.drew"))
    assert line.startswith(f"{scene4.seat_name(s4)} draws 1 card")


def test_the_side_columns_pieces_sit_inside_their_panels_clear_of_the_titles_at_1280x800():
    """At 1280x800 the enemy decks' count badges sat on the "Enemy decks" title, the energy supply's on
    "Supply", and the zord deck ran out of the power board's bottom edge."""
    assert pygame.display.get_surface().get_size() == (1280, 800)
    app, scene = open_rangers(new_session(players=2))
    world = scene.world

    def rect(cid):
        return pygame.Rect(world.get(cid).world_rect())

    enemies, power, energy = rect("panel:enemies"), rect("panel:power"), rect("panel:energy")
    piles = [v for v in world.all() if v.cid.startswith("edeck:")]
    assert piles
    for v in piles:      # the badge is centred on the pile's top edge: the pile starts below the title band + badge
        assert pygame.Rect(v.world_rect()).top >= enemies.top + 28, v.cid
        assert enemies.contains(pygame.Rect(v.world_rect())), v.cid
    assert power.contains(rect("deck:zords"))
    assert energy.contains(rect("supply")) and rect("supply").top >= energy.top + 28


def test_the_seat_to_play_is_as_wide_as_the_largest_hand_and_the_others_keep_their_size_as_the_turn_passes(
        monkeypatch):
    """In a battle the turn passes at every card: a seat to play sized by its own hand made every other
    seat change size (laid out and drawn afresh) each time. It is sized by the largest hand at the table,
    so a seat keeps its width whoever plays, and the one to play still lays its hand side by side."""
    from ui.games.rangers.table import MIN_CARD_W

    session = new_session(players=4, seed=4)
    assert play_until(session, lambda s: s.d["battle"] is not None and top_task_of(s) == "ranger_turn"
                      and len({s.d["rseat"][r] for r in s.d["battle"]["rangers"]}) >= 3, seed=4)
    seats = session.state.d["seats"]
    seats[0]["hand"] = seats[0]["hand"][:2]                 # hands of different sizes (the layout only reads them)
    seats[2]["hand"] = seats[2]["hand"][:3]
    assert max(len(st["hand"]) for st in seats) >= 4
    d = session.state.d
    battling = sorted({d["rseat"][r] for r in d["battle"]["rangers"]})
    app, scene = open_rangers(session)
    widths: dict = {}
    for cur in battling:                                  # the turn passes among the battling rangers' seats
        monkeypatch.setattr(type(session.state), "current_seat", lambda self, c=cur: c)
        scene._resync()
        for s in range(len(seats)):
            widths.setdefault((s, s == cur), set()).add(round(scene.world.get(f"seat:{s}").rect.width, 3))
        hand = scene.world.get(f"hand:{cur}")
        xs = sorted(card.rect.x for card in hand.cards)
        assert all(b - a >= MIN_CARD_W - 0.5 for a, b in zip(xs, xs[1:])), (cur, xs)   # side by side
    assert all(len(w) == 1 for w in widths.values()), widths


def test_six_seats_in_a_small_window_keep_their_piles_tokens_and_hand_inside_their_own_panel():
    """At 1280x800 six seats leave a few of them too narrow for piles and tokens in one row: the tokens of
    one seat lay over the next seat's panel. They now go in a row under the piles, and the hand under them."""
    session = new_session(players=6, seed=1)
    assert play_until(session, lambda s: s.d["battle"] is not None and top_task_of(s) == "ranger_turn"
                      and len({s.d["rseat"][r] for r in s.d["battle"]["rangers"]}) >= 2, seed=1)
    app, scene = open_rangers(session)
    assert app.screen.get_size() == (1280, 800)
    narrow = 0
    for s in range(6):
        panel = scene.world.get(f"seat:{s}").rect
        narrow += panel.width < 150
        for part in ("deck", "discard", "energy", "action", "hand"):
            view = scene.world.get(f"{part}:{s}")
            assert panel.inflate(2, 2).contains(view.rect), (s, part, view.rect, panel)
        hand = scene.world.get(f"hand:{s}")
        tokens = max(scene.world.get(f"{p}:{s}").rect.bottom for p in ("deck", "discard", "energy", "action"))
        assert all(card.rect.top >= tokens for card in hand.cards if card.visible), s
    assert narrow >= 2                                    # the case this is about is on the table
