"""`stormrange mqtt --homeassistant --subscribe TOPIC=rtl433`: each detector heard has Home Assistant
entities of its own for its health (issue 29, item 17), read from its summary at
`stormrange/sensors/SOURCE`. Two rtl_433 sensors on a real broker make their configs appear under
`homeassistant/…`, each with its own unique id, the shared device and availability, and a
`value_template` that Jinja2 renders against the real summaries the service published (and against
a summary without the keys, with them null, and no JSON at all: never an error)."""

import datetime
import json
import signal

import pytest

from mqtt_support import RECONNECT, Watcher, broker, poll, services  # noqa: F401 (fixtures)

jinja2 = pytest.importorskip("jinja2", reason="jinja2 not installed (pip install jinja2)")
from jinja2.sandbox import ImmutableSandboxedEnvironment  # noqa: E402

SOURCES = ("FineOffset-WH31L-67016", "FineOffset-WH31L-3")
STATUS_CONFIGS = 14


def iso(minutes_ago: float) -> str:
    moment = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=minutes_ago)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def render(template: str, payload: str | None) -> str:
    """As Home Assistant renders it: `value`, and `value_json` only when the payload is JSON."""
    environment = ImmutableSandboxedEnvironment(undefined=jinja2.StrictUndefined)
    variables = {"value": payload or ""}
    if payload:
        variables["value_json"] = json.loads(payload)
    return environment.from_string(template).render(**variables).strip()


def sensor_configs(broker) -> dict[str, dict]:
    return {topic: json.loads(text) for topic, text in broker.retained("homeassistant/#").items()
            if "_sensor_" in topic and text}


def test_two_rtl433_sensors_get_health_entities_whose_templates_read_their_summaries(sandbox, broker, services):
    watcher = Watcher(broker, "stormrange/#")
    try:
        service = services(sandbox, "--broker", broker.url, "--homeassistant", "--subscribe", "rtl_433/+/events=rtl433")
        poll("online", lambda: watcher.on("stormrange/availability") == ["online"])
        for number, identifier in enumerate((67016, 3)):
            # A minute apart: two readings at one time would be one flash measured twice.
            packet = {"time": iso(2 - number), "model": "FineOffset-WH31L", "id": identifier, "state": "normal",
                      "storm_dist_km": (8, 12)[number]}  # two of the AS3935's steps
            broker.publish("rtl_433/pi/events", json.dumps({**packet, "strike_count": 4}))  # the baseline
            broker.publish("rtl_433/pi/events", json.dumps({**packet, "strike_count": 5}))  # a strike
        summaries = poll("both summaries", lambda: (found := {
            source: json.loads(payloads[-1]) for source in SOURCES
            if (payloads := watcher.on(f"stormrange/sensors/{source}")) and json.loads(payloads[-1])["readings"] == 1
        }) and len(found) == 2 and found)
        configs = poll("the sensors' configs", lambda: (found := sensor_configs(broker)) and len(found) == 4 and found)
        status_configs = [topic for topic in broker.retained("homeassistant/#") if "_sensor_" not in topic]
        assert len(status_configs) == STATUS_CONFIGS
        shared = json.loads(broker.retained("homeassistant/#")[status_configs[0]])
        # Published again on every connection, as the other configs are: a broker that restarted
        # without persistence has them again.
        broker.kill()
        broker.start()
        poll("the sensors' configs again", lambda: sensor_configs(broker) == configs, RECONNECT)
        assert service.signal(signal.SIGTERM) == 0
    finally:
        watcher.close()
    ids = set()
    for topic, config in configs.items():
        assert topic == f"homeassistant/sensor/{config['unique_id']}/config"
        ids.add(config["unique_id"])
        source = next(source for source in SOURCES if config["unique_id"].startswith(f"stormrange_sensor_{source}_"))
        assert config["state_topic"] == f"stormrange/sensors/{source}"
        assert config["availability_topic"] == "stormrange/availability"
        assert config["device"] == shared["device"] and config["origin"] == shared["origin"]
        assert config["entity_category"] == "diagnostic"
        assert config["name"].startswith(source + " ")
        summary = summaries[source]
        shown = render(config["value_template"], json.dumps(summary))
        entity = config["unique_id"].removeprefix(f"stormrange_sensor_{source}_")
        if entity == "last_heard":
            assert config["device_class"] == "timestamp"
            moment = datetime.datetime.fromisoformat(shown)
            assert moment.tzinfo is not None and moment.strftime("%Y-%m-%dT%H:%M:%SZ") == summary["last_message"]
        else:
            assert entity == "readings" and config["state_class"] == "total_increasing"
            assert shown == "1" == str(summary["readings"])
            assert config["json_attributes_topic"] == config["state_topic"]
            attributes = json.loads(render(config["json_attributes_template"], json.dumps(summary)))
            assert attributes == {key: summary[key] for key in attributes} and "disturbers" in attributes
            assert all(value is None for value in json.loads(render(config["json_attributes_template"], "{}")).values())
        # Never an error: a summary without the key, with it null, or no JSON object at all.
        for payload in ("{}", json.dumps(dict.fromkeys(summary)), None, "5"):
            assert render(config["value_template"], payload) == "None", (entity, payload)
    assert len(ids) == 4
