"""Issue 9, item 6: messages that say what went wrong, with the value or file involved, and what to
do; and, under a locale that is not UTF-8, no UTF-8 symbols."""

import os
import re

import pytest


def test_a_json_import_error_says_where_the_json_goes_wrong(sandbox, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('[\n  {"date": "2026-07-01T16:03:00Z", "delay_s": 5}\n  {"date": }\n]\n')
    result = sandbox.run("import", str(path))
    assert result.status == 1
    assert result.err_lines == [
        f"stormrange: cannot import {path}: it is not valid JSON: at line 3, column 3: expected ',' or ']'; "
        "nothing was imported"
    ]


@pytest.mark.parametrize("command", ["show", "clear", "add 5"])
def test_a_device_at_the_history_path_is_named_and_clear_is_not_suggested(sandbox, command):
    result = sandbox.run("--file", "/dev/null", *command.split())
    assert result.status == 1
    assert result.err_lines == [
        "stormrange: cannot use /dev/null as the history file: it is a character device, not a file; "
        "choose a file with --file"
    ]


def test_a_directory_at_the_history_path_is_named_as_such(sandbox, tmp_path):
    result = sandbox.run("--file", str(tmp_path), "show")
    assert result.status == 1
    assert result.err_lines == [
        f"stormrange: cannot use {tmp_path} as the history file: it is a directory, not a file; "
        "choose a file with --file"
    ]


@pytest.mark.parametrize("size", [300_000_000, 256_000_001])
def test_a_large_import_is_too_large_to_import_not_to_be_a_history(sandbox, tmp_path, size):
    # Issue 17: exact sizes, so that one byte over is not called "256 MB (the limit is 256 MB)".
    path = tmp_path / "huge.csv"
    with open(path, "wb") as huge:
        huge.truncate(size)  # sparse: the size is refused before anything is read
    result = sandbox.run("import", str(path))
    assert result.status == 1
    assert result.err_lines == [
        f"stormrange: cannot import {path}: it is too large: {size:,} bytes; the limit is 256,000,000 bytes"
    ]


def test_one_duplicate_is_spoken_of_in_the_singular(sandbox, tmp_path):
    assert sandbox.run("add", "5").status == 0
    path = tmp_path / "one.csv"
    assert sandbox.run("export", "csv", str(path)).status == 0
    result = sandbox.run("import", str(path))
    assert result.out_lines == [f"nothing new: the measurement in {path} is already in the history"]


def test_the_long_delay_warning_quotes_the_delay_given(sandbox):
    result = sandbox.run("add", "75.01")
    assert result.status == 0
    assert result.err_lines == [
        "stormrange: warning: a delay of 75.01 s is unusual: thunder is rarely heard beyond about 25 km (75 s)"
    ]


def test_a_leap_second_is_called_one(sandbox):
    result = sandbox.run("add", "5", "at", "2016-12-31T23:59:60Z")
    assert result.status == 1
    assert result.err_lines == [
        "stormrange: '2016-12-31T23:59:60Z' is a leap second, which stormrange does not support; use :59 instead"
    ]
    # A minute of 60 is simply not a time.
    assert "is not a time" in sandbox.run("add", "5", "at", "2016-12-31T23:60:00Z").stderr


@pytest.mark.parametrize("locale", ["C", "POSIX", "en_US.ISO-8859-1"])
def test_outside_a_utf8_locale_output_is_ascii(sandbox, locale):
    env = dict(sandbox.env, LC_ALL=locale)
    assert sandbox.batch("add 5", "add 4 note ascii only", "add 3", env=env).status == 0
    outputs = []
    for command in (["set"], ["status"], ["plot"], ["stats"], ["help"], ["help", "status"], ["help", "set"],
                    ["show"], ["add", "x" * 80], ["set", "temperature", "99"]):
        result = sandbox.run(*command, env=env)
        outputs.append(result.stdout + result.stderr)
    text = "".join(outputs)
    assert re.search(r"[^\x00-\x7f]", text) is None, sorted(set(re.findall(r"[^\x00-\x7f]", text)))
    assert "20 C" in outputs[0]
    assert "+/-" in outputs[1]


def test_an_export_on_standard_output_is_exact_whatever_the_locale(sandbox):
    assert sandbox.run("add", "5", "note", "20 °C ± 1 — ok…").status == 0
    env = dict(sandbox.env, LC_ALL="C")
    for fmt in ("csv", "json"):
        exported = sandbox.run("export", fmt, env=env)
        assert exported.status == 0
        assert "20 °C ± 1 — ok…" in exported.stdout


def test_outside_a_utf8_locale_other_text_is_spelled_out_not_dropped(sandbox):
    assert sandbox.run("add", "5", "note", "5° ± é 日").status == 0
    result = sandbox.run("show", env=dict(sandbox.env, LC_ALL="C"))
    assert result.out_lines[1].endswith("  5deg +/- \\u{E9} \\u{65E5}")


# Issue 17: import messages say what is wrong and where.


ROW = '"date": "2026-07-01T16:03:00Z"'


@pytest.mark.parametrize(
    "document, problem",
    [
        (
            '[\n  {' + ROW + ', "delay_s": 1e999}\n]',
            "at line 2, column 47: the number 1e999 is too large (the largest is about 1.8e308)",
        ),
        (
            '[{' + ROW + ', "delay_s": 5, "note": "cut \\ud800 short"}]',
            "at line 1, column 62: \\ud800 is half of a UTF-16 surrogate pair without its other half, so it is "
            "not a character",
        ),
    ],
    ids=["exponent out of range", "lone surrogate"],
)
def test_a_json_value_that_cannot_be_read_is_named_where_it_is(sandbox, tmp_path, document, problem):
    path = tmp_path / "bad.json"
    path.write_text(document)
    result = sandbox.run("import", str(path))
    assert result.status == 1
    assert result.err_lines == [f"stormrange: cannot import {path}: it is not valid JSON: {problem}; nothing was imported"]
    assert not sandbox.history_path.exists()


@pytest.mark.parametrize(
    "row, problem",
    [
        (
            '"source": "", "distance_m": 10000',
            "source is empty: a detector's reading names its detector (1 to 32 letters, digits, '-', '_' or '.', "
            "e.g. as3935), and a timed measurement has null",
        ),
        ('"delay_s": 5, "note": "first", "delay_s": 6', "the key 'delay_s' is given twice; which value is meant cannot be known"),
    ],
    ids=["empty source", "duplicate key"],
)
def test_a_json_row_that_cannot_be_imported_says_why(sandbox, tmp_path, row, problem):
    path = tmp_path / "rows.json"
    path.write_text('[{' + ROW + ', "delay_s": 4}, {' + ROW + ", " + row + "}]")
    result = sandbox.run("import", str(path))
    assert result.status == 1
    assert result.err_lines[0] == f"stormrange: {path}: array index 1: {problem}"
    assert not sandbox.history_path.exists()
