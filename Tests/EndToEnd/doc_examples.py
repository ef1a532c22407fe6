#!/usr/bin/env python3
"""The example sessions in README.md and docs/*.md, generated from the binary at a pinned time.

An example is an indented code block right after a marker comment:

    <!-- example: session=worked at="2026-11-22 08:30:43" tz=UTC -->
        $ stormrange <<EOF
        add 64.5 at 2026-11-22T08:05:00Z from 285
        EOF
        #1  22.14 km 285°  (delay 64.50 s)

Each line starting with `$ ` is a command (with the lines of its here-document, `<<EOF` … `EOF`,
as its input); the lines after it, up to the next command, are what it printed (standard output
and standard error, as a terminal shows them). A command's output that ends with a line `…` is
cut to the lines shown before it. Only the outputs are generated: edit the commands, then
regenerate. The marker's attributes:

- `session`: blocks of one document with the same session share one history, in order;
- `at` and `tz`: the local time (in the zone `tz`, a TZ name, UTC if not given) at which the
  block's commands run: Debian's `faketime` freezes the clock there for them (the monotonic clock,
  which only measures delays, runs on);
- `replay=DOC#SESSION`: before its first block, the session runs the commands of that session of
  that document (e.g. `science.md#worked`), their output unseen;
- `shape`: a session at the prompt that needs a person's timing (Enter when the lightning
  flashes): never rewritten; Tests/EndToEnd/test_doc_examples.py types its commands at a
  pseudo-terminal and compares what appears with the block, numbers masked (`shape_of`).

Commands run in bash in a throw-away home (HOME and the XDG directories), with `stormrange` on
PATH, LANG=C.UTF-8 and NO_COLOR=1.

    python3 Tests/EndToEnd/doc_examples.py --binary PATH            # rewrite the outputs in place
    python3 Tests/EndToEnd/doc_examples.py --binary PATH --check    # print a diff, exit 1 if any

`Scripts/examples` builds the release binary and runs this; `Scripts/test` runs the check (through
test_doc_examples.py), and fails on any difference."""

import argparse
import dataclasses
import difflib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^<!-- example: (.*) -->$")
INDENT = "    "
REGENERATE = "Scripts/examples"
# A generous limit for one example command (a batch of a few adds, a status): a hang, not a pace.
COMMAND_TIMEOUT = 60


def documents(root: Path = ROOT) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


@dataclasses.dataclass
class Step:
    """One `$ ` command of a block: its text, its here-document, and what the block shows after it."""

    command: list[str]  # the `$ ` line and its here-document lines, unindented
    shown: list[str]  # the output lines shown, unindented, without the trailing blank lines
    blank_after: int  # blank lines between it and the next command
    cut: bool  # the shown output ends with `…`

    @property
    def script(self) -> str:
        return "\n".join([self.command[0][2:], *self.command[1:]]) + "\n"


@dataclasses.dataclass
class Example:
    document: Path
    start: int  # index of the block's first line in the document's lines
    end: int  # index just past its last line
    attributes: dict
    lines: list[str]  # the block's lines, unindented

    @property
    def session(self) -> str:
        return self.attributes["session"]

    @property
    def name(self) -> str:
        return f"{self.document.name}#{self.session}"

    @property
    def shape_only(self) -> bool:
        return "shape" in self.attributes

    def steps(self) -> list[Step]:
        steps: list[Step] = []
        lines = self.lines
        index = 0
        while index < len(lines):
            line = lines[index]
            if not line.startswith("$ "):
                raise ValueError(f"{self.name}: line {line!r} comes before the block's first `$ ` command")
            command = [line]
            index += 1
            if heredoc := re.search(r"<<-?\s*'?\"?(\w+)", line):
                while index < len(lines) and lines[index] != heredoc[1]:
                    command.append(lines[index])
                    index += 1
                if index == len(lines):
                    raise ValueError(f"{self.name}: the here-document of {line!r} has no {heredoc[1]} line")
                command.append(lines[index])
                index += 1
            shown = []
            while index < len(lines) and not lines[index].startswith("$ "):
                shown.append(lines[index])
                index += 1
            blank_after = 0
            while shown and not shown[-1]:
                shown.pop()
                blank_after += 1
            cut = bool(shown) and shown[-1] == "…"
            steps.append(Step(command, shown[:-1] if cut else shown, blank_after, cut))
        return steps


