"""Heroes of the Grid (co-op): the person plays their seats, AI teammates the others (or hotseat: all).

Options:
- ``players`` 2-6. 2 players control 2 Rangers each (shared 20-card deck, hand 7, linked moves);
  6 players is the six-Ranger game with one Ranger each (adds the Green Ranger and the Dragonzord).
- ``six_rangers`` (bool): with 3 players, the six-Ranger game where each player controls 2 Rangers.
- ``command_center``: "A" normal or "B" Command Center Assault.
- ``locations``: "A" plain sides or "B" advanced sides with location effects.
- ``ranger_pick``: "classic" (Red, Black, Blue, Yellow, Pink, Green in seat order) or "random".
- ``rangers`` (data, filled by the table package from its "Choose rangers" screen): the rangers each
  seat chose, in seat order (two per seat in the two-player and 3×2 games); overrides ``ranger_pick``.
- ``cyclopsis`` (bool): the Cyclopsis deluxe figure joins the boss pool (one boss drawn at random).
- ``scenario``: "standard" or "cyclopsis13" (Scenario #13 "Attack on Cyclopsis"; see cyclopsis.py).
- ``hotseat`` (bool): "I control every seat" — the person makes every seat's decisions.
- ``ai_seats`` (data, filled by the app from the setup's seat types): the seats AI teammates play; the
  team's "who acts next" choice goes to the person while one of their seats can act (team_turn.py).
"""
from gamecore.engine import GameInfo, Option


# a random team that may end its action phase at once rarely fights: random playouts (conformance) play on
PLAYOUT_SKIP_KINDS = ("end_actions",)

# The rules' version (saves made by another version are refused). Written here so that listing the games
# (the menu at start-up) does not import the rules engine; state.py takes its number from here.
ENGINE_VERSION = 8


def check_ai_seats(value):
    from .team_turn import check_ai_seats as check     # listing the games imports no engine module

    return check(value)


def check_content():
    from .content import check_content as check

    return check()


def _load(data):
    from .state import RangersState

    return RangersState._load(data)


def check_rangers(value):
    """The ``rangers`` option: the ranger ids the seats chose, in seat order (checked against the
    team's size when the game starts)."""
    from gamecore.engine import OptionError
    from .content import content
    known = content().rangers
    if not isinstance(value, (list, tuple)) or not value or any(not isinstance(r, str) for r in value):
        raise OptionError("option 'rangers' must be a list of ranger ids")
    if any(r not in known for r in value) or len(set(value)) != len(value):
        raise OptionError(f"option 'rangers' must list distinct rangers among {', '.join(known)}")
    return list(value)


def _factory(seed, players, options):
    from .state import RangersState

    return RangersState.new(seed, players, options)


INFO = GameInfo(
    id="rangers",
    title="game.rangers.title",
    pitch="game.rangers.pitch",
    min_players=2,
    max_players=6,
    coop=True,
    engine_version=ENGINE_VERSION,
    options=(
        Option("six_rangers", "bool", False, "rangers.option.six_rangers", help="rangers.option.six_rangers.help"),
        Option("command_center", "choice", "A", "rangers.option.command_center", choices=("A", "B"),
               help="rangers.option.command_center.help"),
        Option("locations", "choice", "A", "rangers.option.locations", choices=("A", "B"),
               help="rangers.option.locations.help"),
        Option("ranger_pick", "choice", "classic", "rangers.option.ranger_pick", choices=("classic", "random"),
               help="rangers.option.ranger_pick.help"),
        Option("cyclopsis", "bool", False, "rangers.option.cyclopsis", help="rangers.option.cyclopsis.help"),
        Option("scenario", "choice", "standard", "rangers.option.scenario", choices=("standard", "cyclopsis13"),
               help="rangers.option.scenario.help"),
        Option("rangers", "data", None, "rangers.option.rangers", check=check_rangers),
        Option("hotseat", "bool", False, "rangers.option.hotseat", help="rangers.option.hotseat.help"),
        Option("ai_seats", "data", None, "rangers.option.ai_seats", check=check_ai_seats),
    ),
    bot_levels=("planner", "greedy", "random"),   # the planner (team search) is the default teammate
    factory=_factory,
    loader=_load,
    check_content=check_content,
    player_counts=(2, 3, 4, 5, 6),
)

__all__ = ["ENGINE_VERSION", "INFO", "RangersState"]


def __getattr__(name):
    if name == "RangersState":          # imported on first use, not when the games are listed
        from .state import RangersState

        return RangersState
    raise AttributeError(name)
