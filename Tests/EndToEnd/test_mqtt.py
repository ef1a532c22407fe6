"""`stormrange mqtt` against a real broker (mqtt_support.py): the retained status and availability,
its will, signals, a broker that goes away and comes back, a broker that cannot be reached at the
start, refused logins and TLS, and detector messages on subscribed topics landing in the history.
No timing is asserted: each wait polls with a generous limit."""

import datetime
import json
import signal
import subprocess

import pytest

from mqtt_support import (
    ARRIVE,
    RECONNECT,
    START,
    Broker,
    Watcher,
    broker,  # noqa: F401 (a fixture)
    count_of,
    make_ca,
    make_server_certificate,
    poll,
    services,  # noqa: F401 (a fixture)
    status_of,
)


def iso(minutes_ago: float) -> str:
    moment = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=minutes_ago)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def add(sandbox, *lines: str) -> None:
    result = sandbox.batch(*lines)
    assert result.status == 0, result.stderr


def storm(count: int, start: int = 0) -> list[str]:
    """`count` delays of a storm coming closer, a minute apart, the last one now."""
    return [f"add {30 - 2 * (start + i)} at {iso(count + start - 1 - i)}" for i in range(count)]


def test_the_status_and_availability_are_retained_and_follow_the_history(sandbox, broker, services):
    add(sandbox, *storm(3))
    service = services(sandbox, "--broker", broker.url)
    assert poll("availability online", lambda: broker.retained("stormrange/availability")) == {
        "stormrange/availability": "online"
    }
    status = poll("the status of 3", lambda: (s := status_of(broker)) and count_of(s) == 3 and s)
    expected = json.loads(sandbox.run("status", "--json").stdout)
    assert set(status) == set(expected) and status["latest"] == expected["latest"]
    assert status["trend"]["rate_mps"] is not None or status["trend"]["direction"] == "unknown"
    # Another process adds: published again, retained.
    add(sandbox, *storm(1, start=3))
    poll("the status of 4", lambda: count_of(status_of(broker)) == 4)
    assert service.signal(signal.SIGTERM) == 0, service.errors
    assert broker.retained("stormrange/availability") == {"stormrange/availability": "offline"}
    assert "connected to the broker at mqtt://127.0.0.1:" in service.errors


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_publishes_offline_and_exits_0(sandbox, broker, services, number):
    watcher = Watcher(broker, "stormrange/availability")
    try:
        service = services(sandbox, "--broker", broker.url)
        poll("online", lambda: watcher.on("stormrange/availability") == ["online"])
        assert service.signal(number) == 0, service.errors
        poll("offline", lambda: watcher.on("stormrange/availability") == ["online", "offline"])
    finally:
        watcher.close()


def test_kill_9_leaves_offline_to_the_will(sandbox, broker, services):
    service = services(sandbox, "--broker", broker.url)
    poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})
    service.process.kill()
    service.process.wait()
    poll("the will", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "offline"})


def test_a_broker_killed_mid_storm_gets_everything_again_when_it_returns(sandbox, broker, services):
    add(sandbox, *storm(3))
    service = services(sandbox, "--broker", broker.url, "--homeassistant", "--subscribe", "esp/lightning=km")
    poll("the status of 3", lambda: count_of(status_of(broker)) == 3)
    broker.kill()
    # While it is away, the storm goes on: another process adds, the history keeps it.
    add(sandbox, *storm(2, start=3))
    broker.start()  # the same port, nothing retained (no persistence)
    poll("the status of 5", lambda: count_of(status_of(broker)) == 5, RECONNECT)
    assert broker.retained("stormrange/availability") == {"stormrange/availability": "online"}
    assert len(broker.retained("homeassistant/#")) == 14
    assert "lost the connection to the broker" in service.errors
    # Subscribed again too: a detector's message after the return lands in the history.
    broker.publish("esp/lightning", "4.5")
    poll("a reading from the subscription", lambda: count_of(status_of(broker)) == 6)
    assert len(json.loads(sandbox.run("show", "--json").stdout)) == 6
    assert service.signal(signal.SIGTERM) == 0


