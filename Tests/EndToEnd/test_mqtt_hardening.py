"""`stormrange mqtt` against a real broker (mqtt_support.py), for the defects of issue 29 found
from outside: the order of what a new connection publishes, arguments kept whole, prefixes that
stay apart, bursts saved together, a bounded number of sensors, payloads too large, odd topics,
a password in the broker's address, and a history swapped for a link while the service runs. No
timing is asserted: each wait polls with a generous limit."""

import json
import os
import shutil
import signal
import subprocess

import pytest
from pathlib import Path

from mqtt_support import (
    Broker,
    Watcher,
    broker,  # noqa: F401 (a fixture)
    count_of,
    poll,
    services,  # noqa: F401 (a fixture)
    status_of,
)
from conftest import peak_kib
from test_mqtt import add, iso


def test_a_restart_publishes_the_fresh_status_and_configs_before_online(sandbox, broker, services):
    # The previous run's state, retained: a storm near, shelter now; then the service stopped.
    broker.publish("stormrange/status", json.dumps({"advice": {"level": "shelter-now"}}), retain=True)
    broker.publish("stormrange/availability", "offline", retain=True)
    # The storm ended during the outage: its last thunder 90 minutes ago.
    add(sandbox, f"add 5 at {iso(95)}", f"add 4 at {iso(90)}")
    watcher = Watcher(broker, "#")
    try:
        poll("the old state", lambda: watcher.on("stormrange/availability") == ["offline"])
        service = services(sandbox, "--broker", broker.url, "--homeassistant")
        poll("online", lambda: "online" in watcher.on("stormrange/availability"))
        with watcher.lock:
            messages = list(watcher.messages)
        online = messages.index(("stormrange/availability", "online"))
        before = messages[:online]
        statuses = [json.loads(payload) for topic, payload in before if topic == "stormrange/status"]
        # The old shelter-now came first (retained), then the fresh status, before online.
        assert len(statuses) == 2 and statuses[-1]["advice"]["level"] != "shelter-now", messages
        assert len([topic for topic, _ in before if topic.startswith("homeassistant/")]) == 14, messages
        assert service.signal(signal.SIGTERM) == 0
    finally:
        watcher.close()


def test_each_argument_is_one_value_blanks_and_all(sandbox, tmp_path, services):
    broker = Broker(tmp_path / "auth", users={"John Smith": "right horse"})
    try:
        folder = sandbox.home / "dir with space"
        folder.mkdir()
        (folder / "pw").write_text("right horse\n")
        service = services(
            sandbox, "--broker", broker.url, "--username", "John Smith", "--password-file", str(folder / "pw"),
            "--topic-prefix", "a b", "--subscribe", "my sensors/lightning=km")
        login = {"username": "John Smith", "password": "right horse"}

        def availability():  # not -v: the topic has a space, which would split it from its payload
            return subprocess.run(
                ["mosquitto_sub", *broker.client_arguments(**login), "-t", "a b/availability", "--retained-only",
                 "-W", "1"], capture_output=True, text=True).stdout.strip()

        poll("online under 'a b'", lambda: availability() == "online")
        subprocess.run(["mosquitto_pub", *broker.client_arguments(**login), "-t", "my sensors/lightning", "-m", "4.5"],
                       check=True)
        poll("the reading from 'my sensors/lightning'",
             lambda: len(json.loads(sandbox.run("show", "--json").stdout)) == 1)
        assert service.signal(signal.SIGTERM) == 0, service.errors
    finally:
        broker.stop()


def test_a_value_is_never_read_as_a_flag(sandbox, broker, services):
    service = services(sandbox, "--broker", broker.url, "--username", "bob --homeassistant")
    poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})
    assert broker.retained("homeassistant/#") == {}
    assert service.signal(signal.SIGTERM) == 0, service.errors


def test_a_password_in_the_broker_url_is_never_echoed(sandbox):
    result = sandbox.run("mqtt", "--broker", "mqtt://pi:hunter2@localhost:1883")
    assert result.status == 1 and result.stderr.count("\n") == 1, result.stderr
    assert "hunter2" not in result.stderr and "pi:" not in result.stderr, result.stderr
    assert "mqtt://***@localhost:1883" in result.stderr and "--username" in result.stderr


@pytest.mark.parametrize("prefix", ["a\nb", "a\tb", "a\x7fb", "a\u0085b"])
def test_a_control_character_in_a_prefix_is_refused_up_front(sandbox, broker, prefix):
    for flag in ("--topic-prefix", "--homeassistant-prefix"):
        result = sandbox.run("mqtt", "--broker", broker.url, flag, prefix)
        assert result.status == 1 and result.stderr.count("\n") == 1, result.stderr
        assert "control character" in result.stderr and "Malformed" not in result.stderr, result.stderr
        assert "\n" not in result.stderr.rstrip("\n")


