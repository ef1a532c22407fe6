"""A real MQTT broker for the tests of `stormrange mqtt`: Eclipse Mosquitto (Debian `mosquitto`)
started on a free loopback port with a configuration of its own, and its command-line clients
(`mosquitto_pub`, `mosquitto_sub`, Debian `mosquitto-clients`) to feed it and watch it. Scripts/
setup-system --test installs both; without them the tests skip (and fail on CI, see ci_skips.py).

Nothing here measures time: every wait polls for what it expects with a generous limit."""

import getpass
import json
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

# Generous limits: a broker or the service that has not done it by then is not going to.
START = 20
# A reconnection waits at most 30 s between tries (issue 21), so allow two full waits.
RECONNECT = 75
ARRIVE = 30


def require_mosquitto() -> None:
    missing = [tool for tool in ("mosquitto", "mosquitto_pub", "mosquitto_sub") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (Debian: mosquitto, mosquitto-clients)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def poll(what: str, check, limit: float = ARRIVE, every: float = 0.1):
    """Calls `check` until it returns something truthy, and returns that; fails after `limit` s."""
    deadline = time.monotonic() + limit
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"{what}: not within {limit} s"
        time.sleep(every)


class Broker:
    """mosquitto on 127.0.0.1:`port`, no persistence (a restart forgets every retained message),
    anonymous unless `users` ({name: password}) are given, TLS when `tls` = (ca, cert, key)."""

    def __init__(self, directory: Path, users: dict | None = None, tls: tuple | None = None):
        require_mosquitto()
        self.directory = directory
        self.directory.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        lines = [
            f"listener {self.port} 127.0.0.1",
            "persistence false",
            # As root mosquitto would run as the user `mosquitto`, who cannot read this folder.
            f"user {getpass.getuser()}",
            f"allow_anonymous {'false' if users else 'true'}",
        ]
        if users:
            passwords = self.directory / "passwords"
            passwords.write_text("")
            passwords.chmod(0o600)
            for name, password in users.items():
                subprocess.run(["mosquitto_passwd", "-b", str(passwords), name, password], check=True)
            lines.append(f"password_file {passwords}")
        if tls:
            ca, cert, key = tls
            lines += [f"cafile {ca}", f"certfile {cert}", f"keyfile {key}"]
        self.config = self.directory / "mosquitto.conf"
        self.config.write_text("\n".join(lines) + "\n")
        self.start()

    def start(self) -> None:
        self.log = open(self.directory / "broker.log", "ab")
        self.process = subprocess.Popen(["mosquitto", "-c", str(self.config)], stdout=self.log, stderr=self.log)

        def listening():
            assert self.process.poll() is None, f"mosquitto ended: {(self.directory / 'broker.log').read_text()}"
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", self.port)) == 0

        poll("mosquitto listening", listening, START)

    def kill(self) -> None:
        """SIGKILL: the broker goes away at once, with everything it retained."""
        self.process.kill()
        self.process.wait()
        self.log.close()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.kill()

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def client_arguments(self, username=None, password=None, cafile=None) -> list[str]:
        # Over TLS, by the name its certificate is for.
        arguments = ["-h", "localhost" if cafile else "127.0.0.1", "-p", str(self.port)]
        if username:
            arguments += ["-u", username, "-P", password]
        if cafile:
            arguments += ["--cafile", str(cafile)]
        return arguments

    def retained(self, topic: str, **login) -> dict[str, str]:
        """The retained messages under `topic` (a filter), {topic: payload}: what a client that
        subscribes now is sent at once. Reads for a moment after the last one arrives."""
        result = subprocess.run(
            ["mosquitto_sub", *self.client_arguments(**login), "-t", topic, "-v", "--retained-only", "-W", "1"],
            capture_output=True, text=True, timeout=START,
        )
        messages = {}
        for line in result.stdout.splitlines():
            name, _, payload = line.partition(" ")
            messages[name] = payload
        return messages

    def publish(self, topic: str, payload: str, retain: bool = False) -> None:
        subprocess.run(
            ["mosquitto_pub", *self.client_arguments(), "-t", topic, "-m", payload, "-q", "1",
             *(["-r"] if retain else [])],
            check=True, timeout=START,
        )


class Watcher:
    """`mosquitto_sub -v` on a filter for the whole test: every message that passes, in order."""

    def __init__(self, broker: Broker, topic: str = "#"):
        self.process = subprocess.Popen(
            ["mosquitto_sub", *broker.client_arguments(), "-t", topic, "-v"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        self.messages: list[tuple[str, str]] = []
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            name, _, payload = line.rstrip("\n").partition(" ")
            with self.lock:
                self.messages.append((name, payload))

    def on(self, topic: str) -> list[str]:
        with self.lock:
            return [payload for name, payload in self.messages if name == topic]

    def close(self) -> None:
        self.process.terminate()
        self.process.wait()


class Service:
    """`stormrange mqtt …` running in `sandbox`, its output collected as it comes."""

    def __init__(self, sandbox, *arguments: str, env: dict | None = None):
        self.process = subprocess.Popen(
            [sandbox.binary, "mqtt", *arguments],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env or sandbox.env, cwd=sandbox.home,
        )
        self.stdout = b""
        self.stderr = b""
        self.threads = [
            threading.Thread(target=self._collect, args=(self.process.stdout, "stdout"), daemon=True),
            threading.Thread(target=self._collect, args=(self.process.stderr, "stderr"), daemon=True),
        ]
        for thread in self.threads:
            thread.start()

    def _collect(self, stream, name: str) -> None:
        for chunk in iter(lambda: stream.read1(65536), b""):
            setattr(self, name, getattr(self, name) + chunk)

    def signal(self, number: int) -> int:
        self.process.send_signal(number)
        return self.finish()

    def finish(self, limit: float = START) -> int:
        status = self.process.wait(timeout=limit)
        for thread in self.threads:
            thread.join(timeout=limit)
        return status

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    @property
    def errors(self) -> str:
        return self.stderr.decode("utf-8", "replace")


def status_of(broker: Broker, prefix: str = "stormrange") -> dict | None:
    payload = broker.retained(f"{prefix}/status").get(f"{prefix}/status")
    return json.loads(payload) if payload else None


def count_of(status: dict | None) -> int | None:
    return status["storm"]["count"] if status and status["storm"] else None


def make_ca(directory: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate authority: (certificate, key)."""
    cert, key = directory / f"{name}.crt", directory / f"{name}.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
         "-days", "2", "-subj", f"/CN={name}"],
        check=True, capture_output=True,
    )
    return cert, key


def make_server_certificate(directory: Path, ca: tuple[Path, Path]) -> tuple[Path, Path]:
    """A certificate for localhost and 127.0.0.1 signed by `ca`: (certificate, key)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl not installed (Debian: openssl)")
    cert, key, request = directory / "server.crt", directory / "server.key", directory / "server.csr"
    subprocess.run(
        ["openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(request),
         "-subj", "/CN=localhost"],
        check=True, capture_output=True,
    )
    extensions = directory / "server.ext"
    extensions.write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    subprocess.run(
        ["openssl", "x509", "-req", "-in", str(request), "-CA", str(ca[0]), "-CAkey", str(ca[1]),
         "-CAcreateserial", "-out", str(cert), "-days", "2", "-extfile", str(extensions)],
        check=True, capture_output=True,
    )
    return cert, key


@pytest.fixture
def broker(tmp_path):
    running = Broker(tmp_path / "broker")
    yield running
    running.stop()


@pytest.fixture
def services():
    """Starts services for a test and kills what is left of them after it."""
    started: list[Service] = []

    def start(sandbox, *arguments: str, env: dict | None = None) -> Service:
        service = Service(sandbox, *arguments, env=env)
        started.append(service)
        return service

    yield start
    for service in started:
        service.stop()

