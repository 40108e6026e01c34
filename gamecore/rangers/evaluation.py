"""Team heuristic for the greedy bot (``RangersState.evaluate`` delegates here).

The greedy bot scores every legal action by the state it leads to, one step ahead, so this value has
to say what a human team counts on: not only what has happened (figures removed, monster and boss
cards discarded, panic) but what the team can still do this round (rangers standing next to enemies
with attack cards in hand and an action token to start a battle; energy that can pay for a card).

Terms (weights in ``WEIGHTS``):
- progress: boss and monster cards discarded, monsters out of the game, zords;
- danger: every outer location is scored by a penalty that grows with its figures and much faster
  near its figure limit, and faster still when the other locations are already panicked (all four
  panicked at once loses); panic itself by the number of panicked locations;
- lives: Command Center energy, each ranger's deck (its defence; concave, so damage is spread),
  hand (ammunition), stored energy;
- potential: for each location, the hits the rangers there can deal with the cards in their hands,
  turned into expected kills and valued by how much they lower that location's penalty. Before a
  battle it is discounted (it costs an action, and a ranger needs a token to start it); inside a
  battle it counts almost fully, so starting a battle, drawing cards and adding energy that makes a
  card affordable all score as progress;
- a battle under way: hits on enemy cards (they vanish at the end, so only as progress towards a
  kill) and defeated monster/boss cards (they will be discarded at cleanup);
- pending choices that only help count as made (a power up, a recover's picks, the draw before a
  battle): one greedy step cannot see past them;
- gathering: the best battle the rangers with tokens could still set up this round at one
  location, valued more the fewer moves remain (the team walks towards a monster fight).

``evaluate_simple`` (the first, simpler heuristic) stays for an "easy" level.
Audit, measurements and the reasons for the weights: gamecore/rangers/NOTES.md.
"""
from __future__ import annotations

CC = "command_center"
HIT_PER_DIE = 5 / 6  # the combat die: 0,0,1,1,1,2

WEIGHTS = {
    "boss_card": 30.0, "monster_out": 45.0, "monster_card": 9.0, "power": 2.0,
    "figure": 3.0, "near": 2.2, "over": 6.0, "panic": (0.0, 12.0, 30.0, 60.0, 0.0),
    "cc_enemy": 10.0, "cc_energy": 9.0,
    "deck_low": 1.0, "deck_high": 0.3, "deck_knee": 4, "hand": 1.4, "hand_cap": 5, "energy": 0.9,
    "discard": 0.25, "token": 2.0, "team_token": 0.5,
    "pool_now": 0.5, "cast_now": 0.5, "dmg": 0.8, "death": 14.0, "last_death": 150.0, "win": 200.0,
    "plan": 0.5, "plan_step": 0.1, "pending": 0.0, "draw_later": 0.001,
    "pre_battle": 0.6, "in_battle": 0.85, "hit": 0.6, "big_kill": 0.9,
}


def _card_hits(C, key, pool_energy):
    """Expected hits of one combat card, or 0 for non-attacks; (hits, cost)."""
    cdef = C.card_def[key]
    if cdef["type"] != "attack":
        return 0.0, 0
    hits = 0.0
    for eff in cdef["effects"]:
        op = eff.get("op")
        if op == "attack":
            hits += eff.get("dice", 0) * HIT_PER_DIE + eff.get("hits", 0)
        elif op in ("splash", "extra_hit"):
            hits += eff.get("n", 0) * 0.7
        elif op == "on_kill":
            hits += 0.6
    cost = cdef["cost"]
    if cost == "X":
        x = max(0, min(pool_energy, 3))
        return hits + x, x
    return hits, cost


_SCALE = (1.0, 1.3, 2.0, 4.5)


def _loc_penalty(W, n, limit, panicked, n_panicked):
    """How bad ``n`` enemy figures are at an outer location (not counting panic itself)."""
    slack = limit - n
    v = W["figure"] * n
    if not panicked:
        # the fuller the location, the likelier the next deployment panics it; with three others
        # panicked that panic loses the game, so the same slack weighs far more
        x = min(3.0, n_panicked)
        i = int(x)
        scale = _SCALE[i] + (x - i) * (_SCALE[min(3, i + 1)] - _SCALE[i])
        v += W["near"] * scale * max(0, 5 - slack) ** 2
    else:
        # a panicked location at its limit sends every further figure to the calm ones
        v += W["over"] * max(0, 2 - slack)
    return v


