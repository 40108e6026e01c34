"""Descriptor only: this game's engine has not landed yet, so the menu shows it as in preparation."""
from gamecore.engine import GameInfo

INFO = GameInfo(
    id="barricades",
    title="game.barricades.title",
    pitch="game.barricades.pitch",
    min_players=1,
    max_players=4,
    coop=True,
)
