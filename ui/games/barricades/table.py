"""The Barricades table scene: the village under siege, the market, the dungeon and the Guardian, the
dice tray and the heroes, played by drag and drop over the engine's legal actions.

World layout: see :mod:`layout` (about 1000×882 world units, fitted to the viewport).

Input (all matched against ``legal_actions()`` by the kit's drag controller; nothing here decides a
rule): drag a champion onto a village spot or a dungeon room (the legal ones glow; while it hovers a
room the light that entering costs shows on the room), a card from hand onto the battle board (play
it into the battle) or onto a teammate's board (lend it), gold onto a barricade (fund it), a hero card
onto its hero stack (level it up). Everything else — resolving a die, ending a phase, answering a
question — is a side-panel button.

The state is read through an adapter (``ADAPTER``: a module with ``table_model(state, viewer, table)``
returning ``(TableModel, faces, glossary)``), so the views never see the engine's internals.
"""
from __future__ import annotations

import importlib

from ui.i18n import has, t
from ui.table.scene import TableScene

from . import layout as L
from .text import words
from .views import DiceTray, LocationTile, RoomView, SpotView


def light_cost(actions, source: str, target: str):
    """The light a legal move of ``source`` onto ``target`` costs, as the engine priced it (the action's
    "light" parameter), else None."""
    for a in actions:
        if a.source == source and a.target == target:
            value = a.get("light")
            if value is not None:
                return value
    return None


# moves made on the table by dragging (a source onto a target); every other legal action is a panel button
DRAG_KINDS = ("place", "move", "stay", "fund", "lend", "give", "level_up", "buy", "market_draw", "shop", "heal",
              "buy_gear", "give_gear", "take_gear", "place_token", "discard", "prep", "keep", "reward", "pick_board")
# the panel's end buttons (End of the village phase, ready, done...)
END_KINDS = ("end_village", "ready", "done", "leave", "skip", "temple_skip")


def name_list(names: list[str]) -> str:
    """"Player 1", "Player 1 and Player 2", "Player 1, Player 2 and Player 3" (Japanese: 、 and と)."""
    names = [n for n in names if n]
    if len(names) <= 1:
        return "".join(names)
    return t("barricades.ui.list_sep").join(names[:-1]) + t("barricades.ui.list_last") + names[-1]


def cid_words(cid: str | None) -> str:
    """A component id in the player's words, for button labels (never a raw id)."""
    from . import adapter as AD
    from . import faces as F
    if not cid:
        return ""
    kind, _, rest = cid.partition(":")
    if kind == "spot":
        return AD.loc_name(rest.split(":")[0])
    if kind in ("loc", "barricade"):
        return AD.loc_name(rest)
    if kind == "room":
        return AD.room_name(rest)
    if kind in ("hero", "champion", "gold", "deck", "discard", "hand", "dice"):
        return t("barricades.ui.player", n=int(rest.split(":")[0]) + 1) if rest[:1].isdigit() else rest
    if kind == "market":
        return F.card_name(rest)
    if kind == "heroes":
        hid, _, lvl = rest.partition(":")
        return f"{AD.hero_name(hid)} L{lvl}"
    if kind == "board":
        return AD.board_name(rest)
    if kind == "gear":
        return AD.gear_name(rest.split(":")[0])
    if kind == "die":
        return ""
    if cid == "village":
        return t("barricades.ui.village")
    return F.words(rest or kind)


