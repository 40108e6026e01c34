"""Constants shared by the rule modules, and the table of shared events."""

from gamecore.engine import new_event

CC = "command_center"     # the Command Center's location id
WAIT = True               # a step's start returns WAIT when it needs a decision


# Events that are the same values every time they happen (a deployment card revealed, a figure placed,
# a phase begun...), built once and handed out again: a random game emits 50-100 events, most of them
# these. An Event is frozen and nothing changes its params (the log and the tables read them or copy
# them), so one instance serves every emission. Keyed by every value the event is made of:
#     self._ev.append(SHARED_EVENTS.get(key) or shared_event(key, kind, ev_key, {...}, source, target))
# (the params dict is built only when the key is new).
SHARED_EVENTS: dict = {}


def shared_event(key, kind, ev_key, params, source=None, target=None, cause=None):
    if len(SHARED_EVENTS) >= 8192:              # a bound: the keys are the content's cards, places, seats
        SHARED_EVENTS.clear()
    got = SHARED_EVENTS[key] = new_event(kind, ev_key, params, source, target, cause)
    return got