def test_a_broker_that_cannot_be_reached_at_the_start_is_tried_again(sandbox, tmp_path, services):
    broker = Broker(tmp_path / "late")
    broker.kill()  # its port is known, and nothing listens there now
    try:
        add(sandbox, *storm(2))
        service = services(sandbox, "--broker", broker.url)
        poll("a failed try", lambda: "trying again in 1 s" in service.errors)
        poll("a second failed try", lambda: "trying again in 2 s" in service.errors, RECONNECT)
        broker.start()
        poll("the status once the broker is there", lambda: count_of(status_of(broker)) == 2, RECONNECT)
        assert service.signal(signal.SIGINT) == 0
    finally:
        broker.stop()


def one_line_exit_1(service) -> str:
    assert service.finish(RECONNECT) == 1, service.errors
    lines = service.errors.splitlines()
    assert len([line for line in lines if not line.startswith("stormrange: cannot reach")]) == 1, lines
    return lines[-1]


def test_a_refused_login_exits_1_with_one_line(sandbox, tmp_path, services):
    broker = Broker(tmp_path / "auth", users={"pi": "right horse"})
    try:
        wrong = one_line_exit_1(
            services(sandbox, "--broker", broker.url, "--username", "pi",
                     env={**sandbox.env, "STORMRANGE_MQTT_PASSWORD": "wrong"}))
        assert wrong.startswith(f"stormrange: the broker at {broker.url} refused the login (")
        assert "--username" in wrong and "STORMRANGE_MQTT_PASSWORD" in wrong
        anonymous = one_line_exit_1(services(sandbox, "--broker", broker.url))
        assert "refused the login" in anonymous
        # The right password, from a file: online, with the same login for the check.
        (sandbox.home / "password").write_text("right horse\n")
        service = services(sandbox, "--broker", broker.url, "--username", "pi", "--password-file",
                           str(sandbox.home / "password"))
        login = {"username": "pi", "password": "right horse"}
        poll("online", lambda: broker.retained("stormrange/availability", **login) ==
             {"stormrange/availability": "online"})
        assert "right horse" not in " ".join(service.process.args)
        assert service.signal(signal.SIGTERM) == 0
    finally:
        broker.stop()


def test_the_password_is_never_taken_on_the_command_line(sandbox, broker):
    result = sandbox.run("mqtt", "--broker", broker.url, "--username", "pi", "--password", "x")
    assert result.status == 1 and result.stderr.count("\n") == 1
    assert "STORMRANGE_MQTT_PASSWORD" in result.stderr and "--password-file" in result.stderr


def test_tls_with_the_right_authority_and_bad_tls_settings(sandbox, tmp_path, broker, services):
    authority = make_ca(tmp_path, "authority")
    stranger = make_ca(tmp_path, "stranger")
    tls = Broker(tmp_path / "tls", tls=(authority[0], *make_server_certificate(tmp_path, authority)))
    try:
        url = f"mqtts://localhost:{tls.port}"
        service = services(sandbox, "--broker", url, "--cafile", str(authority[0]))
        poll("online over TLS", lambda: tls.retained("stormrange/availability", cafile=authority[0]) ==
             {"stormrange/availability": "online"})
        assert service.signal(signal.SIGTERM) == 0
        for arguments in (
            ["--broker", url, "--cafile", str(stranger[0])],  # signed by another authority
            ["--broker", url],  # not by one the system trusts
            ["--broker", f"mqtts://127.0.0.1:{broker.port}"],  # a port that does not speak TLS
        ):
            line = one_line_exit_1(services(sandbox, *arguments))
            assert line.startswith("stormrange: TLS with the broker at mqtts://") and "failed" in line, line
        missing = one_line_exit_1(services(sandbox, "--broker", url, "--cafile", str(tmp_path / "none.pem")))
        assert missing == f"stormrange: cannot read --cafile {tmp_path / 'none.pem'}: No such file or directory"
    finally:
        tls.stop()


