"""The Misfit Heroes table and remix screen, driven by synthetic pygame events (dummy video driver)."""
from __future__ import annotations


import toytable as tt
from toytable import screen_of, post_drag, post_click, click, wait_for

import pygame
import pygame_gui

from gamecore.engine import Action
from gamecore.misfits import deck
from gamecore.misfits.state import parse_slot
from gamecore.session import Seat, Session
from ui import i18n
from ui.games import playable, table_for
from ui.games.misfits import prepare_options
from ui.i18n import illegal_text, t
from ui.table.views import CardView


def new_app(settings=None):
    app = tt.FakeApp({"animation_speed": "off", "confirm_end_turn": False, **(settings or {})})
    app.size = app.screen.get_size()
    return app


def human_first_session(seats=None, players=2) -> Session:
    """A session whose seat 0 (the human) plays first."""
    options = prepare_options({})
    seats = seats or [Seat()] + [Seat("bot", "easy") for _ in range(players - 1)]
    for seed in range(1, 200):
        s = Session.new("misfits", seed, players, options, seats)
        if s.state.current_seat() == 0:
            return s
    raise AssertionError("no seed lets seat 0 start")


def open_misfits(session, settings=None):
    app = new_app(settings)
    scene = app.scenes.switch(table_for("misfits"), session=session)
    app.frames(2)
    return app, scene







def first_hire(state) -> Action:
    return next(a for a in state.legal_actions() if a.kind == "hire")


# ------------------------------------------------------------------ the table is found and drawn


def test_misfits_is_playable_and_the_table_shows_every_part():
    import gamecore

    assert playable(gamecore.game("misfits"))
    session = human_first_session(players=4)
    app, scene = open_misfits(session)
    state = session.state
    assert all(scene.world.get(f"tab:0:{r}:{c}") is not None for r in range(1, 5) for c in range(1, 5))
    assert all(scene.world.get(f"seat:{s}") is not None for s in range(4))
    assert scene.world.get("deck").count == len(state.deck)
    for qtype in ("forest", "sea", "mountain", "town"):
        assert scene.world.get(f"quest:{qtype}:{state.quests[qtype][0]}") is not None
    assert {f"supply:{k}" for k in ("forest", "sea", "mountain")} <= set(scene.world.index())
    hand = scene.world.get("hand:0")
    assert sorted(c.cid for c in hand.cards) == sorted(state.hands[0])
    assert all(c.face_up for c in hand.cards)
    # the opponents' hands are secret: none of their cards is on the table
    assert not any(scene.world.get(h) for s in range(1, 4) for h in state.hands[s])
    # at 1280×800 the whole table fits at close to its designed size
    assert scene.camera.zoom > 0.85


# ------------------------------------------------------------------ drag and drop


def test_dragging_a_hand_card_onto_a_legal_slot_hires_it():
    session = human_first_session()
    app, scene = open_misfits(session)
    action = first_hire(session.state)
    start = screen_of(scene, action.source)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] - 80), rel=(30, -80),
                                         buttons=(1, 0, 0)))
    app.frames(1)
    # while dragging, exactly the legal slots of that card glow
    legal_slots = {a.target for a in session.state.legal_actions() if a.source == action.source}
    assert {v.cid for v in scene.world.all() if v.highlight == "target"} == legal_slots
    post_drag((start[0] + 30, start[1] - 80), screen_of(scene, action.target))
    app.frames(2)
    assert session.steps[0].action == action
    assert session.state.tab[0][parse_slot(action.target)[1]] == action.source
    view = scene.world.get(action.source)
    assert isinstance(view, CardView) and view.rect.colliderect(scene.world.get(action.target).rect)


def test_an_illegal_drop_snaps_back_with_the_engines_reason():
    session = human_first_session()
    app, scene = open_misfits(session, {"animation_speed": "normal"})
    card = session.state.hands[0][0]
    digest = session.state.digest()
    post_drag(screen_of(scene, card), screen_of(scene, "tab:0:3:3"))   # not the bottom-left corner
    app.frames(1)
    assert session.state.digest() == digest and not session.steps
    reason = illegal_text(session.state.explain(card, "tab:0:3:3"))
    assert reason == t("illegal.misfits_first_bottom_left")
    assert reason in scene.toasts.texts
    app.frames(40)
    assert scene.world.get(card).offset.length() < 1