def _piles_after_pending(state):
    """(deck, hand, discard) sizes per seat, counting a pending choice that only helps as made:
    a power up about to be accepted, a recover about to pick its cards, a battle's preparation draw.
    One greedy step cannot see past such a choice, so without this every move to the Command
    Center and every recover would look like a wasted action."""
    d, C = state.d, state.C
    out = [[len(st["deck"]), len(st["hand"]), len(st["discard"])] for st in d["seats"]]
    top = d["stack"][-1] if d["stack"] else None
    if top is None:
        return out
    t = top["t"]
    if t == "power_up":
        i = top["seat"]
        total = sum(out[i])
        hand = min(total, state._hand_size(i))
        out[i] = [total - hand, hand, 0]
    elif t == "recover":
        i = top["seat"]
        st = d["seats"][i]
        room = top["limit"] - sum(C.card_def[C.card_of[c]]["shields"] for c in top["picked"])
        n = 0
        for sh in sorted(C.card_def[C.card_of[c]]["shields"] for c in st["discard"] if c not in top["picked"]):
            if sh <= room:
                room -= sh
                n += 1
        out[i][0] += n
        out[i][2] -= n
    elif (t == "prep_draw" and d["battle"] is not None) or t == "opening_draw":
        for i in (state._battle_seats() if t == "prep_draw" else range(len(d["seats"]))):
            want = max(0, state._hand_size(i) - out[i][1])
            take = min(want, out[i][0])
            out[i][0] -= take
            out[i][1] += take
    return out


def _progress(d, C, W, monster_cap: int | None = None) -> float:
    """Boss cards discarded, monsters out of the game and monster cards discarded (at most ``monster_cap``
    per monster, when given). A finished game is worth ±1000 instead."""
    if d["over"] is not None:
        return 1000.0 if d["over"]["outcome"] == "win" else -1000.0
    v = 0.0
    for foe in C.bosses:
        v += W["boss_card"] * len(d["ediscard"].get(foe, ()))
    for foe in C.monsters:
        if foe in d["big_out"]:
            v += W["monster_out"]
        else:
            n = len(d["ediscard"].get(foe, ()))
            v += W["monster_card"] * (n if monster_cap is None else min(n, monster_cap))
    return v


