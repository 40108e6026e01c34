"""Misfit Heroes (game id ``misfits``): hire misfit heroes into a 4×4 tableau, chain their
activations, spend influence on quests.

Modules: ``content`` (data files, validation, computed heroes), ``deck`` (the changing deck:
pairings, remix helpers, atomic save/load), ``state`` (rules and the effect interpreter),
``scoring`` (end-game points), ``evaluation`` (heuristics for bots), ``testing`` (scenario helpers for the tests).

The deck composition (which character overlay sits on which attribute card) is an input. Start a
game with a pairing of your own through ``new_game(seed, players, pairing=[[attr_id, char_id], ...])``
(the session does this with the deck saved in the user data dir: ``deck.current_pairing(rng)``); the
factory also accepts ``options["pairing"]``. The registry's ``gamecore.start("misfits", ...)`` has
no way to pass a list through the option schema, so it deals a fresh pairing from the seed. Either
way the pairing is stored in the state, so snapshots (``to_json``/``restore``) keep the same heroes;
a save that is *replayed from the seed* (Session.from_save) rebuilds the seed's pairing unless the
session hands the saved pairing in again.

Numbers chosen by us (setup.json): 30 influence tokens of each type (a finite supply); coins are
unlimited. House rule: the game also ends after round 60 so every game ends.
"""
from gamecore.engine import GameInfo, Option, OptionError

# The rules' version (saves made by another version are refused). Written here so that listing the games
# (the menu at start-up) does not import the rules engine; state.py takes its number from here.
ENGINE_VERSION = 2


def _check_pairing(value):
    from .deck import PairingError, validate_pairing

    try:
        return validate_pairing(value)
    except PairingError as exc:
        raise OptionError(f"the Misfit Heroes deck is not valid: {exc}") from None


def _factory(seed, players, options):
    from .state import MisfitsState

    return MisfitsState.new(seed, players, options)


def _load(data):
    from .state import MisfitsState

    return MisfitsState._load(data)


def check_content():
    from .content import check_content as check

    return check()


def new_game(seed: int, players: int, pairing=None, **options):
    from .state import MisfitsState

    clean = INFO.validate_options(players, options)
    check_content()
    return MisfitsState.new(seed, players, clean, pairing=pairing)


INFO = GameInfo(
    id="misfits",
    title="game.misfits.title",
    pitch="game.misfits.pitch",
    min_players=2,
    max_players=4,
    coop=False,
    engine_version=ENGINE_VERSION,
    # The deck pairing is supplied by the app (the player's changing deck in the user data dir), never
    # picked on the setup screen; None deals a fresh random pairing from the seed. Saves keep it.
    options=(Option("pairing", "data", None, "misfits.option.pairing", check=_check_pairing),),
    bot_levels=("easy", "normal", "hard"),
    factory=_factory,
    loader=_load,
    check_content=check_content,
)

__all__ = ["ENGINE_VERSION", "INFO", "MisfitsState", "new_game"]


def __getattr__(name):
    if name == "MisfitsState":          # imported on first use, not when the games are listed
        from .state import MisfitsState

        return MisfitsState
    raise AttributeError(name)
