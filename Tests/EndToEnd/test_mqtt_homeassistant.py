"""`stormrange mqtt --homeassistant`: the discovery configs as the real service publishes them to a
real broker, checked for the keys Home Assistant's MQTT discovery requires, and every
`value_template` rendered with Jinja2 (as Home Assistant renders them: `value` and `value_json`,
in a sandboxed environment) against status samples the binary printed: no measurements (all
null), a single reading (trend unknown), a steady storm, an approaching one with its motion, one
whose arrival within 10 km has an interval, a storm that is over, and chances of exactly 0 and 1.
Each must give a number, an ISO 8601 timestamp, `None` (Home Assistant's "unknown"), `ON` or
`OFF`: never an error, and never `None` where the status has the value. The attributes templates
render JSON objects, and the automation in docs/service.md renders a message that reads right
whether or not a time is known."""

import datetime
import json
import math
import re
import signal

import pytest

from mqtt_support import broker, poll, services  # noqa: F401 (fixtures)

jinja2 = pytest.importorskip("jinja2", reason="jinja2 not installed (pip install jinja2)")
from jinja2.sandbox import ImmutableSandboxedEnvironment  # noqa: E402

NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
SPEED_OF_SOUND = 331.3 * (1 + 20 / 273.15) ** 0.5
NUMBER = re.compile(r"^-?\d+(\.\d+)?$")
# What Home Assistant's MQTT discovery requires or stormrange promises of every config.
REQUIRED = {"name", "unique_id", "state_topic", "value_template", "availability_topic", "device"}
DEVICE_CLASSES = {"sensor": {"distance", "speed", "timestamp"}, "binary_sensor": {"safety"}}
UNITS = {"distance": "km", "speed": "km/h"}


