"""Hostile uploads: every way out of a bot's folder, and every bomb, is refused in one line."""

from __future__ import annotations

import io
import stat
import tarfile
import zipfile
from pathlib import Path

import pytest

from parlour.ladder.uploads import UploadError, UploadLimits, unpack


def tar_bytes(members: list[tarfile.TarInfo], data: dict[str, bytes] | None = None,
              mode: str = "w:gz") -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=mode) as tar:
        for info in members:
            payload = (data or {}).get(info.name)
            if payload is not None:
                info.size = len(payload)
                tar.addfile(info, io.BytesIO(payload))
            else:
                tar.addfile(info)
    return buffer.getvalue()


def regular(name: str, mode: int = 0o644) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.mode = mode
    return info


def zip_bytes(files: dict[str, bytes], modes: dict[str, int] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, payload in files.items():
            info = zipfile.ZipInfo(name)
            info.external_attr = ((modes or {}).get(name, stat.S_IFREG | 0o644)) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, payload)
    return buffer.getvalue()


def test_a_single_file_is_kept_under_its_own_name(tmp_path: Path) -> None:
    written = unpack(b"print('hi')\n", "../../bot.py", tmp_path / "v1")
    assert written == ["bot.py"]
    assert (tmp_path / "v1" / "bot.py").read_bytes() == b"print('hi')\n"


def test_a_tar_archive_unpacks_with_folders_and_the_executable_bit(tmp_path: Path) -> None:
    folder = regular("lib", 0o755)
    folder.type = tarfile.DIRTYPE
    data = tar_bytes([folder, regular("run.sh", 0o755), regular("lib/a.py")],
                     {"run.sh": b"#!/bin/sh\n", "lib/a.py": b"x = 1\n"})
    assert unpack(data, "bot.tar.gz", tmp_path / "v1") == ["lib/a.py", "run.sh"]
    assert (tmp_path / "v1" / "run.sh").stat().st_mode & 0o111
    assert not (tmp_path / "v1" / "lib" / "a.py").stat().st_mode & 0o111


def test_a_zip_archive_unpacks(tmp_path: Path) -> None:
    data = zip_bytes({"bot/main.py": b"pass\n", "bot/data.txt": b"1"})
    assert unpack(data, "bot.zip", tmp_path / "v1") == ["bot/data.txt", "bot/main.py"]


@pytest.mark.parametrize("name", ["../evil.py", "/etc/evil", "a/../../evil", "C:evil",
                                  "a\\..\\evil", "bad\nname"])
def test_names_that_leave_the_folder_are_refused(tmp_path: Path, name: str) -> None:
    for data, filename in ((tar_bytes([regular(name)], {name: b"x"}), "bot.tgz"),
                           (zip_bytes({name: b"x"}), "bot.zip")):
        with pytest.raises(UploadError, match=r"outside the bot's folder|plain relative path"):
            unpack(data, filename, tmp_path / "v1")
        assert not (tmp_path / "v1").exists()
    assert not (tmp_path.parent / "evil.py").exists()


def test_links_and_special_files_in_a_tar_are_refused(tmp_path: Path) -> None:
    for kind in (tarfile.SYMTYPE, tarfile.LNKTYPE, tarfile.FIFOTYPE, tarfile.CHRTYPE):
        link = regular("passwd")
        link.type = kind
        link.linkname = "/etc/passwd"
        with pytest.raises(UploadError, match="link or special file"):
            unpack(tar_bytes([link]), "bot.tar", tmp_path / "v1")
        assert not (tmp_path / "v1").exists()


def test_a_symbolic_link_in_a_zip_is_refused(tmp_path: Path) -> None:
    data = zip_bytes({"passwd": b"/etc/passwd"}, {"passwd": stat.S_IFLNK | 0o777})
    with pytest.raises(UploadError, match="link or special file"):
        unpack(data, "bot.zip", tmp_path / "v1")


def test_a_link_then_a_file_through_it_cannot_escape(tmp_path: Path) -> None:
    link = regular("out")
    link.type = tarfile.SYMTYPE
    link.linkname = str(tmp_path / "outside")
    data = tar_bytes([link, regular("out/evil.py")], {"out/evil.py": b"x"})
    with pytest.raises(UploadError):
        unpack(data, "bot.tar.gz", tmp_path / "v1")
    assert not (tmp_path / "outside").exists()


def test_a_zip_bomb_stops_at_the_unpacked_limit(tmp_path: Path) -> None:
    bomb = zip_bytes({"zeros.bin": bytes(200 << 20)})
    assert len(bomb) < 1 << 20
    with pytest.raises(UploadError, match="exceed the limit"):
        unpack(bomb, "bot.zip", tmp_path / "v1", UploadLimits(unpacked=8 << 20))
    assert not (tmp_path / "v1").exists()


def test_a_gzip_tar_bomb_stops_at_the_unpacked_limit(tmp_path: Path) -> None:
    bomb = tar_bytes([regular("zeros.bin")], {"zeros.bin": bytes(100 << 20)})
    with pytest.raises(UploadError, match="exceed the limit"):
        unpack(bomb, "bot.tar.gz", tmp_path / "v1", UploadLimits(unpacked=8 << 20))


def test_too_large_uploads_and_too_many_members_are_refused(tmp_path: Path) -> None:
    with pytest.raises(UploadError, match="is 2,000 bytes; the limit is 1,000"):
        unpack(bytes(2000), "bot.py", tmp_path / "a", UploadLimits(size=1000))
    many = zip_bytes({f"f{i}.txt": b"" for i in range(20)})
    with pytest.raises(UploadError, match="more than 10 members"):
        unpack(many, "bot.zip", tmp_path / "b", UploadLimits(files=10))


def test_duplicate_members_and_damaged_archives_are_refused(tmp_path: Path) -> None:
    twice = tar_bytes([regular("a.py"), regular("./a.py")], {"a.py": b"1", "./a.py": b"2"})
    with pytest.raises(UploadError, match="appears twice"):
        unpack(twice, "bot.tar.gz", tmp_path / "a")
    with pytest.raises(UploadError, match="not a readable zip"):
        unpack(b"PK\x03\x04 garbage", "bot.zip", tmp_path / "b")
    with pytest.raises(UploadError, match=r"not a readable tar|damaged"):
        unpack(b"\x1f\x8b\x08 garbage", "bot.tar.gz", tmp_path / "c")
    with pytest.raises(UploadError, match="holds no file"):
        unpack(zip_bytes({}), "bot.zip", tmp_path / "d")
