"""Issue 15's remaining art: foot soldiers readable at 1280x800, Barricades champions and card faces drawn,
the Barricades results page with its medals, heroes and facts (dummy video driver)."""
from __future__ import annotations

import toytable as tt  # noqa: F401  (sets the headless SDL variables first)

import pygame
import pytest

from gamecore.rangers import testing as T
from gamecore.barricades.medals import MEDALS
from gamecore.session import Seat, Session
from ui import i18n
from ui.games import table_for
from ui.games.rangers import table as RT
from ui.games.rangers.views import PawnGroup
from ui.scenes.results import ResultsScene


def _rangers_after_deployment():
    s = Session.new("rangers", 7, 2, {}, [Seat(), Seat()])
    T.draw_openings(s)
    deploy = next(a for a in s.state.legal_actions() if a.kind == "deploy")
    s.apply(deploy)
    return s


def test_foot_soldiers_stand_tall_and_inside_their_location_at_1280x800():
    app = tt.FakeApp({"animation_speed": "off"})
    scene = app.scenes.switch(table_for("rangers"), session=_rangers_after_deployment())
    app.frames(2)
    groups = [v for v in scene.world.all() if isinstance(v, PawnGroup) and v.cid.startswith("fs:")]
    assert groups, "deployment put no foot soldiers on the table"
    for v in groups:
        assert v.rect.height >= RT.FS_MIN_H, (v.cid, v.rect)          # the old figures were 40 tall
        loc = scene.world.get("loc:" + v.cid.split(":", 2)[2])
        assert loc.rect.left <= v.rect.left and v.rect.right <= loc.rect.right + 1, (v.cid, v.rect, loc.rect)
    # where no ranger stands the figures get the full height
    assert max(v.rect.height for v in groups) == RT.FS_H >= 56
    # and the drawn figure really is that tall on screen (1:1 at 1280x800): more than 36 px of pixels
    surf = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
    v = max(groups, key=lambda g: g.rect.height)
    v.draw(surf, scene.camera)
    box = pygame.mask.from_surface(surf, 10).get_bounding_rects()
    assert box and max(r.height for r in box) > 36


def test_a_barricades_champion_is_the_drawn_figure_with_its_seat_shape():
    from ui.games.barricades import views as V
    from ui.table import art as kit_art

    circle = V._champion((200, 60, 50), 32, "circle", True)
    square = V._champion((200, 60, 50), 32, "square", True)
    assert pygame.image.tobytes(circle, "RGBA") != pygame.image.tobytes(square, "RGBA")   # shape, not colour
    red = V._champion((200, 60, 50), 32, "circle", False)
    blue = V._champion((60, 90, 200), 32, "circle", False)
    assert pygame.image.tobytes(red, "RGBA") != pygame.image.tobytes(blue, "RGBA")       # the seat colour fills it
    figure = kit_art.art("barricades", "champion", 32, (200, 60, 50))
    from ui.table.icons import placeholder as _placeholder
    placeholder = _placeholder((32, 32))
    assert pygame.image.tobytes(figure, "RGBA") != pygame.image.tobytes(placeholder, "RGBA")


def test_every_barricades_card_face_shows_its_picture():
    from gamecore.barricades.content import content
    from ui.games.barricades import art as A
    from ui.games.barricades import faces as F
    from ui.table.cardface import ART_PAINTERS

    assert "barricades" in ART_PAINTERS
    C = content()
    for key, defn in C.cards.items():
        face = F.card_face(key, defn)
        assert face.art and face.art[0] == "barricades", key
        assert A.exists(face.art[1]), (key, face.art)
    # the large (inspect) face of a monster in a room shows its group's figure too
    key, defn = next((k, d) for k, d in C.cards.items() if d["type"] == "monster")
    mon = F.monster("card:1", key, defn)
    big = F.monster_face(mon)
    assert big.art == ("barricades", mon.art) and A.exists(mon.art)


