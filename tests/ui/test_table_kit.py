"""The table kit's readability and pacing rules, on the toy table (dummy video driver, frames stepped by
hand: nothing here waits on the wall clock)."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

import toytable as tt
from toytable import post_drag, screen_of

from ui import fonts
from ui.i18n import t
from ui.settings import Settings, UI_SCALES, auto_ui_scale
from ui.table import panel as panel_mod
from ui.table.inspect import Inspector
from ui.table.cardface import CardFace
from ui.table.views import CardView


def make(settings=None, seats=None):
    app = tt.FakeApp({"animation_speed": "off", "confirm_end_turn": False, **(settings or {})})
    session = tt.toy_session(seats=seats)
    scene = tt.open_table(app, session)
    app.frames(2)
    return app, session, scene


# ------------------------------------------------------------------ UI scale
def test_the_ui_scale_setting_is_validated_and_defaults_from_the_window(tmp_path):
    s = Settings(tmp_path / "settings.json")
    assert s.get("ui_scale") is None and s.ui_scale((1280, 800)) == 1.0
    assert auto_ui_scale((1920, 1080)) == 140 and auto_ui_scale((1024, 700)) == 80
    assert auto_ui_scale((4000, 3000)) == 160
    for bad in (85, 170, 70, "120", 1.2, True):
        assert not s.set("ui_scale", bad)
    assert s.set("ui_scale", 130) and Settings.load(tmp_path / "settings.json").get("ui_scale") == 130
    assert s.set("ui_scale", None)
    assert set(UI_SCALES) == set(range(80, 161, 10))


def test_a_larger_ui_scale_lays_the_table_out_again_with_a_bigger_panel_text_and_cards():
    app, session, scene = make({"ui_scale": 100})
    panel_w, font = scene.panel.rect.width, scene.panel.size
    app.settings.set("ui_scale", 140, save=False)
    scene.on_resize()                       # what Settings does (App.set_ui_scale -> scenes.resize)
    app.frames(1)
    # at 1280x800 the panel keeps its width (the table would shrink) and its text grows
    assert scene.panel.rect.width == panel_w and scene.panel.size > font
    vw, vh = scene.camera.viewport.size
    assert scene.world.viewport_size == pytest.approx((vw / 1.4, vh / 1.4))   # laid out for 1/scale


def test_the_heroes_table_is_shown_larger_at_a_larger_scale_on_a_big_window():
    from gamecore.session import Session
    from ui.games import table_for

    pygame.display.set_mode((1920, 1080))
    try:
        zooms, panels = [], []
        for pct in (100, 140):
            app = tt.FakeApp({"animation_speed": "off", "ui_scale": pct})
            scene = app.scenes.switch(table_for("rangers"), session=Session.new("rangers", 3, 2))
            app.frames(1)
            zooms.append(scene.camera.zoom)
            panels.append(scene.panel.rect.width)
        assert zooms[1] > zooms[0] * 1.3 and panels[1] > panels[0], (zooms, panels)
    finally:
        pygame.display.set_mode(tt.WINDOW)


# ------------------------------------------------------------------ side panel
def test_choice_labels_wrap_to_two_lines_and_every_button_has_the_whole_text_as_tooltip():
    app, session, scene = make()
    long = "Place Cyclopsis next to Angel Grove High, on the side of the park"
    labels = [(long, session.state.legal_actions()[0]), ("Pass", session.state.legal_actions()[-1])]
    scene.panel.set_actions(labels, [])
    buttons = scene.panel._action_buttons
    shown = scene.panel.shown_text(buttons[0])
    assert "\n" in shown and "…" not in shown
    assert buttons[0].rect.height > buttons[1].rect.height
    assert [b.tool_tip_text for b in buttons] == [long, "Pass"]
    assert scene.panel.truncated == []
    cut = "word " * 80
    scene.panel.set_actions([(cut, session.state.legal_actions()[0])], [])
    assert scene.panel.truncated == [cut]                     # the minimum-size test reads this


def test_the_prompt_grows_with_its_text_instead_of_scrolling():
    app, session, scene = make()
    short = scene.panel.header.rect.height
    scene.panel.set_prompt("One line.")
    one = scene.panel.header.rect.height
    scene.panel.set_prompt(" ".join(["A prompt of several lines that must be read in full."] * 4))
    app.frames(1)
    assert scene.panel.header.rect.height > one >= short - 1
    assert scene.panel.actions_box.rect.top >= scene.panel.header.rect.bottom      # everything moved down


def test_a_list_of_choices_that_shrinks_and_grows_again_makes_no_new_buttons(monkeypatch):
    app, session, scene = make()
    panel = scene.panel
    legal = session.state.legal_actions()
    many = [(f"Choice {i}", legal[i % len(legal)]) for i in range(9)]
    panel.set_actions(many, [])
    first = list(panel._action_buttons)
    panel.set_actions(many[:2], [])
    assert [b.visible for b in first[2:]] == [False] * 7 and len(panel._action_buttons) == 2
    made = []
    real = panel_mod.UIButton
    monkeypatch.setattr(panel_mod, "UIButton", lambda *a, **k: made.append(1) or real(*a, **k))
    panel.set_actions(many, [])
    assert not made and set(panel._action_buttons) == set(first)
    assert all(b.visible for b in panel._action_buttons)
    assert [panel.shown_text(b) for b in panel._action_buttons] == [f"Choice {i}" for i in range(9)]


def test_the_choices_scroll_bar_shows_at_the_boxs_height_whenever_the_list_overflows():
    """Through lists that overflow, fit, and overflow again at other box heights, a list that overflows
    shows a bar spanning the box and starts at its top, and a list that fits shows no bar and is not
    scrolled."""
    app, session, scene = make()
    panel = scene.panel
    box = panel.actions_box
    legal = session.state.legal_actions()
    items = lambda n: [(f"Choice {i}", legal[i % len(legal)]) for i in range(n)]
    for n in (30, 1, 2, 40, 3, 25):
        panel.set_actions(items(n), [])
        app.frames(1)
        bar = box.vert_scroll_bar
        assert box.scrollable_container.relative_rect.top == 0, n
        if panel._actions_height(panel.inner_w - 14) > box.get_relative_rect().height:
            assert box.vert_scroll_bar_active and bar.rect.height == box._view_container.rect.height, n
            assert bar.rect.width > 0, n
        else:
            assert not box.vert_scroll_bar_active and bar.rect.width == 0, n


def test_a_button_that_appears_under_a_resting_pointer_ignores_clicks_for_a_moment():
    app, session, scene = make()
    panel = scene.panel
    legal = session.state.legal_actions()
    spot = panel.actions_box.rect.topleft
    panel.pointer = lambda: (spot[0] + 5, spot[1] + 5)
    panel.set_actions([("First", legal[0])], [])
    button = panel._action_buttons[0]
    assert not button.is_enabled and panel.guarding               # the change is seen: greyed
    press = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)
    assert panel.handle_event(press) is None
    panel.update(panel_mod.GUARD / 2)
    assert panel.handle_event(press) is None
    panel.update(panel_mod.GUARD / 2 + 0.01)
    assert button.is_enabled and panel.handle_event(press) == ("action", legal[0])
    panel.pointer = lambda: (0, 0)                                 # a button away from the pointer: at once
    panel.set_actions([("Other", legal[-1])], [])
    assert panel._action_buttons[0].is_enabled and not panel.guarding


def test_the_log_keeps_the_whole_history_appends_without_rebuilding_and_scrolls():
    app, session, scene = make()
    log = scene.panel.log
    lines = [f"Line {i}: something happened on the table." for i in range(700)]
    scene.panel.set_log(lines)
    assert len(log.lines) == 700 and log.lines[0] == lines[0]          # nothing dropped
    rows = list(log.rows)
    calls = []
    real = log._rows_of
    log._rows_of = lambda line: calls.append(line) or real(line)
    scene.panel.add_log(["A new line."])
    assert calls == ["A new line."] and log.rows[:len(rows)] == rows        # only the new line was wrapped
    scene.panel.set_log(lines[:650])                                      # an undo cuts the end
    assert calls == ["A new line."] and len(log.lines) == 650
    bottom = log.surface().copy()
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    assert scene.panel.handle_wheel(wheel, scene.panel.log_rect.center)
    assert log.scroll == 6 and log.surface().get_at((30, 20)) is not None
    assert pygame.image.tobytes(log.surface(), "RGB") != pygame.image.tobytes(bottom, "RGB")
    assert not scene.panel.handle_wheel(wheel, (5, 5))                     # not over the log


def test_the_log_appended_to_is_the_picture_drawn_from_scratch_and_draws_only_the_new_rows(monkeypatch):
    app, session, scene = make()
    log = scene.panel.log
    history = [f"Line {i}: a card goes to the discard pile." for i in range(3)]
    scene.panel.set_log(history)
    log.surface()
    drawn = []
    real = fonts.text
    monkeypatch.setattr(fonts, "text", lambda string, *a, **k: drawn.append(string) or real(string, *a, **k))
    more = ["A long line that wraps over two or three rows of the log panel, word after word after word, on.",
            "ロボがパークへ移動した。", "", "Short."]
    for i in range(40):                                 # the log fills up, then its top rows go
        lines = [more[i % len(more)], f"Move {i}."] if i % 3 else [f"Move {i}."]
        history += lines
        drawn.clear()
        scene.panel.add_log(lines)                      # draws the log for the panel
        shifted = log.surface()
        assert set(drawn) <= {row for line in lines for row in fonts.wrap(line, log.size, log.width - 18)}
        fresh = panel_mod.LogView(log.width, log.height, log.size)
        fresh.set_lines(history)
        assert pygame.image.tobytes(shifted, "RGB") == pygame.image.tobytes(fresh.surface(), "RGB"), i
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    assert scene.panel.handle_wheel(wheel, scene.panel.log_rect.center)   # scrolled back, then a new line
    scene.panel.add_log(["After the scroll."])
    history.append("After the scroll.")
    fresh = panel_mod.LogView(log.width, log.height, log.size)
    fresh.set_lines(history)
    fresh.scroll = log.scroll
    assert pygame.image.tobytes(log.surface(), "RGB") == pygame.image.tobytes(fresh.surface(), "RGB")


def test_the_log_resized_is_the_picture_drawn_from_scratch_and_draws_only_the_rows_come_into_view(monkeypatch):
    """The buttons above the log take or give room on a move: the log's rows keep their places from the
    bottom (moved, not drawn again), and the panel shows the log at its new height."""
    app, session, scene = make()
    panel, log = scene.panel, scene.panel.log
    history = [f"Line {i}: a card goes to the discard pile, and a longer one wraps over two rows of the log."
               if i % 4 == 0 else f"Line {i}." for i in range(120)]
    panel.set_log(history)
    log.surface()
    tall = log.height
    drawn = []
    real = fonts.text
    monkeypatch.setattr(fonts, "text", lambda string, *a, **k: drawn.append(string) or real(string, *a, **k))
    for height in (log.height - 130, log.height - 60, log.height + 45, log.height + 3, log.height - 7):
        before = log.visible_rows
        drawn.clear()
        log.resize(height)
        resized = log.surface()
        assert len(drawn) <= max(0, log.visible_rows - before), height
        fresh = panel_mod.LogView(log.width, height, log.size)
        fresh.set_lines(history)
        assert pygame.image.tobytes(resized, "RGB") == pygame.image.tobytes(fresh.surface(), "RGB"), height
    # through the panel: a longer list of buttons makes the log shorter, a shorter one taller again
    log.resize(tall)
    scene.panel.set_actions([(f"Action {i}", ("a", i)) for i in range(6)], [])
    assert log.height < tall
    shown = panel.log.surface().convert_alpha().premul_alpha()
    assert pygame.image.tobytes(panel.log_image.image, "RGBA") == pygame.image.tobytes(shown, "RGBA")
    assert panel.log_image.get_relative_rect().size == shown.get_size()
    scene.panel.set_actions([], [])
    assert log.height == tall
    shown = panel.log.surface().convert_alpha().premul_alpha()
    assert pygame.image.tobytes(panel.log_image.image, "RGBA") == pygame.image.tobytes(shown, "RGBA")


def test_the_buttons_stay_put_when_the_prompt_is_a_line_shorter_and_move_up_when_much_shorter():
    app, session, scene = make()
    panel = scene.panel
    words = "A prompt long enough to wrap over several lines of the side panel, word after word. "
    line = fonts.font(panel.size).get_linesize()
    panel.set_prompt(words * 3)
    tall = panel.actions_box.get_relative_rect().y
    rows = panel.header.get_relative_rect().height // line
    assert rows >= 4
    shorter = words * 3
    while len(fonts.wrap(shorter, panel.size, panel.rect.width - 40)) >= rows:
        shorter = shorter[: shorter.rfind(" ", 0, len(shorter) - 1)]
    panel.set_prompt(shorter)                                      # one line less: nothing moves
    assert panel.actions_box.get_relative_rect().y == tall
    assert panel.header.image.get_height() == panel.header.get_relative_rect().height
    panel.set_prompt("Short.")                                      # many lines less: the buttons move up
    assert panel.actions_box.get_relative_rect().y <= tall - 2 * line
    panel.set_prompt(words * 3)                                    # longer again: room at once
    assert panel.actions_box.get_relative_rect().y == tall


def test_the_log_on_screen_is_the_log_drawn_after_each_append_and_scroll():
    """The log image is updated in place (no convert per move); what the panel shows must still be the
    log's newest picture, premultiplied as pygame_gui keeps images."""
    app, session, scene = make()
    panel = scene.panel

    def shown_is_drawn():
        drawn = panel.log.surface().convert_alpha().premul_alpha()
        return pygame.image.tobytes(panel.log_image.image, "RGBA") == pygame.image.tobytes(drawn, "RGBA")

    for i in range(3):
        before = pygame.image.tobytes(panel.log_image.image, "RGBA")
        panel.add_log([f"Move {i}: a ship lands on the third dock."])
        assert shown_is_drawn() and pygame.image.tobytes(panel.log_image.image, "RGBA") != before
    panel.set_log([f"Line {i}" for i in range(200)])
    assert shown_is_drawn()
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    assert panel.handle_wheel(wheel, panel.log_rect.center) and shown_is_drawn()


