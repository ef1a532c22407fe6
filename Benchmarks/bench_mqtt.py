"""Issue 21's figure: how long a lightning strike takes to reach Home Assistant, that is from the
moment it reaches stormrange to the moment the status it changes arrives from an MQTT broker, at a
history of 10k, beside a plain one-shot `add` of the same reading at 10k, start to exit.

A real broker (Eclipse Mosquitto, on a free loopback port with a configuration of its own) runs
`stormrange --file H mqtt --subscribe bench/strike=km`. This script talks MQTT to the broker itself,
over one socket (the few packets of MQTT 3.1.1 it needs are below), subscribed to the status:

- an MQTT message: from publishing `12.5` to `bench/strike` to receiving the status whose latest
  measurement is the new one (the service reads the message, saves the history durably, computes
  the status and publishes it; the broker passes both on);
- a strike line on stdin: from writing `12.5` to a running `stormrange --file H ingest km` to
  receiving that status (ingest saves; the service sees the file change through inotify, reads it
  again and publishes).

Each sample waits for its status before the next is sent. Reported: the median and the 99th
percentile of each, and their ratio to the one-shot `add`'s median."""

import getpass
import json
import os
import select
import shutil
import socket
import statistics
import struct
import subprocess
import tempfile
import time


def encode_length(length):
    encoded = bytearray()
    while True:
        byte, length = length % 128, length // 128
        encoded.append(byte | (0x80 if length else 0))
        if not length:
            return bytes(encoded)


def string(text):
    data = text.encode()
    return struct.pack("!H", len(data)) + data


class MiniClient:
    """Just enough MQTT 3.1.1 for the benchmark: connect, subscribe, publish at QoS 0, and read the
    messages the broker forwards."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        body = string("MQTT") + bytes([4, 0x02]) + struct.pack("!H", 60) + string(f"bench-{os.getpid()}")
        self.send(0x10, body)
        kind, _ = self.packet(10)
        assert kind >> 4 == 2, "no CONNACK"

    def send(self, header, body):
        self.socket.sendall(bytes([header]) + encode_length(len(body)) + body)

    def subscribe(self, topic):
        self.send(0x82, struct.pack("!H", 1) + string(topic) + b"\x00")

    def publish(self, topic, payload):
        self.send(0x30, string(topic) + payload.encode())

    def packet(self, timeout):
        """(first byte, body) of the next packet, or fails after `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            if len(self.buffer) >= 2:
                length, shift, index = 0, 0, 1
                while index < len(self.buffer):
                    byte = self.buffer[index]
                    length |= (byte & 0x7F) << shift
                    shift += 7
                    index += 1
                    if not byte & 0x80:
                        if len(self.buffer) >= index + length:
                            packet = self.buffer[0], self.buffer[index:index + length]
                            self.buffer = self.buffer[index + length:]
                            return packet
                        break
            left = deadline - time.monotonic()
            assert left > 0, "the broker sent nothing in time"
            ready, _, _ = select.select([self.socket], [], [], left)
            if ready:
                chunk = self.socket.recv(1 << 20)
                assert chunk, "the broker closed the connection"
                self.buffer += chunk

    def message(self, timeout):
        """(topic, payload) of the next PUBLISH."""
        while True:
            kind, body = self.packet(timeout)
            if kind >> 4 != 3:
                continue
            length = struct.unpack("!H", body[:2])[0]
            topic = body[2:2 + length].decode()
            rest = body[2 + length:]
            if (kind >> 1) & 3:
                rest = rest[2:]  # the packet id of QoS 1 or 2
            return topic, rest.decode()

    def close(self):
        self.socket.close()


def start_broker(work):
    port = free_port()
    config = os.path.join(work, "mosquitto.conf")
    with open(config, "w") as file:
        file.write(f"listener {port} 127.0.0.1\npersistence false\nallow_anonymous true\nuser {getpass.getuser()}\n")
    broker = subprocess.Popen(["mosquitto", "-c", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return broker, port
        assert time.monotonic() < deadline and broker.poll() is None, "mosquitto did not start"
        time.sleep(0.05)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_index(client, index, timeout=60):
    """Reads status messages until one whose latest measurement is number `index`."""
    while True:
        topic, payload = client.message(timeout)
        latest = json.loads(payload)["latest"] if topic == "stormrange/status" else None
        if latest and latest["index"] >= index:
            assert latest["index"] == index, (latest["index"], index)
            return


def percentile(samples, share):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def summary(samples):
    return f"median {statistics.median(samples):.1f} ms, 99th percentile {percentile(samples, 0.99):.1f} ms"


def measure(binary, history_10k, samples_each):
    """(MQTT message samples, stdin line samples) in ms, from `samples_each` strikes each."""
    work = tempfile.mkdtemp(prefix="stormrange-bench-mqtt-")
    history = os.path.join(work, "history.plist")
    shutil.copy(history_10k, history)
    broker, port = start_broker(work)
    service = ingest = client = None
    try:
        service = subprocess.Popen(
            [binary, "--file", history, "mqtt", "--broker", f"mqtt://127.0.0.1:{port}", "--subscribe",
             "bench/strike=km"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = MiniClient(port)
        client.subscribe("stormrange/status")
        index = 10_000
        wait_for_index(client, index)  # the retained status: the service is up
        by_message = []
        for _ in range(samples_each):
            index += 1
            started = time.perf_counter()
            client.publish("bench/strike", "12.5")
            wait_for_index(client, index)
            by_message.append((time.perf_counter() - started) * 1000)
        ingest = subprocess.Popen([binary, "--file", history, "ingest", "km"], stdin=subprocess.PIPE,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, bufsize=0)
        by_line = []
        for _ in range(samples_each):
            index += 1
            started = time.perf_counter()
            ingest.stdin.write(b"12.5\n")
            wait_for_index(client, index)
            by_line.append((time.perf_counter() - started) * 1000)
        return by_message, by_line
    finally:
        for process in (ingest, service):
            if process and process.poll() is None:
                process.terminate()
                process.wait(timeout=30)
        if client:
            client.close()
        broker.terminate()
        broker.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
