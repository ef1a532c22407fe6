"""The ranges and bearings pinned in Tests/StormrangeLocatedTests/LocatedRangeTests.swift are
GeographicLib's (Karney's own, PyPI `geographiclib`; Scripts/setup-system --test installs it), checked
here against it live, so a pinned figure cannot drift from the reference it claims."""

import re
from pathlib import Path

import pytest

geodesic = pytest.importorskip("geographiclib.geodesic", reason="geographiclib is not installed")

PINNED = Path(__file__).resolve().parents[1] / "StormrangeLocatedTests" / "LocatedRangeTests.swift"
CASE = re.compile(
    r'Case\(\s*name: "(?P<name>[^"]+)", observer: \((?P<lat1>[-\d.]+), (?P<lon1>[-\d.]+)\), '
    r"strike: \((?P<lat2>[-\d.]+), (?P<lon2>[-\d.]+)\),\s*metres: (?P<metres>[-\d.]+),\s*azimuth: (?P<azimuth>[-\d.]+)\)"
)


def pinned_cases() -> list[dict[str, str]]:
    return [match.groupdict() for match in CASE.finditer(PINNED.read_text())]


def test_every_case_is_read():
    assert len(pinned_cases()) == 7


@pytest.mark.parametrize("case", pinned_cases(), ids=lambda case: case["name"])
def test_the_pinned_range_and_bearing_are_geographiclibs(case):
    path = geodesic.Geodesic.WGS84.Inverse(
        float(case["lat1"]), float(case["lon1"]), float(case["lat2"]), float(case["lon2"])
    )
    assert abs(path["s12"] - float(case["metres"])) < 1e-6
    assert abs(path["azi1"] - float(case["azimuth"])) < 1e-9
