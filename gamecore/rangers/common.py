"""Constants shared by the rule modules."""

CC = "command_center"     # the Command Center's location id
WAIT = True               # a step's start returns WAIT when it needs a decision
