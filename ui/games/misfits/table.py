"""The Misfit Heroes table: your 4×4 tableau and hand, the opponents' tableaux in small, the deck,
the discard pile, the four quest columns, the influence supply and every seat's public board.

World layout (about 880×776 world units, so it shows near 1:1 at 1280×800 beside the side panel):
your board bar and tableau on the left, deck / discard / quests / supply / tips in the middle
column, the opponents on the right, your hand along the bottom. Which tableau is large follows the
seat whose secrets may be shown (``viewer_seat``), so hot seat works with the kit's pass screen.

Input: hiring is a drag from the hand onto a glowing space (the kit matches it to the legal
``hire`` action); a decision whose actions name only a *target* (activate that card, stun, complete
that quest, give to that player) is a click on the glowing piece; everything else is a side-panel
button. The rules are never decided here: only ``legal_actions()`` and ``explain()``.
"""
from __future__ import annotations

import pygame

from gamecore.engine import Action
from gamecore.misfits.state import INF, QUEST_TYPES, parse_slot
from ui.i18n import event_text, t
from ui.table.overlays import PickRequest, SeatBoard
from ui.table.scene import TableScene
from ui.table.views import CardView, HandView, PileView, TokenView, ZoneView

from .faces import FACTION_MARKS, effects_label, faction_colour, glossary_lines, hero_face, hero_name, split_id
from .views import GridView, MiniHeroView, QuestView, SeatView, SlotView, TipView

SLOT = (96, 134)
STEP = (101, 139)
TAB_Y = 40
MINI = (26, 36)
MINI_STEP = (28, 38)
MID_X = 414
OPP_X = 614
OPP_W = 266
OPP_H = 178
HAND_RECT = (0, 598, 880, 178)
HAND_CARD = (110, 154)
BACK = (58, 48, 86)
INF_COLOURS = {"forest": (70, 140, 76), "sea": (60, 120, 190), "mountain": (140, 116, 92)}
CLICK_KINDS = ("target", "next", "stun", "quest", "give")
TABLE_ONLY = ("influence",)     # main-phase influence: a click on the glowing supply token


def click_cid(action: Action) -> str | None:
    """The table piece a click on which makes ``action`` (None: no piece stands for it)."""
    k = action.kind
    if k in CLICK_KINDS:
        return action.target
    if k in ("influence", "take"):
        return f"supply:{action.get('type')}"
    if k == "coins":
        return "supply:coins"
    if k == "draw":
        return "deck"
    return None


