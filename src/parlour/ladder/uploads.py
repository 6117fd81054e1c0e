"""A submitted bot's files, unpacked safely into its version's folder.

An upload is a single file (kept under its own name) or an archive (``.zip``, ``.tar``,
``.tar.gz``/``.tgz``, ``.tar.bz2``, ``.tar.xz``) unpacked as it is. Everything an author sends
is hostile until shown otherwise, so unpacking refuses, with one line naming the member:

- more bytes than `UploadLimits.size` sent, or than `UploadLimits.unpacked` unpacked (a bomb
  is stopped while it inflates, counted by the bytes actually written, not by the sizes the
  archive claims), or more than `UploadLimits.files` members;
- a name that is absolute, holds ``..``, a drive or a backslash, or is not printable text;
- links (symbolic or hard), devices, pipes: only regular files and folders are written;
- two members with one name.

Files are written with mode 0o644 (0o755 where the archive marks them executable) into a
fresh folder, and nothing is followed: a folder is created only under the destination.
"""

from __future__ import annotations

import io
import os
import stat
import tarfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path, PurePosixPath
from typing import IO

from parlour.core import ParlourError

ARCHIVES = (".zip", ".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
CHUNK = 1 << 16


class UploadError(ParlourError):
    """An upload that cannot be accepted: too large, malformed, or unsafe to unpack."""


@dataclass(frozen=True)
class UploadLimits:
    """What one submission may hold."""

    size: int = 8 << 20
    """Bytes sent (the file or the archive)."""
    unpacked: int = 64 << 20
    """Bytes of all files after unpacking."""
    files: int = 1000
    """Members of an archive (files and folders)."""


@dataclass(frozen=True)
class Member:
    """One regular file or folder of an archive, with a way to read its bytes."""

    name: str
    folder: bool
    executable: bool
    open: Callable[[], IO[bytes]]
    """Gives the member's bytes as a stream (unused for a folder)."""


def is_archive(filename: str) -> bool:
    """Whether `filename` names an archive this module unpacks."""
    return filename.lower().endswith(ARCHIVES)


def safe_name(name: str, context: str) -> PurePosixPath:
    """`name` as a relative path that stays inside its folder, or an `UploadError`."""
    if not name or len(name) > 255 or not name.isprintable() or "\\" in name:
        raise UploadError(f"{context}: the name {name!r} is not a plain relative path")
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or (path.parts and ":" in path.parts[0]):
        raise UploadError(f"{context}: {name!r} would be written outside the bot's folder")
    parts = [part for part in path.parts if part != "."]
    if not parts:
        raise UploadError(f"{context}: the name {name!r} is not a plain relative path")
    return PurePosixPath(*parts)


def unpack(data: bytes, filename: str, destination: Path,
           limits: UploadLimits = UploadLimits()) -> list[str]:
    """Write the upload `data` (named `filename`) into the new folder `destination`; return
    the files written (relative names, sorted). Nothing is left behind on an error."""
    if not data:
        raise UploadError(f"upload {filename!r} is empty")
    if len(data) > limits.size:
        raise UploadError(f"upload {filename!r} is {len(data):,} bytes; the limit is "
                          f"{limits.size:,}")
    destination.mkdir(parents=True, exist_ok=False)
    try:
        if is_archive(filename):
            written = _unpack_archive(data, filename, destination, limits)
        else:
            name = safe_name(Path(filename).name, f"upload {filename!r}")
            _write(destination / name, io.BytesIO(data), executable=False,
                   budget=[limits.unpacked], context=f"upload {filename!r}")
            written = [str(name)]
    except BaseException:
        _remove_tree(destination)
        raise
    if not written:
        _remove_tree(destination)
        raise UploadError(f"upload {filename!r} holds no file")
    return sorted(written)


def _unpack_archive(data: bytes, filename: str, destination: Path,
                    limits: UploadLimits) -> list[str]:
    context = f"archive {filename!r}"
    budget = [limits.unpacked]
    written: list[str] = []
    seen: set[PurePosixPath] = set()
    for count, member in enumerate(_members(data, filename), start=1):
        if count > limits.files:
            raise UploadError(f"{context} has more than {limits.files} members")
        name = safe_name(member.name, context)
        if name in seen:
            raise UploadError(f"{context}: {member.name!r} appears twice")
        seen.add(name)
        target = destination.joinpath(*name.parts)
        _make_folders(destination, name.parent, context)
        if member.folder:
            _make_folders(destination, name, context)
            continue
        with member.open() as stream:
            _write(target, stream, member.executable, budget, f"{context}: {member.name!r}")
        written.append(str(name))
    return written


def _members(data: bytes, filename: str) -> Iterator[Member]:
    """The members of a zip or tar archive; a link, device or pipe is an `UploadError`."""
    if filename.lower().endswith(".zip"):
        yield from _zip_members(data, f"archive {filename!r}")
    else:
        yield from _tar_members(data, f"archive {filename!r}")


def _zip_members(data: bytes, context: str) -> Iterator[Member]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError) as error:
        raise UploadError(f"{context} is not a readable zip file ({error})") from None
    with archive:
        for info in archive.infolist():
            mode = info.external_attr >> 16
            if mode and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                raise UploadError(f"{context}: {info.filename!r} is a link or special file; "
                                  "only plain files are accepted")
            yield Member(info.filename, info.is_dir(), bool(mode & 0o111),
                         partial(archive.open, info))