# ------------------------------------------------------------------ bot turns
def test_each_bot_step_stays_on_screen_for_the_pause_tied_to_the_animation_speed(monkeypatch):
    app, session, scene = make({"animation_speed": "normal"})
    assert scene.bot_step_seconds() == pytest.approx(0.6)
    app.settings.set("animation_speed", "slow", save=False)
    assert scene.bot_step_seconds() == pytest.approx(1.2)
    app.settings.set("animation_speed", "off", save=False)
    assert scene.bot_step_seconds() == 0.0
    app.settings.set("animation_speed", "normal", save=False)
    started = []
    monkeypatch.setattr(scene, "_start_bot", lambda: started.append(scene._idle))
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frames(1, dt=0.55)                 # a slow frame that made the change: its time is not screen time
    assert session.state.current_seat() == 1 and not started and scene._idle == 0.0
    while not started and scene._idle < 2.0:
        app.frame(0.05)
    assert started and 0.6 <= started[0] < 0.7


def test_the_panel_names_the_acting_seat_and_s_skips_to_the_persons_turn(monkeypatch):
    app, session, scene = make({"animation_speed": "normal"})
    started = []
    monkeypatch.setattr(scene, "_start_bot", lambda: started.append(scene._idle))
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frames(2, dt=0.01)                 # the drop's frame, then the next: the panel follows at its start
    name = scene.seat_name(1)
    assert name in scene.panel.turn and name in scene.panel.prompt
    assert "you" not in scene.panel.prompt.lower()
    # the line under it tells what a seat did in its last step (from that step's log lines)
    first_two = " ".join(scene.log_line(e) for e in session.steps[-1].events[:2])
    assert scene.bot_last_step(0).startswith(first_two) and scene.bot_last_step(1) == ""
    assert scene.panel.button_for("skip") is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
    app.frames(1, dt=0.01)
    assert scene.skipping and started                       # no pause while skipping


