"""What the Barricades table shows, as plain data: the village, the market, the dungeon, the Guardian,
the dice tray, the heroes and the battle in progress.

The table scene fills a :class:`TableModel` from the engine's state (``adapter.py``) and the views draw
it; nothing here knows a rule or imports pygame. Every field is already what the player reads (names
translated, numbers final), so the views and their tests need no engine at all.
"""
from __future__ import annotations

from dataclasses import dataclass, field

LOCATIONS = ("marketplace", "bazaar", "guild", "temple", "shop")
LOCATION_ART = {"marketplace": "loc_marketplace", "bazaar": "loc_bazaar", "guild": "loc_guild",
                "temple": "loc_temple", "shop": "loc_shop"}
DIE_FACE_ART = {"purple": "die_tri_purple", "blue": "die_tri_blue", "red": "die_tri_red", "green": "die_tri_green",
                "wound": "die_wound", "foot1": "die_foot1", "foot2": "die_foot2", "x": "die_x", "plus1": "die_plus1",
                "trophy": "die_trophy"}


@dataclass
class Spot:
    cid: str
    destroyed: bool = False
    token: str | None = None          # "blank" or an advanced token's name (translated)
    champion: int | None = None       # seat whose champion stands here


@dataclass
class Location:
    cid: str
    lid: str                          # one of LOCATIONS
    name: str
    effect: str = ""
    spots: list[Spot] = field(default_factory=list)
    destroyed: bool = False
    barricade_built: bool = False
    barricade_cost: int = 10
    barricade_paid: int = 0           # gold put towards it this turn
    barricade_cid: str = ""
    extra: str = ""                   # e.g. the Bazaar's gear left, the Shop's treasures left


@dataclass
class Stack:
    """A market stack or a hero stack: the top card's id (to drag / inspect), title, cost and count."""

    cid: str
    title: str
    cost: int | None
    count: int
    art: str = ""                     # an art name (class_weapon, class_fighter...)
    kind: str = ""                    # translated type line ("Weapon", "Fighter L1"...)
    text: str = ""                    # what the card does (the face's text, with {icon} tokens), shown on the stack


@dataclass
class Monster:
    cid: str
    name: str
    hp: int
    hp_extra: str = ""                # "+1d6" for Swarm
    defence: int = 0
    mdefence: int = 0
    xp: int = 0
    gold: int = 0
    level: int = 0
    keywords: tuple = ()              # translated: ("Raider 1", "Menace")
    types: tuple = ()                 # translated: ("Undead",)
    text: str = ""
    art: str = ""                     # mon_<group>
    incorporeal: bool = False


@dataclass
class Room:
    cid: str
    name: str
    level: int                        # 0 Wilderness, 1-3, 4 the Guardian room
    darkness: int
    darkness_mod: int = 0             # this turn's changes (Menace, dice)
    art: str = ""
    effect: str = ""
    monster: Monster | None = None
    champions: list[int] = field(default_factory=list)
    open: bool = True                 # the Guardian room opens at the reveal
    light_cost: int | None = None     # what the person's champion would pay to enter now (hover)


@dataclass
class Guardian:
    cid: str
    name: str
    revealed: bool
    art: str
    threat_track: list[int]           # threat level printed on each space (lair or Guardian track)
    threat_pos: int                   # index of the threat token
    hp_track: list[int] = field(default_factory=list)
    wounds: int = 0                   # wound tokens placed (defeats)
    text: str = ""                    # reveal / ongoing effects, translated
    defence: str = ""                 # "Def 2" / "MDef 3"
    triangles: list[tuple[str, str]] = field(default_factory=list)   # (colour, what that die face does now)


@dataclass
class DiceRoll:
    seat: int
    faces: list[str]                  # keys of DIE_FACE_ART
    resolved: list[bool] = field(default_factory=list)


@dataclass
class Army:
    footprints: int = 0
    x: int = 0
    removed: int = 0                  # footprints removed by defeated monster levels this turn
    note: str = ""                    # "3 footprints left after defeating levels 1+2"


@dataclass
class Prestige:
    name: str
    rank: int
    costs: list[int]                  # XP per rank R1..R5
    trophy: str = ""
    abilities: list[str] = field(default_factory=list)
    key: str = ""                     # the board's id (warlord...): its emblem is art "board_<key>"


@dataclass
class Hero:
    seat: int
    name: str
    person: bool                      # played by the person (else an AI teammate)
    deck: int
    discard: int
    hand: list[tuple[str, object]] = field(default_factory=list)   # (card id, CardFace or None when hidden)
    hand_count: int = 0
    hand_size: int = 6
    xp: int = 0
    wounds: int = 0
    wound_cards: int = 0
    gold: int = 0
    light: int = 0
    attack: int = 0
    prestige: Prestige | None = None
    champion_cid: str = ""
    champion_at: str | None = None    # a spot, a room or None (at home)
    deck_cid: str = ""
    discard_cid: str = ""
    board_cid: str = ""
    gold_cid: str = ""                # the hero's gold this turn, dragged onto a barricade to fund it
    lent: list[str] = field(default_factory=list)


@dataclass
class Battle:
    """A battle in place: the party's pooled attack against the monster, as a running sum."""

    room: str
    monster: Monster
    members: list[int]
    physical: int
    magic: int
    hp: int                           # the monster's HP this battle (Swarm rolled in)
    lines: list[str] = field(default_factory=list)    # the running sum, one translated line per step
    effective: int = 0                # after Def/MDef (subtracted once for the party), as the engine counts it
    played: list[tuple[str, object]] = field(default_factory=list)   # (card id, CardFace)

    @property
    def wins(self) -> bool:
        return self.effective >= self.hp


@dataclass
class DrawnToken:
    """A destruction token drawn at the end of the turn (or by the Guardian's reveal) and waiting for the
    team to pick its spot: shown beside its location, dragged (or clicked, then a spot) onto a glowing spot."""

    cid: str                          # token:<n>, the source of the legal place_token actions
    loc: str                          # the location it names (one of LOCATIONS)
    advanced: bool = False
    label: str = ""                   # its location's name, or the advanced token's effect (translated)


@dataclass
class TableModel:
    locations: list[Location]
    market: list[Stack]
    heroes_stacks: list[Stack]
    rooms: list[Room]
    guardian: Guardian
    dice: list[DiceRoll]
    army: Army
    heroes: list[Hero]
    gear: dict = field(default_factory=dict)          # "lantern"/"potion"/"rations" -> (count left, cost)
    turn: int = 1
    threat: int = 1
    battle: Battle | None = None
    phase: str = ""                                    # translated name of the step now
    active_seat: int | None = None
    drawn_token: DrawnToken | None = None
