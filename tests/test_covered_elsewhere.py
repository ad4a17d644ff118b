"""tests/covered_elsewhere.txt names tests that exist: each line a test function of a test file
(``.ci/covered_elsewhere.py`` writes it; CI runs them on the compiled build, without coverage's
tracer). A test renamed or removed since would leave a line that marks nothing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import COVERED_ELSEWHERE

TESTS = Path(__file__).resolve().parent


def _listed() -> list[str]:
    return [line.strip() for line in COVERED_ELSEWHERE.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def test_every_listed_test_is_a_test_function_of_the_suite() -> None:
    listed = _listed()
    assert listed, "the list is empty"
    assert listed == sorted(set(listed)), "sorted, each once"
    functions: dict[str, set[str]] = {}
    for name in listed:
        path, _, function = name.partition("::")
        assert path.startswith("tests/") and function.startswith("test_"), name
        if path not in functions:
            source = TESTS.parent / path
            assert source.is_file(), name
            functions[path] = {node.name for node in ast.parse(source.read_text()).body
                               if isinstance(node, ast.FunctionDef)}
        assert function in functions[path], f"{name}: no such test"


class _Item:
    """What the collection hook reads and writes of a pytest item."""

    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid
        self.marks: list[str] = []

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.marks.append(marker.name)


def test_a_listed_test_is_marked_with_every_parameter_and_no_other() -> None:
    from conftest import mark_covered_elsewhere

    name = _listed()[0]
    items = [_Item(name), _Item(f"{name}[1-2]"), _Item(f"{name}_not"), _Item("tests/x.py::y")]
    mark_covered_elsewhere(items)
    assert [item.marks for item in items] == [["covered_elsewhere"], ["covered_elsewhere"], [],
                                              []]
