"""TableScene on the toy game, driven by synthetic pygame events through a minimal app loop."""
from __future__ import annotations

import threading

import toytable as tt
from toytable import screen_of, post_drag, click, key, wait_for

import pygame

from gamecore import bots
from gamecore.engine import Action
from gamecore.session import Seat
from ui import fonts
from ui.i18n import event_text, t
from ui.table import cardface
from ui.table.views import CardView


def make(settings=None, seats=None, seed=3, mode="practice"):
    app = tt.FakeApp({"animation_speed": "off", "confirm_end_turn": False, **(settings or {})})
    session = tt.toy_session(seed=seed, seats=seats, mode=mode)
    scene = tt.open_table(app, session)
    app.frames(2)
    return app, session, scene







# ------------------------------------------------------------------ rendering and panel


def test_table_renders_with_panel_and_end_button():
    app, session, scene = make()
    assert app.scenes.top is scene
    assert scene.panel.built and scene.panel.title == t("toy.title")
    labels = [label for label, _ in scene.panel.end_actions]
    assert labels == ["Draw"] and scene.panel.end_button.is_enabled
    assert scene.panel.actions == []                 # every play is a drag move on the table
    assert scene.camera.viewport.right == app.screen.get_width() - scene.panel.rect.width
    hand = [v for v in scene.world.get("hand:0").cards]
    assert hand and all(v.face_up and v.highlight == "source" for v in hand)
    assert all(not v.face_up for v in scene.world.get("hand:1").cards)   # the bot's hand is hidden


# ------------------------------------------------------------------ drag and drop


def test_drag_and_drop_applies_the_matching_action():
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:1"))
    app.frames(2)
    assert session.steps[0].action == Action.make("play", card, "bin:1")
    assert session.steps[0].seat == 0
    assert (0, card) in session.state.bins[1]
    assert isinstance(scene.world.get(card), CardView) and scene.world.get(card).rect.colliderect(
        scene.world.get("bin:1").rect)
    assert event_text(session.steps[0].events[0]) in scene.panel.log_lines


def test_the_dragged_card_follows_the_mouse_and_targets_glow():
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    start = screen_of(scene, card)
    ev = pygame.event.Event
    pygame.event.post(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(ev(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] - 60), rel=(40, -60), buttons=(1, 0, 0)))
    app.frames(1)
    assert scene.drag.dragging and scene.drag.view.cid == card
    assert scene.world.get(card).offset.length() > 30
    assert {v.cid for v in scene.world.all() if v.highlight == "target"} == {"bin:0", "bin:1", "bin:2"}
    pygame.event.post(ev(pygame.MOUSEBUTTONUP, pos=(start[0] + 40, start[1] - 60), button=1))
    app.frames(1)


def test_an_illegal_drop_snaps_back_and_toasts_the_engines_reason():
    app, session, scene = make({"animation_speed": "normal"})
    card = sorted(session.state.hands[0])[0]
    digest = session.state.digest()
    post_drag(screen_of(scene, card), screen_of(scene, "deck"))
    app.frames(1)
    assert session.state.digest() == digest and not session.steps
    reason = session.state.explain(card, "deck")
    from ui.i18n import illegal_text
    assert illegal_text(reason) in scene.toasts.texts
    view = scene.world.get(card)
    assert view.offset.length() > 0                  # on its way back
    app.frames(30)
    assert view.offset == pygame.Vector2()


def test_a_drop_on_empty_table_is_refused_with_a_reason_too():
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    vp = scene.camera.viewport
    post_drag(screen_of(scene, card), (vp.right - 10, vp.bottom - 10))
    app.frames(2)
    assert not session.steps and scene.toasts.texts
    assert scene.world.get(card).offset == pygame.Vector2()


def test_moves_animate_when_animations_are_on_and_a_click_skips_them():
    app, session, scene = make({"animation_speed": "slow"})
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:2"))
    app.frames(2)
    assert session.steps and scene.animator.busy
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 780), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(20, 780), button=1))
    app.frames(1)
    assert not scene.animator.busy and scene.world.get(card).offset == pygame.Vector2()
    assert wait_for(app, lambda: len(session.steps) == 2)          # the bot replies, animated
    assert wait_for(app, lambda: not scene.animator.busy)
    app.frames(1)
    hand = scene.world.get("hand:0").cards
    assert hand and all(v.highlight == "source" for v in hand)    # the glow is back for the human