def block_after(lines: list[str], start: int) -> tuple[int, int]:
    """The indented block starting at `start` (blank lines before it skipped): (first, past last)."""
    while start < len(lines) and not lines[start].strip():
        start += 1
    end = start
    while end < len(lines) and (lines[end].startswith(INDENT) or not lines[end].strip()):
        end += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return start, end


def examples(root: Path = ROOT) -> list[Example]:
    """Every marked block of every document, in order."""
    found = []
    for document in documents(root):
        lines = document.read_text().split("\n")
        for number, line in enumerate(lines):
            match = MARKER.match(line)
            if not match:
                continue
            attributes = {}
            for word in shlex.split(match[1]):
                key, _, value = word.partition("=")
                attributes[key] = value
            start, end = block_after(lines, number + 1)
            if end == start:
                raise ValueError(f"{document.name}:{number + 1}: an example marker without an indented block after it")
            block = [text[len(INDENT) :] for text in lines[start:end]]
            found.append(Example(document, start, end, attributes, block))
    return found


def unmarked_sessions(root: Path = ROOT) -> list[str]:
    """Indented blocks that show a session (a `$ ` line, or the prompt) without a marker above."""
    problems = []
    for document in documents(root):
        lines = document.read_text().split("\n")
        number = 0
        while number < len(lines):
            if MARKER.match(lines[number]):
                number = block_after(lines, number + 1)[1]
            elif lines[number].startswith(INDENT) and (number == 0 or not lines[number - 1].strip()):
                start, end = block_after(lines, number)
                if any(text.strip().startswith(("$ ", "stormrange>")) for text in lines[start:end]):
                    problems.append(f"{document.relative_to(root)}:{start + 1}: a session without an example marker")
                number = end
            else:
                number += 1
    return problems


# --- Running ------------------------------------------------------------------------------------


class Sandbox:
    """A throw-away home with `stormrange` on PATH, where a session's commands run."""

    def __init__(self, binary: str):
        self.directory = Path(tempfile.mkdtemp(prefix="stormrange-examples-"))
        bin_directory = self.directory / "bin"
        bin_directory.mkdir()
        (bin_directory / "stormrange").symlink_to(Path(binary).resolve())
        home = self.directory / "home"
        home.mkdir()
        self.home = home
        self.env = {
            "PATH": f"{bin_directory}:/usr/local/bin:/usr/bin:/bin",
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / ".local/share"),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_STATE_HOME": str(home / ".local/state"),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "NO_COLOR": "1",
            "TERM": "dumb",
        }

    def run(self, step: Step, at: str, zone: str) -> list[str]:
        """The lines `step` prints at local time `at` in `zone`."""
        faketime = shutil.which("faketime")
        if faketime is None:
            raise RuntimeError("faketime is not installed: Scripts/setup-system --test installs it (Debian: faketime)")
        completed = subprocess.run(
            [faketime, "--exclude-monotonic", "-f", at, "bash", "-c", step.script],
            env={**self.env, "TZ": zone},
            cwd=self.home,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=COMMAND_TIMEOUT,
        )
        output = completed.stdout.decode("utf-8", "replace")
        if completed.returncode != 0:
            raise RuntimeError(f"`{step.command[0]}` exited with status {completed.returncode}:\n{output}")
        return [line.rstrip() for line in output.rstrip("\n").split("\n")] if output else []

    def close(self):
        shutil.rmtree(self.directory, ignore_errors=True)


def generated(example: Example, outputs: list[list[str]]) -> list[str]:
    """The block's lines with each command's output replaced by what it printed."""
    lines = []
    for step, output in zip(example.steps(), outputs):
        lines += step.command
        lines += (output[: len(step.shown)] + ["…"]) if step.cut else output
        lines += [""] * step.blank_after
    return lines


