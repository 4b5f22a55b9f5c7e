"""The shipped stubs against what the package does at run time, where
stubtest cannot see: ``World``'s keywords (``**settings`` at run time) are
the settings ``hitfield.settings()`` lists, each with the stub type of its
row's type, and the stubs name every public name of the package."""

from __future__ import annotations

import ast
from importlib import resources

import pytest

import hitfield


def stub(name: str) -> ast.Module:
    return ast.parse(resources.files("hitfield").joinpath(name).read_text())


def world_keywords() -> dict[str, str]:
    """``World.__new__``'s keyword-only parameters in the stub, with their
    annotations as written."""
    for node in ast.walk(stub("_hitfield.pyi")):
        if isinstance(node, ast.ClassDef) and node.name == "World":
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__new__":
                    return {
                        a.arg: ast.unparse(a.annotation) if a.annotation else ""
                        for a in item.args.kwonlyargs
                    }
    raise AssertionError("no World.__new__ in _hitfield.pyi")


def test_every_public_name_is_typed() -> None:
    typed = {
        n.asname or n.name
        for node in ast.walk(stub("__init__.pyi"))
        if isinstance(node, ast.ImportFrom)
        for n in node.names
    }
    typed |= {
        t.id
        for node in ast.walk(stub("__init__.pyi"))
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Name)
    }
    missing = [n for n in hitfield.__all__ if n not in typed]
    assert not missing, f"hitfield names without a stub: {missing}"


# A row's type in hitfield.settings() and the stub's annotation for it.
STUB_TYPE = {"int": "int", "float": "float", "bool": "bool"}


def test_world_keywords_are_the_settings() -> None:
    settings = getattr(hitfield, "settings", None)
    if settings is None:
        pytest.skip("hitfield.settings() is not in this build yet (issue 53, item 2)")
    keywords = world_keywords()
    rows = settings()
    names = {row["name"] for row in rows}
    untyped = sorted(names - keywords.keys())
    assert not untyped, f"settings with no keyword in World's stub: {untyped}"
    for row in rows:
        annotation = keywords[row["name"]]
        if row["type"] in STUB_TYPE:
            assert annotation.split(" | ")[0] == STUB_TYPE[row["type"]], (row["name"], annotation)
        else:
            assert annotation.startswith("Literal["), (row["name"], annotation)
    # Beyond the rows' own names: the sprites, the link's short names, the
    # tables, and the deprecated ship count.
    sections = {row["key"].split(".")[0] for row in rows if "." in row["key"]}
    links = {row["link"] for row in rows if row["link"]}
    extra = sorted(keywords.keys() - names - links - sections - {"sprites", "count"})
    assert not extra, f"World's stub has keywords that are no setting: {extra}"