def _tar_members(data: bytes, context: str) -> Iterator[Member]:
    try:
        tar = tarfile.open(fileobj=io.BytesIO(data), mode="r:*")  # noqa: SIM115 (closed below)
    except (tarfile.TarError, EOFError, OSError) as error:
        raise UploadError(f"{context} is not a readable tar file ({error})") from None
    with tar:
        try:
            for info in tar:
                if not (info.isfile() or info.isdir()):
                    raise UploadError(f"{context}: {info.name!r} is a link or special file; "
                                      "only plain files are accepted")
                yield Member(info.name, info.isdir(), bool(info.mode & 0o111),
                             partial(_tar_stream, tar, info))
        except (tarfile.TarError, EOFError, OSError, zlib_error()) as error:
            raise UploadError(f"{context} is damaged ({error})") from None


def zlib_error() -> type[Exception]:
    """The exception a damaged gzip or deflate stream raises."""
    import zlib

    return zlib.error


def _tar_stream(tar: tarfile.TarFile, info: tarfile.TarInfo) -> IO[bytes]:
    stream = tar.extractfile(info)
    if stream is None:
        raise UploadError(f"archive member {info.name!r} cannot be read")
    return stream


def _make_folders(root: Path, relative: PurePosixPath, context: str) -> None:
    """Create `relative` under `root`, one level at a time, never through a link."""
    current = root
    for part in relative.parts:
        current = current / part
        if current.is_symlink() or (current.exists() and not current.is_dir()):
            raise UploadError(f"{context}: {str(relative)!r} clashes with a file")
        current.mkdir(exist_ok=True)


def _write(target: Path, stream: IO[bytes], executable: bool, budget: list[int],
           context: str) -> None:
    """Copy `stream` to the new file `target`, drawing on the shared byte `budget`."""
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW,
                             0o755 if executable else 0o644)
    except FileExistsError:
        raise UploadError(f"{context} clashes with a file of the same name") from None
    with os.fdopen(descriptor, "wb") as out:
        while True:
            try:
                chunk = stream.read(CHUNK)
            except (OSError, EOFError, ValueError, zipfile.BadZipFile, tarfile.TarError,
                    zlib_error()) as error:
                raise UploadError(f"{context} is damaged ({error})") from None
            if not chunk:
                break
            budget[0] -= len(chunk)
            if budget[0] < 0:
                raise UploadError(f"{context}: the unpacked files exceed the limit of "
                                  "the upload")
            out.write(chunk)


def _remove_tree(folder: Path) -> None:
    """Delete `folder` and what it holds, without following links."""
    if not folder.exists():
        return
    for root, folders, names in os.walk(folder, topdown=False):
        for name in names:
            os.unlink(os.path.join(root, name))
        for name in folders:
            path = os.path.join(root, name)
            if os.path.islink(path):
                os.unlink(path)
            else:
                os.rmdir(path)
    os.rmdir(folder)