def test_two_prefixes_are_two_devices_and_an_old_id_is_cleared(sandbox, broker, services):
    # What an earlier stormrange left for `home/storm`: configs under the id it had then.
    old = "ha/binary_sensor/stormrange_home_storm_shelter_now/config"
    broker.publish(old, json.dumps({"unique_id": "stormrange_home_storm_shelter_now"}), retain=True)
    first = services(sandbox, "--broker", broker.url, "--topic-prefix", "home/storm", "--homeassistant-prefix", "ha")
    second = services(sandbox, "--broker", broker.url, "--topic-prefix", "home_storm", "--homeassistant-prefix", "ha")
    configs = poll("both devices' configs", lambda: (found := broker.retained("ha/#")) and len(found) == 28 and found)
    assert old not in configs
    devices = {json.loads(config)["device"]["identifiers"][0] for config in configs.values()}
    assert devices == {"stormrange_home_2fstorm", "stormrange_home__storm"}
    assert first.signal(signal.SIGTERM) == 0 and second.signal(signal.SIGTERM) == 0


def test_a_burst_is_saved_in_few_writes_not_one_per_message(sandbox, broker, tmp_path):
    # Guarantee 23: readings are saved with the others that arrived with them, in one write.
    if shutil.which("strace") is None:
        pytest.skip("strace not installed (Debian: strace)")
    trace = tmp_path / "trace"
    process = subprocess.Popen(
        ["strace", "-f", "-qq", "-e", "trace=fsync,fdatasync,rename,renameat,renameat2", "-o", str(trace),
         sandbox.binary, "mqtt", "--broker", broker.url, "--subscribe", "esp/lightning=km"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=sandbox.env, cwd=sandbox.home)
    try:
        poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})
        burst = "".join(f"{5 + (i % 100) / 10}\n" for i in range(1000))
        subprocess.run(["mosquitto_pub", *broker.client_arguments(), "-t", "esp/lightning", "-l"], input=burst,
                       text=True, check=True)
        poll("1000 readings", lambda: count_of(status_of(broker)) == 1000, 120)
        # The service is strace's child: the signal goes to it, and strace ends with it.
        child = int(Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()[0])
        os.kill(child, signal.SIGTERM)
        assert process.wait(timeout=20) == 0
        calls = trace.read_text().splitlines()
        renames = [call for call in calls if "rename" in call and "SavedHistory.plist" in call]
        fsyncs = [call for call in calls if "fsync(" in call or "fdatasync(" in call]
        print(f"1000 messages: {len(renames)} renames, {len(fsyncs)} fsyncs")
        assert len(renames) <= 100, (len(renames), len(fsyncs))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def rtl433_line(sensor: int, count: int) -> str:
    return json.dumps({"time": iso(1), "model": "FineOffset-WH31L", "id": sensor, "state": "strike",
                       "storm_dist_km": 14, "strike_count": count})


def test_a_flood_of_sensor_ids_leaves_at_most_64_retained_summaries(sandbox, broker, services):
    # 500 ids once made 500 retained `stormrange/sensors/<id>` topics (issue 29, item 7).
    service = services(sandbox, "--broker", broker.url, "--subscribe", "rtl_433/events=rtl433")
    poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})
    flood = "".join(rtl433_line(1000 + i, 0) + "\n" for i in range(500))
    subprocess.run(["mosquitto_pub", *broker.client_arguments(), "-t", "rtl_433/events", "-l"], input=flood,
                   text=True, check=True)
    last = "stormrange/sensors/FineOffset-WH31L-1499"
    summaries = poll("the last sensor's summary", lambda: (found := broker.retained("stormrange/sensors/#"))
                     and last in found and found)
    assert len(summaries) <= 64, len(summaries)
    assert "stormrange/sensors/FineOffset-WH31L-1000" not in summaries
    assert service.signal(signal.SIGTERM) == 0
    assert service.errors.count("more than 64 sensors") == 1, service.errors
    assert service.errors.count("new sensor FineOffset") <= 64


def test_a_tasmota_topic_dot_or_dot_dot_is_not_a_source(sandbox, broker, services):
    service = services(sandbox, "--broker", broker.url, "--subscribe", "tele/+/SENSOR=tasmota")
    poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})
    event = json.dumps({"AS3935": {"Event": 1, "Distance": 14, "Energy": 9, "Stage": 0}})
    for device in ("..", "."):
        broker.publish(f"tele/{device}/SENSOR", event)
    poll("two readings", lambda: len(json.loads(sandbox.run("show", "--json").stdout)) == 2)
    assert {row["source"] for row in json.loads(sandbox.run("show", "--json").stdout)} == {"tasmota"}
    assert service.signal(signal.SIGTERM) == 0


