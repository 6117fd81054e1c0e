"""Root pytest configuration: keep doctest collection away from the script entry point."""

collect_ignore = ["src/parlour/__main__.py"]