class MisfitsTable(TableScene):
    END_KINDS = ("pass",)
    HINT_BOT = "normal"

    def __init__(self, app):
        super().__init__(app)
        self._recent: set[str] = set()
        self._known: set[str] = set()
        self._bot_log: tuple[int | None, list[str]] = (None, [])

    # ================================================================== names
    def seat_name(self, seat: int) -> str:
        if self.session is None or seat is None:
            return t("table.seat", n=(seat or 0) + 1)
        s = self.session.seats[seat]
        if s.is_bot:
            return t("misfits.ui.seat_bot", n=seat + 1, level=t(f"bot.{s.level}"))
        if len(self.session.human_seats()) == 1:
            return t("misfits.ui.seat_you", n=seat + 1)
        return t("table.seat", n=seat + 1)

    def card_name(self, hid: str) -> str:
        return hero_name(*split_id(hid))

    # ================================================================== layout and sync
    def layout(self, world) -> None:
        # everything follows the state (and whose tableau is large), so ``sync`` builds it all
        pass

    def me(self) -> int:
        seat = self.viewer_seat()
        return 0 if seat is None else seat

    def _colorblind(self) -> bool:
        return self.world.palette.colorblind

    def sync(self, state) -> None:
        world = self.world
        world.clear()
        self._known = set()
        cb = self._colorblind()
        me = self.me()
        turn = state.current_seat()
        others = [(me + k) % state.players for k in range(1, state.players)]

        # your board bar and tableau
        self._seat_view(state, me, (0, 0, MID_X + 182, 34), True, turn)
        slots = [self._slot(state, me, idx, (idx % 4 * STEP[0], TAB_Y + (3 - idx // 4) * STEP[1], *SLOT), cb, True)
                 for idx in range(16)]
        world.add(GridView(f"grid:{me}", (0, TAB_Y, 4 * STEP[0] - 5, 4 * STEP[1] - 5), slots=slots))

        # the middle column: deck, discard, quests, supply, tips
        world.add(PileView("deck", (MID_X, TAB_Y, 86, 120), count=len(state.deck), label=t("misfits.ui.deck"),
                           back_colour=BACK))
        top = hero_face(state.discard[-1], cb) if state.discard else None
        world.add(PileView("discard", (MID_X + 96, TAB_Y, 86, 120), count=len(state.discard),
                           label=t("misfits.ui.discard"), back_colour=BACK, top=top, face_up=top is not None))
        qw = 43
        for i, qtype in enumerate(QUEST_TYPES):
            values = state.quests[qtype]
            cid = f"quest:{qtype}:{values[0]}" if values else f"quest:{qtype}"
            world.add(QuestView(cid, (MID_X + i * (qw + 4.5), 170, qw, 180), qtype=qtype, values=tuple(values),
                                label=t(f"misfits.quest.{qtype}")))
        world.add(ZoneView("supply", (MID_X, 356, 186, 74), label=t("misfits.ui.supply")))
        for k, itype in enumerate(INF):
            world.add(TokenView(f"supply:{itype}", (MID_X + 24 + k * 46, 404), size=34, icon=itype,
                                colour=INF_COLOURS[itype], count=state.supply[k]))
        world.add(TokenView("supply:coins", (MID_X + 24 + 3 * 46, 404), size=34, icon="coin", colour=(226, 186, 70),
                            count=1, show_count=False))
        world.add(TipView("tips", (MID_X, 436, 186, 156), title=self._round_text(state), prompt=self._prompt_text(state),
                          text=self._tip_text(state)))

        # the opponents
        for i, seat in enumerate(others):
            y = i * (OPP_H + 6)
            self._seat_view(state, seat, (OPP_X + 4 * MINI_STEP[0] + 8, y, OPP_W - 4 * MINI_STEP[0] - 8, OPP_H),
                            False, turn)
            slots = [self._slot(state, seat, idx, (OPP_X + idx % 4 * MINI_STEP[0],
                                                   y + 22 + (3 - idx // 4) * MINI_STEP[1], *MINI), cb, False)
                     for idx in range(16)]
            world.add(GridView(f"frame:{seat}", (OPP_X - 4, y, 4 * MINI_STEP[0] + 6, OPP_H), slots=slots,
                               colour=self.world.palette.seat_colour(seat), label=t("misfits.ui.zoom")))

        # your hand (only the seat whose secrets may be shown)
        hand = world.add(HandView(f"hand:{me}", HAND_RECT, label=t("misfits.ui.hand", n=len(state.hands[me]))))
        cards = []
        for hid in state.hands[me]:
            cards.append(CardView(hid, (0, 0, *HAND_CARD), hero_face(hid, cb), back_colour=BACK))
            self._known.add(hid)
        hand.set_cards(cards)
        world.changed()

    def _seat_view(self, state, seat: int, rect, compact: bool, turn) -> SeatView:
        view = SeatView(f"seat:{seat}", rect, seat=seat, name=self.seat_name(seat), compact=compact)
        view.coins = state.coins[seat]
        view.influence = tuple(state.inf[seat])
        view.hand = len(state.hands[seat])
        view.quests = tuple(state.won[seat])
        view.score = sum(state.breakdown(seat).values())
        view.active = seat == turn
        self.world.add(view)
        return view

    def _slot(self, state, seat: int, idx: int, rect, cb: bool, big: bool) -> SlotView:
        """The slot (returned, for its grid) and the card on it (added to the world)."""
        slot = SlotView(f"tab:{seat}:{idx // 4 + 1}:{idx % 4 + 1}", rect)
        hid = state.tab[seat][idx]
        if hid is None:
            return slot
        stunned = hid in state.stunned
        if not big:                       # an opponent's small board: faction colour and cost, readable
            hero = state.heroes[hid]
            card = MiniHeroView(hid, rect, cost=hero.cost, colour=faction_colour(hero.faction, cb),
                                mark=FACTION_MARKS.get(hero.faction, "circle"), stunned=stunned,
                                stunned_label=t("misfits.ui.stunned"))
            self.world.add(card)
            self._known.add(hid)
            return slot
        card = CardView(hid, rect, hero_face(hid, cb), face_up=not stunned, back_colour=BACK,
                        back_label=t("misfits.ui.stunned"))
        self.world.add(card)
        self._known.add(hid)
        return slot

    def _round_text(self, state) -> str:
        if state.is_over():
            return t("table.game_over")
        return t("misfits.ui.round", round=state.round)

    def _prompt_text(self, state) -> str:
        """The decision asked now, in full (the side panel's prompt box is small), on human turns."""
        if state.is_over() or self.session is None or self.session.seat_is_bot(state.current_seat()):
            return ""
        decision = state.pending()
        return t(decision.prompt, **decision.args) if decision is not None else ""

    def _tip_text(self, state) -> str:
        if state.is_over() or self.session is None:
            return ""
        seat = state.current_seat()
        if self.session.seat_is_bot(seat):
            who, lines = self._bot_log
            if who == seat and lines:
                return "\n".join(lines[-4:])
            return t("misfits.ui.tip.bot", name=self.seat_name(seat))
        decision = state.pending()
        kind = decision.kind if decision is not None else ""
        if kind == "main":
            return t("misfits.ui.tip.main")
        if kind == "hire":
            return t("misfits.ui.tip.hire")
        if kind in ("discard", "pay_cards", "drawdisc"):
            return t("misfits.ui.tip.hand")
        if kind == "quest":
            return t("misfits.ui.tip.quest")
        if kind in ("ask", "target", "all", "stun_own", "give"):
            return t("misfits.ui.tip.cards")
        return t("misfits.ui.tip.buttons")

    # ================================================================== text for actions and cards
    def describe_action(self, action: Action) -> str:
        k = action.kind
        if k == "hire":
            slot = parse_slot(action.target)
            idx = slot[1] if slot else 0
            return t("misfits.ui.act.hire", card=self.card_name(action.source), row=idx // 4 + 1, col=idx % 4 + 1)
        if k == "none":
            src = self.state.stack[-1].get("c") if self.session is not None and self.state.stack else None
            return t("misfits.ui.act.none", card=self.card_name(src) if src else "")
        if k in ("activate", "decline", "discard"):
            return t(f"misfits.ui.act.{k}", card=self.card_name(action.source))
        if k in ("target", "next", "stun"):
            return t(f"misfits.ui.act.{k}", card=self.card_name(action.target))
        if k in ("influence", "take", "spend"):
            return t(f"misfits.ui.act.{k}", type=t(f"misfits.inf.{action.get('type')}"))
        if k == "quest":
            _, qtype, value = action.target.split(":")
            return t("misfits.ui.act.quest", type=t(f"misfits.quest.{qtype}"), value=value)
        if k == "give":
            other = int(action.target.split(":")[1])
            return t("misfits.ui.act.give", name=self.seat_name(other))
        if k == "option":
            index = action.get("index")
            label = ""
            state = self.state if self.session is not None else None
            if state is not None and state.stack and state.stack[-1].get("t") == "choice":
                opts = state.stack[-1]["opts"]
                if 0 <= index < len(opts):
                    label = effects_label(opts[index])
            return t("misfits.ui.act.option", index=index + 1, effects=label) if label else \
                t("misfits.action.option", index=index + 1)
        return super().describe_action(action)

    def card_face(self, cid: str):
        if isinstance(cid, str) and cid.startswith("hero:") and cid in self._known:
            return hero_face(cid, self._colorblind())
        return super().card_face(cid)

    def glossary(self, cid: str) -> list[str]:
        if cid == "discard" and self.session is not None and self.state.discard:
            cid = self.state.discard[-1]
        if isinstance(cid, str) and cid.startswith("hero:"):
            stunned = self.session is not None and cid in self.state.stunned
            return glossary_lines(cid, stunned)
        return []

    # ================================================================== input: buttons and clicks
    def is_table_move(self, action: Action) -> bool:
        if action.kind in ("activate", "decline"):
            return False            # asked in the panel too (the card glows and a click also asks)
        if action.kind in TABLE_ONLY:
            return True
        return super().is_table_move(action)

    def _click_actions(self) -> list[Action]:
        """Legal actions without a draggable source that a click on a table piece makes."""
        return [a for a in self.input_actions() if a.source is None and click_cid(a) is not None]

    def _target_actions_at(self, world_pos) -> list[Action]:
        acts = self._click_actions()
        if not acts:
            return []
        for view in self.world.views_at(world_pos):
            matching = [a for a in acts if click_cid(a) == view.cid]
            if matching:
                return matching
        return []

    def _handle_table_input(self, event) -> None:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.animator.busy
                and not self.camera.space_held and self.camera.viewport.collidepoint(event.pos)
                and not self.drag.busy):
            wp = self.camera.to_world(event.pos)
            if self.drag._source_under(wp) is None:
                acts = self._target_actions_at(wp)
                if acts:
                    self.inspector.dismiss()
                    if len(acts) == 1:
                        self.apply_action(acts[0])
                    else:
                        self.open_choice(acts)
                    return
        super()._handle_table_input(event)

    # ================================================================== log lines and questions
    def log_line(self, event) -> str:
        """The kit's sentence, with what the engine adds: the card that made a hire cheaper, the house
        rule that left a card without a target, the option a player chose named by its effects."""
        p = event.params
        key = event.key
        if key == "misfits.ev.hire" and "by" in p:
            key = "misfits.ev.hire_thanks"
        elif key == "misfits.ev.no_target" and "others" in p:
            key = "misfits.ev.no_target_resolving"
        elif key == "misfits.ev.option":
            label = self._option_label(event.source, int(p.get("index", 0)) - 1)
            if label:
                return t("misfits.ev.option_named", player=p.get("player"), effects=label)
        if key == event.key:
            return event_text(event)
        line = t(key, **p)
        if event.cause:
            line += t("log.because", cause=t(event.cause, **event.cause_params))
        return line

    def _option_label(self, hid, index: int) -> str:
        hero = self.state.heroes.get(hid) if self.session is not None and isinstance(hid, str) else None
        if hero is None:
            return ""

        def choices(effects):
            for e in effects or ():
                if isinstance(e, dict):
                    if e.get("do") == "choice":
                        yield e["options"]
                    yield from choices(e.get("effects"))
        for opts in list(choices(hero.activation)) + list(choices(hero.hire.get("effects"))):
            if 0 <= index < len(opts):
                return effects_label(opts[index])
        return ""

    def forced(self):
        """Giving coins with only one opponent to give them to is not a question."""
        decision = self.state.pending()
        if decision is not None and decision.kind == "give":
            legal = self.legal()
            if len(legal) == 1:
                return legal[0]
        return None

    # ================================================================== the kit's overlays
    def pick_request(self, state):
        """Discarding (down to the hand limit, or to pay an extra cost) two or more cards: the picker."""
        decision = state.pending()
        if decision is None or decision.kind not in ("discard", "pay_cards") or state.current_seat() != self.me():
            return None
        n = int(decision.args.get("n", 0))
        if n < 2:
            return None
        hand = list(state.hands[self.me()])
        title = t(decision.prompt, **decision.args)
        return PickRequest(title, hand, min(n, len(hand)), kind="discard")

    def seat_board(self, cid: str):
        """A click on an opponent's small tableau (or its board) shows it at full size."""
        if self.session is None or not cid.startswith(("frame:", "seat:")):
            return None
        seat = int(cid.split(":")[1])
        if seat == self.me():
            return None
        state = self.state
        cb = self._colorblind()
        rows = []
        for r in (3, 2, 1, 0):                 # row 4 on top, as on the table
            rows.append([hero_face(state.tab[seat][r * 4 + c], cb) if state.tab[seat][r * 4 + c] else None
                         for c in range(4)])
        stunned = [self.card_name(h) for h in state.tab[seat] if h is not None and h in state.stunned]
        inf = ", ".join(f"{t('misfits.inf.' + k)} {n}" for k, n in zip(INF, state.inf[seat]))
        notes = [t("misfits.ui.board_note", coins=state.coins[seat], influence=inf, hand=len(state.hands[seat]),
                   score=sum(state.breakdown(seat).values()))]
        if stunned:
            notes.append(t("misfits.ui.board_stunned", cards=", ".join(stunned)))
        return SeatBoard(self.seat_name(seat), rows, notes, colour=self.world.palette.seat_colour(seat))

    def refresh_highlights(self) -> None:
        super().refresh_highlights()
        if self.session is None:
            return
        marks: dict[str, str] = {}
        if self.app.settings.get("highlights") and not self.drag.dragging:
            for a in self._click_actions():
                marks[click_cid(a)] = "target" if a.kind in CLICK_KINDS else "source"
        if self.hint_action is not None and click_cid(self.hint_action) is not None:
            marks[click_cid(self.hint_action)] = "hint"
        for cid in self._recent:
            marks.setdefault(cid, "hint")
        for cid, mark in marks.items():
            view = self.world.get(cid)
            if view is not None and view.highlight is None:
                view.highlight = mark

    # ================================================================== after each move
    def _after_change(self, events: list, before: dict) -> None:
        session = self.session
        step = session.steps[-1] if session.steps else None
        seat = step.seat if step is not None else None
        state = self.state
        # cards that come out of a hidden place slide from where it is: a bot's hand from its board,
        # your new cards from the deck
        for e in events:
            src = getattr(e, "source", None)
            if e.kind == "move" and isinstance(src, str) and src.startswith("hero:") and src not in before:
                origin = before.get(f"seat:{seat}")
                if origin is not None:
                    before[src] = origin
        deck = before.get("deck")
        if deck is not None:
            for hid in state.hands[self.me()]:
                before.setdefault(hid, deck)
        if seat is not None and session.seat_is_bot(seat):
            marks = set()
            for e in events:
                for cid in (getattr(e, "source", None), getattr(e, "target", None)):
                    if isinstance(cid, str) and (cid.startswith(("hero:", "tab:", "quest:", "supply:"))):
                        marks.add(cid)
            self._recent = marks
            who, lines = self._bot_log
            lines = (lines if who == seat else []) + [self.log_line(e) for e in events if e.kind != "phase"]
            self._bot_log = (seat, lines[-6:])
        else:
            self._recent = set()
        super()._after_change(events, before)

    def _take_back(self, redo: bool) -> None:
        self._recent = set()
        super()._take_back(redo)
