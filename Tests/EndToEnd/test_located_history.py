"""Format 1.3: a located group is an entry of the kind `located` with its position, nearest strike,
count and spread (docs/formats.md, "The history file"). 1.2 refuses such a file with the message
formats.md quotes; export and import carry the five values both ways."""

import csv
import datetime
import io
import json
import os
import subprocess
from pathlib import Path

import pytest

# The last stormrange of format 1.2, which knows no kind `located`, as Scripts/setup-old-release
# builds it (Scripts/test runs that); STORMRANGE_OLD_BIN names another copy.
ROOT = Path(__file__).resolve().parents[2]
FORMATS = ROOT / "docs" / "formats.md"
OLD_BINARY = Path(os.environ.get("STORMRANGE_OLD_BIN") or subprocess.run(
    [ROOT / "Scripts" / "setup-old-release", "--path"], capture_output=True, text=True, check=True).stdout.strip())

GROUP = {
    "date": datetime.datetime(2026, 7, 1, 16, 3),
    "distance": 5000.5,
    "bearing": 271.0,
    "source": "blitzortung",
    "detector": "located",
    "latitude": 52.5,
    "longitude": 13.4,
    "nearest": 4000.25,
    "strikes": 3,
    "spread": 800.0,
}
AT_THE_OBSERVER = GROUP | {"distance": 0.0, "nearest": 0.0, "strikes": 1, "spread": 0.0}


@pytest.mark.skipif(not OLD_BINARY.exists(), reason=f"no stormrange 1.2 at {OLD_BINARY} (Scripts/setup-old-release builds it)")
def test_the_old_version_refuses_a_history_with_a_located_group_as_formats_md_quotes(sandbox):
    path = sandbox.write_history([GROUP], path=sandbox.home / "h.plist")
    before = path.read_bytes()
    old = subprocess.run(
        [str(OLD_BINARY), "--file", "h.plist", "show"], capture_output=True, env=sandbox.env, cwd=sandbox.home)
    message = old.stderr.decode().strip()
    assert old.returncode == 1
    assert message == (
        "stormrange: cannot read the history file h.plist: entry 1: 'detector' is 'located', not 'as3935' or "
        "'generic'; it was left as it is (fix it, or 'clear' to move it aside and start afresh)")
    assert f"```\n{message}\n```" in FORMATS.read_text()
    assert path.read_bytes() == before


def test_a_located_group_loads_and_a_save_keeps_its_values(sandbox):
    sandbox.write_history([GROUP, AT_THE_OBSERVER])
    assert sandbox.run("add", "6").status == 0
    stored = sandbox.read_history()
    assert stored[:2] == [GROUP, AT_THE_OBSERVER]
    assert isinstance(stored[0]["strikes"], int)


def test_export_and_import_carry_a_located_groups_values_both_ways(sandbox):
    sandbox.write_history([GROUP, AT_THE_OBSERVER])
    exported = sandbox.run("export", "json")
    assert exported.status == 0, exported.stderr
    objects = json.loads(exported.stdout)
    assert {key: objects[0][key] for key in ("latitude_deg", "longitude_deg", "nearest_m", "strikes", "spread_m")} == {
        "latitude_deg": 52.5, "longitude_deg": 13.4, "nearest_m": 4000.25, "strikes": 3, "spread_m": 800.0}
    assert objects[1]["distance_m"] == 0 and objects[1]["detector"] == "located"
    rows = list(csv.DictReader(io.StringIO(sandbox.run("export", "csv").stdout)))
    assert rows[0]["strikes"] == "3" and rows[0]["latitude_deg"] == "52.5"
    (sandbox.home / "groups.json").write_text(exported.stdout)
    (sandbox.home / "groups.csv").write_text(sandbox.run("export", "csv").stdout)
    for name in ("groups.json", "groups.csv"):
        assert sandbox.run("clear", "--yes").status == 0
        imported = sandbox.run("import", name)
        assert imported.status == 0, imported.stderr
        assert sandbox.read_history() == [GROUP, AT_THE_OBSERVER]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"latitude": 91.0}, "entry 1: 'latitude' is 91, not a latitude (-90 to 90 degrees)"),
        ({"strikes": 0}, "entry 1: 'strikes' is 0, not a count of strikes (a whole number, 1 to 1000000)"),
        ({"detector": "generic"}, "entry 1 has 'latitude', but 'detector' is not 'located': only a located group "
         "has a position, a nearest strike, a count and a spread"),
    ],
)
def test_a_located_group_breaking_a_rule_makes_the_file_unreadable_and_leaves_it(sandbox, change, message):
    path = sandbox.write_history([GROUP | change])
    before = path.read_bytes()
    result = sandbox.run("show")
    assert result.status == 1
    assert message in result.stderr
    assert path.read_bytes() == before


def test_an_imported_row_with_a_position_but_another_kind_is_refused_and_nothing_is_saved(sandbox):
    (sandbox.home / "bad.json").write_text(json.dumps([{
        "date": "2026-07-01T16:03:00Z", "distance_m": 5000, "source": "porch", "detector": "generic",
        "latitude_deg": 52.5}]))
    result = sandbox.run("import", "bad.json")
    assert result.status != 0
    assert "latitude_deg is given, but detector is not 'located'" in result.stderr
    assert not sandbox.history_path.exists() or sandbox.read_history() == []
