"""The Barricades game log in words (issue 10): plurals from the catalogs, party members by name, and the
army's sentence that says why the tokens fall ("3 footprints of 6 left after defeating levels 1+2")."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from toytable import ensure_pygame  # noqa: F401  (headless SDL first)

from gamecore.engine import Event  # noqa: E402
from ui import i18n  # noqa: E402
from ui.games.barricades.table import BarricadesTable  # noqa: E402

TABLE = SimpleNamespace(_LOG_NAMES=BarricadesTable._LOG_NAMES)


def line(event) -> str:
    return BarricadesTable.log_line(TABLE, event)


@pytest.fixture(params=["en", "ja"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _end_of_turn_events(foot, x, levels):
    pytest.importorskip("gamecore.barricades.state")
    from gamecore.barricades.testing import new, roll_fixed, set_monster
    s = new(players=1, difficulty="first_time")
    roll_fixed(s, {0: []})
    for room in list(s.d["rooms"]):
        set_monster(s, room, None)
    s.d["army"].update(foot=foot, x=x)
    s.d["killed"], s.d["killed_levels"] = sum(levels), list(levels)
    events = []
    while s.d["turn"] == 1 and not s.is_over():
        legal = s.legal_actions()
        pick = next((a for k in ("place", "end_village", "alone", "ready", "leave", "done", "place_token") for a in legal
                     if a.kind == k and (k != "place" or a.target == "village")), legal[0])
        events += s.apply(pick)
    return events


def test_the_army_says_why_the_tokens_fall():
    i18n.set_language("en")
    events = _end_of_turn_events(6, 1, [1, 2])
    army = next(e for e in events if ".army_resolved" in e.key)
    assert line(army) == "3 footprints of 6 left after defeating levels 1+2, plus 1 X: 4 destruction tokens fall."
    drawn = [line(e) for e in events if e.key.endswith(".token_drawn")]
    assert drawn[0].startswith("Army token 1 of 4:") and drawn[-1].startswith("Army token 4 of 4:")


def test_one_token_is_singular_and_no_kill_is_said():
    i18n.set_language("en")
    events = _end_of_turn_events(1, 0, [])
    army = next(e for e in events if ".army_resolved" in e.key)
    assert line(army) == ("No footprint is removed (no monster above level 0 was defeated this turn): 1 footprint and 0 X "
                          "stay, so 1 destruction token falls.")
    assert "1 tokens" not in " ".join(line(e) for e in events)


def test_a_cleared_army_drops_nothing(lang):
    events = _end_of_turn_events(2, 0, [3])
    army = next(e for e in events if ".army_resolved" in e.key)
    text = line(army)
    assert "3" in text and ("no destruction token" in text if lang == "en" else "落ちません" in text)
    assert not any(e.key.endswith(".token_drawn") for e in events)


def test_party_members_are_named_not_numbered(lang):
    won = Event("info", "barricades.log.battle_won", {"seat": 0, "player": 1, "members": [1, 2], "count": 2,
                                                      "attack": 9, "hp": 8, "monster": "cellar_rat"})
    alone = Event("move", "barricades.log.moved", {"seat": 2, "player": 3, "members": [3], "count": 1, "light": 2,
                                                   "room": "mossy_tunnels"})
    p1, p2, p3 = (i18n.t("barricades.ui.player", n=n) for n in (1, 2, 3))
    text = line(won)
    assert p1 in text and p2 in text and "(1 2)" not in text
    assert line(alone).startswith(p3)
    if lang == "en":
        assert text.startswith("Player 1 and Player 2 defeat ")
        assert line(alone) == "Player 3 moves to the Mossy Tunnels, paying 2 light."


def test_english_log_lines_never_print_a_count_of_one_with_a_plural(lang):
    """Every log template with a counted noun goes through {n|one|many} in English."""
    import re
    if lang != "en":
        pytest.skip("Japanese has no plural forms")
    from ui.i18n import catalog
    cat = catalog("en")
    bad = []
    for key, text in cat.items():
        if not key.startswith("barricades.log."):
            continue
        for m in re.finditer(r"\{(\w+)\} (footprints|tokens|cards|wounds|locations|dice)\b", text):
            bad.append((key, m.group(0)))
    assert not bad, bad


def test_level_zero_kills_are_left_out_and_one_level_is_singular():
    i18n.set_language("en")
    events = _end_of_turn_events(4, 0, [0, 2, 0])
    army = next(e for e in events if ".army_resolved" in e.key)
    assert line(army) == "2 footprints of 4 left after defeating level 2, plus 0 X: 2 destruction tokens fall."
    events = _end_of_turn_events(3, 0, [0])
    assert "no monster above level 0" in line(next(e for e in events if ".army_resolved" in e.key))