def test_an_activation_choice_glows_offers_buttons_and_a_click_applies_it():
    session = human_first_session()
    app, scene = open_misfits(session)
    # hire cards until an activation is asked (bonus boxes may ask after their own effects)
    for _ in range(10):
        if session.state.pending().kind == "ask" and session.state.current_seat() == 0:
            break
        legal = session.state.legal_actions()
        scene.apply_action(next((a for a in legal if a.kind == "hire"), legal[0]))
        app.frames(1)
    decision = session.state.pending()
    assert decision.kind == "ask"
    card = next(a.source for a in session.state.legal_actions() if a.kind == "activate")
    assert scene.world.get(card).highlight == "source"
    assert scene.panel.prompt == t(decision.prompt, **decision.args)
    labels = [label for label, _ in scene.panel.actions]
    assert t("misfits.ui.act.activate", card=scene.card_name(card)) in labels
    activate = Action("activate", card)
    button = scene.panel.button_for("action", activate)
    n = len(session.steps)
    click(app, button)
    assert session.steps[n].action == activate and session.steps[n].seat == 0


def test_a_target_choice_is_a_click_on_the_glowing_card(monkeypatch):
    session = human_first_session()
    app, scene = open_misfits(session)
    state = session.state
    # stage a "target" decision: two of your cards may be activated by a third
    tab = state.tab[0]
    hids = state.hands[0][:3]
    for idx, hid in zip((0, 1, 4), hids):
        state.hands[0].remove(hid)
        tab[idx] = hid
    state.phase = "resolve"
    state.stack = [{"t": "target", "s": 0, "c": hids[0], "f": {"do": "activate", "where": "any"}}]
    scene.token += 1
    scene._resync()
    scene.refresh()
    legal = [a for a in state.legal_actions() if a.kind == "target"]
    assert len(legal) == 2 and Action("none") in state.legal_actions()
    assert all(scene.world.get(a.target).highlight == "target" for a in legal)
    # refusing is offered too, by its own words, in the panel
    labels = [label for label, _ in scene.panel.actions]
    assert t("misfits.ui.act.none", card=scene.card_name(hids[0])) in labels
    post_click(screen_of(scene, legal[1].target))
    app.frames(2)
    assert session.steps[0].action == legal[1] and session.steps[0].seat == 0
    # choosing the card to activate is the yes: "activate it?" is not asked again
    assert len(session.steps) == 1 or session.steps[1].action.kind != "activate"
    assert legal[1].target in state.activated
    assert not (session.state.pending() and session.state.pending().kind == "ask"
                and session.state.stack[-1].get("c") == legal[1].target)


def test_a_question_with_one_answer_is_answered_by_the_table_and_logged():
    session = human_first_session()                       # two players: one opponent to give coins to
    app, scene = open_misfits(session)
    state = session.state
    hid = state.hands[0].pop()
    state.tab[0][0] = hid
    state.phase = "resolve"
    state.coins[0] = 40
    # "activate it?" first, then an extra cost: give 5 coins to an opponent (there is only one)
    state.stack = [{"t": "give", "s": 0, "n": 5}, {"t": "ask", "s": 0, "c": hid, "n": 1}]
    scene.token += 1
    scene.refresh()
    decline = Action("decline", hid)
    assert decline in state.legal_actions()
    before = list(state.coins)
    scene.apply_action(decline)
    give = Action("give", None, "seat:1")
    assert [s.action for s in session.steps] == [decline, give]          # the one answer was given
    assert state.coins[0] == before[0] - 5 and state.coins[1] == before[1] + 5
    assert t("table.forced", move=scene.describe_action(give)) in scene.panel.log_lines


# ------------------------------------------------------------------ bots


