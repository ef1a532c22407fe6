"""The documentation is kept true by the program: README.md and docs/*.md are read here and checked
against what the built binary says of itself (`help`, `--help` and the man page, all generated from
the command registry and the process's flags) and against what it writes. Every relative link
between the documents must lead to a file, and an anchor to a heading, that exist."""

import datetime
import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
SOURCES = ROOT / "Sources"


# --- Reading Markdown ------------------------------------------------------------------------------


def documents() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def prose_lines(text: str, keep_code_spans: bool = False):
    """(line number, line) for each line outside code blocks, with code spans blanked out unless
    `keep_code_spans` (a span may go on over a line break, not over a blank line)."""
    in_fence = in_indented = in_span = False
    previous_blank = True
    for number, line in enumerate(text.split("\n"), 1):
        blank = not line.strip()
        if re.match(r"^\s*(```|~~~)", line):
            in_fence = not in_fence
        elif not in_fence:
            # An indented code block starts after a blank line; a list item's wrapped lines do not.
            in_indented = line.startswith("    ") and (previous_blank or in_indented) or (blank and in_indented)
            if blank:
                in_span = False
            if not in_indented:
                pieces = line.split("`")
                outside = [piece for i, piece in enumerate(pieces) if (i % 2 == 0) != in_span]
                in_span = in_span != (len(pieces) % 2 == 0)
                yield number, line if keep_code_spans else "``".join(outside)
        previous_blank = blank


def section(text: str, heading: str) -> str:
    """The text under `heading` (e.g. `## Commands`) up to the next heading of the same or a
    higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    lines = text.split("\n")
    assert heading in lines, f"no heading {heading!r}"
    start = lines.index(heading) + 1
    end = next(
        (i for i in range(start, len(lines)) if re.match(rf"^#{{1,{level}}} ", lines[i])),
        len(lines),
    )
    return "\n".join(lines[start:end])


def subsections(text: str, level: int) -> dict[str, str]:
    """The headings of `level` in `text`, each with the text under it."""
    parts = re.split(rf"^{'#' * level} (.+)$", text, flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def table(text: str) -> list[list[str]]:
    """The rows of the first table in `text`, header and separator left out, split into cells
    (`\\|` inside a cell is a literal bar)."""
    rows = [line for line in text.split("\n") if line.startswith("|")]
    assert len(rows) > 2, f"no table in {text[:80]!r}"
    return [[cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows[2:]]


def code_spans(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: the text without markup, lower case, punctuation
    dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    result = set()
    for _, line in prose_lines(path.read_text(), keep_code_spans=True):
        if match := re.match(r"^#{1,6} (.+?)\s*$", line):
            base = slug(match[1])
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f"{base}-{count}")
    return result


# --- What the program says of itself --------------------------------------------------------------


@pytest.fixture(scope="module")
def manual(binary):
    """The commands (usage, aliases) and the process's flags, as the man page lists them."""
    page = subprocess.run([binary, "--generate-manual-page"], capture_output=True, text=True, check=True).stdout
    unescape = lambda text: text.replace("\\(dq", '"').replace("\\e", "\\")
    options = page.split(".Sh OPTIONS")[1].split(".Sh ")[0]
    flags = set()
    for line in options.split("\n"):
        if line.startswith(".It Fl"):
            flags |= {("--" if len(name) > 1 else "-") + name.lstrip("-") for name in re.findall(r"Fl (\S+)", line)}
    commands = {}
    usage = None
    for line in page.split(".Sh COMMANDS")[1].split("\n"):
        if match := re.match(r'^\.It Sy "(.*)"$', line):
            usage = unescape(match[1])
            commands[usage] = []
        elif usage and (match := re.match(r"^Also: (.*)\.$", line)):
            commands[usage] = [alias.strip() for alias in match[1].split(",")]
    return {"flags": flags, "commands": commands}


def command_name(usage: str) -> str:
    return usage.split()[0]


