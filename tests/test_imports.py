"""The import graph of src/dinotable, read from the sources: no module imports a module that imports it (at
module level or inside a function; imports only for type hints, under `if TYPE_CHECKING:`, never run), and
each layer imports only the layers above it (the design notes, "Layers": core, games, agents, sim and the
analysis beside it, then the front ends)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
LAYERS = ("dinotable.core", "dinotable.games", "dinotable.agents", "dinotable.sim", "dinotable.analysis")


def modules() -> dict[str, Path]:
    out = {}
    for path in (SRC / "dinotable").rglob("*.py"):
        name = ".".join(path.relative_to(SRC).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _runtime_nodes(tree: ast.AST):
    """Every node but those under `if TYPE_CHECKING:`, whose imports never run (they are for type hints)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if (
                isinstance(child, ast.If)
                and getattr(child.test, "id", getattr(child.test, "attr", "")) == "TYPE_CHECKING"
            ):
                todo.extend(child.orelse)
                continue
            todo.append(child)


def imports(name: str, path: Path, known: dict) -> set[str]:
    """The dinotable modules a module imports when it runs; `from package import submodule` counts as the
    submodule."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _runtime_nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            for a in node.names:
                target = f"{base}.{a.name}"
                if target in known:
                    found.add(target)
                elif base in known:
                    found.add(base)
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_reader_skips_imports_for_type_hints_only(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\nimport a\nif TYPE_CHECKING:\n    import b\nelse:\n    import c\n"
        "def f():\n    import d\n"
    )
    known = dict.fromkeys("abcd")
    assert imports("m", source, known) == {"a", "c", "d"}


def test_the_reader_finds_a_cycle_and_its_members():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_a_module_that_imports_it():
    found = cycles(graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(group) for group in found)


def layer(name: str) -> int:
    for i, prefix in enumerate(LAYERS):
        if name == prefix or name.startswith(prefix + "."):
            return i
    return len(LAYERS)  # the front ends and the package itself


def test_each_layer_imports_only_the_layers_above_it():
    """A game never imports an agent or the simulator, core never a game; games never import each other."""
    wrong = []
    for name, targets in graph().items():
        for target in targets:
            if target == "dinotable":
                continue
            if name != "dinotable" and layer(target) > layer(name):
                wrong.append(f"{name} -> {target}")
            games = [m.split(".")[2] for m in (name, target) if m.startswith("dinotable.games.") and m.count(".") >= 2]
            if len(games) == 2 and games[0] != games[1]:
                wrong.append(f"{name} -> {target} (another game)")
    assert not wrong, "imports against the layers: " + ", ".join(sorted(wrong))