def test_bots_play_off_thread_to_the_end_and_the_results_open():
    session = Session.new("misfits", 11, 3, prepare_options({}),
                          [Seat("bot", "easy"), Seat("bot", "normal"), Seat("bot", "easy")])
    app, scene = open_misfits(session)
    import threading

    main = threading.get_ident()
    seen = []
    real = scene._start_bot

    def spy():
        seen.append(threading.get_ident())
        real()
    scene._start_bot = spy
    assert wait_for(app, lambda: type(app.scenes.top).__name__ == "ResultsScene", 60)
    assert session.state.is_over() and len(session.steps) > 30
    assert seen and all(s == main for s in seen)            # started from the UI thread...
    assert app.scenes.top.args["session"] is session          # ...and the results got the session
    result = session.state.result()
    for seat, parts in result.breakdown.items():
        assert sum(parts.values()) == result.scores[seat]
        assert all(i18n.has(k, "en") and i18n.has(k, "ja") for k in parts)


def test_a_bot_move_is_shown_and_logged():
    session = Session.new("misfits", 2, 2, prepare_options({}), [Seat(), Seat("bot", "easy")])
    while session.state.current_seat() == 0:     # let the human pass the first turn quickly
        legal = session.state.legal_actions()
        session.apply(next(a for a in legal if a.kind in ("coins", "pass", "done", "decline")) if any(
            a.kind in ("coins", "pass", "done", "decline") for a in legal) else legal[0])
    n = len(session.steps)       # counted before the table opens: a fast bot may move in its first frames
    app, scene = open_misfits(session)
    assert wait_for(app, lambda: len(session.steps) > n, 10)
    step = session.steps[n]
    assert step.seat == 1
    from ui.i18n import event_text
    assert event_text(step.events[0]) in scene.panel.log_lines


# ------------------------------------------------------------------ faces, inspect, languages


def test_faces_are_built_once_per_hero_and_language():
    from ui.games.misfits.faces import hero_face

    session = human_first_session()
    app, scene = open_misfits(session)
    hid = session.state.hands[0][0]
    face = scene.world.get(hid).face
    assert hero_face(hid) is face
    scene._resync()
    assert scene.world.get(hid).face is face             # a sync reuses the same face object
    assert "{" in face.text and "♥" not in face.text and "★" not in face.text   # box symbols are icons
    assert face.cost == session.state.card_info(hid)["cost"]
    assert face.vp == session.state.card_info(hid)["points"]
    from ui.table import cardface

    before = cardface._render_face.cache_info().misses
    app.frames(5)
    assert cardface._render_face.cache_info().misses == before   # no re-render on later frames
    i18n.set_language("ja")
    assert hero_face(hid) is not face and hero_face(hid) is hero_face(hid)


def test_inspect_shows_the_card_with_glossary_lines_even_when_stunned():
    session = human_first_session()
    app, scene = open_misfits(session)
    hid = session.state.hands[0][0]
    face, lines = scene._inspect_info(hid)
    assert face is not None and len(lines) >= 3
    state = session.state
    state.hands[0].remove(hid)
    state.tab[0][0] = hid
    state.stunned.add(hid)
    scene._resync()
    view = scene.world.get(hid)
    assert not view.face_up
    face, lines = scene._inspect_info(hid)
    assert face is not None and t("misfits.glossary.stun") in lines


def test_the_table_renders_in_japanese():
    i18n.set_language("ja")
    session = human_first_session(players=4)
    app, scene = open_misfits(session)
    app.frames(2)
    assert scene.panel.prompt == t("misfits.prompt.main")
    assert "雇用" in scene.describe_action(first_hire(session.state))


# ------------------------------------------------------------------ the changing deck


def test_prepare_options_saves_a_deck_on_first_run_and_reuses_it():
    path = deck.deck_path()
    assert not path.exists()
    first = prepare_options({})["pairing"]
    assert path.exists() and deck.load_pairing(path) == first
    assert prepare_options({"pairing": None})["pairing"] == first


def test_remix_that_cannot_write_the_deck_says_so_and_keeps_the_old_one(monkeypatch):
    from ui.games.misfits import RemixScene

    app = new_app()
    scene = app.scenes.switch(RemixScene, players=2, seed=5)
    app.frames(1)
    saved = deck.load_pairing(deck.deck_path())
    pairing = scene.pairing

    def full_disk(path, pairing):
        raise OSError("no space left on device")

    monkeypatch.setattr(deck, "save_pairing", full_disk)
    for act in (scene.save, scene.reset):
        assert act() is False
        assert "no space left on device" in scene.status
        assert scene.pairing == pairing and deck.load_pairing(deck.deck_path()) == saved
    app.frames(1)                                            # the status line is drawn, nothing crashes


