"""Thunderstone Quest — Barricades Mode (co-op deck builder): 1 to 6 heroes against a level-7 Guardian.

Options:
- ``difficulty``: first_time, easy, medium, hard, legendary (starting decks, advanced tokens, loss threshold).
- ``guardian``: ashmaw, morvane or random.
- ``one_at_a_time`` (bool): village phases one player after another, then dungeon phases; no waiting.
- ``starter_replaces_both_shards`` (bool): the four Barricades starters replace both Shards (12-card deck).
- ``open_hands`` (bool, default on): teammates' hands are visible in every seat's view.
See state.py for the turn flow and API.md for the ids the table uses.
"""
from gamecore.engine import GameInfo, Option

DIFFICULTIES = ("first_time", "easy", "medium", "hard", "legendary")

# The rules' version (saves made by another version are refused). Written here so that listing the games
# (the menu at start-up) does not import the rules engine; state.py takes its number from here.
ENGINE_VERSION = 8


def check_content():
    from .content import check_content as check     # listing the games reads no content (start-up)

    return check()


def _factory(seed, players, options):
    from .state import BarricadesState

    return BarricadesState.new(seed, players, options)


def _load(data):
    from .state import BarricadesState

    return BarricadesState._load(data)


INFO = GameInfo(
    id="barricades",
    title="game.barricades.title",
    pitch="game.barricades.pitch",
    min_players=1,
    max_players=6,
    coop=True,
    engine_version=ENGINE_VERSION,
    options=(
        Option("difficulty", "choice", "first_time", "barricades.option.difficulty", choices=DIFFICULTIES,
               help="barricades.option.difficulty.help"),
        Option("guardian", "choice", "ashmaw", "barricades.option.guardian", choices=("ashmaw", "morvane", "random"),
               help="barricades.option.guardian.help"),
        Option("one_at_a_time", "bool", False, "barricades.option.one_at_a_time",
               help="barricades.option.one_at_a_time.help"),
        Option("starter_replaces_both_shards", "bool", False, "barricades.option.starter_replaces_both_shards",
               help="barricades.option.starter_replaces_both_shards.help"),
        Option("open_hands", "bool", True, "barricades.option.open_hands", help="barricades.option.open_hands.help"),
    ),
    # the searching teammate first: the setup screen offers it first, and the difficulties' target win rates
    # are measured with it (NOTES.md); "normal" is the §4 rules-of-thumb teammate
    bot_levels=("hard", "normal"),
    factory=_factory,
    loader=_load,
    check_content=check_content,
    player_counts=(1, 2, 3, 4, 5, 6),
)

__all__ = ["ENGINE_VERSION", "INFO", "BarricadesState"]


def __getattr__(name):
    if name == "BarricadesState":       # imported on first use, not when the games are listed
        from .state import BarricadesState

        return BarricadesState
    raise AttributeError(name)
