"""Where a rampaging dinosaur's damage can go: the structures it can reach from where it stands.

The quick reference says "damage an accessible structure" and "Facilities are targeted first, then fences
blocking route to board edge"; the designed rule "damage targets" (content/rules.toml) reads it on the park grid:
- the dinosaur walks from its space across edges without a standing fence, around facilities (a facility's
  spaces are walls; a dinosaur inside a Biodome starts from it);
- it reaches the facilities bordering the spaces it walks (inside an undamaged Biodome: that Biodome and the
  facilities bordering it);
- a walk that crosses the board edge is out: the dinosaur is loose on the island and also reaches every
  space open to the board edge, the facilities bordering them and the whole commercial sector;
- with no undamaged facility in reach, a dinosaur that is not out breaks the standing fence around its walk
  on the most direct route to the board edge: fewest standing fences to cross, then a board-edge fence, then
  the one nearest the board edge, then the first in the park's order;
- with neither, the Visitor Center takes it (rules.py: repaired at once for a Scandal).

Only the park grid (park.Geometry) and plain masks come in, so rules.py and the heuristic share it.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

FAR = 1 << 20  # a fence count no route reaches: no way to the board edge through it


def walk(geo, standing: int, walls: int, start: int) -> tuple[int, bool]:
    """The park spaces reached from `start` without crossing a standing fence or entering a wall space (the
    start itself may be one: a Biodome's inhabitant), and whether the walk crosses the board edge."""
    seen = 1 << start
    out = False
    todo = [start]
    while todo:
        cell = todo.pop()
        for bit, other in geo.sides[cell]:
            if standing & bit:
                continue
            if other < 0:
                out = True
            elif not (seen | walls) >> other & 1:
                seen |= 1 << other
                todo.append(other)
    return seen, out


@lru_cache(maxsize=1 << 14)
def open_to_edge(geo, standing: int, walls: int) -> int:
    """The park spaces a loose dinosaur reaches: those joined to the board edge without a standing fence."""
    cells = 0
    for start in range(geo.num_cells):
        if cells >> start & 1 or walls >> start & 1:
            continue
        reached, out = walk(geo, standing, walls, start)
        if out:
            cells |= reached
    return cells


def bordering(geo, cells: int) -> int:
    """Park spaces sharing a side with these spaces, outside them."""
    out = 0
    for cell in range(geo.num_cells):
        if cells >> cell & 1:
            for _, other in geo.sides[cell]:
                if other >= 0:
                    out |= 1 << other
    return out & ~cells


@lru_cache(maxsize=1 << 14)
def fences_to_edge(geo, standing: int, walls: int) -> tuple[int, ...]:
    """Per park space: the fewest standing fences crossed on the way from it to the board edge, around wall
    spaces (FAR under a wall, or with no way out)."""
    dist = [FAR] * geo.num_cells
    todo: deque = deque()
    for cell in range(geo.num_cells):
        if walls >> cell & 1:
            continue
        for bit, other in geo.sides[cell]:
            if other < 0:
                cost = 1 if standing & bit else 0
                if cost < dist[cell]:
                    dist[cell] = cost
        if dist[cell] < FAR:
            todo.append(cell)
    while todo:  # few spaces and costs 0 or 1: relax until nothing changes
        cell = todo.popleft()
        for bit, other in geo.sides[cell]:
            if other < 0 or walls >> other & 1:
                continue
            cost = dist[cell] + (1 if standing & bit else 0)
            if cost < dist[other]:
                dist[other] = cost
                todo.append(other)
    return tuple(dist)


def fence_out(geo, standing: int, walls: int, cells: int) -> int:
    """The standing fence around these spaces on the most direct route to the board edge (fewest standing
    fences to cross, a board-edge fence first, then the one nearest the board edge, then the park's order);
    -1 if no fence around them leads anywhere."""
    dist = fences_to_edge(geo, standing, walls)
    best, best_key = -1, None
    for cell in range(geo.num_cells):
        if not cells >> cell & 1:
            continue
        for bit, other in geo.sides[cell]:
            if not standing & bit or (other >= 0 and cells >> other & 1):
                continue
            if other < 0:
                cost = 1
            elif walls >> other & 1:
                continue  # a fence against a facility opens no way out
            else:
                cost = 1 + dist[other]
            if cost >= FAR:
                continue
            e = bit.bit_length() - 1
            key = (cost, geo.edge_depth[e], e)
            if best_key is None or key < best_key:
                best, best_key = e, key
    return best


def targets(geo, standing: int, facilities: tuple, start: int) -> tuple[tuple[int, ...], int]:
    """What a rampaging dinosaur on `start` can damage: (the undamaged facilities it reaches, by position in
    `facilities`; the fence it would break, or -1). `facilities` holds each facility of the park as (its park
    spaces as a mask, 0 in the commercial sector; damaged). The fence counts only when no facility is
    reached; with neither, the damage goes to the Visitor Center."""
    walls = 0
    for cells, _ in facilities:
        walls |= cells
    home = next((j for j, (cells, hurt) in enumerate(facilities) if cells >> start & 1 and not hurt), -1)
    if home >= 0:
        # Inside an undamaged Biodome: the dome itself, and what borders it.
        near = bordering(geo, facilities[home][0])
        return tuple(j for j, (cells, hurt) in enumerate(facilities) if not hurt and (j == home or cells & near)), -1
    cells, out = walk(geo, standing, walls, start)
    if out:
        cells |= open_to_edge(geo, standing, walls)
    near = bordering(geo, cells)
    reached = tuple(j for j, (spaces, hurt) in enumerate(facilities) if not hurt and (spaces & near if spaces else out))
    if reached or out:
        return reached, -1
    return (), fence_out(geo, standing, walls, cells)