def test_a_moves_panel_follows_at_the_next_frames_start_before_any_input_is_handled(monkeypatch):
    """The drop's frame shows the move on the table and in the log; the panel's next decision is made at
    the start of the next frame, before that frame's input: no input ever meets the old panel. Without
    animations too: the frame that applies a move never also lists and lays out the next decision."""
    app, session, scene = make({"animation_speed": "normal"})
    monkeypatch.setattr(scene, "_start_bot", lambda: None)
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frames(1, dt=0.01)
    name = scene.seat_name(1)
    assert session.state.current_seat() == 1 and scene.animator.busy
    assert scene._refresh_due and name not in scene.panel.turn and not scene.is_still()
    seen = []
    handle = scene.handle_event
    monkeypatch.setattr(scene, "handle_event", lambda e: seen.append(scene.panel.turn) or handle(e))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0)))
    app.frames(1, dt=0.01)
    assert seen and all(name in turn for turn in seen) and not scene._refresh_due
    app2, session2, scene2 = make({"animation_speed": "off"})
    card = sorted(session2.state.hands[0])[0]
    post_drag(screen_of(scene2, card), screen_of(scene2, "bin:0"))
    app2.frames(1, dt=0.01)
    assert scene2._refresh_due and not scene2.animator.busy and scene2.seat_name(1) not in scene2.panel.turn
    seen.clear()
    monkeypatch.setattr(scene2, "handle_event", lambda e: seen.append(scene2.panel.turn))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0)))
    app2.frames(1, dt=0.01)
    assert seen and all(scene2.seat_name(1) in turn for turn in seen) and not scene2._refresh_due


