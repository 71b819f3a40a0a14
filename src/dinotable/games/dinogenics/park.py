"""The Personal Island's park sector: a grid of spaces whose edges hold fences, and the areas they make.

Cells are numbered row by row (A1 = 0, A2 = 1, ... C4 = 11); an edge lies between two cells or on the
board edge. Fences are bit masks over edges, facilities' park spaces a bit mask over cells. An area is a
set of cells joined by edges without a standing fence; it is a pen when every edge it has on the board edge
or beside a facility holds a standing fence. Every other cell without a facility is open space.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

OPEN = -1  # the area of a dinosaur in open space


@dataclass(frozen=True, eq=False)  # hashed by identity: it is a key of the regions cache
class Geometry:
    rows: int
    columns: int
    num_cells: int
    cell_names: tuple[str, ...]
    edges: tuple[tuple[int, int], ...]  # (cell, other cell or -1 on the board edge)
    edge_names: tuple[str, ...]
    sides: tuple[tuple[tuple[int, int], ...], ...]  # per cell: (edge bit, cell beyond or -1)
    border: int  # edges on the board edge
    edge_depth: tuple[int, ...]  # per edge: how far its farther side is from the board edge
    rectangles: tuple[tuple[int, int, int], ...]  # (cells, perimeter edges, size) of every buildable pen

    def regions(self, fences: int, facilities: int) -> tuple[tuple[int, ...], tuple[tuple[int, bool], ...]]:
        """(area index of each cell, -1 under a facility; per area: its cells and whether it is a pen)."""
        return _regions(self, fences, facilities)


def make_geometry(rows: int, columns: int, pen_max: int) -> Geometry:
    n = rows * columns
    names = tuple(f"{'ABCDEFGH'[r]}{c + 1}" for r in range(rows) for c in range(columns))
    edges: list[tuple[int, int]] = []
    edge_names: list[str] = []
    sides: list[list[tuple[int, int]]] = [[] for _ in range(n)]

    def add(a: int, b: int, name: str) -> None:
        bit = 1 << len(edges)
        edges.append((a, b))
        edge_names.append(name)
        sides[a].append((bit, b))
        if b >= 0:
            sides[b].append((bit, a))

    for r in range(rows):
        for c in range(columns):
            cell = r * columns + c
            if r == 0:
                add(cell, -1, f"{names[cell]} top")
            if c == 0:
                add(cell, -1, f"{names[cell]} left")
            if c + 1 < columns:
                add(cell, cell + 1, f"{names[cell]}|{names[cell + 1]}")
            else:
                add(cell, -1, f"{names[cell]} right")
            if r + 1 < rows:
                add(cell, cell + columns, f"{names[cell]}|{names[cell + columns]}")
            else:
                add(cell, -1, f"{names[cell]} bottom")
    border = sum(1 << i for i, (_, b) in enumerate(edges) if b < 0)

    def depth(cell: int) -> int:
        r, c = divmod(cell, columns)
        return min(r, c, rows - 1 - r, columns - 1 - c)

    edge_depth = tuple(-1 if b < 0 else min(depth(a), depth(b)) for a, b in edges)
    rectangles = []
    for height in range(1, rows + 1):
        for width in range(1, columns + 1):
            if height * width > pen_max:
                continue
            for r0 in range(rows - height + 1):
                for c0 in range(columns - width + 1):
                    cells = 0
                    for r in range(r0, r0 + height):
                        for c in range(c0, c0 + width):
                            cells |= 1 << (r * columns + c)
                    perimeter = 0
                    for cell in range(n):
                        if cells >> cell & 1:
                            for bit, other in sides[cell]:
                                if other < 0 or not cells >> other & 1:
                                    perimeter |= bit
                    rectangles.append((cells, perimeter, height * width))
    return Geometry(
        rows,
        columns,
        n,
        names,
        tuple(edges),
        tuple(edge_names),
        tuple(tuple(s) for s in sides),
        border,
        edge_depth,
        tuple(rectangles),
    )


@lru_cache(maxsize=1 << 16)
def _regions(geo: Geometry, fences: int, facilities: int):
    n = geo.num_cells
    area = [-1] * n
    areas: list[tuple[int, bool]] = []  # (cells, closed) per area
    sides = geo.sides
    for start in range(n):
        if area[start] != -1 or facilities >> start & 1:
            continue
        index = len(areas)
        area[start] = index
        stack = [start]
        cells = 0
        closed = True
        while stack:
            cell = stack.pop()
            cells |= 1 << cell
            for bit, other in sides[cell]:
                if fences & bit:
                    continue
                if other < 0 or facilities >> other & 1:
                    closed = False
                elif area[other] == -1:
                    area[other] = index
                    stack.append(other)
        areas.append((cells, closed))
    return tuple(area), tuple(areas)


def cells_of(mask: int) -> list[int]:
    out = []
    cell = 0
    while mask:
        if mask & 1:
            out.append(cell)
        mask >>= 1
        cell += 1
    return out