# ------------------------------------------------------------------ undo / redo


def test_ctrl_z_restores_the_digest_and_ctrl_y_redoes():
    app, session, scene = make(seats=[Seat("human"), Seat("human")])
    scene.confirmed_seat = 0
    click(app, scene.pass_overlay.button) if scene.pass_overlay else None
    start = session.state.digest()
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frames(2)
    after = session.state.digest()
    assert after != start
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert session.state.digest() == start and not session.steps
    assert t("table.undone") in scene.toasts.texts
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert session.state.digest() == after


def test_the_autosave_is_written_a_few_frames_after_a_change_never_in_the_moves_frame_and_when_the_table_closes(
        tmp_path):
    """Serialising and fsyncing the whole game (1.5-3 ms on the busiest tables, more on a slow disk) stays out of the
    frame that applies a move and the one after it: the change marks the autosave due, and the table writes it once
    AUTOSAVE_AFTER_FRAMES frames have gone by without another change; a table that closes writes it at once."""
    import json

    app, session, scene = make(seats=[Seat("human"), Seat("human")])
    scene.confirmed_seat = 0
    click(app, scene.pass_overlay.button) if scene.pass_overlay else None
    path = session.autosave = tmp_path / "autosave.json"
    assert session.defer_autosave

    def actions():
        return len(json.loads(path.read_text())["actions"]) if path.exists() else None

    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frame()                                  # the move's frame
    assert len(session.steps) == 1 and session.autosave_due and actions() is None
    app.frame()                                  # the one after it
    assert actions() is None
    app.frames(scene.AUTOSAVE_AFTER_FRAMES)
    assert actions() == 1 and not session.autosave_due
    key(app, pygame.K_z, pygame.KMOD_LCTRL, frames=1)      # an undo too
    assert not session.steps and actions() == 1
    app.frames(scene.AUTOSAVE_AFTER_FRAMES + 1)
    assert actions() == 0
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frame()
    assert len(session.steps) == 1 and actions() == 0
    app.close()                                  # leaving the table (as to the menu or on quitting)
    assert actions() == 1 and not session.autosave_due


def test_a_refused_undo_shows_the_reason():
    app, session, scene = make()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.toasts.texts and not session.steps


def test_strict_mode_refuses_undo_across_a_draw():
    app, session, scene = make(mode="strict")
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frames(2)
    digest = session.state.digest()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.digest() == digest and scene.toasts.texts


# ------------------------------------------------------------------ bots and hints


def _held_bot(monkeypatch):
    """Bots answer only once the returned gate is set; ``threads`` collects the threads they think on.
    The human (seat 0) has just played a card, so the bot seat is thinking."""
    real = bots.choose_for
    threads = []
    gate = threading.Event()

    def held_choose(state, bot, rng):
        threads.append(threading.current_thread())
        gate.wait(10)                                # the bot "thinks" until the test lets it answer
        return real(state, bot, rng)

    monkeypatch.setattr(bots, "choose_for", held_choose)
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frames(2)
    return app, session, scene, gate, threads


def test_a_bot_seat_moves_on_a_worker_thread_without_blocking(monkeypatch):
    app, session, scene, gate, threads = _held_bot(monkeypatch)
    assert session.state.current_seat() == 1 and scene.bot_thinking
    app.frames(5)                                    # frames keep coming while the bot thinks...
    assert len(session.steps) == 1 and scene.bot_thinking and not gate.is_set()
    gate.set()                                       # ...and its answer is applied once it comes
    assert wait_for(app, lambda: len(session.steps) == 2)
    assert session.steps[1].seat == 1 and threads and threads[0] is not threading.main_thread()
    assert session.state.current_seat() == 0 and not scene.bot_thinking


def test_a_stale_bot_answer_is_dropped(monkeypatch):
    app, session, scene, gate, threads = _held_bot(monkeypatch)
    assert scene.bot_thinking
    key(app, pygame.K_z, pygame.KMOD_CTRL)           # the player takes the move back meanwhile
    assert not session.steps
    gate.set()
    threads[0].join(5)                              # the old answer has been posted...
    assert not threads[0].is_alive()
    app.frames(5)
    assert not session.steps                        # ...and ignored: it answered an old position


def test_two_bots_play_to_the_end_and_the_results_open():
    app, session, scene = make(seats=[Seat("bot", "random"), Seat("bot", "easy")])
    assert wait_for(app, lambda: app.scenes.top is not scene, seconds=20)
    assert session.state.is_over()
    assert type(app.scenes.top).__name__ == "ResultsScene" and app.scenes.top.args == {"session": session}


