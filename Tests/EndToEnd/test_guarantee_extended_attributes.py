"""Issue 17: a rewrite keeps the `user.*` extended attributes and the access ACL of the file it
replaces, as it keeps its mode and owner (README, guarantee 17): the history on every save, the
settings on `set`, and a file an export replaces. Best effort, and the order matters: the ACL is set
after the mode, whose group bits are its mask, so `getfacl` shows the same before and after."""

import os
import shutil
import subprocess

import pytest


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is missing: run Scripts/setup-system --test (Debian packages attr and acl)")
    return path


@pytest.fixture
def tools(tmp_path):
    """setfattr, getfattr, setfacl and getfacl, and a folder whose file system has user attributes:
    a test that skipped there would prove nothing, so it fails instead."""
    probe = tmp_path / "probe"
    probe.write_text("")
    try:
        os.setxattr(probe, "user.probe", b"1")
    except OSError as error:
        pytest.fail(f"{tmp_path} has no user extended attributes ({error}); run the tests on ext4, or tmpfs "
                    "on Linux 6.6 or later")
    probe.unlink()
    return {name: _tool(name) for name in ("setfattr", "getfattr", "setfacl", "getfacl")}


def _decorate(tools, path):
    """Gives `path` two user attributes (one of binary bytes) and an ACL for `nobody` and a group."""
    subprocess.run([tools["setfattr"], "-n", "user.xdg.tags", "-v", "storm,2026", str(path)], check=True)
    subprocess.run([tools["setfattr"], "-n", "user.checksum", "-v", "0x00ff10", str(path)], check=True)
    subprocess.run([tools["setfacl"], "-m", "u:65534:rw,g:100:r", str(path)], check=True)


def _metadata(tools, path) -> tuple[str, str, int]:
    """What getfattr and getfacl show, and the mode."""
    attributes = subprocess.run(
        [tools["getfattr"], "--absolute-names", "-d", "-e", "hex", "-m", "^user\\.", str(path)],
        check=True, capture_output=True, text=True,
    ).stdout
    acl = subprocess.run(
        [tools["getfacl"], "--absolute-names", "--numeric", str(path)], check=True, capture_output=True, text=True
    ).stdout
    return attributes, acl, os.stat(path).st_mode


def _rewritten(sandbox, tools, path, first: tuple[str, ...], then: tuple[str, ...]):
    result = sandbox.run(*first)
    assert result.status == 0, result.stderr
    _decorate(tools, path)
    before = _metadata(tools, path)
    assert "user.xdg.tags" in before[0] and "user:65534:rw-" in before[1] and "mask::rw-" in before[1]
    inode = os.stat(path).st_ino
    result = sandbox.run(*then)
    assert result.status == 0, result.stderr
    assert os.stat(path).st_ino != inode, "not replaced: the test proves nothing"
    assert _metadata(tools, path) == before


def test_the_history_keeps_its_attributes_and_acl_on_every_save(sandbox, tools):
    _rewritten(sandbox, tools, sandbox.history_path, ("add", "5"), ("add", "6"))
    _rewritten(sandbox, tools, sandbox.history_path, ("add", "7"), ("delete", "1"))


def test_the_settings_keep_their_attributes_and_acl(sandbox, tools):
    _rewritten(sandbox, tools, sandbox.settings_path, ("set", "unit", "mi"), ("set", "temperature", "25"))


def test_an_exported_file_keeps_its_attributes_and_acl(sandbox, tools, tmp_path):
    assert sandbox.run("add", "5").status == 0
    path = tmp_path / "storms.csv"
    _rewritten(sandbox, tools, path, ("export", "csv", str(path)), ("export", "json", str(path)))
    assert path.read_text().startswith("[")
