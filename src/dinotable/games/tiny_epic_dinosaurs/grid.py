"""The Farm grid's geometry: which spaces form Enclosures, given the dotted lines and the Barriers on them.

A Farm is a grid of spaces; each edge is a dotted line, water or a mountain. Two neighbouring spaces are
joined unless their edge is water, a mountain or a Barrier. A group of joined spaces is an Enclosure when
none of its edges to the outside of the Farm is open ("surrounded on all sides by any combination of
Barriers, Mountains, and Water").
"""

from __future__ import annotations

OPEN = 100  # zone codes at or above this are open areas (not Enclosures)


def regions(geometry, passable: int) -> list[tuple[tuple[int, ...], bool]]:
    """The groups of joined spaces, each with whether it is closed; `passable` is a mask of open edges."""
    seen = [False] * geometry.num_cells
    out = []
    edge_cells, cell_edges = geometry.edge_cells, geometry.cell_edges
    for start in range(geometry.num_cells):
        if seen[start]:
            continue
        seen[start] = True
        group, todo, closed = [start], [start], True
        while todo:
            cell = todo.pop()
            for e in cell_edges[cell]:
                if not passable >> e & 1:
                    continue
                a, b = edge_cells[e]
                other = b if a == cell else a
                if other < 0:
                    closed = False
                elif not seen[other]:
                    seen[other] = True
                    group.append(other)
                    todo.append(other)
        out.append((tuple(sorted(group)), closed))
    return out


MEMO_SIZE = 100_000  # zones kept per grid; a long soak sees more Barrier patterns, so the memo starts over


def zones(geometry, dotted: int, fence: int) -> tuple[int, ...]:
    """Per space: the number of its Enclosure (its first space), or OPEN + that number in an open area.
    They depend only on the open edges, and Barriers change rarely, so each answer is kept."""
    passable = dotted & ~fence
    memo = geometry.zones_memo
    zone = memo.get(passable)
    if zone is None:
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        zone = memo[passable] = _zones(geometry, passable)
    return zone


def _zones(geometry, passable: int) -> tuple[int, ...]:
    zone = [0] * geometry.num_cells
    for cells, closed in regions(geometry, passable):
        code = cells[0] if closed else OPEN + cells[0]
        for cell in cells:
            zone[cell] = code
    return tuple(zone)