def test_the_man_page_help_and_dash_dash_help_agree(sandbox, manual):
    """The man page is what the docs are checked against; it lists what `help` and `--help` do."""
    listed = [line.split()[0] for line in sandbox.run("help").out_lines[1:] if line.strip()]
    assert sorted(listed) == sorted(command_name(u) for u in manual["commands"] if u != "(Enter)")
    options = sandbox.run("--help").stdout.split("OPTIONS:")[1]
    shown = set(re.findall(r"^\s{2}(-\S+?)(?:,|\s|$)", options, re.M))
    shown |= set(re.findall(r"^\s{2}-\S+, (--\S+)", options, re.M))
    assert shown == manual["flags"]
    for usage in manual["commands"]:
        if usage != "(Enter)":
            assert sandbox.run("help", command_name(usage)).out_lines[0] == f"usage: {usage}"


# --- The reference ---------------------------------------------------------------------------------

REFERENCE = DOCS / "reference.md"


def reference_commands() -> dict[str, tuple[str, list[str]]]:
    """Each command section of the reference: heading → (usage, aliases)."""
    result = {}
    for heading, body in subsections(section(REFERENCE.read_text(), "## Commands"), 3).items():
        usage = re.search(r"^`([^`]+)`$", body, re.M)
        assert usage, f"the reference's section {heading!r} does not start with the command's usage"
        also = re.search(r"^Also: (.*)\.$", body, re.M)
        result[heading] = (usage[1], code_spans(also[1]) if also else [])
    return result


def test_the_reference_gives_every_command_with_its_usage_and_nothing_else(manual):
    documented = {usage for usage, _ in reference_commands().values()}
    assert documented == set(manual["commands"]), (
        f"missing from docs/reference.md: {set(manual['commands']) - documented}; "
        f"in docs/reference.md but not in the program: {documented - set(manual['commands'])}"
    )


def test_the_reference_gives_every_alias_and_nothing_else(manual):
    for usage, aliases in reference_commands().values():
        assert aliases == manual["commands"][usage], f"aliases of {usage!r}"


def test_the_reference_leads_with_the_commands():
    """A newcomer opens the reference to find what to type: the commands come first, then the rules
    for input and the display; the flags, modes, FIFOs, signals and line limits after them."""
    text = (DOCS / "reference.md").read_text()
    headings = [line[3:] for line in text.split("\n") if line.startswith("## ")]
    assert headings[:4] == ["Commands", "Input rules", "Display", "Flags and modes"], headings


def test_the_reference_lists_exactly_the_process_flags(manual):
    rows = table(section(REFERENCE.read_text(), "## Flags and modes"))
    documented = {word for row in rows for span in code_spans(row[0]) for word in span.split() if word.startswith("-")}
    assert documented == manual["flags"]


def test_every_flag_the_reference_mentions_exists(manual):
    known = manual["flags"] | {word for usage in manual["commands"] for word in re.findall(r"--[a-z-]+", usage)}
    mentioned = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", REFERENCE.read_text()))
    assert mentioned <= known, f"not flags of stormrange: {mentioned - known}"


# --- README ------------------------------------------------------------------------------------------


def test_readme_is_a_front_door_that_names_the_set_up():
    text = README.read_text()
    assert len(text.split("\n")) <= 250
    assert "Scripts/run" in text and "Scripts/test" in text


def test_readme_command_table_lists_every_command_and_alias_and_nothing_else(manual):
    """README's table names each command by the first word of each code span in its first cell."""
    rows = table(section(README.read_text(), "## Commands"))
    listed = {span.split()[0] for row in rows for span in code_spans(row[0])}
    registered = {command_name(u) for u in manual["commands"] if u != "(Enter)"}
    registered |= {alias for aliases in manual["commands"].values() for alias in aliases}
    assert listed == registered


