"""The replay viewer: a recorded game on its own table, read-only, at any step.

It opens a save, the autosave or a finished game (Load and Results have a Replay button). The game's
table class is reused as it is: ``replay_table(cls)`` makes a subclass with ``ReplayMixin`` in front,
which gives it a session frozen at step k (``Timeline.session_at``) and the kit's read-only switch
(``read_only``: no legal actions are offered, so nothing can be dragged or clicked into a move, no
bot thinks, the results screen never takes over). Below the table a bar steps one move back or
forward, jumps to the start of the previous or next round (from the engine's ``summary()``; a game
without rounds has start and end only), plays at a chosen speed (counted from the frames' dt), says
which move and round is shown, shows every hand or only the person's seat's, and "Play from here"
starts a new practice-mode game branching from the step shown. The original save is never written;
the autosave, when it is the original, is first kept as a save of its own.
"""
from __future__ import annotations

import html
from functools import lru_cache
from pathlib import Path

import pygame
import pygame_gui

from gamecore import persistence
from gamecore.engine import IllegalAction
from gamecore.persistence import SaveError
from gamecore.session import Session, UndoRefused
from ui import fonts
from ui.i18n import t
from ui.scenes.common import message
from ui.table.animator import snapshot_positions
from ui.theme import GOLD, MUTED, TEXT

BAR_H = 104                      # the replay bar under the table
SPEEDS = (0.5, 1.0, 2.0, 4.0)    # moves per second while playing
DEFAULT_SPEED = 1
WARM_UP = 4                      # moves a jump walks through so the table's memory of recent moves is right


class FrozenSession(Session):
    """A session frozen at one step of a recorded game: it refuses every change and writes nothing."""

    def apply(self, action):
        raise IllegalAction("replay", "This is a replay: nothing can be changed.")

    def undo_problem(self):
        return UndoRefused("nothing", "This is a replay.")

    def can_redo(self) -> bool:
        return False

    def undo(self):
        raise self.undo_problem()

    def redo(self):
        raise UndoRefused("nothing_redo", "This is a replay.")

    def write_autosave(self) -> None:
        return None

    def bot_to_move(self) -> bool:        # nobody thinks in a replay
        return False


class Timeline:
    """Every state of a recorded game: ``state_at(k)`` is the state after its first k actions.

    Built from a session that played or replayed the game (its undo snapshots are the states before
    each action), so opening it costs one replay, and stepping none."""

    def __init__(self, session: Session, source: Path | None = None):
        self.session = session
        self.source = Path(source) if source is not None else None
        self.states = list(session.states_before()) + [session.state]
        self.n = len(session.steps)
        self.rounds = [self._round(s) for s in self.states]
        self.marks = [k for k in range(self.n + 1) if k == 0 or self.rounds[k] != self.rounds[k - 1]]

    @staticmethod
    def _round(state) -> tuple:
        try:
            summary = state.summary()
        except Exception:      # a summary is decoration: a game without one has start and end only
            return ()
        return tuple((key, summary[key]) for key in ("round", "turn") if isinstance(summary.get(key), int))[:1]

    def state_at(self, k: int):
        return self.states[max(0, min(self.n, k))]

    def round_at(self, k: int) -> tuple:
        return self.rounds[max(0, min(self.n, k))]

    def session_at(self, k: int) -> FrozenSession:
        k = max(0, min(self.n, k))
        full = self.session
        frozen = FrozenSession(full.game, full.seed, full.players, full.options, full.seats, full.mode, None)
        frozen.state = self.states[k]
        frozen.steps = full.steps[:k]
        frozen._before = self.states[:k]
        frozen.uid = full.uid
        return frozen

    def previous_mark(self, k: int) -> int:
        return max((m for m in self.marks if m < k), default=0)

    def next_mark(self, k: int) -> int:
        return min((m for m in self.marks if m > k), default=self.n)

    def branch(self, k: int, autosave: Path | None) -> Session:
        """A new practice-mode game with the same seed, setup and first k actions (the original untouched)."""
        full = self.session
        new = Session.new(full.game, full.seed, full.players, dict(full.options), list(full.seats), "practice")
        for step in full.steps[:max(0, min(self.n, k))]:
            new.apply(step.action)
        new.autosave = autosave
        new.write_autosave()
        return new


