"""Heuristic values of positions for the greedy bots (points-equivalents, higher is better).

``potential(state, seat)`` = the score if the game ended now + what the seat's resources are
likely worth later: coins and hand cards (future hires), the cards in its tableau (future
activation targets), progress towards quests, and the effects still waiting on the stack (so a
hire whose activation has not resolved yet is not judged as a pure loss of coins).
"""
from __future__ import annotations

COIN = 0.2             # a coin, in points: 10 coins buy most of a card
INFLUENCE = 1.5        # 1 point at the end, plus its share of a quest tile
CARD_IN_HAND = 1.0
ACTIVATION = 2.0       # an activation of an unspecified card
_ACT_VALUE: dict[str, float] = {}


def effect_value(e: dict) -> float:
    d = e["do"]
    if d == "coins":
        return e["n"] * COIN
    if d == "influence":
        return e["n"] * INFLUENCE
    if d == "draw":
        return e["n"] * CARD_IN_HAND
    if d in ("draw_per", "coins_per", "coins_per_activated"):
        return 1.5
    if d == "choice":
        return max(sum(effect_value(x) for x in opt) for opt in e["options"])
    if d == "activate":
        return ACTIVATION
    if d == "hire":
        return 1.0 + min(e["discount"], 15) * COIN
    if d == "stun_self":
        return -1.0
    if d == "activate_all":
        return 2.5 * ACTIVATION
    return 0.0


def activation_value(hero) -> float:
    got = _ACT_VALUE.get(hero.id)
    if got is None:
        got = sum(effect_value(e) for e in hero.activation)
        _ACT_VALUE[hero.id] = got
    return got


def frame_value(state, f: dict) -> float:
    t = f["t"]
    if t == "ask":
        return f["n"] * max(0.0, activation_value(state.heroes[f["c"]]))
    if t == "run":
        return sum(effect_value(e) for e in f["fx"][f["i"]:])
    if t == "take":
        return f["n"] * INFLUENCE
    if t == "pay_cards":
        return -f["n"] * CARD_IN_HAND
    if t == "pay_inf":
        return -f["n"] * INFLUENCE
    if t == "give":
        return -f["n"] * COIN
    if t == "stun_own":
        return -2.0
    if t == "choice":
        return max(sum(effect_value(x) for x in opt) for opt in f["opts"])
    if t == "target":
        return ACTIVATION
    if t == "all":
        return len(f["left"]) * ACTIVATION
    if t == "hire":
        return 1.0
    if t == "drawdisc":
        return (2 + f["n"]) * CARD_IN_HAND
    return 0.0


def potential(state, seat: int) -> float:
    value = state.evaluate_simple(seat)
    coins = state.coins[seat]
    value += min(coins, 80) * COIN - coins // 10        # coins are worth more than their end-game point
    value += min(len(state.hands[seat]), 8) * CARD_IN_HAND
    for _, h in state.in_play(seat):
        value += 2.0 + 0.3 * activation_value(state.heroes[h])
    inf = state.inf[seat]
    for k, t in enumerate(("forest", "sea", "mountain")):        # the quest race
        tiles = state.quests[t]
        if tiles:
            value += tiles[0] * min(inf[k], 6) / 6.0 * 0.25
    if state.quests["town"]:
        value += state.quests["town"][0] * sum(min(x, 2) for x in inf) / 6.0 * 0.15
    if state.phase == "resolve" and state.seat == seat:
        value += sum(frame_value(state, f) for f in state.stack)
    return value
