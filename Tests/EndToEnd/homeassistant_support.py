"""A real Home Assistant for test_mqtt_homeassistant_real.py: the release pinned in
homeassistant-requirements.txt, from the venv Scripts/setup-homeassistant installs (Scripts/
setup-system --test runs it), started with `python -m homeassistant -c` on a configuration of its
own in a temporary folder, onboarded through its REST API as its front end does (a user, then the
authorization code exchanged for a token), with its MQTT integration added through the config
flow the UI runs, pointed at the test's mosquitto.

Read for the pinned release: homeassistant/components/onboarding/views.py (POST
/api/onboarding/users answers an `auth_code`), homeassistant/components/auth/__init__.py (POST
/auth/token, `grant_type=authorization_code`), homeassistant/components/config/config_entries.py
(POST /api/config/config_entries/flow, then the flow's id with the step's data) and
homeassistant/components/mqtt/config_flow.py (the `broker` step: `broker` and `port`).

Nothing here skips: without the venv or its Python the test fails with a line that says what is
missing and how to install it."""

import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from mqtt_support import free_port, poll

ROOT = Path(__file__).resolve().parents[2]
# Home Assistant's first start sets up its database and default integrations: allow for it.
START = 180


def venv() -> Path:
    """The venv with Home Assistant, or a failure that says how to get it."""
    path = Path(subprocess.run([ROOT / "Scripts" / "setup-homeassistant", "--path"], capture_output=True,
                               text=True, check=True).stdout.strip())
    if not (path / ".complete").exists():
        pythons = sorted(Path.home().glob(".pyenv/versions/3.13*/bin/python3"))
        if not pythons:
            pytest.fail("no Python 3.13 in ~/.pyenv/versions: Home Assistant 2025 needs it (pyenv install 3.13), "
                        "then Scripts/setup-system --test installs Home Assistant")
        pytest.fail(f"Home Assistant is not installed in {path}: run Scripts/setup-system --test "
                    "(or Scripts/setup-homeassistant)")
    return path


CONFIGURATION = """\
# The least that serves the test: no default_config, so start-up stays short.
homeassistant:
  name: stormrange test
  latitude: 0
  longitude: 0
  elevation: 0
  unit_system: metric
  time_zone: UTC
  currency: EUR
  country: DE
http:
  server_host: 127.0.0.1
  server_port: {port}
api:
config:
onboarding:
websocket_api:
logger:
  default: warning
"""


class HomeAssistant:
    """Home Assistant in `directory`, on 127.0.0.1 at a free port, with MQTT on `broker`."""

    def __init__(self, directory: Path, broker):
        self.venv = venv()
        self.directory = directory
        self.directory.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        (directory / "configuration.yaml").write_text(CONFIGURATION.format(port=self.port))
        self.log = open(directory / "hass.out", "ab")
        self.process = subprocess.Popen(
            [self.venv / "bin" / "python", "-m", "homeassistant", "-c", str(directory)],
            stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL, start_new_session=True,
        )
        self.token = ""
        poll("Home Assistant's HTTP server", self._answers, START, every=0.5)
        self._onboard()
        self._add_mqtt(broker)

    def _answers(self):
        assert self.process.poll() is None, f"Home Assistant ended: {self.tail()}"
        try:
            return self.request("GET", "/api/onboarding", authorized=False) is not None
        except (urllib.error.URLError, ConnectionError):
            return False

    def tail(self) -> str:
        return (self.directory / "hass.out").read_text(errors="replace")[-4000:]

    def request(self, method: str, path: str, body=None, authorized=True, form=False):
        data = None
        headers = {}
        if body is not None:
            if form:
                data = urllib.parse.urlencode(body).encode()
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            else:
                data = json.dumps(body).encode()
                headers["Content-Type"] = "application/json"
        if authorized:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or "null")

    def _onboard(self) -> None:
        client = self.url + "/"
        answer = self.request("POST", "/api/onboarding/users", {
            "client_id": client, "name": "Test", "username": "test", "password": "test-password-1",
            "language": "en"}, authorized=False)
        tokens = self.request("POST", "/auth/token", {
            "grant_type": "authorization_code", "code": answer["auth_code"], "client_id": client},
            authorized=False, form=True)
        self.token = tokens["access_token"]

    def _add_mqtt(self, broker) -> None:
        flow = self.request("POST", "/api/config/config_entries/flow", {"handler": "mqtt", "show_advanced_options": False})
        assert flow.get("step_id") == "broker", flow
        result = self.request("POST", f"/api/config/config_entries/flow/{flow['flow_id']}",
                              {"broker": "127.0.0.1", "port": broker.port})
        assert result.get("type") == "create_entry", result

    def states(self) -> dict[str, dict]:
        """Every entity's state object, by entity id."""
        return {state["entity_id"]: state for state in self.request("GET", "/api/states")}

    def watch(self, entity: str, output: Path) -> subprocess.Popen:
        """Records every state `entity` takes, one per line of `output`, through the websocket
        API's subscription to state_changed events, until it is terminated."""
        process = subprocess.Popen(
            [self.venv / "bin" / "python", Path(__file__).with_name("homeassistant_watch.py"),
             self.url, self.token, entity, output],
            stdout=subprocess.DEVNULL, stderr=open(self.directory / "watch.err", "ab"),
        )
        poll("the state watcher subscribed", lambda: output.exists(), 30)
        return process

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()
