"""A detector's kind (format 1.2, issue 21): `detector` in the history file, the CSV column and the
JSON key after `source`, `add … source NAME detector as3935|generic`, and the AS3935 rules by kind."""

import csv
import datetime
import io
import json

import pytest

NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0, tzinfo=None)


def test_add_records_the_kind_and_the_as3935_rules_follow_it(sandbox):
    result = sandbox.batch(
        "add 14 km source porch detector as3935",
        "add 11 km source porch detector AS3935",  # not one of the chip's steps
        "add 11 km source porch",  # a generic detector: any distance
        "add 14 km source as3935",  # the source as3935 alone is an AS3935
        "add 12 km",
    )
    assert result.err_lines == [
        "stormrange: line 2: 11 km is not a distance an AS3935 reports; its steps are "
        "1, 5, 6, 8, 10, 12, 14, 17, 20, 24, 27, 31, 34, 37, 40 km"]
    entries = sandbox.read_history()
    assert [(e["distance"], e["source"], e["detector"]) for e in entries] == [
        (14000.0, "porch", "as3935"), (11000.0, "porch", "generic"), (14000.0, "as3935", "as3935"),
        (12000.0, "detector", "generic")]
    # The AS3935's step gives the uncertainty, whatever the source is called: 14 km is 13 to 15.5 km.
    status = json.loads(sandbox.run("status", "--json").stdout)
    assert status["latest"]["index"] == 4
    result = sandbox.batch("add 14 km source porch detector as3935", "status --json")
    latest = json.loads(result.out_lines[-1])["latest"]
    assert latest["uncertainty_m"] == pytest.approx(2500 / 12 ** 0.5)


@pytest.mark.parametrize("line, message", [
    ("add 14 km source as3935 detector generic",
     "the source 'as3935' is an AS3935, not a generic detector; name a generic detector otherwise, or leave out the kind"),
    ("add 14 km source AS3935 detector GENERIC",
     "the source 'AS3935' is an AS3935, not a generic detector; name a generic detector otherwise, or leave out the kind"),
    ("add 14 km detector franklin", "'franklin' is not a kind of detector; use as3935|generic"),
    ("add 6.5 detector as3935",
     "'detector' is for a detector's range, which has a unit: e.g. add 12 km detector as3935; a delay in seconds has none"),
    ("add 14 km detector as3935 detector as3935",
     "'detector' is given twice; usage: add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] "
     "[detector KIND] [note TEXT]"),
])
def test_a_contradiction_or_a_bad_kind_is_refused_in_one_line(sandbox, line, message):
    result = sandbox.batch(line)
    assert result.status == 1
    assert result.err_lines == [f"stormrange: line 1: {message}"]
    assert not sandbox.history_path.exists()


def test_exports_carry_the_kind_last_and_it_round_trips(sandbox, tmp_path):
    sandbox.batch("add 14 km source porch detector as3935", "add 11 km source garage", "add 6")
    csv_text = sandbox.run("export", "csv").stdout
    rows = list(csv.reader(io.StringIO(csv_text)))
    # After 1.2's columns come only 1.3's five, a located group's.
    assert rows[0][-7:-5] == ["source", "detector"]
    assert [row[-7:-5] for row in rows[1:]] == [["porch", "as3935"], ["garage", "generic"], ["", ""]]
    exported = json.loads(sandbox.run("export", "json").stdout)
    assert [(row["source"], row["detector"]) for row in exported] == [
        ("porch", "as3935"), ("garage", "generic"), (None, None)]
    assert list(exported[0])[-7:-5] == ["source", "detector"]
    assert json.loads(sandbox.run("show", "--json").stdout) == exported
    before = sandbox.read_history()
    for name, text in (("out.csv", csv_text), ("out.json", json.dumps(exported))):
        (tmp_path / name).write_text(text)
        assert sandbox.run("clear", "--yes").status == 0
        assert sandbox.run("import", str(tmp_path / name)).status == 0
        assert sandbox.read_history() == before


def test_files_of_1_1_read_as_before(sandbox):
    sandbox.write_history([
        {"date": NOW, "distance": 10000.0, "source": "as3935"},
        {"date": NOW, "distance": 11000.0, "source": "porch"},
    ])
    shown = json.loads(sandbox.run("show", "--json").stdout)
    assert [(row["source"], row["detector"]) for row in shown] == [("as3935", "as3935"), ("porch", "generic")]
    # Entries it did not write keep their bytes; a new one says its kind.
    before = sandbox.history_path.read_bytes()
    sandbox.run("add", "5", "km", "source", "porch")
    after = sandbox.history_path.read_bytes()
    assert after.count(b"<key>detector</key>") == 1
    assert after[: before.rindex(b"</dict>")] == before[: before.rindex(b"</dict>")]


@pytest.mark.parametrize("entry, problem", [
    ({"source": "as3935", "detector": "generic"}, "entry 1: 'detector' is 'generic', but 'source' is 'as3935', which is an AS3935"),
    ({"source": "porch", "detector": "franklin"}, "entry 1: 'detector' is 'franklin', not 'as3935', 'generic' or 'located'"),
    ({"source": "porch", "detector": 3}, "entry 1: 'detector' is an integer, not a string"),
    ({"detector": "as3935", "delay": 6.0, "temperature": 20.0, "speedOfSound": 343.2}, "entry 1 has 'detector' but no 'source'"),
])
def test_a_history_entry_whose_kind_breaks_the_rules_makes_the_file_unreadable(sandbox, entry, problem):
    sandbox.write_history([{"date": NOW, "distance": 10000.0, **entry}])
    before = sandbox.history_path.read_bytes()
    result = sandbox.run("show")
    assert result.status == 1
    assert problem in result.stderr
    assert sandbox.history_path.read_bytes() == before


def test_an_imported_row_with_a_kind_but_no_source_is_refused(sandbox, tmp_path):
    path = tmp_path / "rows.csv"
    path.write_text("date,delay_s,detector\n2026-01-01T00:00:00Z,6,as3935\n")
    result = sandbox.run("import", str(path))
    assert result.status == 1
    assert "a detector kind is given, but no source" in result.stderr