def test_h_asks_the_hint_bot_and_highlights_its_move():
    app, session, scene = make()
    key(app, pygame.K_h)
    assert wait_for(app, lambda: scene.hint_action is not None)
    assert scene.hint_action in session.state.legal_actions()
    if scene.hint_action.source:
        assert scene.world.get(scene.hint_action.source).highlight == "hint"
    assert any(text.startswith(t("table.hint.move", move="").rstrip()) for text in scene.toasts.texts)


# ------------------------------------------------------------------ panel, dialogs, overlays


def test_end_turn_button_asks_for_confirmation_when_settings_say_so():
    app, session, scene = make({"confirm_end_turn": True})
    click(app, scene.panel.end_button)
    assert scene.confirm is not None and not session.steps
    confirm_button = scene.confirm.confirm_button
    click(app, confirm_button)
    assert session.steps and session.steps[0].action.kind == "draw"


def test_end_turn_without_confirmation_applies_at_once():
    app, session, scene = make()
    click(app, scene.panel.end_button)
    assert session.steps and session.steps[0].action.kind == "draw"


def test_pass_the_device_between_two_humans():
    app, session, scene = make(seats=[Seat("human"), Seat("human")])
    assert scene.pass_overlay is not None and scene.pass_overlay.seat == 0
    assert scene.input_actions() == []
    card = sorted(session.state.hands[0])[0]
    click(app, scene.pass_overlay.button)
    assert scene.pass_overlay is None and scene.world.get(card).face_up
    post_drag(screen_of(scene, card), screen_of(scene, "bin:2"))
    app.frames(2)
    assert len(session.steps) == 1
    assert scene.pass_overlay is not None and scene.pass_overlay.seat == 1
    assert not any(v.face_up for v in scene.world.get("hand:1").cards)   # seat 1's cards stay hidden
    click(app, scene.pass_overlay.button)
    assert all(v.face_up for v in scene.world.get("hand:1").cards)
    assert not any(v.face_up for v in scene.world.get("hand:0").cards)


def test_esc_menu_saves_and_quits_to_the_menu(tmp_path):
    app, session, scene = make()
    key(app, pygame.K_ESCAPE)
    assert scene.menu is not None
    scene.menu.entry.set_text("my game")
    click(app, scene.menu.button("save"))
    from gamecore import persistence
    saved = list(persistence.saves_dir().glob("*.json"))
    assert len(saved) == 1 and str(saved[0]).startswith(str(tmp_path))
    assert scene.menu is not None                     # stays open, says where it went
    click(app, scene.menu.button("rules"))
    assert type(app.scenes.top).__name__ == "RulesScene" and app.scenes.top.args == {"game": "toy"}
    app.scenes.pop()
    app.frames(2)
    assert app.scenes.top is scene and scene.panel.built
    key(app, pygame.K_ESCAPE)
    click(app, scene.menu.button("quit"))
    assert type(app.scenes.top).__name__ == "MenuScene"


