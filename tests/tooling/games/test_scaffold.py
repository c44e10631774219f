"""``rulebooks new``: a name it cannot use, or a folder it cannot write to, is refused in one
line (exit 2), and nothing is left behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebooks import cli


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "'' is not a game name"),
        ("class", "'class' is a Python keyword"),
        ("3dice", "'3dice' is not a game name"),
        ("dice/x", "'dice/x' is not a game name"),
        ("dice\n", "'dice\\n' is not a game name"),
        ("d" * 300, "a game name of 300 characters is too long (at most 40)"),
    ],
    ids=["empty", "keyword", "digit-first", "path-separator", "newline", "too-long"],
)
def test_new_refuses_a_bad_name_in_one_line(
    name: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["new", name, "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {message}") and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []


def test_new_refuses_a_folder_it_cannot_create_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("", "utf-8")
    assert cli.main(["new", "dice", "--dir", str(afile)]) == 2
    assert capsys.readouterr().err == (
        f"error: {afile} is not a folder: --dir names the folder to create it in\n"
    )


def test_a_failure_while_writing_leaves_no_half_skeleton(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    written: list[Path] = []
    write_text = Path.write_text

    def full_disk(self: Path, *args: object, **kwargs: object) -> int:
        if len(written) == 3:
            raise OSError(28, "No space left on device")
        written.append(self)
        return write_text(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", full_disk)
    assert cli.main(["new", "dice", "--dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"error: cannot create {tmp_path / 'dice'}: No space left on device\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_the_skeleton_folder_is_made_as_mkdir_makes_one(tmp_path: Path) -> None:
    from rulebooks.games.scaffold import _umask, new_game

    folder = new_game("dice", tmp_path)
    assert folder.stat().st_mode & 0o777 == 0o777 & ~_umask()
    assert (folder / "dice_engine" / "game.py").is_file()
    assert [path.name for path in tmp_path.iterdir()] == ["dice"]