# --- Links -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("document", documents(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_resolves(document):
    broken = []
    for number, line in prose_lines(document.read_text()):
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if re.match(r"^[a-z][a-z+.-]*:", target):
                continue
            path, _, fragment = target.partition("#")
            destination = (document.parent / path).resolve() if path else document
            if not destination.exists():
                broken.append(f"line {number}: {target}: no such file")
            elif fragment and destination.suffix == ".md" and fragment not in anchors(destination):
                broken.append(f"line {number}: {target}: no heading with that anchor")
    assert not broken, "\n".join(broken)


def test_the_benchmark_table_has_its_place():
    """Scripts/bench --update-docs replaces what lies between these markers."""
    text = (DOCS / "performance.md").read_text()
    assert text.count("<!-- BENCHMARK:BEGIN -->") == 1 and text.count("<!-- BENCHMARK:END -->") == 1


# --- Formats -----------------------------------------------------------------------------------------

FORMATS = (DOCS / "formats.md").read_text()
ISO_DATE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def schema(heading: str) -> dict[str, str]:
    """A format's table: key → type."""
    return {code_spans(row[0])[0]: row[1] for row in table(section(FORMATS, heading))}


def assert_type(key: str, value, documented: str):
    allowed = [part.strip() for part in documented.split(" or ")]
    kinds = {
        "null": lambda v: v is None,
        "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
        "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
        "string": lambda v: isinstance(v, str),
        "boolean": lambda v: isinstance(v, bool),
        "date": lambda v: isinstance(v, str) and ISO_DATE.match(v) is not None,
        "object": lambda v: isinstance(v, dict),
        "array": lambda v: isinstance(v, list),
    }
    assert any(kinds[kind](value) for kind in allowed), f"{key} is {value!r}, documented as {documented}"


def key_paths(value: dict, prefix: str = "") -> dict:
    """`{"a": {"b": 1}}` → `{"a": {...}, "a.b": 1}`; an array of objects gives its elements' own keys,
    not theirs within, once each: `{"c": [{"d": {"e": 1}}]}` → `{"c": [...], "c[].d": {...}}` (the
    objects inside are documented once, at the top level)."""
    result = {}
    for key, inner in value.items():
        result[prefix + key] = inner
        if isinstance(inner, dict):
            result |= key_paths(inner, prefix + key + ".")
        elif isinstance(inner, list):
            for element in inner:
                if isinstance(element, dict):
                    result |= {f"{prefix}{key}[].{name}": item for name, item in element.items()}
    return result


def worked_example() -> tuple[list[str], list[str]]:
    """The worked example's batch in science.md and the confirmations it shows (that they are what
    the binary prints is checked with the whole example, by test_doc_examples.py)."""
    text = (DOCS / "science.md").read_text()
    block = re.search(r"^    \$ stormrange <<EOF\n(.*?)^    EOF\n(.*?)^    \$", text, re.M | re.S)
    lines = [line[4:] for line in block[1].split("\n") if line]
    return lines, [line[4:] for line in block[2].split("\n") if line]


def test_the_history_file_has_the_documented_keys_and_types(sandbox):
    documented = schema("## The history file")
    result = sandbox.batch("add 6.5 from NE note over the lake", "add 14 km source as3935")
    assert result.status == 0, result.stderr
    # A located group, which only a network's strikes make: imported as export writes one.
    group = {"date": "2026-07-01T16:03:00Z", "distance_m": 5000, "source": "blitzortung", "detector": "located",
             "latitude_deg": 52.5, "longitude_deg": 13.4, "nearest_m": 4000, "strikes": 3, "spread_m": 800}
    (sandbox.home / "group.json").write_text(json.dumps([group]))
    result = sandbox.run("import", "group.json")
    assert result.status == 0, result.stderr
    seen = {key: value for entry in sandbox.read_history() for key, value in entry.items()}
    assert set(seen) == set(documented)
    types = {"date": datetime.datetime, "real": float, "string": str, "integer": int}
    for key, value in seen.items():
        assert isinstance(value, types[documented[key].split(",")[0]]), f"{key} is {value!r}"