def test_remix_swap_changes_the_pairing_and_save_persists_it():
    from ui.games.misfits import RemixScene

    app = new_app()
    scene = app.scenes.switch(RemixScene, players=4, seed=5)
    app.frames(1)
    saved = deck.load_pairing(deck.deck_path())
    before = [list(r) for r in scene.rows[0]]
    rects = scene.card_rects()
    post_drag(rects[(0, 0)].center, rects[(0, 2)].center)
    app.frames(2)
    assert scene.rows[0][0] == (before[0][0], before[2][1]) and scene.rows[0][2] == (before[2][0], before[0][1])
    # click-click swaps too
    post_click(rects[(0, 1)].center)
    app.frames(1)
    assert scene.selected == (0, 1)
    post_click(rects[(0, 3)].center)
    app.frames(1)
    assert scene.rows[0][1][1] == before[3][1] and scene.selected is None
    new = scene.new_pairing()
    table = dict(map(tuple, new))
    assert all(table[a] == c for a, c in scene.rows[0])
    assert deck.load_pairing(deck.deck_path()) == saved      # nothing written before Save
    counts = [scene.swap_count(seat) for seat in range(4)]
    assert counts[0] == 2
    click(app, scene.save_button)
    assert deck.load_pairing(deck.deck_path()) == new != saved
    assert [scene.swap_count(seat) for seat in range(4)] == counts       # the swap counts stay after Save
    # bots remixed their own four (their rows are part of what was saved)
    for seat in (1, 2, 3):
        assert all(table[a] == c for a, c in scene.rows[seat])
    # a later game starts with the saved deck
    assert prepare_options({})["pairing"] == new


def test_remix_reset_asks_first_and_gives_a_different_valid_deck():
    from ui.games.misfits import RemixScene

    app = new_app()
    scene = app.scenes.switch(RemixScene, players=2, seed=9)
    app.frames(1)
    old = deck.load_pairing(deck.deck_path())
    click(app, scene.reset_button)
    assert scene.confirm is not None and deck.load_pairing(deck.deck_path()) == old
    pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=scene.confirm))
    app.frames(2)
    fresh = deck.load_pairing(deck.deck_path())
    assert fresh != old and deck.validate_pairing(fresh) == fresh
    assert scene.pairing == fresh


def test_remix_back_returns_to_the_scene_underneath():
    from ui.games.misfits import RemixScene

    app = new_app()
    app.scenes.switch("results")
    app.scenes.push(RemixScene, players=3)
    app.frames(1)
    click(app, app.scenes.top.back_button)
    assert type(app.scenes.top).__name__ == "ResultsScene"


def test_hot_seat_with_two_humans_hides_the_table_until_the_next_player_confirms():
    session = Session.new("misfits", 4, 3, prepare_options({}), [Seat(), Seat(), Seat("bot", "easy")])
    app, scene = open_misfits(session)
    if session.bot_to_move():
        assert wait_for(app, lambda: not session.bot_to_move(), 10)
    seat = session.state.current_seat()
    assert scene.pass_overlay is not None and scene.pass_overlay.seat == seat
    click(app, scene.pass_overlay.button)
    assert scene.pass_overlay is None and scene.viewer_seat() == seat
    hand = scene.world.get(f"hand:{seat}")
    assert sorted(c.cid for c in hand.cards) == sorted(session.state.hands[seat])
    assert scene.world.get(f"tab:{seat}:1:1").rect.width > 60          # the player's own tableau is the large one


