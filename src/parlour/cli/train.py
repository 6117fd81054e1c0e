"""`parlour train`: Deep Monte-Carlo training of a learned bot (a face on `parlour.rl.dmc`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from parlour.cli.shared import app, console, usage_errors
from parlour.core import ParlourError, load_game


@app.command()
@usage_errors
def train(
    game: Annotated[str, typer.Argument(
        help="Game id, optionally with parameters (skull:players=3).", show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help="Directory for the checkpoint, "
                                      "policy.npz, log.jsonl and curve.png.")] = Path("runs/run"),
    steps: Annotated[int, typer.Option(help="Learner decisions to train on.")] = 200_000,
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 0,
    envs: Annotated[int, typer.Option(help="Games played in lockstep.")] = 64,
    round_steps: Annotated[int, typer.Option(
        help="Decisions per game in a round (checkpoints fall between rounds).")] = 64,
    pool: Annotated[str, typer.Option(
        help="Who fills the other seats, by weight: agent specs, self (the learner), past "
             "(an earlier snapshot).")] = "heuristic=0.5,random=0.1,self=0.2,past=0.2",
    hidden: Annotated[str | None, typer.Option(
        help="Hidden layer sizes (default 256,256; with distil 64,64).", show_default=False)
    ] = None,
    lr: Annotated[float | None, typer.Option(
        help="Adam's learning rate (default 0.0003; with distil 0.001).", show_default=False)
    ] = None,
    batch: Annotated[int | None, typer.Option(
        help="Decisions per gradient step (default 512; with distil 256).", show_default=False)
    ] = None,
    epsilon_steps: Annotated[int, typer.Option(
        help="Decisions over which exploration falls from 0.1 to 0.02.")] = 200_000,
    eval_every: Annotated[int, typer.Option(help="Evaluate and checkpoint every N rounds.")] = 10,
    eval_deals: Annotated[int, typer.Option(help="Duplicate deals per evaluation.")] = 40,
    to_go: Annotated[bool, typer.Option(
        help="Learn from the reward still to come in the deal (Hearts: minus points taken).")
    ] = False,
    advisor: Annotated[str, typer.Option(
        help="An agent spec (heuristic) whose choice the network sees, with a learned bonus "
             "on it: the bot starts as that agent and learns where to deviate.")] = "",
    advisor_bonus: Annotated[float, typer.Option(
        help="The bonus on the advisor's action, in rewards over the game's scale: "
             "learned from this start with returns, a fixed margin with rollouts.")] = 0.5,
    play_margin: Annotated[str, typer.Option(
        help="Extra margin for overruling the advisor in the policy file, by action ids: "
             "0-51=0.3 (training is unchanged; allowed with --resume).")] = "",
    targets: Annotated[str, typer.Option(
        help="returns: learn each decision's reward (Deep Monte-Carlo); rollouts: try every "
             "legal action and play the deal out with the advisor, learn each one's result "
             "relative to the advisor's choice.")] = "returns",
    replay: Annotated[int, typer.Option(
        help="Rollout targets: the latest decisions kept to learn from again.")] = 16_384,
    reuse: Annotated[int, typer.Option(
        help="Rollout targets: gradient steps per batch of new decisions.")] = 8,
    resume: Annotated[bool, typer.Option(
        help="Go on from the checkpoint in --out (its settings; --steps may extend it).")
    ] = False,
    method: Annotated[str, typer.Option(
        help="dmc: Deep Monte-Carlo; distil: a search teacher's values of the advisor's "
             "candidate moves, learned by a move scorer (docs/learning.md).")] = "dmc",
    teacher: Annotated[str, typer.Option(
        help="distil: the search agent whose values are the targets.")] = "pimc:worlds=16",
    games: Annotated[int, typer.Option(help="distil: games to label.")] = 64,
    deals: Annotated[int, typer.Option(help="distil: deals labelled per game.")] = 3,
    workers: Annotated[int, typer.Option(
        help="distil: processes labelling games (the result does not depend on it).")] = 1,
    margin: Annotated[float, typer.Option(
        help="distil: how much higher (over the game's reward scale) a move must score "
             "than the advisor's to replace it.")] = 0.01,
) -> None:
    """Train a bot (needs the train extra): Deep Monte-Carlo against a pool of opponents,
    or a search teacher distilled into a move scorer (--method distil).

    Writes OUT/policy.npz, which plays as learned:OUT/policy.npz with numpy alone.
    """
    from parlour.rl import dmc

    dmc.require_torch()
    if method not in ("dmc", "distil"):
        raise ParlourError(f"--method {method!r}: expected dmc or distil")
    if method == "distil":
        distil(game, out, seed, games, deals, teacher, advisor or "heuristic", workers,
               hidden or "64,64", lr or 1e-3, batch or 256, margin, eval_every, eval_deals,
               resume)
        return
    if resume:
        trainer = dmc.Trainer.resume(
            out, steps=steps, play_margin=dmc.parse_margins(play_margin) if play_margin else None)
    else:
        if (out / "checkpoint.pt").exists():
            raise ParlourError(f"{str(out)!r} holds a run already: add --resume to go on, or "
                               "choose another --out")
        sizes = _sizes(hidden or "256,256")
        load_game(game)
        config = dmc.TrainConfig(game=game, seed=seed, steps=steps, num_envs=envs,
                                 steps_per_round=round_steps, hidden=sizes, lr=lr or 3e-4,
                                 batch=batch or 512, epsilon_steps=epsilon_steps, to_go=to_go,
                                 pool=dmc.parse_pool(pool), eval_every=eval_every,
                                 eval_deals=eval_deals, advisor=advisor,
                                 advisor_bonus=advisor_bonus, targets=targets,
                                 play_margin=dmc.parse_margins(play_margin),
                                 replay=replay, reuse=reuse)
        trainer = dmc.Trainer(config, out)
    run_with_progress(trainer)
    console.print(f"policy: {out / 'policy.npz'}  (play it as learned:{out / 'policy.npz'})")


def distil(game: str, out: Path, seed: int, games: int, deals: int, teacher: str,
           advisor: str, workers: int, hidden: str, lr: float, batch: int, margin: float,
           eval_every: int, eval_deals: int, resume: bool) -> None:
    """`parlour train --method distil`: see `parlour.rl.distil`."""
    from parlour.rl import distil

    if resume:
        run = distil.Distiller.resume(out, games=games)
    else:
        if (out / "checkpoint.pt").exists():
            raise ParlourError(f"{str(out)!r} holds a run already: add --resume to go on, or "
                               "choose another --out")
        load_game(game)
        config = distil.DistilConfig(
            game=game, seed=seed, games=games, deals=deals, teacher=teacher, advisor=advisor,
            workers=workers, hidden=_sizes(hidden), lr=lr, batch=batch,
            margin=margin, eval_every=eval_every, eval_deals=eval_deals)
        run = distil.Distiller(config, out)
    config = run.config
    console.print(f"labelling {config.games} games of {config.game} with {config.teacher} "
                  f"on {config.workers} worker(s)")
    with _progress() as progress:
        task = progress.add_task("distilling", total=config.rounds, completed=run.round,
                                 last="")

        def report(run: Any, row: dict[str, Any] | None) -> None:
            fields: dict[str, Any] = {}
            if row is not None:
                fields["last"] = f"heuristic {row['heuristic']:+.3f}"
                progress.console.print(
                    f"round {row['round']}: {row['decisions']:,} decisions; vs heuristic "
                    f"{row['heuristic']:+.3f} ± {row['heuristic_se']:.3f}, vs random "
                    f"{row['random']:+.3f}")
            progress.update(task, completed=run.round, **fields)

        run.run(report)
    console.print(f"policy: {out / 'policy.npz'}  (play it as learned:{out / 'policy.npz'})")


def _progress() -> Any:
    """A rich progress bar with time elapsed and left, and the last evaluation."""
    from rich.progress import (
        BarColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("{task.description}"), BarColumn(bar_width=20), TaskProgressColumn(),
               TimeElapsedColumn(), TimeRemainingColumn(), TextColumn("{task.fields[last]}"))
    return Progress(*columns, console=console, transient=False)


def _sizes(hidden: str) -> tuple[int, ...]:
    try:
        return tuple(int(h) for h in hidden.split(","))
    except ValueError:
        raise ParlourError(f"--hidden {hidden!r}: expected sizes like 256,256") from None


def run_with_progress(trainer: Any) -> None:
    """Run `trainer` under a rich progress bar that shows the last evaluation."""
    config = trainer.config
    total = config.rounds * config.num_envs * config.steps_per_round
    with _progress() as progress:
        task = progress.add_task("training", total=total, completed=trainer.decisions,
                                 last="")

        def report(trainer: Any, row: dict[str, Any] | None) -> None:
            fields: dict[str, Any] = {}
            if row is not None:
                text = f"heuristic {row.get('heuristic', float('nan')):+.3f}"
                if "random" in row:
                    text += f" random {row['random']:+.3f}"
                fields["last"] = text
                rate = trainer.moves / max(trainer.seconds, 1e-9)
                progress.console.print(
                    f"round {row['round']}: {row['decisions']:,} decisions; gain per deal vs "
                    f"{text.replace(' random', ', vs random')}; {rate:,.0f} moves/s")
            progress.update(task, completed=trainer.decisions, **fields)

        trainer.run(report)