def test_exports_have_the_documented_fields_in_order(sandbox):
    documented = schema("## Exports")
    assert sandbox.batch("add 6.5 from NE note over the lake", "add 14 km source as3935").status == 0
    assert sandbox.run("export", "csv").stdout.split("\r\n")[0].split(",") == list(documented)
    objects = json.loads(sandbox.run("export", "json").stdout)
    assert json.loads(sandbox.run("show", "--json").stdout) == objects
    for entry in objects:
        assert list(entry) == list(documented)
        for key, value in entry.items():
            assert_type(key, value, documented[key])


def test_status_json_has_the_documented_keys_and_types(sandbox):
    documented = schema("## Status as JSON")
    assert sandbox.batch(*worked_example()[0]).status == 0
    status = key_paths(json.loads(sandbox.run("status", "--json").stdout))
    assert set(status) == set(documented)
    for key, value in status.items():
        assert_type(key, value, documented[key])


def test_status_json_without_measurements_is_as_documented(sandbox):
    status = json.loads(sandbox.run("status", "--json").stdout)
    assert [key for key in status if status[key] is None] == ["latest", "storm", "trend", "motion"]
    assert status["advice"]["level"] == "all-clear" and status["advice"]["all_clear_at"] is None
    for key, value in key_paths(status).items():
        assert_type(key, value, schema("## Status as JSON")[key])


def test_the_status_json_example_has_the_documented_keys():
    example = re.search(r"^    \{\n.*?^    \}$", section(FORMATS, "## Status as JSON"), re.M | re.S)[0]
    assert set(key_paths(json.loads(example))) == set(schema("## Status as JSON"))


def test_stats_json_has_the_documented_keys_and_types(sandbox):
    documented = schema("## Stats as JSON")
    status = schema("## Status as JSON")
    motion = {key.removeprefix("motion.") for key in status if key.startswith("motion.")}
    assert sandbox.batch(*worked_example()[0]).status == 0
    storms = json.loads(sandbox.run("stats", "--json").stdout)
    assert storms
    for storm in storms:
        assert list(storm) == list(documented)
        for key, value in storm.items():
            assert_type(key, value, documented[key])
        if storm["motion"] is not None:
            assert set(storm["motion"]) == motion


# --- Architecture ------------------------------------------------------------------------------------


def test_every_type_member_and_folder_the_architecture_names_exists():
    sources = {path: path.read_text() for path in SOURCES.rglob("*.swift")}
    everything = "\n".join(sources.values())
    targets = set(re.findall(r'name: "([^"]+)"', (ROOT / "Package.swift").read_text()))
    folders = {path.name for path in SOURCES.rglob("*") if path.is_dir()}

    def declared(name: str) -> bool:
        declaration = rf"\b(struct|enum|class|protocol|actor|extension) {name}\b"
        return name in targets or re.search(declaration, everything) is not None

    def member_of(owner: str, member: str) -> bool:
        files = [
            text for path, text in sources.items() if path.stem.split("+")[0] == owner or f"extension {owner}" in text
        ]
        return any(re.search(rf"\b(func|var|let|case) {member}\b", text) for text in files)

    missing = []
    text = (DOCS / "architecture.md").read_text()
    prose = "\n".join(line for _, line in prose_lines(text, keep_code_spans=True))
    for span in set(code_spans(prose)):
        if re.fullmatch(r"(Sources|Tests)/[\w/.]+|Package\.swift", span):
            ok = (ROOT / span).exists()
        elif re.fullmatch(r"\w+/", span):
            ok = span[:-1] in folders
        elif match := re.fullmatch(r"([A-Z]\w*)\.([a-z]\w*)", span):
            ok = declared(match[1]) and member_of(match[1], match[2])
        elif re.fullmatch(r"[A-Z]\w*", span):
            ok = declared(span)
        elif re.fullmatch(r"\.?[a-z]+[A-Z]\w*|\.[a-z]+", span):
            ok = re.search(rf"\b{span.lstrip('.')}\b", everything) is not None
        else:
            continue
        if not ok:
            missing.append(span)
    assert not missing, f"docs/architecture.md names what Sources/ does not have: {sorted(missing)}"