def test_right_click_inspects_a_card_with_its_glossary():
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    pos = screen_of(scene, card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    app.frames(1)
    assert scene.inspector.shown == card
    assert scene.inspector.describe(card)[1] == scene.glossary(card)
    key(app, pygame.K_ESCAPE)
    assert scene.inspector.shown is None and scene.menu is None


def test_hovering_lifts_the_card_and_inspects_it_after_half_a_second():
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen_of(scene, card), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frames(1)
    assert scene.world.get(card).lift > 0 and scene.inspector.shown is None
    app.frames(40)
    assert scene.inspector.shown == card


def test_resize_rebuilds_the_layout():
    app, session, scene = make()
    old = scene.camera.viewport.copy()
    app.screen = pygame.display.set_mode((1000, 700))
    try:
        app.manager.set_window_resolution((1000, 700))
        app.scenes.resize()
        app.frames(2)
        assert scene.camera.viewport != old and scene.camera.viewport.height == 700
        assert scene.panel.rect.right == 1000 and scene.world.get("bin:0") is not None
    finally:
        app.screen = pygame.display.set_mode(tt.WINDOW)


def test_colorblind_setting_switches_the_palette():
    app, session, scene = make({"colorblind": True})
    assert scene.palette().colorblind and scene.world.palette.colorblind
    assert scene.world.get("bin:0").palette.colorblind


def test_text_and_faces_are_not_rendered_again_per_frame():
    app, session, scene = make({"animation_speed": "normal"})
    card = sorted(session.state.hands[0])[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen_of(scene, card), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    scene.toast("A message")
    app.frames(45)                                    # hover-inspect open, toast visible: warm the caches

    def misses():
        info = cardface.cache_info()
        return (fonts.text.cache_info().misses, fonts.paragraph.cache_info().misses,
                info["face"].misses, info["back"].misses, info["turned"].misses, info["rich"].misses)

    renders = []
    real_font = fonts.font

    class Spy:
        def __init__(self, f):
            self.f = f

        def render(self, *a, **k):
            renders.append(a[0])
            return self.f.render(*a, **k)

        def __getattr__(self, name):
            return getattr(self.f, name)

    before = misses()
    fonts.font = lambda *a, **k: Spy(real_font(*a, **k))
    try:
        app.frames(30)
    finally:
        fonts.font = real_font
    assert misses() == before and renders == []


def test_choice_popup_lists_actions_and_applies_the_chosen_one():
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    options = [a for a in session.state.legal_actions() if a.source == card][:2]
    scene.open_choice(options, card)
    app.frames(2)
    assert scene.popup is not None and scene.input_actions() == []
    labels = [label for label, _ in scene.popup.items]
    assert labels == [scene.describe_action(a) for a in options]
    second = next(b for b, a in scene.popup.buttons.items() if a == options[1])
    click(app, second)
    assert scene.popup is None and session.steps[0].action == options[1]


def test_choice_popup_cancel_changes_nothing():
    app, session, scene = make()
    digest = session.state.digest()
    scene.open_choice(session.state.legal_actions()[:2])
    app.frames(1)
    click(app, scene.popup.cancel)
    assert scene.popup is None and session.state.digest() == digest


class ToyTableNoEnd(tt.ToyTable):
    END_KINDS = ()


def test_actions_that_are_not_drag_moves_get_panel_buttons():
    app = tt.FakeApp({"animation_speed": "off"})
    session = tt.toy_session()
    scene = app.scenes.switch(ToyTableNoEnd, session=session)
    app.frames(2)
    assert [label for label, _ in scene.panel.actions] == ["Draw"]
    assert not scene.panel.end_button.is_enabled
    click(app, scene.panel.button_for("action"))
    assert session.steps[0].action.kind == "draw"


def test_undo_takes_back_the_bots_reply_too():
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    start = session.state.digest()
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frames(2)
    assert wait_for(app, lambda: len(session.steps) == 2)
    click(app, scene.panel.tool_buttons["undo"])
    assert session.state.digest() == start and not session.steps
    assert scene.panel.log_lines == []


def test_table_strings_have_the_same_keys_in_both_languages_and_cover_the_code():
    import json
    import re

    data = {lang: json.loads((tt.ROOT / "assets" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in ("en", "ja")}
    assert set(data["en"]) == set(data["ja"])
    used = set()
    for path in (tt.ROOT / "ui" / "table").glob("*.py"):
        used |= set(re.findall(r'"(table\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    tips = {k + ".tip" for k in ("table.undo", "table.redo", "table.hint", "table.menu")}
    assert used | tips <= set(data["en"]), sorted(used | tips - set(data["en"]))


def test_a_crashing_bot_is_reported_once_and_the_window_keeps_running(monkeypatch):
    calls = []

    def broken(state, bot, rng):
        calls.append(1)
        raise RuntimeError("no idea")

    monkeypatch.setattr(bots, "choose_for", broken)
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frames(2)
    assert wait_for(app, lambda: any("no idea" in text for text in scene.toasts.texts))
    app.frames(20)
    assert len(calls) == 1 and len(session.steps) == 1


def test_a_story_event_opens_a_window_and_the_results_wait_for_it():
    from gamecore.engine import Event

    app, session, scene = make(seats=[Seat("bot", "random"), Seat("bot", "random")])
    scene._after_change([Event("story", "toy.ev.over")], {})
    assert scene.story_box is not None and scene.story_box.alive()
    assert wait_for(app, lambda: session.state.is_over(), seconds=20)
    app.frames(120)
    assert app.scenes.top is scene, "the results must wait until the story has been read"
    scene.story_box.kill()
    assert wait_for(app, lambda: app.scenes.top is not scene, seconds=5)
