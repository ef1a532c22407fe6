"""Real rtl_433 output for ingest's tests: WH31L/WH57 packets built per the decoder's documented
layout (rtl_433's src/devices/fineoffset_wh31l.c) and decoded by the real `rtl_433 -R 190`, at a
clock pinned with faketime so each message carries the time a test chooses."""

import datetime
import os
import shutil
import subprocess
import zoneinfo

import pytest

# The distance that means "no storm": rtl_433 then leaves out storm_dist_km.
NO_STORM = 63
# The decoder's state nibble: 0 start-up (rtl_433 22.11 prints "reset"), 1 interference, 4 noise, 8 strike.
RESET, INTERFERENCE, NOISE, STRIKE = 0, 1, 4, 8


def crc8(data: bytes, poly: int = 0x31, init: int = 0) -> int:
    crc = init
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ poly) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


def packet(state: int, sensor: int, distance: int, count: int) -> str:
    """`{bits}hex` of one demodulated packet: preamble aa…, sync 2dd4, then type 0x57, the state
    nibble and the 20-bit id, flags (battery OK), the 6-bit distance, the 8-bit count, CRC-8 (poly
    0x31, init 0) over the seven bytes before it, and SUM-8 over the eight."""
    body = bytes([0x57, (state << 4) | (sensor >> 16), (sensor >> 8) & 0xFF, sensor & 0xFF, 0x05,
                  distance & 0x3F, count & 0xFF])
    body += bytes([crc8(body)])
    body += bytes([sum(body) & 0xFF])
    text = "aaaaaaaaaa2dd4" + body.hex() + "00"
    return "{%d}%s" % (len(text) * 4, text)


def require_tools() -> None:
    for tool in ("rtl_433", "faketime"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (Scripts/setup-system --test installs it)")


def decode(state: int, sensor: int, distance: int, count: int, at: datetime.datetime,
           time_format: str = "time:iso:tz:utc", zone: str = "UTC") -> str:
    """The JSON line the real rtl_433 prints for the packet, stamped `at` (UTC)."""
    # libfaketime reads a stopped time in the zone of the program it runs.
    local = at.astimezone(zoneinfo.ZoneInfo(zone))
    env = dict(os.environ, TZ="UTC")
    # `-f` with a bare time (no `@`) stops the clock there: a clock started there and left to run
    # would stamp the next second when rtl_433 starts slowly.
    command = ["faketime", "-f", local.strftime("%Y-%m-%d %H:%M:%S"), "env", f"TZ={zone}", "rtl_433", "-R", "190",
               "-F", "json", "-M", time_format, "-y", packet(state, sensor, distance, count)]
    completed = subprocess.run(command, capture_output=True, text=True, env=env, timeout=30)
    lines = [line for line in completed.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 1, f"rtl_433 printed {completed.stdout!r} / {completed.stderr!r}"
    return lines[0]