def evaluate(state, seat):
    d, C = state.d, state.C
    W = WEIGHTS
    v = _progress(d, C, W, 4)
    if d["over"] is not None:
        return v
    v += W["power"] * d["power"]
    # ---------------------------------------------------------------- danger
    ring = d["ring"]
    locs = d["locs"]
    n_panicked = sum(1 for l in ring if locs[l]["panic"])
    v -= W["panic"][min(n_panicked, 4)]
    counts = {}
    # each monster or boss still in the deployment deck will panic a location when it comes
    pending = sum(1 for c in d["deploy"] if C.deploy_cards[c]["figures"] == 0)
    n_eff = n_panicked + W["pending"] * pending
    for l in ring:
        L = locs[l]
        n = sum(L["fs"].values()) + len(L["big"])
        counts[l] = n
        v -= _loc_penalty(W, n, C.locations[l]["limit"], L["panic"], n_eff)
    cc_enemies = sum(locs[CC]["fs"].values()) + len(locs[CC]["big"])
    v -= W["cc_enemy"] * cc_enemies
    v += W["cc_energy"] * d["cc_energy"]
    # ---------------------------------------------------------------- the team's resources
    fresh = bool(d["stack"]) and d["stack"][-1]["t"] in ("deploy_phase", "round", "opening_draw")
    b = d["battle"]
    piles = _piles_after_pending(state)
    for i, st in enumerate(d["seats"]):
        deck, hand, discard = piles[i]
        k = W["deck_knee"] * len(st["rangers"])
        v += W["deck_low"] * min(deck, k) + W["deck_high"] * max(0, deck - k)
        v += W["hand"] * min(hand, W["hand_cap"] * len(st["rangers"]))
        v += W["discard"] * discard
        v += W["energy"] * st["energy"]
        if not fresh:
            v += W["token"] * st["actions"]
    if not fresh:
        v += W["team_token"] * d["team_tokens"]
    if d["stack"] and d["stack"][-1]["t"] in ("prep_draw", "opening_draw"):
        # the draw counts as made (above), so drawing one card, drawing up to the hand size and
        # "ready" would tie; the way that leaves fewer cards to draw later wins the tie, so an AI
        # seat draws its hand in one step instead of card by card (or stopping short at random)
        v -= W["draw_later"] * sum(p[1] - len(st["hand"]) for p, st in zip(piles, d["seats"]))
    # ---------------------------------------------------------------- potential and the battle
    if b is not None:
        v += W["pool_now"] * d["pool"]
    by_loc = {}
    for st in d["seats"]:
        by_loc.setdefault(d["rloc"][st["rangers"][0]], []).append(st)
    here_value = {}
    for l, seats in by_loc.items():
        if l in locs:
            here_value[l] = _potential(state, W, l, seats, counts, n_eff, fresh)
            v += here_value[l]
    if b is None and not fresh and d["stack"] and d["stack"][-1]["t"] == "actions":
        v += _gathering(state, W, by_loc, here_value, counts, n_eff)
    if b is not None:
        for c in b["order"]:
            cdef = C.enemy_def[C.enemy_of[c]]
            health = cdef.get("health") or 5
            foe = C.enemy_deck[c]
            kind = C.foe_kind[foe]
            if c in b["defeated"]:
                if kind != "foot":
                    v += W["big_kill"] * (W["boss_card"] if kind == "boss" else W["monster_card"])
            else:
                v += W["hit"] * min(b["hits"].get(c, 0), health) / max(1, health) * 3.0
    return v


