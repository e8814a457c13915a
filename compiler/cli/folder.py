"""A build's files written into their folder all together or not at all, even when the run is killed.

Every target is checked first: a directory (or anything but a file) where a file goes is named, and nothing is
written. Then the files are written into a fresh folder beside the output folder, and the two folders are swapped
in one step (Linux's renameat2 with RENAME_EXCHANGE; elsewhere the old folder is moved aside and the new one moved
in, a moment in which the folder is absent but never mixed). The files of the old folder that are no target of this
build (`nus docs` beside the Python of `nus build`) are carried into the new one as hard links.

A folder that is not the build's alone (one with subfolders, the current directory or one holding an input: `-o .`)
is never swapped: its files are staged beside their targets and replaced one by one, and a failure midway names the
files already replaced. Either way, what a killed run left (`.NAME.*.tmp` files, `.FOLDER.new-*` and `.FOLDER.old-*`
folders) is swept by the next run, which holds a lock on the parent folder while it writes, so two runs never sweep
each other's work.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from compiler.cli import output

try:
    import fcntl
except ImportError:  # not on Windows: runs are not locked against each other there
    fcntl = None

RENAME_EXCHANGE = 2  # linux/fs.h
AT_FDCWD = -100


class TargetError(OSError):
    """A file-system failure at one target, which the message names (its filename) rather than the folder."""


class PartlyWritten(TargetError):
    """A failure after some files of a folder that is not the build's alone were replaced: it names them."""


def write_folder(out: Path, files: dict[str, str | bytes], inputs: Iterable[str | Path] = ()) -> list[Path]:
    """Write `files` (name -> text or bytes) into the folder `out`, all or nothing; returns the files written. Raises
    OverwritesInput or OSError (its filename the file or folder at fault) with the folder as it was."""
    targets = {out / name: content for name, content in files.items()}
    output.refuse_inputs(targets, inputs)
    for target in targets:
        check_target(target)
    folder = Path(os.path.realpath(out)) if out.is_symlink() else out  # a link to a folder: the folder is swapped
    with locked(folder.parent if folder.parent.exists() else Path(".")):
        sweep(folder, files)
        if swappable(folder, inputs):
            swap_in(folder, files)
        else:
            replace_each(targets)
    return list(targets)


def check_target(target: Path) -> None:
    """A target that is there already must be a file (or a link to one) the build can replace."""
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return
    if stat.S_ISDIR(mode):
        raise TargetError(errno.EISDIR, "a directory is in the way; remove it or choose another folder", str(target))
    if not stat.S_ISREG(mode):
        raise TargetError(errno.EEXIST, "something other than a file is in the way", str(target))


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """An exclusive lock on the folder itself (flock on its descriptor): runs writing beside each other wait in turn."""
    if fcntl is None:
        yield
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def sweep(out: Path, names: Iterable[str]) -> None:
    """Remove what runs killed before this one left: staged files of the targets, staging and old folders."""
    if out.is_dir():
        for name in names:
            for stale in out.glob(f".{glob_escaped(name)}.*.tmp"):
                with contextlib.suppress(FileNotFoundError):
                    stale.unlink()
    for kind in ("new", "old"):
        for stale in out.parent.glob(f".{glob_escaped(out.name)}.{kind}-*"):
            if stale.is_dir() and not stale.is_symlink():
                shutil.rmtree(stale, ignore_errors=True)


def glob_escaped(name: str) -> str:
    return "".join(f"[{char}]" if char in "*?[" else char for char in name)


def swappable(out: Path, inputs: Iterable[str | Path]) -> bool:
    """Whether the folder is the build's alone: absent, or a folder of files only (no subfolder), not a mount point,
    not the current directory or above it, holding no input."""
    if not out.exists():
        return not out.is_symlink()
    if not out.is_dir() or os.path.ismount(out):
        return False
    here, folder = Path.cwd().resolve(), out.resolve()
    if folder == here or folder in here.parents:
        return False
    if any(Path(path).resolve().parent == folder for path in inputs if str(path) != "-"):
        return False
    return all(entry.is_file(follow_symlinks=False) or entry.is_symlink() for entry in os.scandir(out))


def swap_in(out: Path, files: dict[str, str | bytes]) -> None:
    """The files written into a fresh folder beside `out` (the old folder's other files linked in), then swapped in."""
    fresh = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.new-"))
    try:
        mode = stat.S_IMODE(out.stat().st_mode) if out.exists() else 0o777 & ~output.current_umask()
        for name, content in files.items():
            os.replace(output.stage(fresh / name, content), fresh / name)
        if out.exists():
            for entry in os.scandir(out):
                if entry.name not in files:
                    os.link(entry.path, fresh / entry.name, follow_symlinks=False)
        os.chmod(fresh, mode)
        synced(fresh)
        if not out.exists():
            os.rename(fresh, out)
        elif not exchanged(fresh, out):
            aside = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.old-"))
            os.rename(out, aside / out.name)
            os.rename(fresh, out)
            fresh = aside
        synced(out.parent)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)  # the staging folder, or after the swap the old build


def exchanged(one: Path, other: Path) -> bool:
    """Swap two folders in one step; False where the system cannot (not Linux, an old kernel or file system)."""
    import ctypes  # not at import: only a build's swap calls the system's renameat2

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    if renameat2(AT_FDCWD, os.fsencode(one), AT_FDCWD, os.fsencode(other), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(other))


def synced(folder: Path) -> None:
    """The folder's entries on disk (its renames survive a power cut); skipped where a folder cannot be opened."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def replace_each(targets: dict[Path, str | bytes]) -> None:
    """Every file staged beside its target, then each renamed into place; a failure midway names the files replaced
    already (their old versions are gone) and removes the staged rest."""
    staged: list[tuple[Path, str]] = []
    replaced: list[Path] = []
    try:
        for target, content in targets.items():
            staged.append((target, output.stage(target, content)))
        for target, temporary in staged:
            try:
                os.replace(temporary, target)
            except OSError as error:
                if not replaced:
                    raise
                names = ", ".join(path.name for path in replaced)
                raise PartlyWritten(error.errno, f"{error.strerror}; replaced already: {names}", str(target)) from None
            replaced.append(target)
    finally:
        for _, temporary in staged:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
