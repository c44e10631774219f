"""A Dask worker of ``rulebooks mutate`` unpacks the campaign's archive into this user's
private folder (mode 0700), and trusts a folder found there only once it holds the archive's
files: on a shared host another user cannot plant code for it to run."""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path

import pytest

from rulebooks.mutation import dask_worker


@pytest.fixture
def tmp_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The temporary folder the workers use, here a fresh one."""
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(dask_worker, "_VERIFIED", set(), raising=False)
    return tmp_path


def an_archive(root: Path) -> tuple[bytes, str]:
    (root / "engine").mkdir(parents=True)
    (root / "engine" / "rules.py").write_text("RULE = 'the real one'\n", "utf-8")
    (root / "conftest.py").write_text("", "utf-8")
    data = dask_worker.project_archive(root)
    return data, hashlib.sha256(data).hexdigest()


def test_the_archive_is_unpacked_in_a_private_folder_of_this_user(tmp_dir: Path) -> None:
    data, digest = an_archive(tmp_dir / "project")
    folder = dask_worker.unpacked(data, digest)
    root = tmp_dir / f"rulebooks-{os.getuid()}"
    assert folder.parent == root
    info = os.lstat(root)
    assert stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
    assert stat.S_IMODE(info.st_mode) & 0o077 == 0
    assert (folder / "engine" / "rules.py").read_text("utf-8") == "RULE = 'the real one'\n"
    dask_worker.discard(digest)
    assert list(root.iterdir()) == []


def test_a_planted_folder_of_that_digest_is_not_trusted(tmp_dir: Path) -> None:
    data, digest = an_archive(tmp_dir / "project")
    planted = dask_worker.folder_of(digest)
    (planted / "engine").mkdir(parents=True)
    (planted / "engine" / "rules.py").write_text("import os  # someone else's code\n", "utf-8")
    (planted / "conftest.py").write_text("", "utf-8")
    folder = dask_worker.unpacked(data, digest)
    assert (folder / "engine" / "rules.py").read_text("utf-8") == "RULE = 'the real one'\n"


@pytest.mark.parametrize("unsafe", ["open to all", "a link"])
def test_a_shared_or_linked_root_is_refused(tmp_dir: Path, unsafe: str) -> None:
    root = tmp_dir / f"rulebooks-{os.getuid()}"
    if unsafe == "open to all":
        root.mkdir()
        root.chmod(0o777)
    else:
        (tmp_dir / "elsewhere").mkdir(mode=0o700)
        root.symlink_to(tmp_dir / "elsewhere")
    data, digest = an_archive(tmp_dir / "project")
    with pytest.raises(dask_worker.UnsafeFolder, match="is not a private folder of this user"):
        dask_worker.unpacked(data, digest)


def test_an_archive_that_is_not_its_digest_is_refused(tmp_dir: Path) -> None:
    data, digest = an_archive(tmp_dir / "project")
    with pytest.raises(dask_worker.UnsafeFolder, match="does not have its digest"):
        dask_worker.unpacked(data + b"x", digest)
