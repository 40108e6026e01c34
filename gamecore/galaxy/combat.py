"""Combat arithmetic (C1–C3, R7, R8): which weapons a mech can pay for and how much attack it reaches.

A weapon is ``(attack, ammo, energy)``. A seat's one-shot discounts for a combat are counted in
cubes: ``da`` (ammo, Rook Calder I), ``de`` (energy, Nyx Sorel I) and ``dany`` (either, Engineer).
Ammo and energy discounts are used on the first weapon that costs that cube; the "either" discount
is used only when a weapon would otherwise be short of a cube. With that rule the order in which
weapons are fired never matters for what can be paid, so "the attack you can afford" is simply the
best jointly payable set (R8).
"""
from __future__ import annotations


def pay(weapon: tuple, budget: tuple):
    """``budget`` = (ammo, energy, da, de, dany). The budget after firing ``weapon``, or None if unpayable."""
    _atk, a, e = weapon
    ammo, energy, da, de, dany = budget
    use = min(da, a)
    a -= use
    da -= use
    use = min(de, e)
    e -= use
    de -= use
    short = max(0, a - ammo) + max(0, e - energy)
    if short > dany:
        return None
    if a > ammo:
        a = ammo
    if e > energy:
        e = energy
    return ammo - a, energy - e, da, de, dany - short


_BEST: dict = {}


def best_attack(weapons, budget: tuple) -> int:
    """The highest total attack of a set of ``weapons`` payable together from ``budget`` (memoised)."""
    if not weapons:
        return 0
    key = (tuple(weapons), budget)
    got = _BEST.get(key)
    if got is None:
        got = _best_attack(key[0], budget)
        if len(_BEST) > 50000:
            _BEST.clear()
        _BEST[key] = got
    return got


def _best_attack(weapons: tuple, budget: tuple) -> int:
    ammo, energy, da, de, dany = budget
    best = 0
    n = len(weapons)
    for mask in range(1, 1 << n):
        atk = need_a = need_e = 0
        for i in range(n):
            if mask >> i & 1:
                w = weapons[i]
                atk += w[0]
                need_a += w[1]
                need_e += w[2]
        if atk <= best:
            continue
        over = max(0, max(0, need_a - da) - ammo) + max(0, max(0, need_e - de) - energy)
        if over <= dany:
            best = atk
    return best
