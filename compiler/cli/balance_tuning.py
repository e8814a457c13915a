"""`nus balance FILE --tune-evaluation`: evaluation rates tuned by self-play (runtime/analysis/tuning.py), checked
against the starting rates on fresh seeds, and written as a copy of evaluation.toml a project can use."""

from __future__ import annotations

import argparse
import json
import re
import resource
import shlex
import sys
import time
from importlib import resources
from pathlib import Path

from compiler.cli.common import ERRORS, INTERRUPTED, OK, UsageError, checked_file, report, writing
from compiler.cli.output import check_writable, write_all
from compiler.cli.project_files import card_loader
from compiler.diagnostics import printable
from runtime.model.data import EVALUATION, in_use, package_file
from runtime.wording import counted

DEFAULT_BUDGET = 1200  # games the search plays: 50 steps of 8 candidates at 3 players, about 7 min CPU here
DEFAULT_CHECK = 600  # games of the final check: 200 fresh seeds, each seat in turn


def register_options(command) -> None:
    command.add_argument(
        "--tune-evaluation",
        action="store_true",
        help="search evaluation rates that beat the ones in use, by self-play (see --budget, --write-evaluation)",
    )
    command.add_argument(
        "--budget", type=int, default=DEFAULT_BUDGET, metavar="G", help="with --tune-evaluation: games the search plays"
    )
    command.add_argument(
        "--check-games",
        type=int,
        default=DEFAULT_CHECK,
        metavar="G",
        help="with --tune-evaluation: games checking the best rates on fresh seeds",
    )
    command.add_argument(
        "--rates",
        metavar="A,B,...",
        help="with --tune-evaluation: the rates tuned, e.g. supply.wood,reserve.gold (default: all)",
    )
    command.add_argument(
        "--write-evaluation", metavar="OUT", help="with --tune-evaluation: write the tuned copy of evaluation.toml"
    )


INCOMPATIBLE = ("against", "card", "even", "ladder", "agents", "html", "precision", "playtests", "write_suggestions")


def run(args: argparse.Namespace) -> int:
    from runtime.analysis.runner import Source, default_jobs
    from runtime.analysis.tuning import TuningError, tune
    from runtime.players.evaluation import load_rates

    players = check(args)
    evaluation = in_use_evaluation()
    inputs = [args.file, evaluation, str(package_evaluation())]
    out = Path(args.write_evaluation) if args.write_evaluation else None
    if out is not None:  # refused now, not after every game was played
        writing(lambda: check_writable(out, inputs), out)
    text, checked = checked_file(args.file)
    if not report(args.file, text, checked):
        return ERRORS
    names = [name.strip() for name in args.rates.split(",")] if args.rates else []
    started, cpu = time.monotonic(), cpu_seconds()
    try:
        tuning = tune(
            Source(text, args.file, card_loader()),
            load_rates(),
            names,
            budget=args.budget,
            check_games=args.check_games,
            seed=args.seed,
            players=players,
            agent=args.agent,
            workers=args.jobs or default_jobs(),
            cluster=args.cluster,
            progress=lambda line: print(printable(line), file=sys.stderr),
        )
    except TuningError as error:
        raise UsageError(str(error)) from None
    result = as_json(tuning, args, evaluation)
    result["run"] = {"wall_seconds": round(time.monotonic() - started, 1), "cpu_seconds": round(cpu_seconds() - cpu, 1)}
    if out is not None:
        writing(lambda: write_all({out: tuned_file(tuning, result)}, inputs), out)
        print(printable(f"wrote {out}"), file=sys.stderr)
    if args.format == "json":
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
    else:
        for line in summary(result):
            print(printable(line))
    if tuning.interrupted:
        print(f"nus balance: interrupted after {counted(tuning.games, 'game')}; kept the best found", file=sys.stderr)
        return INTERRUPTED
    return OK


