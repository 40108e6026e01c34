"""Descriptor only until this game's engine lands (the menu shows it as in preparation)."""
from gamecore.engine import GameInfo

INFO = GameInfo(
    id="misfits",
    title="game.misfits.title",
    pitch="game.misfits.pitch",
    min_players=2,
    max_players=4,
    coop=False,
)