def test_messages_on_subscribed_topics_land_in_the_history_before_the_status_is_published(
    sandbox, broker, services
):
    # A retained message from before the service subscribed is old news, not a reading.
    broker.publish("esp/lightning", "30", retain=True)
    watcher = Watcher(broker, "stormrange/#")
    try:
        service = services(
            sandbox, "--broker", broker.url, "--subscribe", "tele/+/SENSOR=tasmota",
            "--subscribe", "esp/lightning=km", "--subscribe", "rtl_433/+/events=rtl433",
        )
        poll("online", lambda: watcher.on("stormrange/availability") == ["online"])
        broker.publish("tele/attic/SENSOR", json.dumps({"AS3935": {"Event": 1, "Distance": 14, "Energy": 9, "Stage": 0}}))
        broker.publish("tele/attic/SENSOR", json.dumps({"AS3935": {"Event": 6, "Distance": 0, "Energy": 0, "Stage": 0}}))
        broker.publish("tele/plug/SENSOR", json.dumps({"ENERGY": {"Power": 12}}))  # not a detector
        broker.publish("esp/lightning", "12.5")
        packet = {"time": iso(0), "model": "FineOffset-WH31L", "id": 67016, "state": "normal", "storm_dist_km": 8}
        broker.publish("rtl_433/pi/events", json.dumps({**packet, "strike_count": 4}))  # the baseline
        broker.publish("rtl_433/pi/events", json.dumps({**packet, "strike_count": 5}))  # a strike

        def three_readings():
            counts = [count_of(json.loads(payload)) for payload in watcher.on("stormrange/status")]
            return 3 in counts

        poll("the status of 3 readings", three_readings)
        # Saved before it was published: the history already holds all three.
        readings = json.loads(sandbox.run("show", "--json").stdout)
        assert sorted((row["source"], row["distance_m"]) for row in readings) == [
            ("FineOffset-WH31L-67016", 8000.0), ("attic", 14000.0), ("detector", 12500.0)]
        attic = poll("attic's summary", lambda: watcher.on("stormrange/sensors/attic"))
        assert json.loads(attic[-1])["disturbers"] == 1 and json.loads(attic[-1])["readings"] == 1
        assert service.signal(signal.SIGTERM) == 0
        assert "plug" not in service.errors
        assert "#1" in service.stdout.decode() and "(attic)" in service.stdout.decode()
        # Retained for whoever subscribes later, the sensors' summaries too.
        assert set(broker.retained("stormrange/sensors/#")) == {
            "stormrange/sensors/attic", "stormrange/sensors/detector", "stormrange/sensors/FineOffset-WH31L-67016"}
    finally:
        watcher.close()


def test_prefixes_move_every_topic(sandbox, broker, services):
    add(sandbox, *storm(1))
    service = services(sandbox, "--broker", broker.url, "--topic-prefix", "home/storm", "--homeassistant-prefix", "ha")
    poll("the status under home/storm", lambda: count_of(status_of(broker, "home/storm")) == 1)
    configs = poll("the discovery configs", lambda: (found := broker.retained("ha/#")) and len(found) == 14 and found)
    assert all(json.loads(config)["state_topic"] == "home/storm/status" for config in configs.values())
    # The id escapes the prefix one to one (issue 29): `/` is `_2f`.
    assert "ha/binary_sensor/stormrange_home_2fstorm_shelter_now/config" in configs
    assert broker.retained("stormrange/#") == {}
    assert service.signal(signal.SIGTERM) == 0


def test_mqtt_is_a_service_of_its_own_not_a_line_of_a_batch(sandbox, broker):
    result = sandbox.batch(f"mqtt --broker {broker.url}")
    assert result.status == 1
    assert "not in a batch or at the prompt" in result.stderr
    result = sandbox.run("mqtt", "--topic-prefix", "x")
    assert result.status == 1 and "mqtt needs --broker URL" in result.stderr
