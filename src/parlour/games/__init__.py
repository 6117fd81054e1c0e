"""The built-in games, one package each. Load them by id with `parlour.load_game`."""
