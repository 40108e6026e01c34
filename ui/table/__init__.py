"""The generic table kit: views, camera, drag and drop, animator, side panel, toasts, inspect, overlays
and TableScene, the base of every game's table scene.

How a game's table is built on it
=================================
Subclass ``TableScene`` (ui/table/scene.py) in ``ui/games/<game>/table.py``. The kit never decides a
rule: it reads ``legal_actions()``, matches drags and clicks to them, and hands the chosen action to
the session.

Hooks a table implements (all optional except ``layout``/``sync``):
- ``layout(world)``: static views. ``world.viewport_size`` is the table's size in world units, already
  divided by the UI scale, so a layout computed from it grows with the scale (the camera's fit shows
  it that much larger). Below the layout's own minimum the camera scales it down instead.
- ``sync(state)``: the views that follow the state (stable cids; ``world.add`` replaces by cid).
- ``describe_action(action)``: a button's label. Put the words that tell two choices apart first;
  the panel wraps labels to two lines and gives every button a tooltip with the whole text.
- ``seat_name(seat)``, ``game_title()``, ``card_face(cid)``, ``glossary(cid)`` (inspect overlay).
- ``log_line(event)``: the game-log sentence of an event (default: its i18n key and parameters).
- ``note_events(events)`` / ``after_animations_queued(events)``: around each applied action.
- ``pick_request(state) -> PickRequest | None``: a "choose N cards" decision for the picker overlay
  (grid at full size, "3 of 11 chosen", confirm once). The kit then applies one legal action of
  ``request.kind`` per chosen card, in the order chosen, each checked against the state of then.
- ``seat_board(cid) -> SeatBoard | None``: a click on that piece (a seat's panel) shows the seat's
  board at full size over the table (rows of card faces and notes); Esc or a click returns.
- ``bot_doing(seat)`` / ``bot_last_step(seat)``: what the panel says while another seat acts (third
  person, never addressed to the person; default: "X is thinking…" and the log lines of its last step).
- Class attributes: ``END_KINDS`` (end-of-turn/phase actions: the end button), ``CONFIRM_KINDS``,
  ``HINT_BOT``, ``TABLE_COLOUR``.

What the kit gives every table
==============================
- Camera: wheel zoom within limits, pan (right/middle drag, space+drag), F/Home fits the table.
- Drag and drop with glowing legal targets; the dragged piece hangs off the pointer so the target
  under it stays visible; a refused drop snaps back with the engine's ``explain(source, target)``.
- ``HandView``: a hand that never covers a card's title bar (side by side, then rows overlapping only
  up to the title, then scrolled with the wheel), never below ``min_card_width``; ``grab_point(card)``.
- Side panel: whose turn, the prompt as tall as its text, wrapped choice buttons with tooltips, a
  click guard on buttons that appear under a resting pointer, the end button (on another seat's turn:
  "skip to my turn", also the S key), undo/redo/hint/menu, and a self-drawn log that keeps the whole
  history, appends cheaply and scrolls with the wheel. ``panel.truncated`` lists labels that were cut.
- Bot turns paced from the frames' dt (``bot_step_seconds()``: 0.6 s a step at normal speed, tied to
  the animation speed; tests step frames, nothing waits on the wall clock); S or the button skips.
- Inspect (hover 0.5 s or right-click): always inside the window, scaled down if needed, never under
  the pointer, keeping off the decision's sources and targets.
- Toasts from the top of the table (never over the hands), the Esc menu, hints, undo/redo, the
  pass-the-device screen, the results switch, and idle frames: ``is_still()`` lets the app skip
  drawing when nothing moves (a table waiting for the person costs about 2 % of a core).
"""
from .camera import Camera
from .cardface import CARD_SIZE, CardFace, render_back, render_face
from .drag import DragController, DragResult
from .icons import icon
from .overlays import BoardOverlay, Picker, PickRequest, SeatBoard
from .palette import Palette, palette
from .views import (BoardView, CardView, DiceView, FigureView, HandView, PileView, TokenView, View, World,
                    ZoneView)

__all__ = [
    "BoardOverlay", "BoardView", "CARD_SIZE", "Camera", "CardFace", "CardView", "DiceView", "DragController", "DragResult",
    "FigureView", "HandView", "Palette", "PickRequest", "Picker", "PileView", "SeatBoard", "TableScene", "TokenView", "View", "World", "ZoneView",
    "icon", "palette", "render_back", "render_face",
]


def __getattr__(name):
    # TableScene pulls in pygame_gui and the session; import it lazily so views stay light
    if name == "TableScene":
        from .scene import TableScene
        return TableScene
    raise AttributeError(name)
