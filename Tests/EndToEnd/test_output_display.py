"""Issue 9, item 3: whatever is shown (show, errors, --echo) prints C0, DEL and C1 controls escaped
(`\\n`, `\\r`, `\\t`, `\\u{7F}`, …), one measurement stays on one line, and a backslash is shown as it is.
Issue 17: so are format characters, line and paragraph separators and noncharacters (`\\u{202E}`)."""

import json
import plistlib
import unicodedata

from conftest import sample_entry, show_rows


def invisible(character: str) -> bool:
    """A format character, a line or paragraph separator, or a noncharacter."""
    code = ord(character)
    return (
        unicodedata.category(character) in ("Cf", "Zl", "Zp")
        or 0xFDD0 <= code <= 0xFDEF
        or code & 0xFFFE == 0xFFFE
    )


FOREIGN = {
    "line\nbreak": "line\\nbreak",
    "carriage\rreturn": "carriage\\rreturn",
    "tab\there": "tab\\there",
    "del\x7fhere": "del\\u{7F}here",
    "nel\x85here": "nel\\u{85}here",
    "csi\x9bhere": "csi\\u{9B}here",
    "back\\slash": "back\\slash",
    # Issue 17: invisible characters (format characters such as U+202E and the zero-width ones, line
    # and paragraph separators, noncharacters) are spelled out like controls.
    "right\u202eleft": "right\\u{202E}left",
    "zero\u200bwidth\u200cnon\u200djoiner": "zero\\u{200B}width\\u{200C}non\\u{200D}joiner",
    "firefighter \U0001f469\u200d\U0001f692": "firefighter \U0001f469\\u{200D}\U0001f692",
    "soft\u00adhyphen": "soft\\u{AD}hyphen",
    "line\u2028paragraph\u2029end": "line\\u{2028}paragraph\\u{2029}end",
    "non\ufdd0character\U0001fffe": "non\\u{FDD0}character\\u{1FFFE}",
}
INVISIBLE = {note: shown for note, shown in FOREIGN.items() if any(map(invisible, note))}


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
    shown = result.stdout.replace("\n", "")
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or invisible(c) for c in shown)


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
        f"stormrange: warning: settings file {sandbox.settings_path}: 'unit' is 'x\\ny', not one of km, m, mi, ft, "
        "nmi; using the default, km, until 'set unit' replaces it"
    ]


def test_argument_parser_errors_escape_what_they_quote(sandbox):
    for args in (["--bo\x1b[31mgus"], ["--bail=\x1b[2J", "show"], ["-\x07"]):
        result = sandbox.run(*args)
        assert result.status == 2
        assert "\x1b" not in result.stderr and "\x07" not in result.stderr
        assert "\\u{" in result.stderr


def test_show_json_escapes_invisible_characters_and_they_import_back_exactly(sandbox, tmp_path):
    sandbox.write_history([sample_entry(6, note) for note in INVISIBLE], fmt=plistlib.FMT_BINARY)
    shown = sandbox.run("show", "--json")
    assert shown.status == 0, shown.stderr
    assert "\\u202e" in shown.stdout and "\\u2028" in shown.stdout and "\\ud83f\\udffe" in shown.stdout
    assert [c for c in shown.stdout if invisible(c)] == []
    assert [row["note"] for row in json.loads(shown.stdout)] == list(INVISIBLE)
    exported = tmp_path / "notes.json"
    assert sandbox.run("export", "json", str(exported)).status == 0
    sandbox.history_path.unlink()
    assert sandbox.run("import", str(exported)).status == 0
    assert [entry["note"] for entry in sandbox.read_history()] == list(INVISIBLE)


def test_errors_warnings_and_echo_make_invisible_input_visible(sandbox):
    result = sandbox.batch("add 5 from N\u202e", "add 5 note a\u2028b", "delete 1", args=("--echo",))
    assert result.status == 1
    assert [c for c in result.stdout + result.stderr if invisible(c)] == []
    assert result.err_lines[0] == (
        "stormrange: line 1: 'N\\u{202E}' is not a bearing; use degrees clockwise from north (0 to 360) or a "
        "compass point: N, NNE, NE, ENE, E, ESE, SE, SSE, S, SSW, SW, WSW, W, WNW, NW, NNW"
    )
    assert result.out_lines[:2] == ["add 5 from N\\u{202E}", "add 5 note a\\u{2028}b"]
    assert result.out_lines[-1].startswith("deleted #1 (") and result.out_lines[-1].endswith("note: a\\u{2028}b)")
