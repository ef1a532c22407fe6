"""The example sessions in README.md and docs/ are what the binary prints (issue 19, item 6): each is
run again at its pinned time (doc_examples.py, under Debian's faketime) and must come out the same,
line for line; `Scripts/examples` regenerates them. The session at the prompt, which needs a
person's timing, is typed at a pseudo-terminal and must have the same shape, numbers masked."""

import difflib
import re
import shutil
import time

import pexpect
import pyte
import pytest

import doc_examples

needs_faketime = pytest.mark.skipif(
    shutil.which("faketime") is None, reason="faketime is not installed (Scripts/setup-system --test installs it)"
)


def test_every_session_in_the_docs_is_an_example():
    assert doc_examples.unmarked_sessions() == []
    assert doc_examples.sessions(), "no generated examples found"
    assert [example.name for example in doc_examples.examples() if example.shape_only] == ["README.md#prompt"]


@needs_faketime
@pytest.mark.parametrize("session", sorted(doc_examples.sessions()))
def test_the_example_is_what_the_binary_prints(binary, session):
    differences = [
        doc_examples.difference(example, lines)
        for example, lines in doc_examples.run_session(binary, doc_examples.sessions()[session])
    ]
    differences = [diff for diff in differences if diff]
    assert not differences, (
        f"{session} is not what the binary prints; if the change is meant, run {doc_examples.REGENERATE} "
        "(never edit a generated example by hand):\n" + "".join(differences)
    )


@needs_faketime
def test_the_pinned_clock_and_zone_reach_the_binary(binary):
    """faketime works on the release binary (glibc is linked dynamically, so the clock_gettime it
    calls is the one faketime replaces): `add` dates the flash by the pinned local time."""
    sandbox = doc_examples.Sandbox(binary)
    try:
        sandbox.run(doc_examples.Step(["$ stormrange add 3"], [], 0, False), "2026-07-01 18:10:00", "Europe/Berlin")
        shown = sandbox.run(doc_examples.Step(["$ stormrange show"], [], 0, False), "2026-07-01 18:10:00", "UTC")
    finally:
        sandbox.close()
    assert re.match(r"1\s+2026-07-01 16:09:57\s+3\.00 s", shown[1]), shown


# --- The session at the prompt ---------------------------------------------------------------------

PROMPT = re.compile(r"^(stormrange(?: \[[^\]]*\])?> )(.*)$")
QUESTION = re.compile(r"^(.*\[y/N\] )(\S*)$")


def masked_pattern(prompt: str) -> str:
    """A regular expression for a prompt whose numbers tick: `stormrange [flash +6 s]> `."""
    return re.sub(r"\d+", r"\\d+", re.escape(prompt))


def test_the_session_at_the_prompt_has_its_shape(sandbox):
    (example,) = [example for example in doc_examples.examples() if example.shape_only]
    lines = example.lines
    assert lines[0] == "$ Scripts/run", "the session at the prompt starts the program"
    screen = pyte.Screen(120, 60)
    stream = pyte.Stream(screen)
    child = pexpect.spawn(
        sandbox.binary, [], env=sandbox.env, cwd=str(sandbox.home), dimensions=(60, 120), encoding="utf-8", timeout=10
    )

    class Feed:
        def write(self, text):
            stream.feed(text)

        def flush(self):
            pass

    child.logfile_read = Feed()
    try:
        for line in lines[1:]:
            if match := PROMPT.match(line) or QUESTION.match(line):
                prompt, typed = match[1], re.sub(r"\s*←.*$", "", match[2]).strip()
                child.expect(masked_pattern(prompt))
                if re.search(r"\d", prompt) and not QUESTION.match(line):
                    # A ticking stopwatch: let a second pass, as a person would before the thunder.
                    time.sleep(1.2)
                child.send(typed + "\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    shown = [row.rstrip() for row in screen.display]
    while shown and not shown[-1]:
        shown.pop()
    expected = [doc_examples.shape_of(line) for line in lines[1:]]
    actual = [doc_examples.shape_of(row) for row in shown]
    assert actual == expected, "the session at the prompt (README.md) no longer has this shape:\n" + "\n".join(
        difflib.unified_diff(expected, actual, "README.md, numbers masked", "the prompt, numbers masked", lineterm="")
    )