def test_clicking_an_opponent_tableau_opens_that_board_at_full_size_and_esc_returns():
    session = human_first_session(players=4)
    state = session.state
    for _ in range(8):                     # let the bots build something to look at
        if state.current_seat() == 0:
            session.apply(first_hire(state) if any(a.kind == "hire" for a in state.legal_actions())
                          else state.legal_actions()[0])
        else:
            session.apply(state.legal_actions()[0])
    app, scene = open_misfits(session)
    before = session.state.digest()
    seat = int(next(c for c in ("frame:1", "frame:2", "frame:3") if scene.world.get(c)).split(":")[1])
    post_click(screen_of(scene, f"frame:{seat}"))
    app.frames(1)
    board = scene.board_overlay
    assert board is not None and board.board.title == scene.seat_name(seat)
    tab = session.state.tab[seat]
    shown = [f.title if f else None for row in board.board.rows for f in row]
    expected = [scene.card_name(tab[r * 4 + c]) if tab[r * 4 + c] else None for r in (3, 2, 1, 0) for c in range(4)]
    assert shown == expected
    assert min(r.width for r in board.grid.rects) >= 110             # full size, not the small board
    assert all(scene.camera.viewport.contains(r) for r in board.grid.rects)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frames(1)
    assert scene.board_overlay is None and scene.menu is None and session.state.digest() == before


def _nineteen_card_discard():
    """A position where the person must discard 11 of 19 cards (cards dealt from the deck to the hand)."""
    session = human_first_session()
    st = session.state
    while len(st.hands[0]) < 19:
        st.hands[0].append(st.deck.pop())
    st.phase = "discard"
    assert st.pending().kind == "discard" and st.pending().args["n"] == 11
    return session


def test_a_nineteen_card_discard_is_chosen_through_the_picker_and_confirmed_once():
    session = _nineteen_card_discard()
    app, scene = open_misfits(session)
    picker = scene.picker
    assert picker is not None and picker.request.count == 11 and len(picker.request.cids) == 19
    assert picker.counter_text() == t("table.pick.count", n=0, total=11)
    assert all(scene.camera.viewport.contains(r) for r in picker.grid.rects)
    assert min(r.width for r in picker.grid.rects) >= 100
    hand = list(session.state.hands[0])
    wanted = hand[3:14]
    steps = len(session.steps)
    post_click(picker.confirm_rect.center)                  # not ready: nothing happens
    app.frames(1)
    assert len(session.steps) == steps and scene.picker is picker
    for cid in wanted[:3]:
        post_click(picker.grid.rects[hand.index(cid)].center)
    app.frames(1)
    assert picker.counter_text() == t("table.pick.count", n=3, total=11) == "3 of 11 chosen"
    post_click(picker.grid.rects[hand.index(wanted[0])].center)       # a second click unchooses
    app.frames(1)
    assert picker.chosen == wanted[1:3]
    post_click(picker.grid.rects[hand.index(wanted[0])].center)
    for cid in wanted[3:]:
        post_click(picker.grid.rects[hand.index(cid)].center)
    post_click(picker.grid.rects[hand.index(hand[0])].center)        # a twelfth is refused
    app.frames(1)
    assert len(picker.chosen) == 11 and hand[0] not in picker.chosen
    post_click(picker.confirm_rect.center)
    app.frames(2)
    assert scene.picker is None
    assert len(session.state.hands[0]) == 8 and set(session.state.hands[0]).isdisjoint(wanted)
    assert session.state.discard[-11:] == picker.chosen
    assert [s.action.source for s in session.steps[steps:steps + 11]] == picker.chosen


def test_the_picker_can_be_closed_to_look_at_the_table_and_reopened_from_the_panel():
    session = _nineteen_card_discard()
    app, scene = open_misfits(session)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frames(1)
    assert scene.picker is None and scene.menu is None
    button = scene.panel.actions[0]
    assert button[1] == ("pick",)
    tt.click(app, scene.panel.button_for("action", ("pick",)))
    app.frames(1)
    assert scene.picker is not None and scene.picker.request.count == 11


def test_main_actions_without_a_card_are_clicks_on_the_supply_and_the_deck():
    session = human_first_session()
    app, scene = open_misfits(session)
    assert scene.world.get("supply:sea").highlight == "source"
    assert not any(a.kind == "influence" for _, a in scene.panel.actions)      # no button clutter
    post_click(screen_of(scene, "supply:sea"))
    app.frames(2)
    assert session.steps[0].action == Action.make("influence", type="sea")
    assert session.state.inf[0][1] == 1


