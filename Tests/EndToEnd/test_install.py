"""Scripts/install and --uninstall, run into a temporary prefix with the built binary ($STORMRANGE_BIN,
so nothing is built here): the files and their modes, the manifest, the hints, the man page as `man`
renders it, and the completion scripts as bash (and zsh and fish, where installed) run them."""

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pexpect
import pytest

INSTALL = Path(__file__).resolve().parents[2] / "Scripts" / "install"

BINARY = "bin/stormrange"
BASH = "share/bash-completion/completions/stormrange"
ZSH = "share/zsh/site-functions/_stormrange"
FISH = "share/fish/vendor_completions.d/stormrange.fish"
MANUAL = "share/man/man1/stormrange.1"
MANIFEST = "share/stormrange-install/manifest"
INSTALLED = [BINARY, BASH, ZSH, FISH, MANUAL]

# Every command `help` lists, with a fixed argument each, where it has one.
COMMANDS = ["flash", "thunder", "add", "show", "status", "plot", "stats", "delete", "clear", "undo",
            "export", "import", "set", "help", "quit"]


def run_install(*args: str, home: Path, binary: str, path: str = "/usr/bin:/bin") -> subprocess.CompletedProcess:
    env = {"PATH": path, "HOME": str(home), "STORMRANGE_BIN": binary, "LANG": "C.UTF-8"}
    return subprocess.run([str(INSTALL), *args], env=env, capture_output=True, text=True, timeout=60)


def tree(root: Path) -> set[str]:
    """Every file and folder under root, relative to it."""
    return {str(path.relative_to(root)) for path in root.rglob("*")}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    return home


@pytest.fixture
def installed(tmp_path: Path, home: Path, binary: str) -> tuple[Path, subprocess.CompletedProcess]:
    prefix = tmp_path / "prefix"
    result = run_install("--prefix", str(prefix), home=home, binary=binary)
    assert result.returncode == 0, result.stderr
    return prefix, result


def test_install_puts_each_file_in_its_usual_place_with_sane_modes(installed):
    prefix, result = installed
    for name in INSTALLED:
        path = prefix / name
        assert path.is_file(), name
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o755 if name == BINARY else 0o644), f"{name}: {oct(mode)}"
        assert f"installed {path}" in result.stdout.splitlines()
    version = subprocess.run([str(prefix / BINARY), "--version"], capture_output=True, text=True, timeout=15)
    assert version.stdout.startswith("stormrange ")


def test_the_manifest_lists_exactly_what_was_installed(installed):
    prefix, _ = installed
    lines = (prefix / MANIFEST).read_text().splitlines()
    files = [line.removeprefix("file ") for line in lines if line.startswith("file ")]
    assert sorted(files) == sorted(INSTALLED)
    folders = {line.removeprefix("dir ") for line in lines if line.startswith("dir ")}
    assert {"bin", "share/man/man1", "share/stormrange-install"} <= folders
    assert not any(folder == "share/stormrange" or folder.startswith("share/stormrange/") for folder in folders)


def test_a_hint_when_the_prefix_bin_is_not_on_path_and_none_when_it_is(tmp_path, home, binary):
    prefix = tmp_path / "prefix"
    away = run_install("--prefix", str(prefix), home=home, binary=binary)
    assert f"note: {prefix}/bin is not on PATH" in away.stdout
    assert f'export PATH={prefix}/bin:"$PATH"' in away.stdout
    on = run_install("--prefix", str(prefix), home=home, binary=binary, path=f"/usr/bin:{prefix}/bin/:/bin")
    assert on.returncode == 0, on.stderr
    assert "not on PATH" not in on.stdout


def test_the_path_hint_pastes_as_it_is_for_a_prefix_with_a_space_and_a_dollar(tmp_path, home, binary):
    prefix = tmp_path / "pre fix" / "$x"
    result = run_install("--prefix", str(prefix), home=home, binary=binary)
    assert result.returncode == 0, result.stderr
    line = next(line.strip() for line in result.stdout.splitlines() if line.strip().startswith("export PATH="))
    found = subprocess.run(["bash", "-c", f"{line}; command -v stormrange"], capture_output=True, text=True,
                           env={"PATH": "/usr/bin:/bin"})
    assert found.stdout.strip() == f"{prefix}/bin/stormrange"