# ------------------------------------------------------------------ inspect and hands
def test_inspect_always_fits_the_window_and_keeps_off_the_decisions_targets():
    face = CardFace(title="A card", cost=3, text="Words " * 40)
    lines = ["A very long glossary line that goes on " * 6] * 6
    ins = Inspector(lambda cid: (face, lines))
    ins.toggle("c")
    area = pygame.Rect(0, 0, 700, 500)
    target = pygame.Rect(20, 100, 200, 300)                # the next drop targets, on the left
    rect, img = ins.placement(area, (650, 250), avoid=[target])
    assert area.contains(rect) and img.get_height() <= area.height
    assert not rect.colliderect(target)
    rect, _ = ins.placement(area, (30, 250), avoid=[])
    assert area.contains(rect) and not rect.collidepoint((30, 250))        # never under the pointer


def test_toasts_stay_off_the_hand_along_the_bottom():
    app, session, scene = make()
    scene.toast("A message that explains why a drop was refused.", "error")
    scene.toast("Another one.")
    hand = scene.world.get("hand:0").screen_rect(scene.camera)
    from ui.table.toast import TOP, toast_surface
    y = scene.camera.viewport.y + TOP
    for text in reversed(scene.toasts.texts):
        y += toast_surface(text, "info", min(560, scene.camera.viewport.width - 40)).get_height() + 8
    assert y < hand.top


