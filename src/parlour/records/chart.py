"""A picture of any game's record: each seat's running score, deal by deal.

What ``parlour render`` draws for games without a board (Territory draws its board): one line
per seat through the totals after each deal, labelled with the seat's agent, the winners
marked, and whether lower scores are better (Hearts) said on the axis. A game of one deal (or
one without deals) is drawn as a bar per seat. matplotlib is imported inside `score_chart`
(the ``render`` extra).
"""

from __future__ import annotations

from pathlib import Path

from parlour.core import DealScored, ParlourError
from parlour.records import Record


def running_totals(record: Record) -> list[tuple[int, ...]]:
    """The totals after each deal, verified by re-simulating `record` (empty without deals)."""
    state = record.verify()
    return [event.totals for event in state.events
            if isinstance(event, DealScored) and event.visible_to is None]


def lower_wins(record: Record) -> bool:
    """Whether `record`'s game ranks low scores first: its winners hold the lowest score."""
    scores, winners = record.result.scores, record.result.winners
    if not winners or min(scores) == max(scores):
        return False
    return all(scores[w] == min(scores) for w in winners)


def score_chart(record: Record, path: Path) -> Path:
    """Draw `record`'s scores to `path` (a PNG) and return it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ParlourError("render needs matplotlib: pip install 'parlour[render]'") from None
    totals = running_totals(record)
    scores = record.result.scores
    names = [f"{seat}: {spec}" + (" ★" if seat in record.result.winners else "")
             for seat, spec in enumerate(record.seats)]
    figure, axes = plt.subplots(figsize=(7.5, 4.2), dpi=110)
    if len(totals) >= 2:
        deals = range(1, len(totals) + 1)
        for seat, name in enumerate(names):
            axes.plot(deals, [row[seat] for row in totals], marker="o", markersize=3,
                      linewidth=2 if seat in record.result.winners else 1.2, label=name)
        axes.set_xlabel("deal")
        axes.set_xticks(list(deals) if len(totals) <= 20 else axes.get_xticks())
        axes.set_xlim(0.8, len(totals) + 0.2)
        axes.legend(fontsize=8, frameon=False, loc="best")
    else:
        axes.bar(range(len(scores)), scores, color="#4c72b0")
        axes.set_xticks(range(len(scores)), [_short(n) for n in names], fontsize=8)
    low = lower_wins(record)
    axes.set_ylabel("score" + (" (lower is better)" if low else ""))
    axes.grid(alpha=0.3)
    complete = "" if record.result.complete else " (unfinished)"
    axes.set_title(f"{record.variant} · seed {record.seed}{complete}", fontsize=10)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return path


def _short(name: str, most: int = 18) -> str:
    return name if len(name) <= most else name[:most - 1] + "…"


__all__ = ["lower_wins", "running_totals", "score_chart"]
