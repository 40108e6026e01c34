"""TableScene: the base of every game's table.

A game's table subclasses it and fills in ``layout(world)`` (static pieces: boards, zones, piles),
``sync(state)`` (pieces that follow the state: cards, figures, tokens), ``describe_action(action)``,
``glossary(cid)``, ``card_face(cid)`` and ``END_KINDS``. The base does everything else: camera, drag
and drop, animations, the side panel and its log, toasts, the inspect overlay, hints, undo/redo, the
Esc menu, bot turns on a worker thread, the pass-the-device screen and the switch to the results.

The scene never decides legality and never mutates a state: it reads ``legal_actions()`` and hands
chosen actions to ``Session.apply``.
"""
from __future__ import annotations

import gc
import html
import threading
from contextlib import contextmanager
from functools import lru_cache

import pygame
import pygame_gui

from gamecore import bots
from gamecore.engine import Action, IllegalAction, Rng
from gamecore.persistence import SaveError
from gamecore.session import Session, UndoRefused
from ui import fonts
from ui.events import BOT_MOVE_READY, HINT_READY, LANGUAGE_CHANGED
from ui.i18n import event_text, has, illegal_text, language, t
from ui.scenes.base import Scene

from .animator import Animator, snapshot_positions
from .camera import Camera
from . import cardface
from .cardface import CardFace
from .dialogs import ChoicePopup, EscMenu, PassDevice
from .drag import DragController, DragResult
from .inspect import HOVER_DELAY, Inspector
from .overlays import BoardOverlay, Picker, PickRequest, SeatBoard
from .palette import Palette, palette
from .panel import SidePanel, panel_rect
from .sounds import TableSounds
from .toast import Toasts
from .views import CardView, HandView, PileView, View, World, fill_rect

GENERIC_REASON = "That cannot go there."
BOT_STEP = 2.0          # a bot's step stays on screen this many animation lengths (0.6 s at normal speed)
BOT_PAUSE = 0.3         # ... and never less than this while animations are on
OVER_PAUSE = 0.6        # seconds the final position stays before the results screen


TILE = 128             # the table surface's tile, in pixels


class TableCloth:
    """The table's surface: one opaque tile (the game's own picture, assets/art/surfaces/<game>.svg,
    drawn in the table colour; else a calm felt with a faint grid) repeated from the viewport's corner.
    It paints any part of the table (the kept picture paints only what changed) and holds one tile,
    not a whole window of pixels."""

    def __init__(self, colour: tuple, line: tuple, game: str = ""):
        from ui.table import art

        tile = pygame.Surface((TILE, TILE))
        tile.fill(colour)
        if game and art.exists("surfaces", game):
            tile.blit(art.art("surfaces", game, (TILE, TILE), colour), (0, 0))
        else:
            for at in range(0, TILE, 64):
                pygame.draw.line(tile, line, (at, 0), (at, TILE))
                pygame.draw.line(tile, line, (0, at), (TILE, at))
        self.tile = tile.convert() if pygame.display.get_surface() is not None else tile

    def paint(self, surface: pygame.Surface, area: pygame.Rect, corner: tuple[int, int]) -> None:
        """Cover ``area`` of ``surface`` with the tiles laid from ``corner`` (clipped to ``area``)."""
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(area).clip(clip))
        x0 = corner[0] + (area.x - corner[0]) // TILE * TILE
        y0 = corner[1] + (area.y - corner[1]) // TILE * TILE
        surface.blits([(self.tile, (x, y)) for x in range(x0, area.right, TILE) for y in range(y0, area.bottom, TILE)],
                      doreturn=False)
        surface.set_clip(clip)


@lru_cache(maxsize=8)
def table_cloth(colour: tuple, line: tuple, game: str = "") -> TableCloth:
    return TableCloth(colour, line, game)


_pool = None


def _process_pool():
    """One worker process for searching bots, started on first use (spawn: it never inherits pygame)."""
    global _pool
    if _pool is None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _pool


def think_elsewhere(state, level: str, rng: Rng):
    """The bot's action computed in the worker process, or None if that is not possible here."""
    global _pool
    from gamecore.bots.worker import action_from_json, choose_from_snapshot

    try:
        future = _process_pool().submit(choose_from_snapshot, state.to_json(), level, rng.state)
        return action_from_json(future.result(timeout=60))
    except Exception:  # no process (frozen oddities, a test-only game unknown there...): think here instead
        if _pool is not None and getattr(_pool, "_broken", False):
            _pool = None                   # a broken pool stays broken: let the next move start a new one
        return None


def _post(event_type: int, **attrs) -> None:
    try:
        pygame.event.post(pygame.event.Event(event_type, **attrs))
    except pygame.error:  # the display went away while a worker was thinking: nothing to tell
        pass


