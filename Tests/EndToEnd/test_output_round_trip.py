"""Issue 9, item 4: what export writes, import reads: every note the history can hold comes back
exactly, through CSV and through JSON. Notes typed with `add` keep their stricter rule."""

import plistlib

import pytest

from conftest import sample_entry

NOTES = [
    "line\nbreak", "crlf\r\nend", "lone\rcr", "tab\tinside", "del\x7f", "nel\x85 and csi\x9b",
    'quote " and comma, here', "back\\slash", "ünïcödé ⛈", "x" * 1500,
]


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_every_storable_note_round_trips(sandbox, tmp_path, fmt):
    # Binary, as another tool may write it: XML would turn a carriage return into a line feed.
    entries = [sample_entry(1 + index, note) for index, note in enumerate(NOTES)]
    sandbox.write_history(entries, fmt=plistlib.FMT_BINARY)
    export = tmp_path / f"notes.{fmt}"
    assert sandbox.run("export", fmt, str(export)).status == 0
    fresh = tmp_path / "fresh.plist"
    result = sandbox.run("--file", str(fresh), "import", str(export))
    assert result.status == 0, result.stderr
    assert [entry.get("note") for entry in sandbox.read_history(fresh)] == NOTES


def test_a_typed_note_keeps_the_rule_of_one_printable_line(sandbox):
    result = sandbox.run("add", "5", "note", "tab\there")
    assert result.status == 1
    assert result.err_lines == ["stormrange: the note contains the control character U+0009; remove it"]


def test_a_note_the_history_cannot_hold_is_refused_by_import(sandbox, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('[{"date": "2026-07-01T16:03:00Z", "delay_s": 5, "note": "bell\\u0007"}]')
    result = sandbox.run("import", str(path))
    assert result.status == 1
    assert f"stormrange: {path}: array index 0: the note contains U+0007, which the history file cannot hold" in result.err_lines