def test_a_hint_for_zsh_fpath(installed):
    prefix, result = installed
    assert f"fpath=({prefix}/share/zsh/site-functions $fpath)" in result.stdout


@pytest.mark.skipif(not shutil.which("zsh"), reason="zsh is not installed")
def test_no_fpath_hint_when_zshrc_puts_the_folder_on_fpath(tmp_path, home, binary):
    prefix = tmp_path / "prefix"
    (home / ".zshrc").write_text(f"fpath=({prefix}/share/zsh/site-functions $fpath)\n")
    result = run_install("--prefix", str(prefix), home=home, binary=binary)
    assert result.returncode == 0, result.stderr
    assert "fpath=(" not in result.stdout


@pytest.mark.skipif(not shutil.which("fish"), reason="fish is not installed")
def test_a_hint_for_fish_only_where_it_does_not_look(tmp_path, home, binary):
    (home / ".config" / "fish").mkdir(parents=True)
    elsewhere = run_install("--prefix", str(tmp_path / "prefix"), home=home, binary=binary)
    assert f"set -a fish_complete_path {tmp_path}/prefix/share/fish/vendor_completions.d" in elsewhere.stdout
    default = run_install(home=home, binary=binary)
    assert default.returncode == 0, default.stderr
    assert "fish_complete_path" not in default.stdout


def test_no_fish_hint_for_someone_who_does_not_use_it(tmp_path, home, binary):
    result = run_install("--prefix", str(tmp_path / "prefix"), home=home, binary=binary)
    assert "fish_complete_path" not in result.stdout
    assert not (home / ".config").exists()


def test_the_man_page_renders_with_the_flags_and_every_command(installed):
    prefix, _ = installed
    if not shutil.which("man"):
        pytest.fail("man is not installed; run Scripts/setup-system --test")
    env = {"PATH": "/usr/bin:/bin", "MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat", "LANG": "C.UTF-8"}
    result = subprocess.run(["man", "--warnings", "-l", str(prefix / MANUAL)], env=env, capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    page = result.stdout
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS"]:
        assert f"\n{section}\n" in page
    for flag in ["--file path", "--bail", "--echo", "--version"]:
        assert flag in page
    tags = [line.strip() for line in page.splitlines() if line.startswith("     ") and not line.startswith("      ")]
    for command in COMMANDS:
        assert any(tag == command or tag.startswith(command + " ") for tag in tags), command
    assert "set [unit km|m|mi|ft|nmi | temperature VALUE[C|F] | location LAT LON | radius KM]" in page
    assert "add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] [detector KIND] [note TEXT]" in page
    assert "--generate-manual-page" not in page


def bash_complete(prefix: Path, line: str, env_extra: dict | None = None) -> list[str]:
    """What the installed bash script offers at the end of `line`, as bash would call it on Tab."""
    script = f"""
        source {prefix / BASH}
        read -ra COMP_WORDS <<<"$LINE"
        [[ $LINE == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1))
        COMP_LINE=$LINE
        COMP_POINT=${{#LINE}}
        COMPREPLY=()
        _stormrange stormrange "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    # No HOME: the completion must not need one.
    env = {"PATH": f"{prefix}/bin:/usr/bin:/bin", "LINE": line, **(env_extra or {})}
    result = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], env=env, capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return [word for word in result.stdout.splitlines() if word]


@pytest.mark.parametrize(
    "line, offered",
    [
        ("stormrange sh", ["show"]),
        ("stormrange st", ["stats", "status"]),
        ("stormrange set ", ["location", "radius", "temperature", "unit"]),
        ("stormrange export ", ["csv", "json"]),
        ("stormrange --bail set unit m", ["m", "mi"]),
        ("stormrange --file h.plist help de", ["delete"]),
    ],
)
def test_bash_completes_the_commands_and_their_fixed_arguments(installed, line, offered):
    prefix, _ = installed
    assert sorted(bash_complete(prefix, line)) == offered


def test_bash_still_completes_the_flags(installed):
    prefix, _ = installed
    assert {"--bail", "--echo", "--file"} <= set(bash_complete(prefix, "stormrange --"))


def test_completing_opens_no_history_or_settings(installed, tmp_path):
    prefix, _ = installed
    data = tmp_path / "data"
    data.mkdir()
    env = {"XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(data), "STORMRANGE_HISTORY": str(data / "h.plist")}
    assert bash_complete(prefix, "stormrange show", env) == ["show"]
    assert list(data.iterdir()) == []


def test_the_completion_callback_prints_only_the_candidates(binary, tmp_path):
    """argument-parser's scripts call `stormrange ---completion …`; with no HOME it answers all the same."""
    result = subprocess.run(
        [binary, "---completion", "--", "positional@0", "2", "0", "stormrange", "export", ""],
        env={"STORMRANGE_HISTORY": str(tmp_path / "h.plist")}, capture_output=True, text=True, timeout=15)
    assert (result.returncode, result.stdout, result.stderr) == (0, "csv\njson\n", "")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not shutil.which("zsh"), reason="zsh is not installed")
