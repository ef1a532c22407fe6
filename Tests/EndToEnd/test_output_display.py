"""Issue 9, item 3: whatever is shown (show, errors, --echo) prints C0, DEL and C1 controls escaped
(`\\n`, `\\r`, `\\t`, `\\u{7F}`, …), one measurement stays on one line, and a backslash is shown as it is."""

import plistlib

from conftest import sample_entry, show_rows

FOREIGN = {
    "line\nbreak": "line\\nbreak",
    "carriage\rreturn": "carriage\\rreturn",
    "tab\there": "tab\\there",
    "del\x7fhere": "del\\u{7F}here",
    "nel\x85here": "nel\\u{85}here",
    "csi\x9bhere": "csi\\u{9B}here",
    "back\\slash": "back\\slash",
}


def test_show_prints_foreign_notes_escaped_one_measurement_per_line(sandbox):
    # Binary, as another tool may write it: XML would turn the carriage return into a line feed.
    sandbox.write_history([sample_entry(6, note) for note in FOREIGN], fmt=plistlib.FMT_BINARY)
    result = sandbox.run("show")
    assert result.status == 0, result.stderr
    lines = result.out_lines
    assert len(lines) == 1 + len(FOREIGN)  # the header and one line per measurement
    assert [row for _, row in show_rows(result.stdout)] == lines[1:]
    for line, shown in zip(lines[1:], FOREIGN.values()):
        assert line.endswith("  " + shown)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in result.stdout.replace("\n", ""))


def test_control_characters_in_a_file_name_are_escaped_in_errors(sandbox, tmp_path):
    folder = tmp_path / "evil\x1b[2J\nname"
    folder.mkdir()
    path = folder / "history.plist"
    path.write_text("not a property list")
    result = sandbox.run("--file", str(path), "show")
    assert result.status == 1
    assert len(result.err_lines) == 1
    assert "evil\\u{1B}[2J\\nname" in result.stderr
    assert "\x1b" not in result.stderr


def test_echo_escapes_control_characters(sandbox):
    result = sandbox.run("--echo", input=b"# bell\x07 esc\x1b[31m nul\x00 del\x7f\nhelp quit\n")
    assert result.out_lines[0] == "# bell\\u{7} esc\\u{1B}[31m nul\\u{0} del\\u{7F}"
    assert "\x1b" not in result.stdout and "\x00" not in result.stdout


def test_a_warning_about_the_settings_file_is_one_line(sandbox):
    sandbox.settings_path.parent.mkdir(parents=True)
    sandbox.settings_path.write_bytes(
        b'<?xml version="1.0"?><plist version="1.0"><dict><key>unit</key><string>x&#10;y</string></dict></plist>'
    )
    result = sandbox.run("add", "5")
    assert result.status == 0, result.stderr
    assert result.err_lines == [
        f"stormrange: warning: settings file {sandbox.settings_path}: unknown unit 'x\\ny'; using defaults"
    ]


def test_argument_parser_errors_escape_what_they_quote(sandbox):
    for args in (["--bo\x1b[31mgus"], ["--bail=\x1b[2J", "show"], ["-\x07"]):
        result = sandbox.run(*args)
        assert result.status == 2
        assert "\x1b" not in result.stderr and "\x07" not in result.stderr
        assert "\\u{" in result.stderr