def iso(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def delay_for(metres: float) -> float:
    return metres / SPEED_OF_SOUND


def approaching() -> list[str]:
    """Due east at 40 km/h on a track 5 km north, nearest 20 minutes from now, with bearings: still
    far from its closest point, so it is approaching however long the test takes to read it."""
    lines = []
    for ago in range(24, -1, -3):
        east, north = 40 / 60 * -(ago + 20), 5.0
        bearing = math.degrees(math.atan2(east, north)) % 360
        moment = NOW - datetime.timedelta(minutes=ago)
        lines.append(f"add {delay_for(math.hypot(east, north) * 1000):.3f} at {iso(moment)} from {bearing:.1f}")
    return lines


def make_samples() -> dict:
    """The sample statuses' lines, dated from NOW."""
    return {
    "no measurements": [],
    "one reading": [f"add 12 km at {iso(NOW - datetime.timedelta(minutes=1))} source as3935"],
    "steady": [f"add {delay_for(8000):.3f} at {iso(NOW - datetime.timedelta(minutes=m))}" for m in range(20, -1, -4)],
    "approaching": approaching(),
    "over": [
        f"add {delay_for(6000 + 400 * i):.3f} at {iso(NOW - datetime.timedelta(minutes=150 - 4 * i))}"
        for i in range(6)
    ],
}


SAMPLES = make_samples()


@pytest.fixture(autouse=True)
def _now_at_each_test():
    """NOW, and the samples dated from it, as each test starts: the suite takes minutes."""
    global NOW, SAMPLES
    NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    SAMPLES = make_samples()


def status_samples(sandbox) -> dict[str, str]:
    samples = {}
    for name, lines in SAMPLES.items():
        result = sandbox.batch("clear --yes", *lines)
        assert result.status == 0, result.stderr
        samples[name] = sandbox.run("status", "--json").stdout.strip()
    approaching_status = json.loads(samples["approaching"])
    assert approaching_status["trend"]["direction"] == "approaching" and approaching_status["motion"]
    assert json.loads(samples["steady"])["trend"]["direction"] == "steady"
    assert json.loads(samples["over"])["storm"]["over"] is True
    # An arrival within 10 km with its interval, as the nowcast gives one (docs/formats.md).
    interval = json.loads(samples["steady"])
    interval["trend"].update(
        direction="approaching", rate_mps=-3.2, within_10km_at=iso(NOW + datetime.timedelta(minutes=20)),
        within_10km_earliest=iso(NOW + datetime.timedelta(minutes=12)),
        within_10km_latest=iso(NOW + datetime.timedelta(minutes=41)))
    samples["arrival interval"] = json.dumps(interval)
    for chance in (0, 1):
        extreme = json.loads(samples["steady"])
        extreme["trend"].update(within_10km_chance=chance, chance_approaching=chance, chance_receding=1 - chance)
        samples[f"chance {chance}"] = json.dumps(extreme)
    return samples


def home_assistant_environment() -> ImmutableSandboxedEnvironment:
    """Jinja2 with the two helpers of Home Assistant's templates that the configs use, as it defines
    them: `as_timestamp` (an ISO 8601 date to seconds since 1970) and `timestamp_custom` (seconds
    to a date in a strftime form, in UTC when `local` is false, and in this Home Assistant's time
    zone, UTC, when not). The real thing renders them in test_mqtt_homeassistant_real.py."""
    environment = ImmutableSandboxedEnvironment(undefined=jinja2.StrictUndefined)
    environment.globals["as_timestamp"] = lambda text: datetime.datetime.fromisoformat(text).timestamp()
    environment.filters["timestamp_custom"] = lambda stamp, form, local=True: datetime.datetime.fromtimestamp(
        stamp, datetime.timezone.utc).strftime(form)
    return environment


def render(template: str, payload: str) -> str:
    environment = home_assistant_environment()
    return environment.from_string(template).render(value=payload, value_json=json.loads(payload)).strip()


def to_minute(text: str | None, up: bool) -> str | None:
    """An ISO 8601 date rounded to the minute, down or up."""
    if text is None:
        return None
    moment = datetime.datetime.fromisoformat(text)
    floor = moment.replace(second=0, microsecond=0)
    return iso(floor + datetime.timedelta(minutes=1) if up and floor != moment else floor)


def expected(entity: str, status: dict):
    """What the entity shows for `status`: a bool, a number, an ISO date, or None (unknown). The
    within-10-km times to the minute, rounded outward."""
    trend, motion, latest, advice = status["trend"] or {}, status["motion"] or {}, status["latest"], status["advice"]
    km = lambda metres: None if metres is None else metres / 1000  # noqa: E731
    return {
        "shelter_now": advice["level"] == "shelter-now",
        "lightning_within_10km": advice["within_10km"],
        "latest_distance": km(latest and latest["distance_m"]),
        "latest_flash": latest and latest["date"],
        "range_rate": None if trend.get("rate_mps") is None else trend["rate_mps"] * 3.6,
        "within_10km_chance": None if trend.get("within_10km_chance") is None else trend["within_10km_chance"] * 100,
        "direction": trend.get("direction"),
        "within_10km_earliest": to_minute(trend.get("within_10km_earliest"), up=False),
        "within_10km_latest": to_minute(trend.get("within_10km_latest"), up=True),
        "closest_distance": km(motion.get("closest_m")),
        "closest_time": motion.get("closest_at"),
        "all_clear": advice["all_clear_at"],
        "cells": len([cell for cell in status["cells"] if not cell["storm"]["over"]]),
        "leading_bearing": None if latest is None or latest["bearing_deg"] is None else round(latest["bearing_deg"]) % 360,
    }[entity]


def expected_attributes(entity: str, status: dict) -> dict:
    """The attributes of the entity for `status`: None where the status has no value."""
    trend, latest, storm = status["trend"] or {}, status["latest"] or {}, status["storm"] or {}
    percent = lambda chance: None if chance is None else round(chance * 100)  # noqa: E731
    return {
        "direction": {key: percent(trend.get(key)) for key in ("chance_approaching", "chance_receding")},
        "latest_distance": {
            "bearing_deg": latest.get("bearing_deg"),
            "uncertainty_km": None if latest.get("uncertainty_m") is None else round(latest["uncertainty_m"] / 1000, 3),
            "source": latest.get("source"),
            "measurements": storm.get("count"),
        },
    }[entity]


def test_every_template_renders_a_value_home_assistant_takes_for_every_status(sandbox, broker, services):
    samples = status_samples(sandbox)
    service = services(sandbox, "--broker", broker.url, "--homeassistant")
    configs = poll("the discovery configs",
                   lambda: (found := broker.retained("homeassistant/#")) and len(found) == 14 and found)
    assert service.signal(signal.SIGTERM) == 0
    devices = set()
    for topic, text in configs.items():
        config = json.loads(text)
        component = topic.split("/")[1]
        assert REQUIRED <= set(config), (topic, set(config))
        assert topic == f"homeassistant/{component}/{config['unique_id']}/config"
        assert config["state_topic"] == "stormrange/status"
        assert config["availability_topic"] == "stormrange/availability"
        assert config.get("payload_available", "online") == "online"
        assert config.get("payload_not_available", "offline") == "offline"
        assert config["device"]["identifiers"] and config["device"]["name"]
        devices.add(json.dumps(config["device"], sort_keys=True))
        if "device_class" in config:
            assert config["device_class"] in DEVICE_CLASSES[component]
            assert config.get("unit_of_measurement") == UNITS.get(config["device_class"])
        # The first release's ids repeat the name (kept, for what users gave them), later ones not.
        entity = config["unique_id"].removeprefix("stormrange_stormrange_").removeprefix("stormrange_")
        for name, payload in samples.items():
            shown = render(config["value_template"], payload)
            want = expected(entity, json.loads(payload))
            where = f"{entity} for {name}: {shown!r}"
            if component == "binary_sensor":
                assert shown == ("ON" if want else "OFF"), where
            elif want is None:
                assert shown == "None", where
            elif entity == "direction":
                assert shown == want, where
            elif config.get("device_class") == "timestamp":
                moment = datetime.datetime.fromisoformat(shown)
                assert moment.tzinfo is not None and iso(moment) == want, where
            else:
                # A whole percentage, or a figure to its decimals.
                close = 0.5 if entity == "within_10km_chance" else 0.05
                assert NUMBER.match(shown) and float(shown) == pytest.approx(want, abs=close), where
            if "json_attributes_template" in config:
                assert config["json_attributes_topic"] == "stormrange/status"
                attributes = json.loads(render(config["json_attributes_template"], payload))
                assert attributes == expected_attributes(entity, json.loads(payload)), where
    assert len(devices) == 1, devices


def automation_message() -> str:
    """The message template of the automation in docs/service.md."""
    import pathlib

    text = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "service.md").read_text()
    block = text.split("message: >-\n", 1)[1].split("```", 1)[0]
    # YAML's folded block: its lines joined by spaces, the indentation dropped.
    return " ".join(line.strip() for line in block.strip().splitlines())