def test_a_payload_over_4_mib_is_refused_within_one_payload_of_idle(sandbox, broker, services, tmp_path):
    # A 50 MB payload took the service to 160 MB (issue 29, item 8).
    service = services(sandbox, "--broker", broker.url, "--subscribe", "esp/lightning=km")
    poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})
    idle = peak_kib(service.process.pid)
    big = tmp_path / "big"
    big.write_bytes(b"5" * (50 << 20))
    subprocess.run(["mosquitto_pub", *broker.client_arguments(), "-t", "esp/lightning", "-f", str(big), "-q", "1"],
                   check=True, timeout=60)
    broker.publish("esp/lightning", "12.5")
    poll("the reading after it", lambda: len(json.loads(sandbox.run("show", "--json").stdout)) == 1, 60)
    peak = peak_kib(service.process.pid)
    print(f"50 MB payload: peak {peak} KiB, idle {idle} KiB")
    assert peak - idle < 50 << 10, (peak, idle)
    # One just over 4 MiB reaches the service (the broker is told to send nothing much larger),
    # which refuses it in one counted line.
    big.write_bytes(b"5" * ((4 << 20) + 1))
    subprocess.run(["mosquitto_pub", *broker.client_arguments(), "-t", "esp/lightning", "-f", str(big), "-q", "1"],
                   check=True, timeout=60)
    poll("the refusal", lambda: "a message may have; skipped" in service.errors)
    assert service.signal(signal.SIGTERM) == 0, service.errors
    refusals = [line for line in service.errors.splitlines() if "a message may have" in line]
    assert refusals[-1] == ("stormrange: topic esp/lightning: the message is 4,194,305 bytes, more than the "
                            "4 MiB (4,194,304 bytes) a message may have; skipped"), refusals
    assert [row["distance_m"] for row in json.loads(sandbox.run("show", "--json").stdout)] == [12500.0]


def test_a_reading_while_the_history_is_missing_starts_no_new_history(sandbox, broker, services):
    # It made a new file holding only that reading (issue 29): a history missing for a moment is
    # not an empty one.
    add(sandbox, f"add 5 at {iso(3)}")
    service = services(sandbox, "--broker", broker.url, "--subscribe", "esp/lightning=km")
    poll("online", lambda: broker.retained("stormrange/availability") == {"stormrange/availability": "online"})
    aside = sandbox.history_path.with_name("moved-away.plist")
    sandbox.history_path.rename(aside)
    broker.publish("esp/lightning", "12.5")
    poll("the refusal", lambda: "nothing was saved" in service.errors)
    assert not sandbox.history_path.exists(), sandbox.read_history()
    aside.rename(sandbox.history_path)
    broker.publish("esp/lightning", "20")
    poll("the reading after it is back", lambda: len(sandbox.read_history()) == 2)
    assert [entry["distance"] for entry in sandbox.read_history()][-1] == 20_000.0
    assert service.signal(signal.SIGTERM) == 0, service.errors
    refusal = [line for line in service.errors.splitlines() if "nothing was saved" in line]
    assert len(refusal) == 1 and "topic esp/lightning" in refusal[0] and "missing" in refusal[0], refusal


def test_paths_that_are_not_utf8_keep_their_bytes(sandbox, tmp_path, services):
    # As `export` and `import` keep theirs (guarantee 20); they were refused as not UTF-8 (issue 29).
    from mqtt_support import make_ca, make_server_certificate

    login = Broker(tmp_path / "auth", users={"pi": "right horse"})
    authority = make_ca(tmp_path, "authority")
    tls = Broker(tmp_path / "tls", tls=(authority[0], *make_server_certificate(tmp_path, authority)))
    try:
        folder = os.fsencode(sandbox.home) + b"/d\xfcr"
        os.mkdir(folder)
        os.chmod(folder, 0o700)
        with open(folder + b"/pw\xff", "wb") as file:
            file.write(b"right horse\n")
        with open(folder + b"/ca\xff.pem", "wb") as file:
            file.write(authority[0].read_bytes())
        first = services(sandbox, "--broker", login.url, "--username", "pi", "--password-file", folder + b"/pw\xff")
        poll("online with the password", lambda: login.retained(
            "stormrange/availability", username="pi", password="right horse") == {"stormrange/availability": "online"})
        second = services(sandbox, "--broker", f"mqtts://localhost:{tls.port}", b"--cafile=" + folder + b"/ca\xff.pem")
        poll("online over TLS", lambda: tls.retained("stormrange/availability", cafile=authority[0]) ==
             {"stormrange/availability": "online"})
        assert first.signal(signal.SIGTERM) == 0, first.errors
        assert second.signal(signal.SIGTERM) == 0, second.errors
        # A path that is not there is named with its bytes shown, in one line.
        result = sandbox.run("mqtt", "--broker", f"mqtts://localhost:{tls.port}", "--cafile", b"/nowhere/c\xfc.pem")
        assert result.status == 1 and result.stderr == (
            "stormrange: cannot read --cafile /nowhere/c\\x{FC}.pem: No such file or directory\n"), result.stderr
    finally:
        login.stop()
        tls.stop()
