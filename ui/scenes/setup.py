"""Game setup, generated from the game's descriptor: player count, who plays each seat (human or a bot
level), every option of the schema, the seed (shown and editable) and the undo mode."""
from __future__ import annotations

import random

import pygame
import pygame_gui

import gamecore
from gamecore import persistence
from gamecore.session import Seat, Session
from ui import fonts
from ui.games import extra_screen, open_table, prepare_options
from ui.i18n import has, t
from ui.scenes.base import Scene
from ui.scenes.common import backdrop, bot_level_label, draw_header, message, option_value_label, players_label
from ui.theme import GOLD, MUTED, TEXT

ROW = 46
LABEL_SIZE = 17     # the theme's label font size
NOTE_SIZE = 15      # muted notes (co-op, seed)




class SetupScene(Scene):
    def enter(self, game: str = "", seed: int | None = None, players: int | None = None,
              options: dict | None = None, seats: list | None = None, **args) -> None:
        self.info = gamecore.game(game)
        self.players = players if players in self.info.counts() else self.info.counts()[0]
        self.values = self.info.defaults()
        self.values.update(options or {})
        self.seed_text = str(seed if seed is not None else random.randrange(1, 10**6))
        self.undo_mode = self.app.settings.get("undo_mode")
        self.seats: list[Seat] = list(seats) if seats and len(seats) == self.players else self._default_seats()
        self.error_box = None
        self.offer_tutorial = None
        super().enter(**args)

    def _default_seats(self) -> list[Seat]:
        if self.info.coop or not self.info.bot_levels:   # co-op: you steer the team unless you pick AI teammates
            return [Seat() for _ in range(self.players)]
        level = "normal" if "normal" in self.info.bot_levels else self.info.bot_levels[0]
        return [Seat()] + [Seat("bot", level) for _ in range(self.players - 1)]

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        self.handlers: dict = {}
        x_label, field_w = 64, (300 if w >= 1200 else 240)
        # the field column starts after the widest label (Japanese labels run longer than English ones)
        names = [t("setup.players"), t("setup.undo_mode"), t("setup.seed")] + [
            t(o.label) for o in self.info.options if o.kind != "data"]
        x_field = max(330, x_label + max(fonts.font(LABEL_SIZE).size(n)[0] for n in names) + 24)
        # rows shrink (down to 40) so every option, the seed and its note clear the buttons at the bottom
        row = max(40, min(ROW, (h - 84 - 12 - 140 - 44) // len(names)))
        y = 140

        def label(text, yy, object_id=None, x=x_label, width=x_field - x_label - 12):
            self.add(pygame_gui.elements.UILabel(pygame.Rect(x, yy, width, 36), text, m,
                                                 object_id=pygame_gui.core.ObjectID(object_id=object_id) if object_id else None))

        def dropdown(options: list[tuple[str, object]], current, yy, on_change, width=field_w, x=x_field):
            names = [name for name, _ in options]
            current_name = next((n for n, v in options if v == current), names[0])
            dd = self.add(pygame_gui.elements.UIDropDownMenu(names, current_name, pygame.Rect(x, yy, width, 36), m))
            self.handlers[dd] = (dict(options), on_change)
            return dd

        counts = self.info.counts()
        label(t("setup.players"), y)
        dropdown([(str(n), n) for n in counts], self.players, y, self._set_players)
        y += row
        # who plays each seat: a second column, so long option lists still fit at 1280x800
        x2 = self.seat_x = self.seat_column_x(x_field + field_w + 40)
        seat_w = fonts.font(LABEL_SIZE).size(t("setup.seat", n=self.info.max_players))[0] + 16
        y2 = 140
        self.notes = []              # (text, x, y, width): muted notes drawn wrapped, see draw()
        hotseat = self._hotseat()
        if self.info.coop:
            note_w = w - x2 - 64
            # a game with the "I control every seat" switch: seats are "You" or "AI teammate"
            note = t("setup.coop_note") if not self._has_option("hotseat") else (
                t("setup.hotseat_note") if hotseat else t("setup.coop_seats_note"))
            self.notes.append((note, x2, y2 + 8, note_w))
            y2 += max(row, len(fonts.wrap(note, NOTE_SIZE, note_w)) * 22 + 20)
        if self.info.bot_levels and not hotseat:
            human = t("setup.you_steer") if self.info.coop else t("setup.human")
            bot_key = "setup.ai_teammate" if self.info.coop else "setup.bot"   # co-op seats: "AI teammate"
            choices = [(human, Seat())] + [(t(bot_key, level=bot_level_label(self.info.id, lv)), Seat("bot", lv))
                                           for lv in self.info.bot_levels]
            if self._has_option("hotseat"):
                choices = [(t("setup.you"), Seat())] + [
                    (t("setup.ai_teammate_plain") if i == 0 else t(bot_key, level=bot_level_label(self.info.id, lv)),
                     Seat("bot", lv))
                    for i, lv in enumerate(self.info.bot_levels)]
            for seat_index in range(self.players):
                label(t("setup.seat", n=seat_index + 1), y2, x=x2, width=seat_w)
                dropdown(choices, self.seats[seat_index], y2, lambda v, i=seat_index: self._set_seat(i, v),
                         x=x2 + seat_w + 10, width=min(300, w - x2 - seat_w - 10 - 64))
                y2 += row
        self.about_y = y2 + 16
        for option in self.info.options:
            if option.kind == "data":      # supplied by the game's table package, not picked here
                continue
            label(t(option.label), y)
            if option.kind == "bool":
                values = [False, True]
            elif option.kind == "int":
                values = list(range(option.minimum, option.maximum + 1))
            else:
                values = list(option.choices)
            dropdown([(option_value_label(option, v), v) for v in values], self.values[option.name], y,
                     lambda v, name=option.name: self._set_option(name, v))
            y += row
        label(t("setup.undo_mode"), y)
        dropdown([(t("setup.undo.practice"), "practice"), (t("setup.undo.strict"), "strict")], self.undo_mode, y,
                 self._set_undo)
        y += row
        label(t("setup.seed"), y)
        self.seed_entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x_field, y, field_w - 130, 36), m))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        self.seed_entry.set_text(self.seed_text)
        self.reroll = self.add(pygame_gui.elements.UIButton(pygame.Rect(x_field + field_w - 120, y, 120, 36), t("setup.new_seed"), m))
        y += row + 4
        self.notes.append((t("setup.seed_note"), x_field, y - 4, max(200, x2 - x_field - 16)))
        by = h - 84
        self.start_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(w - 64 - 220, by, 220, 52), t("setup.start"), m,
                                                                  object_id=pygame_gui.core.ObjectID(object_id="#primary")))
        self.back_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(64, by, 160, 52), t("common.back"), m))
        self.rules_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(64 + 176, by, 200, 52), t("setup.rules"), m))
        from ui.tutorials import script_for

        self.tutorial = script_for(self.info.id)
        self.tutorial_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(w - 64 - 220 - 16 - 240, by, 240, 52), t("setup.tutorial"), m)) if self.tutorial else None
        if self.offer_tutorial is None:         # the first time this game's setup opens: offered, once
            offered = list(self.app.settings.get("tutorials_offered") or [])
            self.offer_tutorial = self.tutorial is not None and self.info.id not in offered
            if self.offer_tutorial:
                self.app.settings.set("tutorials_offered", offered + [self.info.id])
        self.extra = extra_screen(self.info.id)
        self.extra_button = self.add(pygame_gui.elements.UIButton(pygame.Rect(64 + 176 + 216, by, 240, 52), t(self.extra[0]),
                                                                  m)) if self.extra else None

    def seat_column_x(self, after: int = 670) -> int:
        """Where the seats column starts: right of the option fields (``after``), at least mid-window."""
        return max(after, self.app.size[0] // 2 + 60)

    # ------------------------------------------------------------------ changes
    def _remember_seed(self) -> None:
        if getattr(self, "seed_entry", None) is not None:
            self.seed_text = self.seed_entry.get_text()

    def _set_players(self, n: int) -> None:
        self._remember_seed()
        self.players = n
        self.seats = (self.seats + self._default_seats()[len(self.seats):])[:n]
        for option in self.info.options:        # app-supplied data (e.g. chosen rangers) was for the old team
            if option.kind == "data":
                self.values[option.name] = option.default
        self.on_resize()

    def _set_seat(self, index: int, seat: Seat) -> None:
        self.seats[index] = seat

    def _set_option(self, name: str, value) -> None:
        self.values[name] = value
        if name == "hotseat":
            self._remember_seed()
            self.on_resize()          # the seat rows change: "You / AI teammate", or none in hotseat

    def _has_option(self, name: str) -> bool:
        return any(o.name == name for o in self.info.options)

    def _hotseat(self) -> bool:
        """The "I control every seat" switch of a co-op game (its option ``hotseat``) is on."""
        return self._has_option("hotseat") and bool(self.values.get("hotseat"))

    def _set_undo(self, mode: str) -> None:
        self.undo_mode = mode

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.handlers:
            mapping, on_change = self.handlers[event.ui_element]
            if event.text in mapping:
                on_change(mapping[event.text])
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start_button:
                self.start()
            elif event.ui_element is self.back_button:
                self.app.scenes.switch("menu")
            elif event.ui_element is self.rules_button:
                self._remember_seed()
                self.app.scenes.push("rules", game=self.info.id)
            elif self.extra_button is not None and event.ui_element is self.extra_button:
                self._remember_seed()
                self.app.scenes.push(self.extra[1], players=self.players, seats=self.seats, options=dict(self.values))
            elif self.tutorial_button is not None and event.ui_element is self.tutorial_button:
                self.start_tutorial()
            elif event.ui_element is self.reroll:
                self.seed_entry.set_text(str(random.randrange(1, 10**6)))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.switch("menu")

    def start(self) -> Session | None:
        self._remember_seed()
        try:
            seed = int(self.seed_text)
        except ValueError:
            self.error_box = message(self.app.manager, "dialog.bad_setup", t("setup.bad_seed"))
            return None
        autosave = None if self.app.storage_problem else persistence.autosave_path()
        seats = self.seats
        if self._hotseat():
            seats = [Seat() for _ in range(self.players)]     # the person makes every seat's decisions
        try:
            options = prepare_options(self.info.id, dict(self.values))
            if self._has_option("ai_seats"):     # the engine names the AI teammates' seats (who decides)
                options["ai_seats"] = [i for i, seat in enumerate(seats) if seat.is_bot]
            session = Session.new(self.info.id, seed, self.players, options, seats, self.undo_mode, autosave)
        except (gamecore.OptionError, gamecore.ContentError) as exc:
            self.error_box = message(self.app.manager, "dialog.bad_setup", str(exc))
            return None
        return self._open(session)

    def start_tutorial(self) -> Session | None:
        """The game's guided first game: a fixed, stacked game against a bot, with the coach at the table."""
        autosave = None if self.app.storage_problem else persistence.autosave_path()
        try:
            session = self.tutorial.new_session(autosave)
        except (gamecore.OptionError, gamecore.ContentError) as exc:
            self.error_box = message(self.app.manager, "dialog.bad_setup", str(exc))
            return None
        return self._open(session)

    def _open(self, session: Session) -> Session | None:
        """A new game's first autosave, then its table (or the reason there is none)."""
        session.write_autosave()
        problem = open_table(self.app, session)
        if problem:
            self.error_box = message(self.app.manager, "dialog.bad_setup", problem)
            return None
        return session

    # ------------------------------------------------------------------ draw
    def draw(self, surface) -> None:
        surface.blit(backdrop(self.app.size), (0, 0))
        draw_header(surface, t("setup.title", game=t(self.info.title)), players_label(self.info))
        w, h = self.app.size
        x = getattr(self, "seat_x", None) or self.seat_column_x()
        width = min(480, w - x - 64)
        for text, nx, ny, nw in getattr(self, "notes", ()):
            surface.blit(fonts.paragraph(text, NOTE_SIZE, nw, MUTED), (nx, ny))
        if getattr(self, "tutorial_button", None) is not None:
            r = self.tutorial_button.relative_rect
            nw = min(520, w - r.x - 64)
            offer = fonts.paragraph(t("setup.tutorial_offer"), NOTE_SIZE + (1 if self.offer_tutorial else 0), nw,
                                    GOLD if self.offer_tutorial else MUTED)
            surface.blit(offer, (r.x, r.y - offer.get_height() - 10))
        pitch = fonts.paragraph(t(self.info.pitch), 16, width, MUTED)
        y = getattr(self, "about_y", 140)
        if y + 40 < h - 120:
            surface.blit(fonts.text(t("setup.about"), 18, TEXT, True), (x, y))
            y += 32
            # what each option set away from its default changes (e.g. a scenario): in place of the
            # game's description when both do not fit above the guided-game offer
            bottom = h - 120
            if getattr(self, "tutorial_button", None) is not None:
                bottom = min(bottom, self.tutorial_button.relative_rect.y - 2 * NOTE_SIZE - 30)
            notes = [fonts.paragraph(text, NOTE_SIZE, width, MUTED) for text in self.option_notes()]
            if not notes or y + pitch.get_height() + 12 + sum(n.get_height() + 8 for n in notes) <= bottom:
                surface.blit(pitch, (x, y))
                y += pitch.get_height() + 12
            for note in notes:
                if y + note.get_height() > bottom:
                    break
                surface.blit(note, (x, y))
                y += note.get_height() + 8

    def option_notes(self) -> list[str]:
        """The explanation of every option whose value is not its default and that has one (the chosen
        value's own, ``<help>.<value>``, when the game words one)."""
        out = []
        for o in self.info.options:
            value = self.values.get(o.name, o.default)
            if o.help and o.kind != "data" and value != o.default:
                own = f"{o.help}.{value}"
                out.append(t(own) if isinstance(value, str) and (has(own) or has(own, "en")) else t(o.help))
        return out