def cpu_seconds() -> float:
    """CPU time of this process and of its worker processes that have ended (each step's workers end with it)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def check(args: argparse.Namespace) -> int:
    """The one player count tuned at; options that measure cards refused."""
    given = [f"--{name.replace('_', '-')}" for name in INCOMPATIBLE if getattr(args, name, None)]
    if given:
        raise UsageError(f"{given[0]} measures cards; --tune-evaluation tunes the players' rates (run them apart)")
    if len(args.players) > 1:
        raise UsageError("--tune-evaluation tunes at one player count: --players 3")
    if args.format == "csv":
        raise UsageError("--tune-evaluation reports as a table or as JSON (--format json)")
    if args.agent == "random":
        raise UsageError("a random player judges no table: tune the rates of greedy, search or plan (--agent)")
    if args.budget < 1 or args.check_games < 1:
        raise UsageError("--budget and --check-games count games: give a whole number above 0")
    return args.players[0]


def in_use_evaluation() -> str:
    """Where the evaluation in use was read: a project's copy, or the package's."""
    file = next(file for file in in_use() if file.kind == EVALUATION)
    return str(package_evaluation()) if file == package_file(EVALUATION) else file.path


def package_evaluation() -> Path:
    return Path(str(resources.files("runtime.players").joinpath(EVALUATION)))


def as_json(tuning, args: argparse.Namespace, evaluation: str) -> dict:
    from runtime.analysis.tuning import changes

    space = tuning.space
    best = tuning.best
    seen = tuning.evaluated.get(best, [])
    result = {
        "command": command_line(),
        "players": tuning.players,
        "agent": tuning.agent,
        "seed": tuning.seed,
        "starting_rates": {"file": evaluation, **space.start.flat()},
        "tuned": tuning.best_rates.flat(),
        "changed": changes(space, best),
        "search": {
            "rates_tuned": list(space.names),
            "budget": tuning.budget,
            "games": tuning.games,
            "steps": tuning.steps,
            "candidates": len(tuning.evaluated),
            "seeds": seed_range(tuning.search_seeds),
            "best_seeds_played": len(seen),
            "best_model_lead": round(tuning.model.value(best), 4),
        },
        "interrupted": tuning.interrupted,
        "check": None,
    }
    if tuning.check is not None:
        win, lead = tuning.check.standing.win_rate, tuning.check.standing.lead
        result["check"] = {
            "seeds": seed_range(tuning.check.seeds),
            "games": win.n,
            "even": round(1 / tuning.players, 4),
            "win_share": round(win.mean, 4),
            "ci_low": round(win.low, 4),
            "ci_high": round(win.high, 4),
            "lead": round(lead.mean, 4),
            "lead_ci_low": round(lead.low, 4),
            "lead_ci_high": round(lead.high, 4),
            "beats": tuning.check.beats,
        }
    return result


def seed_range(seeds: range) -> list[int]:
    """The first and last seed."""
    return [seeds.start, seeds.stop - 1]


def command_line() -> str:
    return shlex.join(["nus", *sys.argv[1:]])


def summary(result: dict) -> list[str]:
    search = result["search"]
    return [
        f"tuned {len(search['rates_tuned'])} rates with {result['agent']} players at {result['players']} players: "
        f"{search['games']:,} games, {search['candidates']} candidates (seeds {seeds_text(search['seeds'])})",
        "changed: " + changed_text(result),
        *check_lines(result),
        f"{result['run']['wall_seconds']} s wall, {result['run']['cpu_seconds']} s CPU",
    ]


def seeds_text(seeds: list[int]) -> str:
    return f"{seeds[0]}-{seeds[1]}"


def changed_text(result: dict) -> str:
    """The rates the run changed, from and to: `supply.wood 0.25 -> 0.5, ...`."""
    start = result["starting_rates"]
    return ", ".join(f"{name} {start[name]:g} -> {value:g}" for name, value in result["changed"].items()) or "none"


def check_lines(result: dict) -> list[str]:
    """The final check said in words, as the written file's header says it."""
    check = result["check"]
    if check is None:
        return ["no final check: the run was interrupted (the best found so far is kept, unchecked)"]
    verdict = "beats" if check["beats"] else "does not beat"
    return [
        f"final check on fresh seeds {seeds_text(check['seeds'])} ({check['games']:,} games, seats rotated):",
        f"  win share {check['win_share']:.3f} [{check['ci_low']:.3f}, {check['ci_high']:.3f}] (95% Wilson) against",
        f"  the starting rates, even {check['even']:.3f}: {verdict} them; score lead {check['lead']:+.2f}"
        f" [{check['lead_ci_low']:+.2f}, {check['lead_ci_high']:+.2f}] VP a game",
    ]


RATE_LINE = re.compile(r"^(?P<key>[A-Za-z_][A-Za-z0-9_]*)(?P<eq>\s*=\s*)(?P<value>[-+0-9.eE]+)(?P<rest>.*)$")


TUNED_HEAD = "# Tuned by self-play (nus balance --tune-evaluation, docs/balance.md):"


def without_tuning_header(text: str) -> str:
    """An evaluation.toml without the header a tuning run wrote over it (the package's own rates were tuned so), so
    a copy tuned from it says only how it was found itself."""
    if not text.startswith(TUNED_HEAD):
        return text
    return text.split("\n\n", 1)[1] if "\n\n" in text else ""


def tuned_file(tuning, result: dict) -> str:
    """The package's evaluation.toml with every rate set to the tuned one (its comments kept), under a header saying
    how it was found."""
    rates = tuning.best_rates.flat()
    section = ""
    lines = []
    for line in without_tuning_header(package_file(EVALUATION).text).splitlines():
        header = re.match(r"^\[(\w+)\]", line)
        found = RATE_LINE.match(line)
        if header:
            section = header.group(1)
        elif found and f"{section}.{found['key']}" in rates:
            value = rates[f"{section}.{found['key']}"]
            line = f"{found['key']}{found['eq']}{value!r}{found['rest']}"
        lines.append(line)
    search = result["search"]
    head = [
        TUNED_HEAD,
        f"#   {result['command']}",
        f"# Search: {search['games']:,} games ({result['agent']} players, {result['players']} players, seeds"
        f" {seeds_text(search['seeds'])}), {search['candidates']} candidates over {len(search['rates_tuned'])} rates.",
        "# Changed from the starting rates: " + changed_text(result),
        *(f"# {line}" for line in check_lines(result)),
        "",
    ]
    return "\n".join(head + lines) + "\n"