@lru_cache(maxsize=128)
def _label(text: str, size: int, width: int, colour, bold: bool = False):
    return fonts.fit_text(text, size, width, colour, bold, minimum=11)


class ReplayMixin:
    """Put in front of a game's TableScene subclass (see ``replay_table``): the table becomes a viewer."""

    read_only = True

    # ------------------------------------------------------------------ lifecycle
    def enter(self, session=None, timeline: Timeline | None = None, step: int = 0, back=None, **args) -> None:
        self.timeline = timeline
        self.k = max(0, min(timeline.n, step))
        self.back_to = back or ("menu", {})
        self.playing = False
        self.speed = DEFAULT_SPEED
        self.show_all = False
        self._play_clock = 0.0
        self.bar_buttons: dict = {}
        self.error_box = None
        self.scrub_rect = pygame.Rect(0, 0, 0, 0)
        super().enter(session=timeline.session_at(self.k), review=True, **args)

    def window_size(self) -> tuple[int, int]:
        w, h = super().window_size()
        return w, max(200, h - BAR_H)

    def game_title(self) -> str:
        return t("replay.title", game=super().game_title()) if self.session else ""

    def build_ui(self) -> None:
        super().build_ui()
        self._build_bar()

    def _build_bar(self) -> None:
        m = self.app.manager
        full_w, full_h = super().window_size()
        y = full_h - 56
        keys = [("start", "replay.start"), ("prev_round", "replay.prev_round"), ("back", "replay.back_step"),
                ("play", "replay.pause" if self.playing else "replay.play"), ("forward", "replay.forward_step"),
                ("next_round", "replay.next_round"), ("end", "replay.end"), None,
                ("speed", None), ("hands", "replay.hands_on" if self.show_all else "replay.hands_off"), None,
                ("branch", "replay.play_from_here"), ("close", "replay.close")]
        labels = []
        for item in keys:
            if item is None:
                labels.append(None)
                continue
            cmd, key = item
            text = t("replay.speed", x=_speed_text(SPEEDS[self.speed])) if cmd == "speed" else t(key)
            labels.append((cmd, text))
        gap, sep = 6, 18
        widths = [fonts.font(16).size(item[1])[0] + 26 if item else 0 for item in labels]
        room = full_w - 16 - gap * (len(labels) - 1) - sep * labels.count(None)
        scale = min(1.0, room / max(1, sum(widths)))
        x = 8
        self.bar_buttons = {}
        for item, width in zip(labels, widths):
            if item is None:
                x += sep
                continue
            cmd, text = item
            bw = max(48, int(width * scale))
            b = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, bw, 44), fonts.fit_label(text, bw - 10, 16), m, tool_tip_text=text,
                object_id=pygame_gui.core.ObjectID(object_id="#primary") if cmd == "branch" else None))
            self.bar_buttons[b] = cmd
            x += bw + gap
        self._enable_bar()

    def _enable_bar(self) -> None:
        for b, cmd in self.bar_buttons.items():
            at_start, at_end = self.k <= 0, self.k >= self.timeline.n
            off = (cmd in ("start", "prev_round", "back") and at_start) or (cmd in ("forward", "next_round", "end")
                                                                           and at_end and not self.playing)
            b.disable() if off else b.enable()

    def button(self, cmd: str):
        """The bar's button of a command (tests click it)."""
        return next((b for b, c in self.bar_buttons.items() if c == cmd), None)

    # ------------------------------------------------------------------ the kit's read-only switch
    def legal(self):
        return []                        # nothing is offered: no drag, no click, no button makes a move

    def _pass_needed(self) -> bool:
        return False

    def pick_request(self, state):
        return None                      # a "choose cards" decision is shown, never asked (no picker)

    def viewer_seat(self) -> int | None:
        """Whose secrets the table shows: the seat that acts at this step when every hand is shown,
        else the person's seat (the human to play, or the first human seat)."""
        if self.session is None:
            return None
        seat = self.state.current_seat()
        if seat is None and self.session.steps:
            seat = self.session.steps[-1].seat
        if self.show_all:
            return seat if seat is not None else 0
        humans = self.session.human_seats()
        if seat in humans:
            return seat
        return humans[0] if humans else (seat if seat is not None else 0)

    def refresh(self) -> None:
        super().refresh()
        if self.panel is not None and getattr(self.panel, "built", False):
            if self.state.is_over():
                self.panel.set_actions([], [])      # no "to the results" here: Close leaves the viewer
            hint = self.panel.tool_buttons.get("hint")
            if hint is not None:
                hint.disable()

    def record_medals(self):
        """A replay records nothing: the game's own result records (Barricades' medals) count games
        played, and the statistics ignore read-only tables too."""
        return None

    def _panel_command(self, cmd: tuple) -> None:
        if cmd and cmd[0] == "menu":
            self.close()

    def update(self, dt: float) -> None:
        self._results_shown = True           # the end of the game stays on the table
        super().update(dt)
        if self.playing:
            self._play_clock += dt
            interval = 1.0 / SPEEDS[self.speed]
            while self.playing and self._play_clock >= interval - 1e-6:    # (float sums of dt)
                self._play_clock -= interval
                if self.k >= self.timeline.n:
                    self.set_playing(False)
                    break
                self.go(self.k + 1, animate=True)
                if self.k >= self.timeline.n:
                    self.set_playing(False)

    def is_still(self) -> bool:
        return not self.playing and super().is_still()

    # ------------------------------------------------------------------ stepping
    def go(self, k: int, animate: bool = False) -> None:
        k = max(0, min(self.timeline.n, k))
        if k == self.k:
            return
        self.animator.skip_all()
        self.drag.cancel()
        before = snapshot_positions(self.world)
        one_forward = animate and k == self.k + 1
        self.k = k
        if one_forward:
            self.session = self.timeline.session_at(k)
            self._after_change(self.session.steps[-1].events, before)
        else:
            # a jump: the table is shown a few moves earlier, then walked through the last moves without
            # animation, so what a table remembers of recent moves (highlights, a bot's last lines, the
            # last roll) is that of step k, not of the step left
            start = max(0, k - WARM_UP)
            self.session = self.timeline.session_at(start)
            self.token += 1
            self._idle = 0.0
            self.hint_action = None
            self._resync()
            self._warming = True
            try:
                for j in range(start + 1, k + 1):
                    self.session = self.timeline.session_at(j)
                    self._after_change(self.session.steps[-1].events, {})
                    self.animator.skip_all()
            finally:
                self._warming = False
            if self.panel is not None:
                self.panel.set_log(self._log_from_steps())
            self.refresh()
        self._enable_bar()

    def show_story(self, text: str) -> None:
        if not getattr(self, "_warming", False):       # a story is told when its move is shown, not skipped over
            super().show_story(text)

    def set_playing(self, playing: bool) -> None:
        if playing and self.k >= self.timeline.n:
            self.go(0)                       # play again from the start
        self.playing = playing
        self._play_clock = 0.0
        b = self.button("play")
        if b is not None:
            b.set_text(t("replay.pause" if playing else "replay.play"))
        self._enable_bar()

    def set_show_all(self, show: bool) -> None:
        self.show_all = show
        b = self.button("hands")
        if b is not None:
            b.set_text(t("replay.hands_on" if show else "replay.hands_off"))
        self._resync()
        self.refresh()

    def command(self, cmd: str) -> None:
        tl = self.timeline
        if cmd == "start":
            self.go(0)
        elif cmd == "end":
            self.go(tl.n)
        elif cmd == "back":
            self.go(self.k - 1)
        elif cmd == "forward":
            self.go(self.k + 1, animate=True)
        elif cmd == "prev_round":
            self.go(tl.previous_mark(self.k))
        elif cmd == "next_round":
            self.go(tl.next_mark(self.k))
        elif cmd == "play":
            self.set_playing(not self.playing)
        elif cmd == "speed":
            self.speed = (self.speed + 1) % len(SPEEDS)
            b = self.button("speed")
            if b is not None:
                b.set_text(fonts.fit_label(t("replay.speed", x=_speed_text(SPEEDS[self.speed])),
                                           b.rect.width - 10, 16))
        elif cmd == "hands":
            self.set_show_all(not self.show_all)
        elif cmd == "branch":
            self.play_from_here()
        elif cmd == "close":
            self.close()

    def close(self) -> None:
        name, args = self.back_to
        self.app.scenes.switch(name, **args)

    def play_from_here(self) -> Session | None:
        """A new practice game from the step shown, on the game's own table; the save is not touched."""
        from ui.games import open_table

        self.set_playing(False)
        autosave = None if getattr(self.app, "storage_problem", None) else persistence.autosave_path()
        kept = None
        try:
            if autosave is not None:
                kept = keep_original_autosave(self.timeline.source, autosave)
            new = self.timeline.branch(self.k, autosave)
        except (SaveError, OSError, IllegalAction) as exc:
            self.error_box = message(self.app.manager, "dialog.load_failed",
                                     html.escape(t("replay.branch_failed", reason=persistence.clip(str(exc), 200))))
            return None
        problem = open_table(self.app, new)
        if problem:
            self.error_box = message(self.app.manager, "dialog.load_failed", html.escape(problem))
            return None
        if kept is not None and hasattr(self.app.scenes.top, "toast"):
            self.app.scenes.top.toast(t("replay.branch_kept", name=kept.stem))
        return new

    # ------------------------------------------------------------------ input
    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.bar_buttons:
            self.command(self.bar_buttons[event.ui_element])
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.scrub_rect.collidepoint(event.pos):
            self._scrub(event.pos[0])
            return
        if (event.type == pygame.MOUSEMOTION and getattr(event, "buttons", (0,))[0]
                and self.scrub_rect.inflate(0, 24).collidepoint(event.pos)):
            self._scrub(event.pos[0])
            return
        super().handle_event(event)

    def _scrub(self, x: int) -> None:
        r = self.scrub_rect
        if r.width > 0:
            if self.playing:
                self.set_playing(False)
            self.go(round((x - r.x) / r.width * self.timeline.n))

    def _handle_key(self, event) -> bool:
        keys = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "start", pygame.K_END: "end",
                pygame.K_PAGEUP: "prev_round", pygame.K_PAGEDOWN: "next_round", pygame.K_SPACE: "play",
                pygame.K_h: "hands"}
        if event.key in keys:
            self.command(keys[event.key])
            return True
        if event.key == pygame.K_ESCAPE:
            if self.inspector.dismiss():
                return True
            self.close()
            return True
        return False                         # no undo, hint or skip in a replay (the camera keys still work)

    # ------------------------------------------------------------------ draw
    def draw(self, surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        bar = pygame.Rect(0, h - BAR_H, w, BAR_H)
        surface.fill((24, 28, 34), bar)
        pygame.draw.line(surface, (70, 80, 94), bar.topleft, bar.topright, 1)
        tl = self.timeline
        info = [t("replay.step", k=self.k, n=tl.n)]
        rnd = tl.round_at(self.k)
        if rnd:
            info.append(t(f"replay.{rnd[0][0]}", n=rnd[0][1]))
        if self.show_all:
            seat = self.viewer_seat()
            if seat is not None:
                info.append(t("replay.shown_seat", name=self.seat_name(seat)))
        text = " · ".join(info)
        img = _label(text, 16, w // 2 - 20, GOLD, True)
        surface.blit(img, (12, bar.y + 10))
        # the scrub bar (one tick per round start, the shown step as a gold knob), then the keys
        rest = w - img.get_width() - 44
        scrub_w = max(140, int(rest * 0.45))
        self.scrub_rect = pygame.Rect(img.get_width() + 32, bar.y + 16, scrub_w, 8)
        hint = _whole(t("replay.hint"), max(40, rest - scrub_w - 24))
        r = self.scrub_rect
        pygame.draw.rect(surface, (52, 60, 72), r, border_radius=4)
        if tl.n:
            done = pygame.Rect(r.x, r.y, int(r.width * self.k / tl.n), r.height)
            pygame.draw.rect(surface, (120, 100, 60), done, border_radius=4)
            for m in tl.marks[1:]:
                x = r.x + int(r.width * m / tl.n)
                pygame.draw.line(surface, TEXT, (x, r.y - 3), (x, r.bottom + 2), 1)
            knob = (r.x + int(r.width * self.k / tl.n), r.centery)
            pygame.draw.circle(surface, GOLD, knob, 8)
        if hint is not None:
            surface.blit(hint, (w - 12 - hint.get_width(), bar.y + 12))


@lru_cache(maxsize=16)
def _whole(text: str, width: int):
    """The keys line at the largest size (13 down to 11) at which it fits whole; None when it does not."""
    for size in (13, 12, 11):
        if fonts.font(size).size(text)[0] <= width:
            return fonts.text(text, size, MUTED)
    return None


def _speed_text(speed: float) -> str:
    return f"{speed:g}"


_classes: dict[type, type] = {}


def replay_table(table_cls: type) -> type:
    """The game's table class as a replay viewer (one class per table class)."""
    if table_cls not in _classes:
        _classes[table_cls] = type(f"Replay{table_cls.__name__}", (ReplayMixin, table_cls), {})
    return _classes[table_cls]


def keep_original_autosave(source: Path | None, autosave: Path) -> Path | None:
    """When the replay is of the autosave, the branch will write the autosave: the original is first
    copied, byte for byte, into a save of its own (returned). Any other original is never written."""
    if source is None:
        return None
    try:
        same = Path(source).resolve() == Path(autosave).resolve()
    except OSError:
        same = False
    if not same or not autosave.exists():
        return None
    raw = persistence.read_limited(autosave, persistence.MAX_SAVE_BYTES)
    folder = persistence.ensure_dir(persistence.saves_dir())
    stem = persistence.safe_filename("autosave " + persistence.now_stamp().replace(":", "-"))
    path = folder / f"{stem}.json"
    counter = 2
    while path.exists():
        path = folder / f"{stem}-{counter}.json"
        counter += 1
    persistence.atomic_write_text(path, raw.decode("utf-8"))
    return path


def open_replay(app, path: Path | None = None, session: Session | None = None, back=None, step: int = 0) -> str | None:
    """Open the viewer on a save file or a played session; None, or the message to show (the same
    sentence Load gives for a save that cannot be replayed)."""
    from ui.games import table_for

    try:
        if session is None:
            session = Session.load(Path(path))
    except SaveError as exc:
        return str(exc)
    except persistence.FileProblem as exc:
        return f"{Path(path).name} {exc}"
    table = table_for(session.game)
    if table is None:
        return t("menu.not_playable")
    # a played game's only save may be the autosave (a finished game never saved by name): Play from
    # here keeps it as a save before the branch takes the autosave
    timeline = Timeline(session, path if path is not None else session.autosave)
    app.scenes.switch(replay_table(table)(app), timeline=timeline, back=back, step=step)
    return None
