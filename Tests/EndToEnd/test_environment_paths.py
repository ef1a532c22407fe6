"""Where the files go when the environment names them: `STORMRANGE_HISTORY` and the XDG variables
reach the system as the bytes they hold, even when those are not UTF-8, and messages show such a
name escaped (`\\x{FC}`); without HOME, the home directory comes from the password database, and
without one there, stormrange refuses to start rather than write under `/`."""

import os
import plistlib
import pwd
import shutil
import subprocess

import pytest

from conftest import RUN_TIMEOUT, sample_entry, show_rows
from guarantee_support import as_user, binary_for_users, shared_directory

LATIN1 = b"Z\xfcrich"  # "Zürich" in Latin-1: not UTF-8


def bytes_env(sandbox, **values: bytes) -> dict:
    env = {key.encode(): value.encode() for key, value in sandbox.env.items()}
    env.update({key.encode(): value for key, value in values.items()})
    return env


def files_directory(tmp_path) -> bytes:
    """An empty directory of its own (tmp_path also holds the sandbox's home)."""
    (tmp_path / "files").mkdir()
    return os.fsencode(tmp_path / "files")


def run(sandbox, *args, env: dict, cwd=None, **popen) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sandbox.binary, *args], env=env, cwd=cwd or sandbox.home, capture_output=True, timeout=RUN_TIMEOUT,
        stdin=subprocess.DEVNULL, **popen,
    )


# --- Names that are not UTF-8 ----------------------------------------------------------------------


def test_stormrange_history_that_is_not_utf8_names_exactly_that_file(sandbox, tmp_path):
    directory = files_directory(tmp_path)
    env = bytes_env(sandbox, STORMRANGE_HISTORY=directory + b"/" + LATIN1 + b".plist")
    result = run(sandbox, "add", "6", env=env)
    assert result.returncode == 0, result.stderr
    assert sorted(os.listdir(directory)) == [LATIN1 + b".plist", LATIN1 + b".plist.lock"]
    assert plistlib.loads(open(directory + b"/" + LATIN1 + b".plist", "rb").read())[0]["delay"] == 6.0
    result = run(sandbox, "show", env=env)
    assert [index for index, _ in show_rows(result.stdout.decode())] == [1]


@pytest.mark.parametrize("variable, command, inside", [
    ("XDG_DATA_HOME", ("add", "6"), b"stormrange/SavedHistory.plist"),
    ("XDG_CONFIG_HOME", ("set", "unit", "mi"), b"stormrange/settings.plist"),
])
def test_xdg_variables_that_are_not_utf8_name_exactly_that_directory(sandbox, tmp_path, variable, command, inside):
    directory = files_directory(tmp_path)
    base = directory + b"/" + LATIN1
    result = run(sandbox, *command, env=bytes_env(sandbox, **{variable: base}))
    assert result.returncode == 0, result.stderr
    assert os.listdir(directory) == [LATIN1]
    assert os.path.isfile(base + b"/" + inside)


@pytest.mark.parametrize("given_by", ["STORMRANGE_HISTORY", "--file"])
def test_a_message_naming_a_path_that_is_not_utf8_shows_its_bytes_escaped_on_one_line(sandbox, tmp_path, given_by):
    directory = files_directory(tmp_path)
    path = directory + b"/" + LATIN1 + b"\n.plist"
    os.mkdir(path)  # a directory where the history should be
    if given_by == "--file":
        result = run(sandbox, b"--file", path, "show", env=bytes_env(sandbox))
    else:
        result = run(sandbox, "show", env=bytes_env(sandbox, STORMRANGE_HISTORY=path))
    assert result.returncode == 1
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert "Z\\x{FC}rich\\n.plist" in lines[0]
    assert "\ufffd" not in lines[0]


def test_a_warning_about_settings_under_a_name_that_is_not_utf8_shows_it_escaped(sandbox, tmp_path):
    base = files_directory(tmp_path) + b"/" + LATIN1
    os.makedirs(base + b"/stormrange")
    open(base + b"/stormrange/settings.plist", "wb").write(b"not a property list")
    result = run(sandbox, "set", env=bytes_env(sandbox, XDG_CONFIG_HOME=base))
    assert result.returncode == 0
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert f"settings file {os.fsdecode(tmp_path)}/files/Z\\x{{FC}}rich/stormrange/settings.plist:" in lines[0]


# --- HOME unset ------------------------------------------------------------------------------------


def without_home_or_xdg(sandbox) -> dict:
    return {key: value for key, value in sandbox.env.items() if key != "HOME" and not key.startswith("XDG_")}


def namespace_problem() -> str | None:
    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("mount"):
        return "not root, or no unshare or mount: cannot give the test its own password database"
    probe = subprocess.run(["unshare", "--mount", "true"], capture_output=True, timeout=10)
    return None if probe.returncode == 0 else f"unshare --mount failed: {probe.stderr.decode().strip()}"


def test_without_home_the_password_database_gives_the_home(sandbox, tmp_path):
    if problem := namespace_problem():
        pytest.skip(problem)
    # A password database of our own, seen only inside a private mount namespace, where root's home
    # is a directory of this test: the real /root and / are never touched.
    home = tmp_path / "root-home"
    passwd = tmp_path / "passwd"
    passwd.write_text(f"root:x:0:0:root:{home}:/bin/sh\n")
    sandbox.write_history([sample_entry(6.0)], path=home / ".local/share/stormrange/SavedHistory.plist")
    settings = home / ".config/stormrange/settings.plist"
    settings.parent.mkdir(parents=True)
    settings.write_bytes(plistlib.dumps({"unit": "m"}))

    def run_inside(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["unshare", "--mount", "--propagation", "private", "sh", "-c",
             'mount --bind "$0" /etc/passwd && exec "$@"', str(passwd), sandbox.binary, *args],
            env=without_home_or_xdg(sandbox), cwd=tmp_path, capture_output=True, text=True, timeout=RUN_TIMEOUT,
            stdin=subprocess.DEVNULL,
        )

    # Only reads first: an old binary looking under / finds nothing there and creates nothing.
    result = run_inside("show")
    assert result.returncode == 0, result.stderr
    rows = show_rows(result.stdout)
    assert [index for index, _ in rows] == [1] and " m " in rows[0][1] + " ", result.stdout
    result = run_inside("add", "7")
    assert result.returncode == 0, result.stderr
    stored = plistlib.loads((home / ".local/share/stormrange/SavedHistory.plist").read_bytes())
    assert [entry["delay"] for entry in stored] == [6.0, 7.0]


def unknown_uid() -> int:
    for uid in range(54321, 54400):
        try:
            pwd.getpwuid(uid)
        except KeyError:
            return uid
    pytest.skip("no free user id")


def test_without_home_and_no_password_entry_stormrange_refuses_before_creating_anything(sandbox):
    if os.geteuid() != 0:
        pytest.skip("not root: cannot run as a user the password database does not know")
    uid = unknown_uid()
    directory = shared_directory()
    try:
        directory.chmod(0o777)
        # As that user a write under / fails anyway, so even an old binary cannot create files there.
        result = subprocess.run(
            [binary_for_users(sandbox.binary), "add", "6"], env=without_home_or_xdg(sandbox), cwd=directory,
            capture_output=True,
            text=True, timeout=RUN_TIMEOUT, stdin=subprocess.DEVNULL, preexec_fn=as_user(uid, uid),
        )
        assert result.returncode == 2, result.stderr
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("stormrange: ") and "HOME is not set" in lines[0], lines
        assert result.stdout == ""
        assert os.listdir(directory) == []
    finally:
        shutil.rmtree(directory, ignore_errors=True)