@pytest.mark.parametrize("chance, earliest", [
    (None, None), (0, None), (100, None), (37, "2026-11-27T18:31:00+00:00"),
])
def test_the_automation_in_the_docs_reads_right_with_and_without_a_time(chance, earliest):
    """Rendered as Home Assistant would, with its `states`, `as_timestamp` and `timestamp_custom`
    (the only helpers the template uses), for a chance and a time that are known or not."""
    states = {
        "sensor.stormrange_latest_distance": "12.5",
        "sensor.stormrange_within_10_km_chance": "unknown" if chance is None else str(chance),
        "sensor.stormrange_within_10_km_earliest": earliest or "unknown",
    }
    environment = home_assistant_environment()
    environment.globals["states"] = lambda entity: states[entity]
    message = environment.from_string(automation_message()).render().strip()
    assert message.startswith("Storm 12.5 km away: ") and message.endswith(".")
    assert "in the next 30 minutes" in message
    assert ("perhaps from 18:31" in message) == (earliest is not None), message
    assert "  " not in message and " ." not in message, message


def test_removal_clears_the_device_of_a_prefix_and_leaves_the_others(sandbox, broker, services):
    """`--homeassistant-remove`: empty retained messages at the configs, status and availability of
    its prefix (Home Assistant removes the entities, and the device with them), none elsewhere."""
    for prefix in ("old", "kept"):
        service = services(sandbox, "--broker", broker.url, "--homeassistant", "--topic-prefix", prefix)
        poll(f"the configs of {prefix}", lambda: len([t for t in broker.retained("homeassistant/#") if f"_{prefix}_" in t]) == 14)
        assert service.signal(signal.SIGTERM) == 0
    result = sandbox.run("mqtt", "--broker", broker.url, "--topic-prefix", "old", "--homeassistant-remove")
    assert result.status == 0, result.stderr
    assert "removed the Home Assistant device of old" in result.stderr
    left = broker.retained("#")
    assert not [topic for topic in left if topic.startswith("old/") or "_old_" in topic], left
    assert len([topic for topic in left if "_kept_" in topic]) == 14 and "kept/status" in left
