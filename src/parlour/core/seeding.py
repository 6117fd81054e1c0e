"""Seeds and random streams.

Every random choice in parlour draws from a `random.Random` made here, never from the global
`random` module. Streams are derived from a seed and a path of keys, so the deal stream of a game
(`derive_seed(seed, "deal", n)`) depends on the seed and the deal number only: what bots do with
their own streams can never change a deal.
"""

from __future__ import annotations

import hashlib
import random
import secrets

SEED_BITS = 63


def derive_seed(seed: int, *keys: object) -> int:
    """Return a seed derived from `seed` and `keys`, stable across runs and Python versions."""
    text = "/".join([str(int(seed)), *map(str, keys)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def make_rng(seed: int, *keys: object) -> random.Random:
    """Return an independent generator for the stream named by `seed` and `keys`."""
    return random.Random(derive_seed(seed, *keys))


def fresh_seed() -> int:
    """Return a new seed from the operating system, for callers who gave none."""
    return secrets.randbits(SEED_BITS)