def test_zsh_loads_the_script_and_completes_show(installed, home):
    prefix, _ = installed
    assert subprocess.run(["zsh", "-n", str(prefix / ZSH)], timeout=30).returncode == 0
    env = {"PATH": f"{prefix}/bin:/usr/bin:/bin", "HOME": str(home), "TERM": "dumb"}
    child = pexpect.spawn("zsh", ["-f", "-i"], env=env, encoding="utf-8", timeout=15, dimensions=(24, 200))
    try:
        child.sendline(f"PS1='ready> '; fpath=({prefix}/share/zsh/site-functions $fpath); autoload -U compinit;"
                       " compinit -u; print -r -- loaded")
        child.expect_exact("loaded")
        child.expect_exact("ready> ")
        child.send("stormrange sh\t")
        child.expect_exact("stormrange show")
        assert "doubled rest argument" not in child.before
    finally:
        child.close(force=True)


@pytest.mark.skipif(not shutil.which("fish"), reason="fish is not installed")
def test_fish_loads_the_script_and_completes_show(installed, home):
    prefix, _ = installed
    assert subprocess.run(["fish", "--no-execute", str(prefix / FISH)], timeout=30).returncode == 0
    env = {"PATH": f"{prefix}/bin:/usr/bin:/bin", "HOME": str(home), "TERM": "dumb"}
    child = pexpect.spawn("fish", ["--no-config", "-i"], env=env, encoding="utf-8", timeout=15,
                          dimensions=(24, 200))
    try:
        child.sendline(f"source {prefix / FISH}; function fish_prompt; echo 'ready> '; end; echo loaded")
        child.expect_exact("loaded")
        child.expect_exact("ready> ")
        child.send("stormrange sh\t")
        child.expect_exact("show")
    finally:
        child.close(force=True)


def test_reinstalling_changes_nothing(installed, home, binary):
    prefix, _ = installed
    before = tree(prefix)
    manifest = (prefix / MANIFEST).read_text()
    again = run_install("--prefix", str(prefix), home=home, binary=binary)
    assert again.returncode == 0, again.stderr
    assert tree(prefix) == before
    assert (prefix / MANIFEST).read_text() == manifest