class BarricadesTable(TableScene):
    ADAPTER = "ui.games.barricades.adapter"
    END_KINDS = END_KINDS
    CONFIRM_KINDS = ("end_village",)
    HINT_BOT = "greedy"
    TABLE_COLOUR = (36, 42, 38)

    def __init__(self, app):
        super().__init__(app)
        self.model = None
        self.faces: dict = {}
        self.gloss: dict = {}
        self.geo = None
        self._costs_room: str | None = None
        self._falling: list[str] = []        # spots whose token this action placed, shown one by one
        self._last_army: dict | None = None  # the army as the last end of turn resolved it, until the next roll

    # ================================================================== state → views
    def adapter(self):
        return importlib.import_module(self.ADAPTER)

    def layout(self, world) -> None:
        """Static pieces are rebuilt with the rest in ``sync`` (the village changes every turn)."""

    def sync(self, state) -> None:
        model, faces, gloss = self.adapter().table_model(state, self.viewer_seat(), self)
        self.model, self.faces, self.gloss = model, dict(faces), dict(gloss)
        w = self.world
        w.clear()
        self.geo = L.build(w, model, words(), [self.palette().seat_colour(s) for s in range(6)],
                           viewer=self.viewer_seat())
        w.changed()
        for cid in self._falling:
            view = w.get(cid)
            if isinstance(view, SpotView):
                view.hidden_token = True
        tray = w.get("tray:dice")
        if isinstance(tray, DiceTray) and self._last_army and not (tray.army.footprints or tray.army.x):
            a = self._last_army             # the army empties at the end of turn: the tray says what it did
            tray.army.removed = a.get("removed", 0)
            tray.army.note = t("barricades.ui.army_last", foot=a.get("foot", 0), x=a.get("x", 0),
                               levels=a.get("levels", 0), removed=a.get("removed", 0), left=a.get("left", 0))
        self._costs_room = None
        # a drawn token waits for the person's pick: it starts selected, so the spots it may take glow at once
        # and one click on a spot places it (a drag works as well)
        token = model.drawn_token
        if token is not None and self.session is not None and not self.bot_to_move() \
                and self.drag.selected is None and not self.drag.busy:
            self.drag.selected = token.cid

    def seat_name(self, seat: int) -> str:
        if self.model is not None and seat is not None:
            for hero in self.model.heroes:
                if hero.seat == seat:
                    return hero.name
        return super().seat_name(seat)

    def is_table_move(self, action) -> bool:
        return action.kind in DRAG_KINDS and super().is_table_move(action)

    def describe_action(self, action) -> str:
        key = f"barricades.ui.act.{action.kind}"
        if not (has(key) or has(key, "en")):
            return super().describe_action(action)
        params = {k: v for k, v in action.params}
        if action.kind == "wield" and self.state is not None:
            from . import faces as F
            cards = self.state.d["cards"]
            pairs = [pair.split(">") for pair in str(params.get("plan", "")).split(",") if ">" in pair]
            what = ", ".join(t("barricades.ui.wield_pair", weapon=F.card_name(cards.get(w, "")),
                               hero=F.card_name(cards.get(h, ""))) for w, h in pairs)
            return t(key + (".cut" if params.get("cut") else ""), what=what, a=params.get("a", 0), m=params.get("m", 0),
                     cut=params.get("cut", 0))
        if params.pop("pair", False) and (has(key + ".pair") or has(key + ".pair", "en")):
            key += ".pair"         # Joba with Bree: a second choice beside lending the card alone
        if 1 in (params.get("ranks"), params.get("cards")) and (has(key + ".one") or has(key + ".one", "en")):
            key += ".one"          # "gain 1 rank", not "1 ranks"
        card = ""
        if action.source and action.source.startswith("card:") and self.state is not None:
            from . import faces as F
            card = F.card_name(self.state.d["cards"].get(action.source, ""))
        face = ""
        if action.source and action.source.startswith("die:") and self.state is not None:
            _, seat, i = action.source.split(":")
            face = t(f"barricades.face.{self.state.d['dice'][int(seat)][int(i)]['face']}")
        return t(key, source=cid_words(action.source), target=cid_words(action.target), card=card, face=face,
                 **{k: v for k, v in params.items() if k not in ("source", "target", "card", "face")})

    def decision_prompt(self, decision) -> str:
        """The engine's prompt with its ids worded; a token whose location is gone says so."""
        from . import adapter as AD
        args = dict(decision.args)
        key = decision.prompt
        if decision.kind == "token_spot" and self.state is not None:
            loc = args.get("loc", "")
            if loc in self.state.destroyed_locations():
                key = "barricades.prompt.token_spot_gone"
            args["loc"] = AD.loc_name(loc)
        return t(key, **args)

    def seat_board(self, cid: str):
        """A click on a hero board opens that hero at full size: its hand (when hands are open or it is
        the viewer's), and its numbers and prestige ranks as notes."""
        from ui.table.overlays import SeatBoard
        if self.model is None or not cid or not cid.startswith("hero:"):
            return None
        hero = next((h for h in self.model.heroes if h.board_cid == cid), None)
        if hero is None:
            return None
        notes = [t("barricades.ui.board_note", xp=hero.xp, wounds=hero.wounds, cards=hero.wound_cards,
                   hand=hero.hand_size, deck=hero.deck, discard=hero.discard)]
        if hero.prestige is not None:
            notes.append(t("barricades.ui.board_rank", board=hero.prestige.name, rank=hero.prestige.rank,
                           costs=" / ".join(str(c) for c in hero.prestige.costs)))
        faces = [face for _cid, face in hero.hand]
        rows = [faces] if any(f is not None for f in faces) else []
        return SeatBoard(hero.name, rows, notes, self.palette().seat_colour(hero.seat))

    def bot_doing(self, seat: int) -> str:
        """While an AI teammate acts: who, and what it is deciding (the engine's prompt for it)."""
        decision = self.state.pending() if self.session is not None else None
        if decision is None:
            return super().bot_doing(seat)
        key = f"barricades.ui.doing.{decision.kind}"
        what = t(key) if has(key) or has(key, "en") else t("barricades.ui.doing.other")
        return t("barricades.ui.ai_doing", name=self.seat_name(seat), what=what)

    def card_face(self, cid: str):
        face = self.faces.get(cid)
        return face if face is not None else super().card_face(cid)

    def glossary(self, cid: str) -> list[str]:
        return list(self.gloss.get(cid, []))

    # ================================================================== input feedback
    def update(self, dt: float) -> None:
        super().update(dt)
        self._show_light_cost()
        if self._falling and not self.animator.busy:     # the sequence played (or a click skipped it)
            for cid in self._falling:
                view = self.world.get(cid)
                if isinstance(view, SpotView):
                    view.hidden_token = False
            self._falling = []

    def note_events(self, events: list) -> None:
        """The end of turn's tokens: remember which spots fall, so they appear one by one. The move that
        ends the game counts it in the medal record (once per game, not again after an undo and redo)."""
        self._falling = [e.target for e in events
                         if e.key.endswith(".token_placed") and e.target and self.animation_seconds() > 0]
        for e in events:
            if ".army_resolved" in e.key and isinstance(e.params, dict):
                self._last_army = dict(e.params)
            elif e.key.endswith(".rolled"):
                self._last_army = None
        if self.session is not None and self.state.is_over():
            self.record_medals()

    def record_medals(self):
        """Count the finished game in the medal record; a file problem becomes a toast, never an error."""
        done = getattr(self.session, "_barricades_recorded", set())
        key = (self.session.seed, len(self.session.steps))
        if key in done or getattr(self.state, "outcome", None) is None:
            return None
        from gamecore.barricades.medals import record_result
        report = record_result(self.state)
        done.add(key)
        self.session._barricades_recorded = done
        if report.problem:
            k, params = report.problem
            self.toast(t(k, **params), "error")
        elif report.new:
            self.toast(t("barricades.ui.medals.new", names=", ".join(t(f"barricades.medal.{m}") for m in report.new)))
        return report

    def _show_light_cost(self) -> None:
        """While a champion is dragged over a room it may enter, the room shows the light it costs."""
        view = self.drag.view if self.drag.dragging else None
        room_cid = None
        if view is not None:
            targets = self.drag.targets_of(view.cid)
            pos = view.world_rect().center          # the carried piece follows the pointer
            for v in self.world.views_at(pos, exclude=view):
                if isinstance(v, RoomView) and v.cid in targets:
                    room_cid = v.cid
                    break
        if room_cid == self._costs_room:
            return
        for v in self.world.all():
            if isinstance(v, RoomView):
                v.show_cost = v.cid == room_cid
                if v.show_cost:
                    cost = light_cost(self.input_actions(), view.cid, v.cid)
                    if cost is not None:
                        v.room.light_cost = cost
        self._costs_room = room_cid

    # names the log would otherwise print as ids ("torvin_1", "foot1"): worded here, keys left alone
    _LOG_NAMES = {"card": "card", "partner": "card", "old": "card", "new": "card", "monster": "card", "cards": "card", "face": "face",
                  "faces": "face", "loc": "loc", "room": "room", "board": "board", "gear": "gear", "guardian": "guardian"}

    def log_line(self, event) -> str:
        from dataclasses import replace

        from ui.i18n import event_text

        from . import adapter as AD
        from . import faces as F
        word = {"card": F.card_name, "face": lambda k: t(f"barricades.face.{k}") if has(f"barricades.face.{k}", "en") else k,
                "loc": AD.loc_name, "room": AD.room_name, "board": AD.board_name, "gear": AD.gear_name,
                "guardian": AD.guardian_name}
        params = dict(event.params)
        members = params.get("members")
        if isinstance(members, (list, tuple)) and all(isinstance(m, int) for m in members):
            params["members"] = name_list([AD.seat_label(None, m - 1) for m in members])   # player numbers
        for name, kind in self._LOG_NAMES.items():
            value = params.get(name)
            if isinstance(value, str) and value and not value.startswith("$"):
                params[name] = word[kind](value)
            elif isinstance(value, (list, tuple)) and all(isinstance(v, str) and not v.startswith("$") for v in value):
                params[name] = ", ".join(word[kind](v) for v in value)
        return event_text(replace(event, params=params))

    def after_animations_queued(self, events: list) -> None:
        """Guardian Dice tumble in the tray for the animation time, then show their faces. The end of turn
        plays step by step: each drawn token lights its location, then falls on its spot (the log says why)."""
        from ui.table.animator import Anim
        step = max(0.45, 1.5 * self.animation_seconds())
        if self.animation_seconds() > 0:
            for e in events:
                if e.key.endswith((".token_drawn", ".token_drawn_reveal")) and isinstance(e.params, dict):
                    tile = self.world.get(f"loc:{e.params.get('loc')}")
                    if isinstance(tile, LocationTile):
                        self.animator.queue.append(Anim("flash", tile.cid, duration=step * 0.6))
                elif e.key.endswith(".token_placed") and self.world.get(e.target) is not None:
                    self.animator.queue.append(Anim("flash", e.target, duration=step))
                elif e.key.endswith(".barricade_holds") and self.world.get(e.target) is not None:
                    self.animator.queue.append(Anim("flash", e.target, duration=step))
        if any(e.kind == "roll" for e in events):
            tray = self.world.get("tray:dice")
            if isinstance(tray, DiceTray):
                tray.rolling = max(0.0, self.animation_seconds())
