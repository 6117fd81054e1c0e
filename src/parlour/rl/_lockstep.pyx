# cython: language_level=3, boundscheck=False, wraparound=False
"""`parlour.rl.lockstep.advance` in C: one learner move in every game of a batch, then the
other seats' moves (random draws, or the compiled heuristics' deciders), in one call instead
of a Python loop (the moves themselves are the games' own `apply_unchecked_no_undo`, compiled
where the game has a compiled step)."""

from random import Random


def advance(list states, list actions, long long[::1] ids, list randoms,
            long long[::1] seats, long long[::1] moves):
    """See `parlour.rl.lockstep.advance`, the pure-Python twin."""
    cdef Py_ssize_t i, n = len(states), before
    cdef object state, current, rng, legal
    cdef list seat_rngs
    if ids.shape[0] < n or seats.shape[0] < n or moves.shape[0] < n or len(randoms) < n:
        raise ValueError(f"{n} games need {n} action ids, seats, move counts and generators")
    for i in range(n):
        state = states[i]
        before = len(state.history)
        state.apply_unchecked_no_undo(actions[ids[i]])
        seat_rngs = <list>randoms[i]
        while True:
            current = state.current_player
            if current is None:
                seats[i] = -1
                break
            rng = seat_rngs[<Py_ssize_t>current]
            if rng is None:
                seats[i] = <long long>current
                break
            if isinstance(rng, Random):
                legal = state.legal_actions()
                state.apply_unchecked_no_undo(legal[rng.randrange(len(legal))])
            else:
                state.apply_unchecked_no_undo(rng(state))
        moves[i] = len(state.history) - before
