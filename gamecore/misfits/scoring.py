"""End-game scoring: quest tiles, printed card points, 🏆 hire boxes, influence, coins.

Only cards in play count (a stunned card is face down: no faction, no points, no 🏆 effect).
"""
from __future__ import annotations

from .content import Hero

KEYS = ("misfits.score.cards", "misfits.score.trophies", "misfits.score.quests",
        "misfits.score.influence", "misfits.score.coins")

NEIGHBOURS = tuple(
    tuple(j for j, ok in ((i - 4, i >= 4), (i + 4, i < 12), (i - 1, i % 4 > 0), (i + 1, i % 4 < 3)) if ok)
    for i in range(16))


def faction_grid(tab: list, stunned, heroes: dict) -> list:
    """16 entries: the faction of the card in play there, or None (empty or stunned)."""
    return [None if h is None or h in stunned else heroes[h].faction for h in tab]


def largest_group(grid: list, faction: str) -> int:
    seen = set()
    best = 0
    for start in range(16):
        if grid[start] != faction or start in seen:
            continue
        size = 0
        todo = [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            size += 1
            for j in NEIGHBOURS[i]:
                if j not in seen and grid[j] == faction:
                    seen.add(j)
                    todo.append(j)
        best = max(best, size)
    return best


def trophy_points(hero: Hero, idx: int, grid: list, quests_won: int) -> int:
    sc = hero.hire["scoring"]
    kind = sc["kind"]
    pts = sc["points"]
    if kind == "row_col":
        row, col = idx // 4, idx % 4
        n = sum(1 for j in range(16) if j != idx and (j // 4 == row or j % 4 == col) and grid[j] == sc["faction"])
        return n * pts
    if kind == "group":
        return largest_group(grid, sc["faction"]) * pts
    if kind == "threshold":
        return pts if grid.count(sc["faction"]) >= sc["min"] else 0
    if kind == "sets":
        return min(grid.count("human"), grid.count("beast"), grid.count("misfit")) * pts
    if kind == "per_quest":
        return quests_won * pts
    if kind == "per_faction":
        return grid.count(sc["faction"]) * pts
    raise ValueError(kind)


def breakdown(tab: list, stunned, heroes: dict, quests: list, influence: list, coins: int) -> dict:
    """Score parts of one seat; the total is the sum of the values."""
    grid = faction_grid(tab, stunned, heroes)
    cards = trophies = 0
    for idx, h in enumerate(tab):
        if h is None or h in stunned:
            continue
        hero = heroes[h]
        cards += hero.points
        if hero.hire["type"] == "score":
            trophies += trophy_points(hero, idx, grid, len(quests))
    quest_points = sum(int(q.rsplit(":", 1)[1]) for q in quests)
    return {
        "misfits.score.cards": cards,
        "misfits.score.trophies": trophies,
        "misfits.score.quests": quest_points,
        "misfits.score.influence": sum(influence),
        "misfits.score.coins": coins // 10,
    }