def sessions(root: Path = ROOT) -> dict[str, list[Example]]:
    """The generated examples (shape-only ones left out) by session, `README.md#pipe`: its blocks."""
    found: dict[str, list[Example]] = {}
    for example in examples(root):
        if not example.shape_only:
            found.setdefault(example.name, []).append(example)
    return found


def run_session(binary: str, blocks: list[Example], root: Path = ROOT) -> list[tuple[Example, list[str]]]:
    """Each block of one session with its fresh lines, run in a new sandbox."""
    sandbox = Sandbox(binary)
    try:
        if replay := blocks[0].attributes.get("replay"):
            source = sessions(root).get(replay)
            if not source:
                raise ValueError(f"{blocks[0].name}: replay={replay} names no session")
            for example in source:
                for step in example.steps():
                    sandbox.run(step, example.attributes["at"], example.attributes.get("tz", "UTC"))
        fresh = []
        for example in blocks:
            at, zone = example.attributes["at"], example.attributes.get("tz", "UTC")
            fresh.append((example, generated(example, [sandbox.run(step, at, zone) for step in example.steps()])))
        return fresh
    finally:
        sandbox.close()


def regenerate(binary: str, root: Path = ROOT) -> list[tuple[Example, list[str]]]:
    """Every generated example with its fresh lines."""
    return [pair for blocks in sessions(root).values() for pair in run_session(binary, blocks, root)]


def difference(example: Example, lines: list[str]) -> str:
    """A unified diff of the block as the document has it against `lines`; empty when equal."""
    return "".join(
        difflib.unified_diff(
            [INDENT + line + "\n" if line else "\n" for line in example.lines],
            [INDENT + line + "\n" if line else "\n" for line in lines],
            f"{example.document.relative_to(ROOT)} (as written)",
            f"{example.document.relative_to(ROOT)} (as the binary prints it)",
        )
    )


def write(fresh: list[tuple[Example, list[str]]]) -> list[Path]:
    """Rewrites the blocks in place, the last of a document first so that indices stay right."""
    changed = set()
    by_document: dict[Path, list[tuple[Example, list[str]]]] = {}
    for example, lines in fresh:
        by_document.setdefault(example.document, []).append((example, lines))
    for document, blocks in by_document.items():
        text = document.read_text().split("\n")
        for example, lines in sorted(blocks, key=lambda block: block[0].start, reverse=True):
            if lines != example.lines:
                text[example.start : example.end] = [INDENT + line if line else "" for line in lines]
                changed.add(document)
        if document in changed:
            document.write_text("\n".join(text))
    return sorted(changed)


# --- Shape --------------------------------------------------------------------------------------


def shape_of(line: str) -> str:
    """A line with every number as `#`, runs of spaces as one, and a note (`← …`) left out: what a
    session with a person's timing must keep when its numbers change."""
    line = re.sub(r"\s+←.*$", "", line)
    line = re.sub(r"\d+(?:\.\d+)?", "#", line)
    return re.sub(r"\s+", " ", line).strip()


def main() -> int:
    parser = argparse.ArgumentParser(description="Generate the example sessions in README.md and docs/.")
    parser.add_argument("--binary", required=True, help="the stormrange binary to run")
    parser.add_argument("--check", action="store_true", help="only compare; print a diff and exit 1 on any")
    arguments = parser.parse_args()
    problems = unmarked_sessions()
    for problem in problems:
        print(problem, file=sys.stderr)
    fresh = regenerate(arguments.binary)
    if arguments.check:
        diffs = [difference(example, lines) for example, lines in fresh]
        diffs = [diff for diff in diffs if diff]
        print("".join(diffs), end="")
        if diffs:
            print(f"the examples differ from what the binary prints: run {REGENERATE}", file=sys.stderr)
        return 1 if diffs or problems else 0
    for path in write(fresh):
        print(f"rewrote {path.relative_to(ROOT)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
