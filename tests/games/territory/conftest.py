"""The player files under players/ are data for the tests (game17 files), not test modules."""

collect_ignore = ["players"]