def _won_barricades(players=2):
    s = Session.new("barricades", 5, players, {}, [Seat()] * players, "practice", None)
    st = s.state
    st.d["over"] = {"outcome": "win", "reason": "victory"}     # as the medal tests mark a win
    st.d["stats"].update({"reveal_turn": 3, "full_defeat_turn": 4, "gw_turns": {"4": len(st.guardian_hp())}})
    return s


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_barricades_results_show_medals_heroes_and_what_was_defeated(lang):
    from gamecore.barricades.medals import medals_for

    i18n.set_language(lang)
    app = tt.FakeApp({"animation_speed": "off"})
    app.size = app.screen.get_size()
    app.scenes.register("results", ResultsScene)
    session = _won_barricades()
    scene = app.scenes.switch("results", session=session)
    app.frame()
    earned = medals_for(session.state)
    assert "defender_" + session.state.options["difficulty"] in earned
    for m in MEDALS:                       # every medal has its drawn icon, never the placeholder
        img = scene._medal_icon(m, 40)
        assert img.get_size() == (40, 40)
    from ui.games.barricades import art as A
    assert all(A.exists("medal_" + (m if not m.startswith("defender_") else "defender")) for m in MEDALS)
    assert scene._table_rect.height >= 40 + 40 * session.state.players     # one row per hero was drawn
    facts = scene._extra_facts()
    assert facts["results.barricades.fact.monsters"] == 0
    guardian_key = "barricades.guardian." + session.state.d["guardian"]
    assert facts[guardian_key] == i18n.t("results.barricades.guardian_down")
    assert i18n.has("results.barricades.medals", "en") and i18n.has("results.barricades.medals", "ja")


def test_barricades_results_count_monsters_per_seat_from_the_battles_won():
    from gamecore.engine import Event

    app = tt.FakeApp({"animation_speed": "off"})
    app.size = app.screen.get_size()
    app.scenes.register("results", ResultsScene)
    session = _won_barricades()

    class Step:                            # the session's steps carry the events the engine returned
        def __init__(self, events):
            self.events = events

    session.steps.append(Step([Event("info", "barricades.log.battle_won", {"members": [1, 2], "monster": "ghoul"}),
                               Event("info", "barricades.log.battle_won", {"members": [2], "monster": "giant_rat"})]))
    scene = app.scenes.switch("results", session=session)
    facts = scene._barricades_facts()
    assert facts["monsters"] == 2
    assert facts["per_seat"][0] == {"undead": 1}
    assert facts["per_seat"][1] == {"undead": 1, "vermin": 1}
    app.frame()


def test_every_prestige_board_has_its_emblem_on_the_hero_board():
    from gamecore.barricades.content import content
    from ui.games.barricades import art as A
    from ui.games.barricades import adapter as AD
    from gamecore.barricades.testing import new

    boards = list(content().boards)
    assert boards
    for b in boards:
        assert A.exists(f"board_{b}"), b
    s = new(players=2)
    s.d["p"][0]["board"], s.d["p"][1]["board"] = boards[0], boards[1]
    model = AD.table_model(s, 0)
    model = model[0] if isinstance(model, tuple) else model
    keys = [h.prestige.key for h in model.heroes if h.prestige is not None]
    assert keys == boards[:2]


def test_defender_medals_differ_by_their_pips_and_the_medals_screen_draws_every_icon():
    from gamecore.barricades.content import DIFFICULTIES
    from gamecore.session import Seat, Session
    from ui.games.barricades.art import medal_icon
    from ui.games.barricades.medals_screen import MedalsScene

    shots = {pygame.image.tobytes(medal_icon(f"defender_{d}", 40), "RGBA") for d in DIFFICULTIES}
    assert len(shots) == len(DIFFICULTIES)          # not told apart by the name alone
    app = tt.FakeApp({"animation_speed": "off"})
    session = _won_barricades(players=1)
    app.scenes.push(MedalsScene, session=session)
    app.frame()                                     # every medal line with its icon, no error
    assert isinstance(app.scene, MedalsScene)