def _potential(state, W, l, seats, counts, n_panicked, fresh, plan_tokens=None):
    """What the rangers standing at ``l`` can still do to its enemies (a battle under way or one
    they can start): expected kills valued by how much they calm the location, minus the damage
    the enemy cards are expected to deal (deck cards lost)."""
    d, C = state.d, state.C
    b = d["battle"]
    locs = d["locs"]
    in_battle = b is not None and b["loc"] == l
    if in_battle and not b["order"] and not b["end"]:
        # preparing: the enemy cards are not drawn yet
        L = locs[l]
        fs_left = sum(b["fight"].values()) if b["fight"] else min(C.comp["fs_per_battle"], sum(L["fs"].values()))
        big_left = C.comp["big_cards_per_battle"] * len(L["big"])
        fighters = [st for st in seats if any(r in b["rangers"] for r in st["rangers"])]
        now = d["pool"]
        reserve = sum(st["energy"] for st in fighters) + 2 * sum(st["actions"] for st in fighters)
        turns = fs_left + big_left + 1
        threats = fs_left + big_left
        disc = W["in_battle"]
    elif in_battle:
        left = [c for c in b["order"] if c not in b["defeated"]]
        unresolved = [c for c in left if c not in b["resolved"]]
        fs_left = sum(1 for c in left if C.foe_kind[C.enemy_deck[c]] == "foot")
        big_left = len(left) - fs_left
        fighters = [st for st in seats if any(r in b["rangers"] for r in st["rangers"])]
        now = d["pool"]
        reserve = sum(st["energy"] for st in fighters) + 2 * sum(st["actions"] for st in fighters)
        turns = len(unresolved) + 1
        threats = len(unresolved)
        disc = W["in_battle"]
    else:
        if plan_tokens is None and (fresh or not any(st["actions"] > 0 for st in seats)):
            return 0.0
        L = locs[l]
        fs_left = min(C.comp["fs_per_battle"], sum(L["fs"].values()))
        big_left = C.comp["big_cards_per_battle"] * len(L["big"])
        fighters = seats
        now = C.comp["battle_pool"]
        tokens = sum(st["actions"] for st in seats) if plan_tokens is None else plan_tokens
        reserve = sum(st["energy"] for st in seats) + 2 * max(0, tokens - 1)
        turns = fs_left + big_left + 1
        threats = fs_left + big_left
        disc = W["pre_battle"]
    if fs_left + big_left == 0 or not fighters:
        return 0.0
    cards = []
    for st in fighters:
        for c in st["hand"]:
            h, cost = _card_hits(C, C.card_of[c], now + reserve)
            if h > 0:
                cards.append((h, cost))
    cards.sort(reverse=True)
    budget = now + reserve
    total = []
    best_now = 0.0
    for h, cost in cards:
        if cost <= now:
            best_now = max(best_now, h)
        if len(total) >= turns or cost > budget:
            continue
        budget -= cost
        total.append(h)
    fs_kills = 0.0
    spare = 0.0
    for h in total:
        if fs_kills < fs_left:
            fs_kills += min(1.0, h / 2.6)
            spare += max(0.0, h - 2.6)
        else:
            spare += h
    fs_kills = min(fs_kills, fs_left)
    if l == CC:
        gain = W["cc_enemy"] * fs_kills
    else:
        Ln = locs[l]
        limit = C.locations[l]["limit"]
        n = counts[l]
        gain = _loc_penalty(W, n, limit, Ln["panic"], n_panicked) - _loc_penalty(
            W, n - fs_kills, limit, Ln["panic"], n_panicked)
    P = W["panic"]
    n_real = sum(1 for x in d["ring"] if locs[x]["panic"])
    drop = P[min(n_real, 4)] - P[max(0, min(n_real, 4) - 1)]
    big_kills = 0.0
    if big_left:
        big_kills = min(big_left, spare / 4.5)
        boss = any(C.foe_kind[f] == "boss" for f in locs[l]["big"])
        gain += 0.8 * (W["boss_card"] if boss else W["monster_card"]) * big_kills
        # the monster (boss) falls at the end of this battle if enough of its cards do
        for foe in locs[l]["big"]:
            done = len(d["ediscard"].get(foe, ()))
            if in_battle and b["order"]:
                done += sum(1 for c in b["defeated"] if C.enemy_deck.get(c) == foe)      # not Cyclopsis' parts
            kind = C.foe_kind[foe]
            need = (C.comp["boss_defeat"] if kind == "boss" else C.comp["monster_defeat"]) - done
            p = min(1.0, max(0.0, 1.0 + big_kills - need)) if need > 0 else 1.0
            if kind == "boss":
                gain += p * W["win"]
            else:
                gain += p * (W["monster_out"] + drop + W["figure"] * sum(locs[l]["fs"].values()))
    elif l != CC and locs[l]["panic"]:
        # every foot soldier here falls: the location is calm again
        n_fs = sum(locs[l]["fs"].values())
        if n_fs <= fs_left + 0.01:
            p = (fs_kills / max(1, fs_left)) ** 2
            gain += p * drop
    # damage: about 2.5 per foot-soldier card and 3.5 per monster/boss card that gets its turn;
    # each deck card lost is life, spread over the fighters; a ranger whose deck cannot take its
    # share falls (Command Center energy, or the game when none is left)
    kill_share = min(1.0, (fs_kills + (spare / 4.5)) / max(1, threats)) if threats else 0.0
    n_fs_threat = min(threats, fs_left)
    dmg = (n_fs_threat * 2.5 + (threats - n_fs_threat) * 3.5) * (1.0 - 0.5 * kill_share)
    per = dmg / 2.0 / len(fighters)
    death = W["death"] if d["cc_energy"] > 0 else W["last_death"]
    cost = 0.0
    falls = 0.0
    for st in fighters:
        i = d["seats"].index(st)
        deck = len(st["deck"])
        if not in_battle or not b["order"]:
            deck = max(0, deck - max(0, state._hand_size(i) - len(st["hand"])))
        cost += W["deck_low"] * min(per, deck)
        p_die = min(1.0, max(0.0, (per - deck + 1.5) / 3.0))
        cost += p_die * death
        falls += p_die
    if falls:
        share = falls / len(fighters)
        gain *= 1.0 - 0.5 * share
    value = gain - W["dmg"] * cost + W["cast_now"] * best_now
    if not in_battle:
        value = max(0.0, value)
    return disc * value


