"""Root pytest configuration: keep doctest collection away from the script entry point, and
start the slow statistical tests first, so that on two workers they run side by side instead
of one worker finishing them alone at the end."""

from __future__ import annotations

import pytest

collect_ignore = ["src/parlour/__main__.py"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