def test_a_dragged_card_hangs_off_the_pointer_so_the_target_under_it_shows():
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    start, end = screen_of(scene, card), screen_of(scene, "bin:1")
    ev = pygame.event.Event
    pygame.event.post(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 9):
        p = (start[0] + (end[0] - start[0]) * i // 8, start[1] + (end[1] - start[1]) * i // 8)
        pygame.event.post(ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    app.frames(1)
    view = scene.world.get(card)
    assert scene.drag.dragging and not view.screen_rect(scene.camera).collidepoint(end)
    assert scene.world.get("bin:1").highlight == "target"
    pygame.event.post(ev(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frames(1)
    assert session.steps and session.steps[-1].action.target == "bin:1"


def test_a_waiting_table_is_not_redrawn_until_something_changes(pygame_session, tmp_path):
    from ui.app import App, QUIET

    app = App(settings=Settings(tmp_path / "s.json"), smoke=True)
    app.settings.set("animation_speed", "off", save=False)
    app.scenes.switch(tt.ToyTable, session=tt.toy_session())
    for _ in range(int(QUIET * 60) + 10):
        app.frame(1 / 60)
    drawn = app.drawn_frames
    for _ in range(30):
        app.frame(1 / 60)
    assert app.drawn_frames == drawn and app.skipped_frames >= 30         # idle: nothing drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(1 / 60)
    assert app.drawn_frames == drawn + 1                                  # input: drawn again
    app.scenes.top.toast("hello")
    for _ in range(int(QUIET * 60) + 10):
        app.frame(1 / 60)
    assert app.drawn_frames > drawn + 60                                  # a fading toast keeps drawing
    app.scenes.switch("menu")


def test_a_frame_that_handles_input_does_not_stop_to_collect_and_a_still_frame_collects(pygame_session, tmp_path):
    import gc

    from ui.app import App, GC_STILL, QUIET

    app = App(settings=Settings(tmp_path / "s.json"), smoke=True)
    app.settings.set("animation_speed", "off", save=False)
    app.scenes.switch(tt.ToyTable, session=tt.toy_session())
    seen = []
    dispatch = app.dispatch

    def watching(event):
        seen.append(gc.isenabled())
        dispatch(event)
    app.dispatch = watching
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(1 / 60)
    assert seen and not any(seen) and gc.isenabled()        # paused for the input's frame only

    def failing(event):
        raise RuntimeError("a broken handler")
    app.dispatch = failing
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(310, 300), rel=(1, 1), buttons=(0, 0, 0)))
    with pytest.raises(RuntimeError):
        app.frame(1 / 60)
    assert gc.isenabled()                                   # never left off, whatever the frame raised
    app.dispatch = dispatch
    for _ in range(int(QUIET * 60) + 10):
        app.frame(1 / 60)
    skipped = app.skipped_frames
    threshold = gc.get_threshold()
    gc.set_threshold(100 * GC_STILL, *threshold[1:])        # garbage waits: no automatic pass in between
    try:
        for _ in range(3 * GC_STILL):
            cycle = []
            cycle.append(cycle)                             # garbage only the collector frees
        del cycle
        assert gc.get_count()[0] >= GC_STILL
        app.frame(1 / 60)
        assert app.skipped_frames == skipped + 1 and gc.get_count()[0] < GC_STILL   # collected while still
    finally:
        gc.set_threshold(*threshold)
    app.scenes.switch("menu")


def test_cut_choice_labels_put_the_words_that_tell_them_apart_first():
    app, session, scene = make()
    legal = session.state.legal_actions()
    common = "Play Reckless Swing on Engulf (soldier row) of the monster band at Angel Grove Park, " * 2
    labels = [common + "discard the top card for +2 dice", common + "no extra dice"]
    scene.panel.set_actions([(labels[0], legal[0]), (labels[1], legal[-1])], [])
    texts = [scene.panel.shown_text(b) for b in scene.panel._action_buttons]
    assert texts[0] != texts[1]
    assert texts[0].startswith("discard the top card") and texts[1].startswith("no extra dice")
    assert [b.tool_tip_text for b in scene.panel._action_buttons] == labels       # the whole text


def test_plurals_come_from_the_catalogs():
    from ui import i18n

    assert t("misfits.ev.draw", player=1, n=1) == "Player 1 draws 1 card."
    assert t("misfits.ev.draw", player=1, n=3) == "Player 1 draws 3 cards."
    assert t("rangers.ev.hits_placed", card="Putty", n=1) == "Putty takes 1 hit."
    assert t("load.seats", players=3, bots=1).endswith("1 bot")
    for lang in ("en", "ja"):
        assert not [k for k, v in i18n.catalog(lang).items() if "(s)" in v], lang
    i18n.set_language("ja")
    try:
        assert "|" not in t("misfits.ev.draw", player=1, n=1)
    finally:
        i18n.set_language("en")


def test_a_turn_the_rules_end_says_so_in_the_log_and_survives_a_rebuild():
    app, session, scene = make()
    card = sorted(session.state.hands[0])[0]
    post_drag(screen_of(scene, card), screen_of(scene, "bin:0"))
    app.frames(1)
    assert session.state.current_seat() == 1
    note = t("table.turn_ended", name=scene.seat_name(0))
    assert scene.panel.log_lines[-1] == note
    scene.on_resize()
    assert note in scene.panel.log_lines


def test_the_game_menu_opens_without_pygame_gui_warnings_at_any_window_size():
    import warnings

    import pygame_gui

    from ui.table.dialogs import EscMenu
    from ui.theme import build_theme

    for size in ((1280, 800), (1600, 840), (1920, 1020)):
        manager = pygame_gui.UIManager(size, build_theme(), enable_live_theme_updates=False)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            menu = EscMenu(manager, size, "my save")
            manager.update(0.016)
        assert menu.alive
        assert not [str(w.message) for w in caught], size


def test_the_app_loads_the_font_of_a_ui_scale_only_when_a_side_panel_uses_it():
    from gamecore.session import Session
    from ui.app import App
    from ui.games import table_for

    pygame.display.set_mode((1920, 1080))
    try:
        app = App(size=(1920, 1080), settings=Settings(None), smoke=True)
        fonts_loaded = app.manager.get_theme().get_font_dictionary().loaded_fonts
        scene = app.scenes.switch(table_for("rangers"), session=Session.new("rangers", 3, 2))
        app.frame(1 / 60)
        size = round(16 * auto_ui_scale((1920, 1080)) / 100)
        assert scene.panel.size == size and scene.panel.end_button.font is \
            fonts_loaded[f"notosansjp_regular_aa_{size}"].loaded_font             # the panel shows its class's font
        assert "notosansjp_regular_aa_13" not in fonts_loaded                    # @ui80's: never used, never loaded
        app.set_ui_scale(80)                                                     # Settings: a smaller UI
        app.frame(1 / 60)
        assert app.scenes.top.panel.end_button.font is fonts_loaded["notosansjp_regular_aa_13"].loaded_font
    finally:
        pygame.display.set_mode(tt.WINDOW)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_panels_header_shows_every_games_title_uncut_or_its_mode_when_the_series_name_does_not_fit(lang):
    """Barricades' Japanese title ran past the 340 px panel and was cut ("サンダーストーン・クエスト — バ…"): a
    "Series — Mode" title that does not fit keeps its mode, the game this table is."""
    import gamecore
    import pygame_gui

    from ui import i18n
    from ui.i18n import t
    from ui.table.panel import SidePanel, panel_rect

    i18n.set_language(lang)
    manager = pygame_gui.UIManager((1280, 800), enable_live_theme_updates=False)
    for info in gamecore.games():
        title = t(info.title)
        panel = SidePanel(manager, panel_rect((1280, 800)), title)
        panel.build()
        shown = panel.title_label.text
        assert "…" not in shown, (info.id, shown)
        assert shown == title or (" — " in title and shown == title.split(" — ", 1)[1]), (info.id, shown)
        if info.id == "barricades" and lang == "ja":
            assert shown == title.split(" — ", 1)[1]              # the case that was cut