def test_the_log_names_a_discount_the_house_rule_and_the_option_chosen():
    from gamecore.engine import Event

    session = human_first_session()
    app, scene = open_misfits(session)
    state = session.state
    a, b = state.hands[0][:2]
    name_a, name_b = scene.card_name(a), scene.card_name(b)
    hire = Event("move", "misfits.ev.hire", {"seat": 0, "player": 1, "card": name_a, "cost": 0, "by": name_b})
    assert scene.log_line(hire) == t("misfits.ev.hire_thanks", player=1, card=name_a, cost=0, by=name_b)
    assert name_b in scene.log_line(hire) and "0 coins" in scene.log_line(hire)
    none = Event("info", "misfits.ev.no_target", {"seat": 0, "player": 1, "card": name_a, "others": name_b})
    assert name_b in scene.log_line(none) and "still resolving" in scene.log_line(none)
    chooser = next((h for h in state.heroes if scene._option_label(h, 0)), None)
    if chooser is not None:
        option = Event("info", "misfits.ev.option", {"seat": 0, "player": 1, "index": 1}, source=chooser)
        assert scene._option_label(chooser, 0) in scene.log_line(option)
        assert "option 1" not in scene.log_line(option)


def test_the_rules_screen_lists_the_house_rules_in_both_languages():
    from ui.resources import asset_path

    for lang, heading, still in (("en", "## House rules of this table", "still resolving"),
                                 ("ja", "## このアプリのハウスルール", "解決中")):
        text = asset_path("rules", f"misfits.{lang}.md").read_text(encoding="utf-8")
        section = text.split(heading, 1)[1].split("\n## ", 1)[0]
        assert "60" in section and "30" in section and still in section, lang


def test_the_results_list_the_trophy_points_card_by_card():
    import gamecore
    from gamecore import Rng

    state = gamecore.start("misfits", seed=3, players=2)
    rng = Rng(4)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    for seat in (0, 1):
        details = state.score_details(seat)
        assert sum(p for _, _, p in details) == result.breakdown[seat]["misfits.score.trophies"]
        assert all(t(k, **p).startswith("◆ ") for k, p, _ in details)


def test_remix_lays_every_seat_out_readably_inside_the_window_at_each_size():
    from ui.games.misfits import RemixScene
    from ui.games.misfits.remix import MINI_BELOW

    app = new_app()
    scene = app.scenes.switch(RemixScene, players=4, seed=5)
    for size in ((1280, 800), (1600, 900), (1920, 1080)):
        app.size = size
        w, h = size
        rects = scene.card_rects()
        pw, ph = scene._preview_size()
        preview = pygame.Rect(w - 48 - pw - 12, 96, pw + 24, ph + 88)
        assert len(rects) == 16
        for key, rect in rects.items():
            assert pygame.Rect(0, 0, w, h - 84 - 8).contains(rect), (size, key, rect)   # above the buttons
            assert not rect.colliderect(preview), (size, key)
            if key[0] != 0:                      # the bots' cards: large enough for a readable face
                assert rect.width >= 85, (size, key, rect.width)
        boxes = list(rects.values())
        assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        app.frames(1)                            # draws (compact faces below MINI_BELOW) without error
    assert MINI_BELOW > 85


def test_the_hand_keeps_its_cards_size_during_the_turn_and_is_laid_out_afresh_when_the_turn_passes(monkeypatch):
    session = human_first_session()
    app, scene = open_misfits(session)
    hand = scene.world.get("hand:0")
    fresh = hand.cards[0].rect.size
    kept = scene.world.hand_layouts["hand:0"]
    scene.world.hand_layouts["hand:0"] = (kept[0], kept[1], kept[2] * 0.9)    # as if laid out for more cards
    scene._resync()                                                           # the same seat's turn: kept
    assert scene.world.get("hand:0").cards[0].rect.width < fresh[0]
    monkeypatch.setattr(scene, "current_seat", lambda: 1)                     # the turn passes
    scene._resync()
    assert scene.world.get("hand:0").cards[0].rect.size == fresh
