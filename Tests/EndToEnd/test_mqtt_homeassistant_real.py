"""`stormrange mqtt --homeassistant` against a real Home Assistant (homeassistant_support.py): a
Jinja2 render shows what a template gives, not what Home Assistant makes of the payload. One Home
Assistant and one mosquitto serve the module. Checked: the entities docs/service.md lists, and no
others, with the states and attributes the status gives them; every entity `unavailable` after
`kill -9` of the service (its last will); and no stale `on` from a previous run's retained status
when the service starts again on a storm that has ended.

It takes a few minutes: docs/development.md says how long."""

import datetime
import json
import re
import signal
import time
from pathlib import Path

import pytest

from homeassistant_support import HomeAssistant
from mqtt_support import Broker, poll, status_of

NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
SERVICE_DOC = Path(__file__).resolve().parents[2] / "docs" / "service.md"
# Discovery, and a state through Home Assistant's event loop: generous.
ARRIVE = 60


def iso(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def documented_entities() -> set[str]:
    """The entity ids in the first column of the table under "What Home Assistant shows"."""
    section = SERVICE_DOC.read_text().split("## What Home Assistant shows", 1)[1]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`((?:sensor|binary_sensor)\.[a-z0-9_]+)`", row.split(" | ")[0])}


def current_storm(minutes: int = 0) -> list[str]:
    """A storm of now, 8 km away to the north-east: shelter now, lightning within 10 km."""
    return [f"add 8 km at {iso(NOW - datetime.timedelta(minutes=ago))} from 45" for ago in range(12 + minutes, minutes - 1, -3)]


def ended_storm() -> list[str]:
    """A storm whose last thunder was three hours ago: all clear."""
    return [f"add 7 km at {iso(NOW - datetime.timedelta(minutes=ago))}" for ago in range(200, 179, -4)]


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    running = Broker(tmp_path_factory.mktemp("broker"))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def home_assistant(tmp_path_factory, broker):
    started = HomeAssistant(tmp_path_factory.mktemp("homeassistant"), broker)
    yield started
    started.stop()


def ours(home_assistant) -> dict[str, dict]:
    """The states of stormrange's entities (the device's entity ids begin with its name)."""
    return {name: state for name, state in home_assistant.states().items()
            if name.split(".", 1)[1].startswith("stormrange_")}


def start(sandbox, broker, *lines: str):
    from mqtt_support import Service

    result = sandbox.batch("clear --yes", *lines)
    assert result.status == 0, result.stderr
    return Service(sandbox, "--broker", broker.url, "--homeassistant")


def test_the_documented_entities_show_the_status_and_go_unavailable_with_the_service(
        sandbox, broker, home_assistant):
    documented = documented_entities()
    assert len(documented) == 14, documented
    service = start(sandbox, broker, *current_storm())
    try:
        status = poll("the status", lambda: status_of(broker), ARRIVE)
        states = poll("every documented entity with a state",
                      lambda: (found := ours(home_assistant)) and set(found) >= documented
                      and all(found[name]["state"] != "unavailable" for name in documented) and found, ARRIVE)
        assert set(states) == documented, "entities the docs do not list, or list but Home Assistant lacks"
        state = lambda name: states[name]["state"]  # noqa: E731
        assert state("binary_sensor.stormrange_shelter_now") == "on"
        assert state("binary_sensor.stormrange_lightning_within_10_km") == "on"
        assert float(state("sensor.stormrange_latest_distance")) == pytest.approx(status["latest"]["distance_m"] / 1000, abs=0.001)
        flash = datetime.datetime.fromisoformat(state("sensor.stormrange_latest_flash"))
        assert iso(flash) == status["latest"]["date"]
        attributes = states["sensor.stormrange_latest_distance"]["attributes"]
        assert attributes["bearing_deg"] == 45 and attributes["measurements"] == status["storm"]["count"]
        assert attributes["uncertainty_km"] == pytest.approx(status["latest"]["uncertainty_m"] / 1000, abs=0.001)
        assert attributes["unit_of_measurement"] == "km" and attributes["device_class"] == "distance"
        assert state("sensor.stormrange_direction") == status["trend"]["direction"]
        assert set(states["sensor.stormrange_direction"]["attributes"]) >= {"chance_approaching", "chance_receding"}
        assert float(state("sensor.stormrange_within_10_km_chance")) == round(status["trend"]["within_10km_chance"] * 100)
        # A value the status does not have is unknown, never an error or a stale value.
        for name in documented:
            assert state(name) not in ("", "None"), (name, state(name))
        all_clear = datetime.datetime.fromisoformat(state("sensor.stormrange_all_clear"))
        assert iso(all_clear) == status["advice"]["all_clear_at"]
        # kill -9: no goodbye, so the broker publishes the will, `offline`.
        service.process.kill()
        service.process.wait()
        poll("every entity unavailable", lambda: all(
            state["state"] == "unavailable" for state in ours(home_assistant).values()), ARRIVE)
    finally:
        service.stop()


def test_a_restart_on_a_storm_that_has_ended_never_shows_the_old_shelter_now(sandbox, broker, home_assistant, tmp_path):
    entity = "binary_sensor.stormrange_shelter_now"
    service = start(sandbox, broker, *current_storm())
    poll("shelter now on", lambda: ours(home_assistant).get(entity, {}).get("state") == "on", ARRIVE)
    assert service.signal(signal.SIGTERM) == 0
    poll("unavailable after the stop", lambda: ours(home_assistant)[entity]["state"] == "unavailable", ARRIVE)
    # The broker keeps the last status, shelter now, retained; the storm has ended since.
    assert status_of(broker)["advice"]["level"] == "shelter-now"
    recorded = tmp_path / "states"
    watcher = home_assistant.watch(entity, recorded)
    service = start(sandbox, broker, *ended_storm())
    try:
        poll("shelter now off", lambda: ours(home_assistant)[entity]["state"] == "off", ARRIVE)
        time.sleep(2)  # anything that would come after it
    finally:
        service.stop()
        watcher.terminate()
        watcher.wait()
    states = recorded.read_text().split()
    assert "on" not in states, states


def test_the_cells_sensors_show_two_cells_and_the_coming_one_leading(tmp_path, binary, broker, home_assistant):
    """Issue 33: test_cells.py's two cells, through `ingest blitzortung`; the service runs at a clock
    frozen just after the feed. Home Assistant counts two cells, the leading one's bearing west."""
    from mqtt_support import Service
    from test_cells import DAY, LIBFAKETIME, STATUS_CLOCK, ingested, located_sandbox

    sandbox = ingested(located_sandbox(tmp_path / "cells", binary))
    frozen = dict(sandbox.env, LD_PRELOAD=LIBFAKETIME, FAKETIME=f"{DAY} {STATUS_CLOCK}", DONT_FAKE_MONOTONIC="1")
    service = Service(sandbox, "--broker", broker.url, "--homeassistant", env=frozen)
    try:
        status = poll("a status with two cells", lambda: (s := status_of(broker)) and len(s["cells"]) == 2 and s, ARRIVE)
        cells, bearing = "sensor.stormrange_cells", "sensor.stormrange_leading_cell_bearing"
        states = poll("the cells sensors", lambda: (found := ours(home_assistant)) and found.get(cells, {}).get("state") == "2"
                      and found.get(bearing, {}).get("state") not in (None, "unknown", "unavailable") and found, ARRIVE)
        assert 230 <= float(states[bearing]["state"]) <= 310, states[bearing]
        assert float(states[bearing]["state"]) == round(status["latest"]["bearing_deg"])
        assert states[bearing]["attributes"]["unit_of_measurement"] == "°"
    finally:
        service.stop()
