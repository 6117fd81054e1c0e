"""A Python-file bot that looks for the game's State through the interpreter (the gc), as an
in-process bot can: it raises if it finds one, else plays the first legal action. It also
raises when asked to, to show that a `pyfile:` bot's exception is a fault, not a crash."""

import gc

from parlour.core import State


def act(observation):
    states = [o for o in gc.get_objects() if issubclass(type(o), State)]
    if states:
        raise RuntimeError(f"found the game state ({len(states)} State objects)")
    if observation.trick and len(observation.trick) == 3:
        raise ValueError("a bug on the last card of a trick")
    return observation.legal_actions[0]