def test_uninstall_removes_exactly_the_manifest_and_leaves_the_history(tmp_path, home, binary):
    """Under the default prefix, ~/.local/share/stormrange is the history's folder."""
    history = home / ".local" / "share" / "stormrange" / "SavedHistory.plist"
    added = subprocess.run([binary, "add", "6"], env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
                           capture_output=True, text=True, timeout=15)
    assert added.returncode == 0 and history.is_file(), added.stderr
    other_page = home / ".local" / "share" / "man" / "man1" / "other.1"
    other_page.parent.mkdir(parents=True)
    other_page.write_text(".Dd\n")
    before = tree(home)
    history_bytes = history.read_bytes()

    install = run_install(home=home, binary=binary)
    assert install.returncode == 0, install.stderr
    prefix = home / ".local"
    assert all((prefix / name).is_file() for name in INSTALLED)
    uninstall = run_install("--uninstall", home=home, binary=binary)
    assert uninstall.returncode == 0, uninstall.stderr

    assert tree(home) == before
    assert history.read_bytes() == history_bytes
    assert other_page.read_text() == ".Dd\n"
    for name in INSTALLED:
        assert f"removed {prefix / name}" in uninstall.stdout.splitlines()


def test_installing_where_every_folder_exists_lists_none_to_remove(tmp_path, home, binary):
    prefix = tmp_path / "prefix"
    for name in INSTALLED + [MANIFEST]:
        (prefix / name).parent.mkdir(parents=True, exist_ok=True)
    result = run_install("--prefix", str(prefix), home=home, binary=binary)
    assert result.returncode == 0, result.stderr
    assert not any(line.startswith("dir ") for line in (prefix / MANIFEST).read_text().splitlines())


def test_uninstall_removes_the_folders_it_made(installed, home, binary):
    prefix, _ = installed
    result = run_install("--uninstall", "--prefix", str(prefix), home=home, binary=binary)
    assert result.returncode == 0, result.stderr
    assert tree(prefix) == set()


def test_uninstall_never_follows_a_manifest_out_of_the_prefix_or_into_the_history(installed, home, binary, tmp_path):
    prefix, _ = installed
    outside = tmp_path / "outside"
    outside.write_text("keep")
    history = prefix / "share" / "stormrange" / "SavedHistory.plist"
    history.parent.mkdir()
    history.write_text("keep")
    with (prefix / MANIFEST).open("a") as manifest:
        manifest.write("file ../outside\nfile share/stormrange/SavedHistory.plist\nfile /etc/hostname\n"
                       "dir share/stormrange\nfile share//stormrange/SavedHistory.plist\n"
                       "file share/./stormrange/SavedHistory.plist\nfile share/link/SavedHistory.plist\n")
    (prefix / "share" / "link").symlink_to("stormrange")
    result = run_install("--uninstall", "--prefix", str(prefix), home=home, binary=binary)
    assert result.returncode == 0, result.stderr
    assert outside.read_text() == "keep"
    assert history.read_text() == "keep"
    assert tree(prefix) == {"share", "share/link", "share/stormrange", "share/stormrange/SavedHistory.plist"}


def test_an_install_that_fails_half_way_can_still_be_uninstalled(tmp_path, home, binary):
    prefix = tmp_path / "prefix"
    (prefix / "share").mkdir(parents=True)
    (prefix / "share" / "man").write_text("a file where a folder should be")
    result = run_install("--prefix", str(prefix), home=home, binary=binary)
    assert result.returncode != 0
    assert (prefix / "bin" / "stormrange").exists()
    undone = run_install("--uninstall", "--prefix", str(prefix), home=home, binary=binary)
    assert undone.returncode == 0, undone.stderr
    assert tree(prefix) == {"share", "share/man"}


def test_uninstall_without_a_manifest_says_so(tmp_path, home, binary):
    result = run_install("--uninstall", "--prefix", str(tmp_path / "empty"), home=home, binary=binary)
    assert result.returncode == 1
    assert result.stderr == f"Scripts/install: nothing to uninstall: there is no {tmp_path}/empty/{MANIFEST}\n"


@pytest.mark.parametrize("args", [["--frobnicate"], ["--prefix"], ["extra"]])
def test_bad_arguments_give_the_usage_and_status_2(args, home, binary, tmp_path):
    result = run_install(*args, home=home, binary=binary)
    assert result.returncode == 2
    assert "usage: Scripts/install [--prefix DIR] [--uninstall]" in result.stderr
    assert not (home / ".local").exists()
