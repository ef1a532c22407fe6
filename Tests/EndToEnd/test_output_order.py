"""Issue 9, item 5: standard output and standard error together keep the order of the input, group
commit or not: a failing line ends its group, whose confirmations come out before the error."""

import subprocess


def interleaved(sandbox, text: str) -> list[str]:
    completed = subprocess.run(
        [sandbox.binary], input=text.encode(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env=sandbox.env, cwd=sandbox.home, timeout=30,
    )
    return completed.stdout.decode().splitlines()


def test_a_failing_line_in_a_group_comes_after_the_confirmations_before_it(sandbox):
    lines = interleaved(sandbox, "add 5\nadd 6\nadd -1\nadd 7\n")
    assert [line.split()[0] for line in lines] == ["#1", "#2", "stormrange:", "#3"]
    assert lines[2].startswith("stormrange: line 3: delay must be a positive number")


def test_warnings_stay_beside_their_line(sandbox):
    lines = interleaved(sandbox, "add 5\nadd 80\nadd 6\n")
    assert lines[0].startswith("#1")
    assert lines[1].startswith("stormrange: line 2: warning: a delay of 80")
    assert lines[2].startswith("#2")
    assert lines[3].startswith("#3")


def test_every_line_is_saved_and_confirmed_in_order_around_errors(sandbox):
    text = "".join(f"add {1 + index}\n" if index % 7 else "add nope\n" for index in range(50))
    lines = interleaved(sandbox, text)
    expected = ["error" if index % 7 == 0 else "ok" for index in range(50)]
    assert ["error" if line.startswith("stormrange:") else "ok" for line in lines] == expected
    assert len(sandbox.read_history()) == expected.count("ok")