def _gathering(state, W, by_loc, here_value, counts, n_panicked):
    """The best battle the team could still set up this round by gathering rangers (each helper
    spends a token to move) at one location, valued by how far the gathering has come: one greedy
    step at a time the team then walks towards a fight no single ranger would take alone (a
    monster), instead of only ever fighting where somebody already stands."""
    d = state.d
    locs = d["locs"]
    best = 0.0
    for l in d["ring"] + [CC]:
        n = counts.get(l, sum(locs[l]["fs"].values()) + len(locs[l]["big"]))
        if n == 0:
            continue
        here = by_loc.get(l, [])
        helpers = [st for st in d["seats"] if st not in here and st["actions"] >= 1]
        group = here + helpers
        moves = len(helpers)
        starter = any(st["actions"] >= 1 for st in here) or any(st["actions"] >= 2 for st in helpers)
        if not group or not starter or moves == 0:
            continue
        tokens = sum(st["actions"] for st in group) - moves
        T = _potential(state, W, l, group, counts, n_panicked, False, plan_tokens=tokens) / W["pre_battle"]
        if T <= 0:
            continue
        plan = T * max(0.0, W["plan"] - W["plan_step"] * moves)
        best = max(best, plan - here_value.get(l, 0.0))
    return best


# ------------------------------------------------------------------------------------------------
# The first, simpler heuristic (what the engine shipped with): kept for an "easy" greedy level.
SIMPLE_WEIGHTS = {
    "boss_card": 12.0, "monster_out": 30.0, "monster_card": 5.0, "figure": 1.5, "near_limit": 4.0,
    "panic": 12.0, "panic3": 20.0, "cc_enemy": 4.0, "cc_energy": 6.0, "power": 2.0, "deck": 0.5,
    "hand": 0.3, "energy": 1.0, "thin_deck": 1.5, "token": 1.2, "presence": 0.8, "team_token": 0.6,
    "pool": 0.4, "battle": 1.5, "kill": 3.0, "hit": 1.0,
}


def evaluate_simple(state, seat):
    """Immediate value only: progress, figures and panic, resources, rangers next to enemies."""
    d, C = state.d, state.C
    W = SIMPLE_WEIGHTS
    v = _progress(d, C, W)
    if d["over"] is not None:
        return v
    threat = {}
    panicked = 0
    for l in d["ring"]:
        L = d["locs"][l]
        n = state._enemies_at(l)
        threat[l] = n + 2 * len(L["big"])
        v -= W["figure"] * n
        if L["panic"]:
            panicked += 1
        else:
            v -= W["near_limit"] * max(0, n - C.locations[l]["limit"] + 3) ** 2 / 9.0
    v -= W["panic"] * panicked + W["panic3"] * (panicked >= 3)
    threat[CC] = state._enemies_at(CC)
    v -= W["cc_enemy"] * threat[CC]
    v += W["cc_energy"] * d["cc_energy"] + W["power"] * d["power"]
    fresh = bool(d["stack"]) and d["stack"][-1]["t"] == "deploy_phase"
    covered = {}
    for st in d["seats"]:
        v += W["deck"] * len(st["deck"]) + W["hand"] * min(len(st["hand"]), 5) + W["energy"] * st["energy"]
        v -= W["thin_deck"] * max(0, 4 - len(st["deck"]))
        if not fresh:
            v += W["token"] * st["actions"]
        loc = d["rloc"][st["rangers"][0]]
        if threat.get(loc):
            covered[loc] = covered.get(loc, 0) + 1
            v += W["presence"] * min(threat[loc], 4) / covered[loc]
    if not fresh:
        v += W["team_token"] * d["team_tokens"]
    v += W["pool"] * d["pool"]
    b = d["battle"]
    if b is not None:
        v += W["battle"] * len(b["order"])
        for c in b["order"]:
            if c in b["defeated"]:
                v += W["kill"]
            else:
                health = C.enemy_def[C.enemy_of[c]].get("health") or 5
                v += W["hit"] * min(b["hits"].get(c, 0), health)
    return v
