"""Wok Star's real-time prompt line (issue 27 part 5): the bots' lines and the countdown are
printed above the prompt, never onto it. They landed after "seat 1> " and what was typed,
making one line past 80 columns with the typing lost in it. Checked on a small model of an
80-column terminal that draws what the program writes."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator

import pytest

from wokphysics.terminal.live_line import LiveLine, keys_one_by_one

PROMPT = "seat 1> "
BOT = "  seat 2 (bot): placed a 4 on Pork: +2, now 3"
STATUS = "[14.7s] Sweet and Sour Pork $4 by seat 1 | pork:2 onions:1 rice:1 | dice 3 4"


def screen(written: str, width: int = 80) -> tuple[list[str], int]:
    """The rows a terminal shows after ``written`` (carriage return, newline, backspace and
    erase-to-end-of-line as an ANSI terminal does them; a newline also returns the carriage,
    as the terminal's output processing does), and how many rows wrapped past ``width``."""
    rows = [""]
    row = col = wrapped = 0
    at = 0
    while at < len(written):
        char = written[at]
        if written.startswith("\x1b[K", at):
            rows[row] = rows[row][:col]
            at += 3
            continue
        if char == "\r":
            col = 0
        elif char == "\n":
            row, col = row + 1, 0
            if row == len(rows):
                rows.append("")
        elif char == "\b":
            col = max(0, col - 1)
        else:
            if col == width:  # the terminal wraps the line
                wrapped += 1
                row, col = row + 1, 0
                if row == len(rows):
                    rows.append("")
            line = rows[row].ljust(col)
            rows[row] = line[:col] + char + line[col + 1:]
            col += 1
        at += 1
    return rows, wrapped


@pytest.fixture
def keyboard() -> Iterator[tuple[int, int]]:
    """A pipe standing in for the keyboard: (read end for the game, write end for keys)."""
    read_end, write_end = os.pipe()
    yield read_end, write_end
    os.close(read_end)
    try:
        os.close(write_end)
    except OSError:
        pass  # closed by the test: the end of input


def test_lines_printed_while_typing_go_above_the_prompt_and_the_typing_stays(
    keyboard: tuple[int, int],
) -> None:
    keys, typing = keyboard
    out = io.StringIO()
    line = LiveLine(keys, out)
    os.write(typing, b"p 4 ri")
    assert line.poll(PROMPT, 0.05) is None  # no Enter yet: the kitchen goes on
    line.write(BOT)
    line.write(STATUS)
    assert line.typed == "p 4 ri"
    rows, wrapped = screen(out.getvalue())
    assert rows == [BOT, STATUS, PROMPT + "p 4 ri"], rows
    os.write(typing, b"ce\n")
    assert line.poll(PROMPT, 0.05) == "p 4 rice"
    line.write("  seat 1: placed a 4 on Rice: +2, now 2")
    rows, wrapped = screen(out.getvalue())
    assert rows == [BOT, STATUS, PROMPT + "p 4 rice", "  seat 1: placed a 4 on Rice: +2, now 2",
                    ""]
    assert wrapped == 0 and max(len(row) for row in rows) <= 80


def test_the_old_way_put_the_bots_line_on_the_prompt_line() -> None:
    """What the reviewer saw, on the same model: the prompt written, then a bot's line."""
    rows, wrapped = screen(PROMPT + "p 4 ri" + BOT + "\n" + STATUS + "\n")
    assert rows[0].startswith(PROMPT + "p 4 ri  seat 2 (bot)") and wrapped == 0
    rows, wrapped = screen(PROMPT + "p 4 ri" + STATUS + "\n")
    assert wrapped == 1  # past 80 columns


def test_a_prompt_redrawn_once_and_only_when_it_changes(keyboard: tuple[int, int]) -> None:
    keys, _ = keyboard
    out = io.StringIO()
    line = LiveLine(keys, out)
    for _ in range(3):
        assert line.poll(PROMPT, 0.01) is None
    assert out.getvalue() == PROMPT
    assert line.poll("seat 2> ", 0.01) is None
    assert screen(out.getvalue())[0] == ["seat 2> "]


@pytest.mark.parametrize(("keys", "lines"), [
    (b"p 5\x7f4 rx\x7fice\n", ["p 4 rice"]),          # Backspace (DEL)
    (b"p 5\x084 rice\n", ["p 4 rice"]),                # Backspace (^H)
    (b"garbage\x15t\n", ["t"]),                         # Ctrl-U erases the line
    (b"p 4 rice\x17bamboo\n", ["p 4 bamboo"]),          # Ctrl-W erases a word
    (b"s\x1b[A\x1b[D\n", ["s"]),                        # arrow keys are ignored
    (b"w\r\ns\r\n", ["w", "s"]),                        # \r\n is one Enter
    (b"p 4 \xc3\xa9\n", ["p 4 \u00e9"]),                # UTF-8
    (b"t\nw\n", ["t", "w"]),                            # typed ahead: one line a prompt
])
def test_editing_keys(keyboard: tuple[int, int], keys: bytes, lines: list[str]) -> None:
    read_end, typing = keyboard
    out = io.StringIO()
    line = LiveLine(read_end, out)
    os.write(typing, keys)
    assert [line.poll(PROMPT, 0.05) for _ in lines] == lines
    assert line.poll(PROMPT, 0.01) is None
    rows, _ = screen(out.getvalue())
    assert rows[:len(lines)] == [PROMPT + typed for typed in lines], rows


def test_end_of_input(keyboard: tuple[int, int]) -> None:
    read_end, typing = keyboard
    line = LiveLine(read_end, io.StringIO())
    os.write(typing, b"s")
    os.close(typing)
    assert line.read(PROMPT) == "s"  # a last line without Enter still counts
    with pytest.raises(EOFError):
        line.read(PROMPT)


def test_ctrl_d_on_an_empty_line_ends_the_input(keyboard: tuple[int, int]) -> None:
    read_end, typing = keyboard
    out = io.StringIO()
    line = LiveLine(read_end, out)
    os.write(typing, b"\x04")
    with pytest.raises(EOFError):
        line.poll(PROMPT, 0.05)
    assert out.getvalue().endswith("\n"), "the next output starts a line of its own"


def test_the_terminal_sends_keys_one_by_one_unechoed_inside_and_as_before_after() -> None:
    import termios

    main, child = os.openpty()
    try:
        before = termios.tcgetattr(child)
        assert before[3] & termios.ICANON and before[3] & termios.ECHO
        with keys_one_by_one(child):
            inside = termios.tcgetattr(child)
            assert not inside[3] & termios.ICANON and not inside[3] & termios.ECHO
            assert inside[3] & termios.ISIG, "Ctrl-C still interrupts"
        assert termios.tcgetattr(child) == before
    finally:
        os.close(main)
        os.close(child)
