"""A progress bar with rate and time left, on a terminal only: piped output stays clean."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TypeVar

T = TypeVar("T")


def with_progress(items: Iterator[T], total: int, label: str) -> Iterator[T]:
    """Pass items through, advancing a bar on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        yield from items
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("[progress.data.speed]{task.fields[rate]}"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total, rate="")
        for item in items:
            progress.advance(task)
            speed = progress.tasks[0].speed
            progress.update(task, rate=f"{speed:.1f} games/s" if speed else "")
            yield item
