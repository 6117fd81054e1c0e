"""Tournaments on top of `parlour.match` (the arena layer).

For now it holds the Territory rankings of game17 (`parlour.arena.territory`); they will
become instances of the general tournament formats.
"""