class TableScene(Scene):
    """Base table. Class attributes a game may set: ``END_KINDS`` (action kinds that end a turn or
    phase: they go on the end button), ``HINT_BOT`` (bot level used for hints), ``TABLE_COLOUR``."""

    END_KINDS: tuple[str, ...] = ()
    CONFIRM_KINDS: tuple[str, ...] | None = None   # end kinds that ask first (None: all of END_KINDS)
    HINT_BOT = "greedy"
    TABLE_COLOUR: tuple | None = None

    def __init__(self, app):
        super().__init__(app)
        self.session: Session | None = None
        self.world = World()
        self.camera = Camera()
        self.drag = DragController(self.world, self.camera, self.input_actions, self._explain,
                                   lambda: min(0.25, self.animation_seconds()))
        self.animator = Animator(self.world, self.animation_seconds)
        self.toasts = Toasts()
        self.inspector = Inspector(self._inspect_info)
        self.panel: SidePanel | None = None
        self.token = 0                       # bumps at every state change; stale worker results are dropped
        self._legal: tuple[int, list[Action]] = (-1, [])
        self._bot_job: int | None = None
        self._bot_failed: int | None = None
        self._hint_job: int | None = None
        self.hint_action: Action | None = None
        self.popup: ChoicePopup | None = None
        self._popup_source: str | None = None
        self.menu: EscMenu | None = None
        self.confirm = None
        self._confirm_action: Action | None = None
        self.pass_overlay: PassDevice | None = None
        self.confirmed_seat: int | None = None
        self._hover: View | None = None
        self._idle = 0.0                     # seconds since the last state change was on screen
        self._fresh = False                  # a change happened in this frame (its dt does not count)
        self._results_shown = False
        self._save_warned: str | None = None
        self._refresh_due = False              # the panel's refresh put off to the next frame (one_change)
        self._first_sight = None               # what the last picture was drawn for (see draw)
        self.story_box = None
        self.skipping = False                # the person asked to skip to their next decision
        self.picker: Picker | None = None
        self._pick_declined: tuple | None = None
        self.board_overlay: BoardOverlay | None = None
        self.sounds = TableSounds()          # pickup/drop/refused, the events' sounds, turn, win/loss
        self.coach = None                    # the guided first game's coach (ui/table/coach.py), if this is one
        self._batch: dict | None = None      # one change of several actions being applied (``one_change``)

    # ================================================================== game hooks (override)
    def layout(self, world: World) -> None:
        """Create the static views (boards, zones, piles). ``world.viewport_size`` is the table's size."""

    def sync(self, state) -> None:
        """Create or update the views that follow the state (keep cids stable; ``world.add`` replaces)."""

    def describe_action(self, action: Action) -> str:
        """The button / popup label of an action."""
        game = self.session.game if self.session else ""
        key = f"{game}.action.{action.kind}"
        return t(key, **{k: v for k, v in action.params}) if has(key) or has(key, "en") else action.describe()

    def decision_prompt(self, decision) -> str:
        """The panel's line for the pending decision (a game may word its arguments, e.g. an id as a name)."""
        return t(decision.prompt, **decision.args)

    def glossary(self, cid: str) -> list[str]:
        """One translated line per keyword on the component ``cid`` (shown by the inspect overlay)."""
        return []

    def card_face(self, cid: str) -> CardFace | None:
        view = self.world.get(cid)
        if isinstance(view, CardView):
            return view.face if view.face_up else None
        if isinstance(view, PileView) and view.face_up:
            return view.top
        return None

    def seat_name(self, seat: int) -> str:
        return t("table.seat", n=seat + 1)

    def pick_request(self, state) -> PickRequest | None:
        """A "choose N cards" decision to ask through the picker overlay (None: ask it on the table)."""
        return None

    def seat_board(self, cid: str) -> SeatBoard | None:
        """The board to show at full size when the piece ``cid`` (a seat's panel) is clicked."""
        return None

    def game_title(self) -> str:
        return t(self.session.info.title) if self.session else ""

    # ================================================================== helpers for subclasses
    @property
    def state(self):
        return self.session.state

    def _turn(self) -> tuple:
        """(seat to decide, a bot's turn), asked of the engine once per state: a move's frame asks it some
        thirty times, and a co-op engine works out whose choice it is each time."""
        session = self.session
        key = (self.token, len(session.steps), id(session.state), session.state.is_over())
        memo = getattr(self, "_turn_memo", None)
        if memo is None or memo[0] != key:
            seat = session.state.current_seat()
            if type(session).bot_to_move is Session.bot_to_move:
                bot = not key[3] and session.seat_is_bot(seat)
            else:                            # a session of its own (a replay's: nobody thinks)
                bot = session.bot_to_move()
            memo = self._turn_memo = (key, seat, bot)
        return memo[1], memo[2]

    def current_seat(self):
        """The state's ``current_seat()`` (asked once per state)."""
        return self._turn()[0]

    def bot_to_move(self) -> bool:
        """The session's ``bot_to_move()`` (asked once per state)."""
        return self._turn()[1]

    def palette(self) -> Palette:
        return palette(bool(self.app.settings.get("colorblind")))

    def animation_seconds(self) -> float:
        return float(self.app.settings.animation_seconds())

    def viewer_seat(self) -> int | None:
        """The human seat whose secrets may be shown now (the human to play, else the last confirmed one)."""
        if self.session is None:
            return None
        seat = self.current_seat()
        if seat is not None and not self.session.seat_is_bot(seat) and not self._pass_needed():
            return seat
        if self.confirmed_seat is not None:
            return self.confirmed_seat
        humans = self.session.human_seats()
        return humans[0] if humans else None

    def toast(self, text: str, style: str = "info") -> None:
        self.toasts.show(text, style)

    # ------------------------------------------------------------------ another seat's turn, paced
    def bot_step_seconds(self) -> float:
        """How long each visible step of a bot (or AI teammate) stays before its next one: tied to the
        animation speed (0.6 s at normal speed, none when animations are off or while skipping).
        Counted from the frames' dt, never from the wall clock, so tests step it frame by frame."""
        anim = self.animation_seconds()
        if anim <= 0 or self.skipping:
            return 0.0
        return max(BOT_PAUSE, BOT_STEP * anim)

    def bot_doing(self, seat: int) -> str:
        """The panel's line while ``seat`` acts (a game may say more, e.g. which decision it weighs)."""
        return t("table.thinking", name=self.seat_name(seat))

    def bot_last_step(self, seat: int) -> str:
        """What ``seat`` just did, from the log lines of its last step (third person: the events')."""
        if self.session is None or not self.session.steps:
            return ""
        step = self.session.steps[-1]
        if step.seat != seat:
            return ""
        lines = [line for line in (self.log_line(e) for e in step.events) if line]
        joiner = "" if language() == "ja" else " "
        return joiner.join(lines[:2]) + (" …" if len(lines) > 2 else "")

    def skip_bots(self) -> None:
        """Skip to the person's next decision: the bots' steps go by without pause or animation."""
        if self.session is not None and self.bot_to_move():
            self.skipping = True
            self.animator.skip_all()

    # ================================================================== lifecycle
    def enter(self, session: Session | None = None, **args) -> None:
        self.session = session
        if session is not None:
            session.defer_autosave = True          # written a few frames after a change: _autosave_later
        self._autosave_mark, self._autosave_quiet = None, 0
        self.token += 1
        self._results_shown = bool(args.get("review"))   # back from the results to look at the table
        self.sounds.start(session)
        self.coach = None
        if session is not None and not args.get("review"):
            from ui.tutorials import coach_for
            self.coach = coach_for(session)
        super().enter(**args)
        # what the table holds now (the game's states, views, pictures) lives as long as the table: out of
        # the collector's full passes, which would otherwise walk it all during some move's frame
        gc.freeze()

    def exit(self) -> None:
        self.flush()
        self.token += 1       # any thinking worker now reports to nobody
        gc.unfreeze()         # the next full pass frees what the table leaves behind
        super().exit()

    def pause(self) -> None:
        self.drag.cancel()
        self.flush()
        super().pause()

    # the autosave: serialising the whole game and fsyncing it costs 1.5-3 ms here (more on a slow disk), so a
    # change only marks it due and it is written once AUTOSAVE_AFTER_FRAMES frames have gone by without another
    # change: never in the frame of a move or the one after it, and once at the end of a run of bot moves
    AUTOSAVE_AFTER_FRAMES = 3

    def _autosave_later(self) -> None:
        s = self.session
        if s.changes != self._autosave_mark:
            self._autosave_mark, self._autosave_quiet = s.changes, 0
            return
        self._autosave_quiet += 1
        if s.autosave_due and self._autosave_quiet >= self.AUTOSAVE_AFTER_FRAMES:
            self.flush()

    def flush(self) -> None:
        if self.session is not None and self.session.autosave_due:
            self.session.flush_autosave()
            self._warn_save_error()

    def _warn_save_error(self) -> None:
        if self.session.last_save_error and self.session.last_save_error != self._save_warned:
            self._save_warned = self.session.last_save_error
            self.toast(t("table.autosave_failed", reason=self.session.last_save_error), "error")

    def resume(self) -> None:
        # a worker's answer may have reached the scene on top of us and been lost: think again
        self._bot_job = None
        self._hint_job = None
        super().resume()

    def window_size(self) -> tuple[int, int]:
        screen = getattr(self.app, "screen", None) or pygame.display.get_surface()
        return screen.get_size() if screen is not None else (1280, 800)

    def ui_scale(self) -> float:
        """The table's UI scale (Settings; by default from the window size): 1.25 shows the cards, the
        table text and the side panel a quarter larger."""
        return float(self.app.settings.ui_scale(self.window_size()))

    def build_ui(self) -> None:
        size = self.window_size()
        scale = self.ui_scale()
        prect = panel_rect(size, scale)
        self.camera.set_viewport(pygame.Rect(0, 0, size[0] - prect.width, size[1]))
        self.drag.cancel()
        self.animator.skip_all()
        self.world.clear()
        # the game lays its table out for a viewport 1/scale the size; the camera's fit then shows it
        # ``scale`` times larger (a layout with a minimum size is scaled down by the camera instead)
        vw, vh = self.camera.viewport.size
        self.world.viewport_size = (vw / scale, vh / scale)
        self.world.set_palette(self.palette())
        if self.session is not None:
            self.layout(self.world)
            self.sync(self.state)
            self.world.changed()
        self.camera.fit(self.world.bounds().inflate(40, 40))
        self.panel = SidePanel(self.app.manager, prect, self.game_title(), scale=scale)
        self.panel.log_lines = self._log_from_steps()
        self.panel.build()
        self.pass_overlay = None
        self.picker = None                  # laid out again for the new viewport by refresh()
        self.board_overlay = None
        self.refresh()

    def clear_ui(self) -> None:
        for attr in ("popup", "menu", "pass_overlay", "confirm"):
            element = getattr(self, attr)
            if element is not None:
                element.kill()
                setattr(self, attr, None)
        if self.panel is not None:
            self.panel.kill()
        super().clear_ui()

    def _log_from_steps(self) -> list[str]:
        if self.session is None:
            return []
        steps = self.session.steps
        lines: list[str] = []
        for i, step in enumerate(steps):
            lines.extend(self.log_line(e) for e in step.events)
            after = steps[i + 1].seat if i + 1 < len(steps) else (None if self.state.is_over() else self.current_seat())
            note = self.turn_end_note(step, after)
            if note:
                lines.append(note)
        return lines

    def turn_end_note(self, step, next_seat) -> str:
        """In a competitive game, a turn the rules ended by themselves (no end button pressed) says so."""
        if (self.session is None or self.session.info.coop or step.seat is None or next_seat is None
                or next_seat == step.seat or step.action.kind in self.END_KINDS):
            return ""
        return t("table.turn_ended", name=self.seat_name(step.seat))

    # ================================================================== state → table
    def legal(self) -> list[Action]:
        if self.session is None or self.state.is_over():
            return []
        if self._legal[0] != self.token:
            self._legal = (self.token, self.state.legal_actions())
        return self._legal[1]

    @property
    def blocked(self) -> bool:
        """A dialog or the pass-the-device screen holds the input."""
        return any(x is not None for x in (self.popup, self.menu, self.confirm, self.pass_overlay, self.picker,
                                           self.board_overlay))

    def input_actions(self) -> list[Action]:
        """What the human may do now ([] on a bot's turn, during animations or under a dialog)."""
        if self.session is None or self.bot_to_move() or self.blocked or self.animator.busy:
            return []
        return self.legal()

    def _explain(self, source, target) -> IllegalAction:
        return self.state.explain(source, target)

    def is_table_move(self, action: Action) -> bool:
        """Made by dragging or clicking a piece on the table (else it gets a panel button)."""
        if action.kind in self.END_KINDS or action.source is None or self.world.get(action.source) is None:
            return False
        return action.target is None or self.world.get(action.target) is not None

    def refresh(self) -> None:
        """Bring the panel, highlights and overlays in line with the state (after every change)."""
        self._refresh_due = False
        if self.session is None:
            return
        state = self.state
        over = state.is_over()
        seat = state.current_seat()
        if self.panel is not None:
            human = not over and not self.bot_to_move()
            if over:
                self.panel.set_turn(t("table.game_over"))
                self.panel.set_prompt("")
            elif not human:
                # another seat acts: name it and what it does; never address the person
                self.panel.set_turn(t("table.turn.bot", name=self.seat_name(seat)))
                self.panel.set_prompt(self.bot_doing(seat), self.bot_last_step(seat))
            else:
                self.panel.set_turn(t("table.turn", name=self.seat_name(seat)))
                decision = state.pending()
                self.panel.set_prompt(self.decision_prompt(decision) if decision is not None else "")
            legal = self.legal() if human else []
            buttons = [(self.describe_action(a), a) for a in legal
                       if a.kind not in self.END_KINDS and not self.is_table_move(a)]
            request = self.pick_request(state) if human else None
            self._sync_picker(request)
            if request is not None:       # the picker asks it: no button per card beside it
                buttons = [(t("table.pick.open", n=request.count), ("pick",))] + [
                    b for b in buttons if not (request.kind in (None, b[1].kind) and b[1].source in request.cids)]
            ends = [(self.describe_action(a), a) for a in legal if a.kind in self.END_KINDS]
            if over:
                ends = [(t("table.to_results"), None)]      # None: the results screen, not an action
            skip = t("table.skip") if not over and not human and self.session.human_seats() else ""
            self.panel.set_actions(buttons, ends, skip_label=skip)
            self.panel.set_tools(self.session.can_undo(), self.session.can_redo())
        self._check_pass_device()
        self.refresh_highlights()
        self._warn_save_error()

    # ------------------------------------------------------------------ overlays: picker and seat boards
    def _sync_picker(self, request: PickRequest | None) -> None:
        if request is None:
            self.picker = None
            self._pick_declined = None
            return
        if self.picker is not None and self.picker.request.key() == request.key():
            return
        if request.key() == self._pick_declined:
            self.picker = None
            return
        self.open_picker(request)

    def open_picker(self, request: PickRequest) -> None:
        for cid in request.cids:
            if cid not in request.faces:
                face = self.card_face(cid)
                if face is not None:
                    request.faces[cid] = face
        self.drag.cancel()
        self.inspector.dismiss()
        self.picker = Picker(request, self.camera.viewport, self.ui_scale(), self.world.palette.colorblind)

    def _on_picker(self, answer: tuple) -> None:
        if answer[0] == "cancel":
            self._pick_declined = self.picker.request.key()
            self.picker = None
            self.refresh()
        elif answer[0] == "confirm":
            request = self.picker.request
            self.picker = None
            self._pick_declined = request.key()     # the same question again (a refusal) waits for a click
            self.apply_picks(request, answer[1])

    def apply_picks(self, request: PickRequest, cids: list[str]) -> None:
        """One legal action per chosen card, in the order chosen (each checked against the state of then)."""
        for cid in cids:
            legal = self.legal() if not self.bot_to_move() else []
            match = [a for a in legal if (request.kind is None or a.kind == request.kind)
                     and cid in (a.source, a.target)]
            if not match or not self.apply_action(match[0]):
                if not match:
                    self.toast(t("table.pick.stopped"), "error")
                break
        self._pick_declined = None
        self.refresh()

    def open_board(self, board: SeatBoard) -> None:
        self.drag.cancel()
        self.inspector.dismiss()
        self.board_overlay = BoardOverlay(board, self.camera.viewport, self.ui_scale(), self.world.palette.colorblind)

    def _board_at(self, world_pos) -> SeatBoard | None:
        for view in self.world.views_at(world_pos):
            board = self.seat_board(view.cid)
            if board is not None:
                return board
        return None

    def refresh_highlights(self) -> None:
        marks: dict[str, str] = {}
        if self.app.settings.get("highlights") or self.drag.dragging:
            marks.update(self.drag.highlights())
        if self.hint_action is not None:
            for cid in (self.hint_action.source, self.hint_action.target):
                if cid is not None:
                    marks[cid] = "hint"
        for view in self.world.all():
            view.highlight = marks.get(view.cid)

    def _pass_needed(self) -> bool:
        """Hot seat with secrets: a competitive game, two or more humans, and a new human to play."""
        s = self.session
        seat = self.current_seat()
        return (not s.info.coop and len(s.human_seats()) >= 2 and not self.state.is_over()
                and seat is not None and not s.seat_is_bot(seat) and seat != self.confirmed_seat)

    def _check_pass_device(self) -> None:
        seat = self.current_seat()
        if not self._pass_needed():
            if self.pass_overlay is not None:   # e.g. the previous player took their move back
                self.pass_overlay.kill()
                self.pass_overlay = None
                if self.panel is not None:
                    self.panel.show()
                self._resync()
            return
        if self.pass_overlay is not None and self.pass_overlay.seat == seat:
            return
        if self.pass_overlay is not None:
            self.pass_overlay.kill()
        self.drag.cancel()
        self.inspector.dismiss()
        self.pass_overlay = PassDevice(self.app.manager, self.window_size(), seat, self.seat_name(seat))
        if self.panel is not None:
            self.panel.hide()

    def _confirm_pass(self) -> None:
        self.confirmed_seat = self.pass_overlay.seat
        self.pass_overlay.kill()
        self.pass_overlay = None
        if self.panel is not None:
            self.panel.show()
        self._resync()
        self.refresh()

    def _resync(self) -> None:
        # a hand keeps its cards' size while cards leave it during one seat's turn (views.HandView.arrange);
        # when the turn passes, hands are laid out afresh
        seat = self.current_seat()
        if seat != getattr(self, "_hands_seat", seat):
            self.world.hand_layouts.clear()
        self._hands_seat = seat
        self.sync(self.state)
        self.world.changed()
        self._apply_hover()

    # ================================================================== applying moves
    def _after_change(self, events: list, before: dict) -> None:
        self.note_events(events)
        self.token += 1
        self._idle = 0.0
        self._fresh = True
        self.hint_action = None
        self.drag.release(self.drag.floating)
        for view in self.world.all():
            view.offset = pygame.Vector2()
        batch = self._batch
        if batch is None:
            self._resync()
            self._show_change(events, before)
        else:                                  # one change of several: the views follow once, at the end
            batch["events"].extend(events)
            batch["changes"] += 1
        self.sounds.after_change(self, events)
        if self.panel is not None:
            lines = [self.log_line(e) for e in events]
            step = self.session.steps[-1] if self.session.steps else None
            if step is not None and not self.state.is_over():
                note = self.turn_end_note(step, self.current_seat())
                if note:
                    lines.append(note)
            self.add_log(lines)
        for event in events:
            if event.kind == "story":          # a scenario's narrative: shown, not only logged
                self.show_story(event_text(event))
        if self.coach is not None:
            self.coach.after_move(self.session)
        if batch is None:
            self.refresh()

    def _show_change(self, events: list, before: dict) -> None:
        """The views (already synced to the new state) animate ``events`` from the places in ``before``."""
        self.animator.play(events, before)
        if self.skipping:
            if self.bot_to_move():
                self.animator.skip_all()
            else:
                self.skipping = False
        self.after_animations_queued(events)

    def add_log(self, lines: list[str]) -> None:
        """Lines for the game log (held back to the end of a change of several actions, then added at once)."""
        if self._batch is not None:
            self._batch["lines"].extend(lines)
        elif self.panel is not None:
            self.panel.add_log(lines)

    @contextmanager
    def one_change(self):
        """The actions applied inside are one change of the person's (a move and the follow-ups it
        answers): the engine applies each in turn, the game log gets each one's lines in order, and the
        views follow the state, animate every event from where the pieces were before the first, and
        the panel refreshes once, at the end (not once per action: each sync rebuilds every view)."""
        if self._batch is not None:            # inside another: that one shows it
            yield
            return
        self._batch = {"events": [], "lines": [], "changes": 0, "before": snapshot_positions(self.world)}
        try:
            yield
        finally:
            batch, self._batch = self._batch, None
            if batch["lines"] and self.panel is not None:
                self.panel.add_log(batch["lines"])
            if batch["changes"]:
                self._resync()
                self._show_change(batch["events"], batch["before"])
                if self.panel is not None:
                    # the table and the log show the person's move in this frame, and the panel's next
                    # decision (its buttons, prompt and the table's glows) is made at the start of the next
                    # one, before any input (before_input), so no input meets the old panel; while the move
                    # animates no input is taken anyway (input_actions). The frame that applies the move then
                    # does not also list and lay out the next decision's choices (with or without animations).
                    self._refresh_due = True
                else:
                    self.refresh()

    # hooks around each change, for a game's table
    def note_events(self, events: list) -> None:
        """Called first with the events of each applied action (before the views follow the state)."""

    def after_animations_queued(self, events: list) -> None:
        """Called once the events' animations are queued (e.g. to start a dice roll of the game's own)."""

    def log_line(self, event) -> str:
        """The game-log sentence of an event (a game may word its own)."""
        return event_text(event)

    def show_story(self, text: str) -> None:
        """A scenario's story at its moment (start, twists, the end), in a window the player dismisses."""
        if self.story_box is not None and self.story_box.alive():
            self.story_box.kill()
        w, h = self.window_size()
        rect = pygame.Rect(0, 0, min(560, w - 80), 300)
        rect.center = (w // 2 - 100, h // 2)
        self.story_box = pygame_gui.windows.UIMessageWindow(rect, html.escape(text), self.app.manager,
                                                            window_title=t("table.story"))

    def apply_action(self, action: Action) -> bool:
        """Hand ``action`` to the session; a refusal becomes a toast with the engine's reason. The
        person's action may bring its ``follow_up`` and a ``forced`` answer after it (one change)."""
        with self.one_change():
            return self._apply_chain(action)

    def _apply_chain(self, action: Action) -> bool:
        human = self.session is not None and not self.bot_to_move()
        if human and self.coach is not None:
            said = self.coach.allows(action)
            if said:                       # a legal move the lesson does not ask for: said, not made
                self.toast(said)
                self.sounds.refused()
                view = self.world.get(action.source)
                if view is not None and view.offset.length() > 0:
                    self.drag.snap_back(view)
                return False
        if not self._apply_one(action):
            return False
        for _ in range(8):                 # a few in a row at most (each is one legal action of the person's)
            if not human or self.bot_to_move() or self.state.is_over():
                break
            nxt = self.follow_up(action)
            note = None
            if nxt is None:
                nxt = self.forced()
                note = "table.forced"
            if nxt is None or nxt not in self.legal():
                break
            if note and self.panel is not None:
                self.add_log([t(note, move=self.describe_action(nxt))])
            if not self._apply_one(nxt):
                break
            action = nxt
        return True

    def _apply_one(self, action: Action) -> bool:
        if self.session is None:
            return False
        self.animator.skip_all()
        before = snapshot_positions(self.world) if self._batch is None else self._batch["before"]
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.toast(illegal_text(exc), "error")
            self.sounds.refused()
            view = self.world.get(action.source)
            if view is not None and view.offset.length() > 0:
                self.drag.snap_back(view)
            return False
        self._after_change(events, before)
        return True

    def _take_back(self, redo: bool) -> None:
        self.animator.skip_all()
        self.drag.cancel()
        before = snapshot_positions(self.world)
        try:
            if redo:
                self.session.redo()
            else:
                self.session.undo()
        except UndoRefused as exc:
            key = f"undo.{exc.code}"
            self.toast(t(key) if has(key) or has(key, "en") else exc.reason, "error")
            return
        except IllegalAction as exc:
            self.toast(illegal_text(exc), "error")
            return
        self.token += 1
        self._idle = 0.0
        self.hint_action = None
        for view in self.world.all():
            view.offset = pygame.Vector2()
        self._resync()
        self.animator.play([_Moved(cid) for cid in before], before)
        if self.panel is not None:
            self.panel.set_log(self._log_from_steps())
        if self.coach is not None:             # the lesson goes back (or on) with the moves
            self.coach.index = self.coach.resume_index(self.coach.script, self.session)
        self.toast(t("table.redone" if redo else "table.undone"))
        self.refresh()

    def undo(self) -> None:
        if self.session is not None:
            self._take_back(redo=False)

    def redo(self) -> None:
        if self.session is not None:
            self._take_back(redo=True)

    def _on_drag_result(self, result: DragResult) -> None:
        if result.kind == "apply":
            self.apply_action(result.action)
        elif result.kind == "choose":
            self.open_choice(result.actions, result.source)
        elif result.kind == "refuse":
            self.toast(self.refusal_text(result.source, result.target, result.reason), "error")
        self.refresh_highlights()

    GENERIC_REFUSALS = ("bad_target",)          # with GENERIC_REASON: the engine knows no more than "not there"

    def refusal_text(self, source, target, reason) -> str:
        """Why a drop was refused: the engine's reason for that source and target; when the engine only
        knows "not there", the kit names where that piece can go now instead."""
        generic = reason is None or (reason.code in self.GENERIC_REFUSALS and reason.reason == GENERIC_REASON)
        if not generic:
            return illegal_text(reason)
        moves = list(dict.fromkeys(self.describe_action(a) for a in self.input_actions() if a.source == source))
        if moves:
            shown = " · ".join(moves[:3]) + (" …" if len(moves) > 3 else "")
            return t("table.refuse.elsewhere", moves=shown)
        return illegal_text(reason) if reason is not None else t("table.refuse.not_now")

    def follow_up(self, action: Action) -> Action | None:
        """After the person's ``action``, the legal action that their choice already answered (e.g. a
        "which card?" answered by the card, then "activate it?" asked about the same card): the kit
        applies it too, so no question is asked twice. None: nothing follows."""
        return None

    def forced(self) -> Action | None:
        """A question of the person's with only one answer that the table answers by itself (the log
        says so). None: ask it."""
        return None

    def end_turn_loss(self, action: Action) -> str:
        """What ending the turn or phase gives away (a game names it: unused action tokens...)."""
        return ""

    def open_choice(self, actions: list[Action], source: str | None = None) -> None:
        if self.popup is not None:
            self.popup.kill()
        self._popup_source = source
        items = [(self.describe_action(a), a) for a in actions]
        self.popup = ChoicePopup(self.app.manager, self.window_size(), items,
                                 anchor=tuple(self.camera.mouse) if source else None)

    def end_turn(self, action: Action) -> None:
        """The end-of-turn/phase button: with a confirmation when Settings ask for one."""
        asks = self.CONFIRM_KINDS is None or action.kind in self.CONFIRM_KINDS
        if not self.app.settings.get("confirm_end_turn") or not asks:
            self.apply_action(action)
            return
        if self.confirm is not None:
            self.confirm.kill()
        self._confirm_action = action
        loss = self.end_turn_loss(action)
        rect = pygame.Rect(0, 0, 440, 240 if not loss else 290)
        rect.center = (self.window_size()[0] // 2, self.window_size()[1] // 2)
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            rect, "", self.app.manager,
            window_title=t("table.confirm_end.title"), action_short_name=t("table.confirm_end.ok"))
        # wrapped here, at the text box's font and width (Japanese has no spaces: pygame_gui would break
        # a sentence with a hyphen), then escaped; the cancel button's own label is pygame_gui's English
        width = self.confirm.confirmation_text.rect.width - 24
        paragraphs = [t("table.confirm_end.text", move=self.describe_action(action))] + ([loss] if loss else [])
        self.confirm.confirmation_text.set_text("<br><br>".join(
            "<br>".join(html.escape(line) for line in fonts.wrap(p, 16, width)) for p in paragraphs))
        self.confirm.cancel_button.set_text(t("common.cancel"))

    # ================================================================== workers: bots and hints
    def _seed_for(self, salt: int) -> Rng:
        return Rng(int(self.state.digest()[:15], 16) ^ salt)

    def _start_bot(self) -> None:
        token = self.token
        state = self.state.clone()        # the worker never touches the live state
        seat = state.current_seat()
        level = self.session.seats[seat].level or "random"
        rng = self.coach.script.bot_rng(self.session) if self.coach is not None else None
        if rng is None:                    # a lesson's bot draws from the lesson's own seed (Script.bot_seed)
            rng = self._seed_for(len(self.session.steps))

        def think():
            try:
                try:
                    bot = bots.make_bot(level)
                except ValueError:
                    bot = bots.RandomBot()
                action = None
                if isinstance(bot, bots.MctsBot) or getattr(bot, "heavy", False):
                    # a search holds the interpreter for seconds: think in another process
                    action = think_elsewhere(state, level, rng)
                if action is None:
                    action = bots.choose_for(state, bot, rng)
                _post(BOT_MOVE_READY, token=token, action=action, error=None)
            except Exception as exc:  # a bot crash must not take the window down; report it
                _post(BOT_MOVE_READY, token=token, action=None, error=f"{type(exc).__name__}: {exc}")

        self._bot_job = token
        threading.Thread(target=think, name="bot", daemon=True).start()

    def _on_bot_move(self, event) -> None:
        if getattr(event, "token", None) != self.token or self._bot_job != self.token:
            return                         # the state changed while the bot thought: drop it
        self._bot_job = None
        if event.action is None:
            self._bot_failed = self.token
            self.toast(t("table.bot_failed", reason=event.error or ""), "error")
            return
        self.apply_action(event.action)

    def request_hint(self) -> None:
        if self.session is None or not self.input_actions():
            return
        token = self.token
        state = self.state.clone()
        rng = self._seed_for(0x4A17)
        level = self.HINT_BOT

        def think():
            try:
                action = bots.choose_for(state, bots.make_bot(level), rng)
                _post(HINT_READY, token=token, action=action, error=None)
            except Exception as exc:
                _post(HINT_READY, token=token, action=None, error=f"{type(exc).__name__}: {exc}")

        self._hint_job = token
        self.toast(t("table.hint.thinking"), "hint")
        threading.Thread(target=think, name="hint", daemon=True).start()

    def _on_hint(self, event) -> None:
        if getattr(event, "token", None) != self.token:
            return
        self._hint_job = None
        if event.action is None:
            self.toast(t("table.bot_failed", reason=event.error or ""), "error")
            return
        self.hint_action = event.action
        self.toast(t("table.hint.move", move=self.describe_action(event.action)), "hint")
        self.refresh_highlights()

    # ================================================================== input
    def handle_event(self, event: pygame.event.Event) -> None:
        et = event.type
        if et == BOT_MOVE_READY:
            self._on_bot_move(event)
            return
        if et == HINT_READY:
            self._on_hint(event)
            return
        if et == LANGUAGE_CHANGED:
            self.on_resize()
            return
        if self._handle_widgets(event):
            return
        if self.picker is not None:
            answer = self.picker.handle_event(event)
            if answer is not None:
                if answer[0] != "used":
                    self._on_picker(answer)
                return
        if self.board_overlay is not None:
            answer = self.board_overlay.handle_event(event)
            if answer is not None:
                if answer[0] == "close":
                    self.board_overlay = None
                return
        if et == pygame.MOUSEWHEEL and self.panel is not None and self.panel.handle_wheel(event, self.camera.mouse):
            return
        if self.pass_overlay is not None:
            # the table is hidden; only undo/redo (the previous player's "oops") still work
            if et == pygame.KEYDOWN and event.key in (pygame.K_z, pygame.K_y) and event.mod & (
                    pygame.KMOD_CTRL | pygame.KMOD_META):
                self._handle_key(event)
            return
        if self.popup is not None or self.confirm is not None or self.menu is not None:
            if et == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self._close_dialogs()
            return
        if et == pygame.KEYDOWN and self._handle_key(event):
            return
        if self.coach is not None and et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.coach.click(event.pos)
            if hit == "next":
                self.coach.next(self.session)
                self.refresh_highlights()
            elif hit == "leave":
                self.coach.leave()
                self.toast(t("coach.left"))
            if hit is not None:
                return
        self._handle_table_input(event)

    def _close_dialogs(self) -> None:
        if self.popup is not None:
            self.popup.kill()
            self.popup = None
            self._snap_popup_source()
        if self.confirm is not None:
            self.confirm.kill()
            self.confirm = None
        if self.menu is not None:
            self.menu.kill()
            self.menu = None

    def _snap_popup_source(self) -> None:
        view = self.world.get(self._popup_source)
        if view is not None and view.offset.length() > 0:
            self.drag.snap_back(view)
        self._popup_source = None

    def _handle_widgets(self, event) -> bool:
        """pygame_gui events of our panel and dialogs. True when the event was ours."""
        et = event.type
        if self.pass_overlay is not None and self.pass_overlay.handle_event(event):
            self._confirm_pass()
            return True
        if self.popup is not None:
            answer = self.popup.handle_event(event)
            if answer is not None:
                self.popup = None
                if answer[0] == "choose":
                    self.drag.release(self.world.get(self._popup_source))
                    self._popup_source = None
                    self.apply_action(answer[1])
                else:
                    self._snap_popup_source()
                return True
        if self.confirm is not None:
            if et == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
                self.confirm = None
                self.apply_action(self._confirm_action)
                return True
            if et == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.confirm:
                self.confirm = None
                return True
        if self.menu is not None:
            answer = self.menu.handle_event(event)
            if answer is not None:
                self._menu_command(answer)
                return True
        if self.panel is not None and not self.blocked:
            cmd = self.panel.handle_event(event)
            if cmd is not None:
                self._panel_command(cmd)
                return True
        return et in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_WINDOW_CLOSE, pygame_gui.UI_TEXT_ENTRY_FINISHED,
                      pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED)

    def _panel_command(self, cmd: tuple) -> None:
        name = cmd[0]
        if name == "action" and isinstance(cmd[1], tuple):
            cmd = cmd[1]                   # a kit command on an action button (e.g. "choose cards…")
            name = cmd[0]
        if name == "action":
            self.apply_action(cmd[1])
        elif name == "end":
            if cmd[1] is None:
                self._show_results()
            else:
                self.end_turn(cmd[1])
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "hint":
            self.request_hint()
        elif name == "menu":
            self.open_menu()
        elif name == "skip":
            self.skip_bots()
        elif name == "pick":
            self._pick_declined = None
            request = self.pick_request(self.state)
            if request is not None:
                self.open_picker(request)

    def open_menu(self) -> None:
        if self.menu is None:
            self.drag.cancel()
            label = t(self.session.info.title) if self.session else ""
            self.menu = EscMenu(self.app.manager, self.window_size(), label)

    def _menu_command(self, answer: tuple) -> None:
        name = answer[0]
        if name == "save":
            label = answer[1]
            if not label:
                self.menu.say(t("table.save.need_name"))
                return
            try:
                path = self.session.save_as(label)
            except (SaveError, OSError) as exc:
                self.menu.say(t("table.save.failed", reason=str(exc)))
                self.toast(t("table.save.failed", reason=str(exc)), "error")
                return
            self.menu.say(t("table.save.done", name=path.stem))
            self.toast(t("table.save.done", name=path.stem))
            return
        self.menu.kill()
        self.menu = None
        if name == "rules":
            self.app.scenes.push("rules", game=self.session.game)
        elif name == "settings":
            self.app.scenes.push("settings")
        elif name == "quit":
            self.app.scenes.switch("menu")

    def _handle_key(self, event) -> bool:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key == pygame.K_z:
            if event.mod & pygame.KMOD_SHIFT:
                self.redo()
            else:
                self.undo()
            return True
        if ctrl and event.key == pygame.K_y:
            self.redo()
            return True
        if event.key == pygame.K_ESCAPE:
            if self.drag.handle_event(event):
                self.refresh_highlights()
                return True
            if self.inspector.dismiss():
                return True
            self.open_menu()
            return True
        if event.key == pygame.K_h and not ctrl:
            self.request_hint()
            return True
        if event.key == pygame.K_s and not ctrl:
            self.skip_bots()
            return True
        return False

    def _handle_table_input(self, event) -> None:
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN and self.animator.busy:
            self.animator.skip_all()       # a click skips the animations; it does nothing else
            self.refresh_highlights()
            return
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.inspector.pinned is not None:
            self.inspector.dismiss()
        if (et == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.drag.busy and self.drag.selected is None
                and not self.camera.space_held and self.camera.viewport.collidepoint(event.pos)):
            wp = self.camera.to_world(event.pos)
            if self.drag._source_under(wp) is None:
                board = self._board_at(wp)
                if board is not None:
                    self.open_board(board)
                    return
        if not self.drag.dragging and self.camera.handle_event(event):
            if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and self.camera.panning:
                self.inspector.hover(None)
            return
        result = self.drag.handle_event(event)
        self.sounds.after_input(self.drag, result)
        if isinstance(result, DragResult):
            self._on_drag_result(result)
        elif result:
            self.refresh_highlights()
        if et == pygame.MOUSEMOTION and not self.drag.dragging:
            self._hover_at(event.pos)
        elif et == pygame.MOUSEBUTTONUP and event.button == 1 and not self.drag.dragging:
            self._hover_at(event.pos)      # what is under the cursor now, not the piece just carried away
        elif et == pygame.MOUSEBUTTONUP and event.button == 3:
            self._right_click(event.pos)

    def _top_view(self, screen_pos) -> View | None:
        if not self.camera.viewport.collidepoint(screen_pos):
            return None
        views = self.world.views_at(self.camera.to_world(screen_pos))
        return views[0] if views else None

    def _hover_at(self, screen_pos) -> None:
        view = self._top_view(screen_pos)
        if view is self._hover:
            return
        if self._hover is not None:
            self._hover.hovered = False
        self._hover = view
        self._apply_hover()

    def _apply_hover(self) -> None:
        cid = self._hover.cid if self._hover is not None else None
        current = self.world.get(cid)
        self._hover = current
        for v in self.world.roots:
            if isinstance(v, HandView):
                v.set_hovered(cid)
            elif v is not current:
                v.hovered = False
        if current is not None and not isinstance(current.parent, HandView):
            current.hovered = True
        self.inspector.hover(cid if cid is not None and self.card_face(cid) is not None else None)

    def _right_click(self, screen_pos) -> None:
        view = self._top_view(screen_pos)
        cids = [v.cid for v in self.world.views_at(self.camera.to_world(screen_pos))] if view else []
        target = next((c for c in cids if self.card_face(c) is not None), None)
        self.inspector.toggle(target)

    def decision_rects(self) -> list[pygame.Rect]:
        """Screen rects of the pieces the decision in progress is about (its sources and targets, glowing
        or not): the inspect overlay keeps off them."""
        cids = {c for a in self.input_actions() for c in (a.source, a.target) if c is not None}
        cids |= {v.cid for v in self.world.all() if v.highlight}
        cids.discard(self.inspector.shown)
        views = [self.world.get(c) for c in cids]
        return [v.screen_rect(self.camera) for v in views if v is not None and v.visible]

    def _inspect_info(self, cid: str) -> tuple[CardFace | None, list[str]]:
        face = self.card_face(cid)
        return face, (self.glossary(cid) if face is not None else [])

    # ================================================================== frame
    def update(self, dt: float) -> None:
        # the frame that made a change shows it only at its end: its dt was spent before the change was
        # on screen, so a step's time on screen starts counting with the next frame
        if self._fresh:
            self._fresh = False
        else:
            self._idle += dt
        was_busy = self.animator.busy
        self.animator.update(dt)
        if was_busy and not self.animator.busy:
            self.refresh_highlights()      # input (and its glow) comes back when the table is still
        self.drag.update(dt)
        if self.panel is not None:
            self.panel.update(dt)
        self.world.update(dt)
        self.toasts.update(dt)
        if self.coach is not None:
            self.coach.update(dt)
        self.inspector.update(dt, suppressed=self.drag.busy or self.camera.panning or self.blocked)
        if self.session is None:
            return
        self._autosave_later()
        if not self.state.is_over():
            self._results_shown = False      # an undo took the game back: its end shows the results again
        else:
            if self.story_box is not None and self.story_box.alive():
                return                     # let the player read the ending before the results
            if not self._results_shown and not self.animator.busy and self._idle >= OVER_PAUSE * (self.animation_seconds() > 0):
                self._show_results()
            return
        if not self.bot_to_move():
            self.skipping = False
        elif (self._bot_job != self.token and self._bot_failed != self.token
                and not self.animator.busy and not self.blocked and self._idle >= self.bot_step_seconds()):
            self._start_bot()

    def _show_results(self) -> None:
        """To the results, handing over the table's last frame (its thumbnail there)."""
        self._results_shown = True
        screen = getattr(self.app, "screen", None)
        if screen is not None and self.pass_overlay is None:
            from ui.scenes.results import remember_table

            remember_table(self.session, screen.subsurface(self.camera.viewport.clip(screen.get_rect())))
        self.app.scenes.switch("results", session=self.session)

    def before_input(self) -> None:
        if self._refresh_due:
            self.refresh()

    def is_still(self) -> bool:
        """Nothing on the table moves by itself: no animation, drag, snap, toast, dice, pending hover
        preview, click guard, dialog (their text cursors blink) or countdown to the results."""
        if (self._refresh_due or self.animator.busy or self.drag.busy or self.drag.snapping or self.toasts.items
                or self.world.unfinished):
            return False
        if self.coach is not None and self.coach.highlighted():
            return False                       # the coach's rings pulse
        if self.panel is not None and self.panel.guarding:
            return False
        if self.popup is not None or self.menu is not None or self.confirm is not None:
            return False
        if self.story_box is not None and self.story_box.alive():
            return False
        ins = self.inspector
        if ins.pinned is None and ins.hover_cid is not None and ins.hover_time < HOVER_DELAY + 0.05:
            return False
        if any(getattr(v, "rolling", 0) > 0 for v in self.world.roots):
            return False
        if self.session is not None and self.state.is_over() and not self._results_shown:
            return False
        return True

    def may_rest(self) -> bool:
        return self.session is None or not self.bot_to_move()

    @property
    def bot_thinking(self) -> bool:
        return self._bot_job == self.token

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.world.palette
        # the table's first picture (and the first at a new size, palette or language) renders every face
        # it shows at once; later, a face seen for the first time waits its turn in the render budget
        sight = (surface.get_size(), id(self.session), id(pal), language())
        cardface.new_frame(getattr(self.app, "frame_number", None), first_sight_at_once=sight != self._first_sight)
        self._first_sight = sight
        colour = self.TABLE_COLOUR or pal.table
        if self.pass_overlay is not None:
            surface.fill((16, 18, 22))
            w, h = surface.get_size()
            img = fonts.text(t("table.pass.title", name=self.seat_name(self.pass_overlay.seat)), 28, pal.text, True)
            surface.blit(img, img.get_rect(center=(w // 2, h // 2 - 40)))
            return
        vp = self.camera.viewport
        self._fill_around(surface, vp.clip(surface.get_rect()))
        game = self.session.game if self.session is not None else ""
        cloth = table_cloth(tuple(colour), tuple(pal.table_line), game)
        self.world.draw_cached(surface, self.camera, cloth, skip=self.drag.floating)
        if self.session is not None and self.bot_to_move() and self.pass_overlay is None:
            self._draw_bot_banner(surface, vp, pal)
        if self.picker is not None:
            self.picker.draw(surface, pal)
        elif self.board_overlay is not None:
            self.board_overlay.draw(surface, pal)
        elif not self.drag.busy and self.inspector.shown is not None:
            self.inspector.draw(surface, vp, self.camera.mouse, pal.colorblind, self.decision_rects())
        if self.coach is not None and self.picker is None and self.board_overlay is None:
            self.coach.draw(surface, vp, self, self.ui_scale())
        self.toasts.draw(surface, vp)

    @staticmethod
    def _fill_around(surface: pygame.Surface, vp: pygame.Rect) -> None:
        """The window's background outside the table's viewport (the kept picture covers the viewport)."""
        w, h = surface.get_size()
        for area in ((0, 0, w, vp.top), (0, vp.bottom, w, h - vp.bottom), (0, vp.top, vp.left, vp.height),
                     (vp.right, vp.top, w - vp.right, vp.height)):
            if area[2] > 0 and area[3] > 0:
                fill_rect(surface, (20, 22, 26), area)

    def bot_banner_text(self) -> str:
        """Above the table while another seat acts: who, and what it just did (or that it thinks)."""
        seat = self.current_seat()
        last = self.bot_last_step(seat)
        name = self.seat_name(seat)
        if last and name in last:               # the log line names the seat already: no "Bot 2: Bot 2 …"
            return last
        return t("table.bot.did", name=name, what=last) if last else t("table.thinking", name=name)

    def _draw_bot_banner(self, surface, vp, pal) -> None:
        size = max(12, round(15 * self.ui_scale()))
        img = fonts.fit_text(self.bot_banner_text(), size, vp.width - 60, (255, 226, 150), True)
        plate = img.get_rect(midtop=(vp.centerx, vp.y + 8)).inflate(20, 8)
        pygame.draw.rect(surface, (10, 12, 16), plate, border_radius=8)
        pygame.draw.rect(surface, (120, 100, 60), plate, 1, border_radius=8)
        surface.blit(img, img.get_rect(center=plate.center))

    def smoke_inputs(self) -> list:
        c = self.camera.viewport.center
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=c, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0, flipped=False),
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0)]


class _Moved:
    """A synthetic "move" event so undo/redo slide every piece that changed place."""

    __slots__ = ("source",)
    kind = "move"
    target = None
    params: dict = {}

    def __init__(self, cid: str):
        self.source = cid
