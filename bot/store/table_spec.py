"""One table as the copy and check tools see it: its columns, key, the types the two backends
store differently, and the order its rows are read in. The store interface names it (export and
import take one), so it stands apart from the catalogue of the schema's tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class TableSpec:
    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...]  # the primary key: what an import replaces on
    booleans: frozenset[str] = field(default_factory=frozenset)
    floats: frozenset[str] = field(default_factory=frozenset)
    serial: str | None = None  # an id the database assigns (its sequence is moved on after a copy)
    insertion: bool = False  # rows per campaign in creation order, not key order
    parent: tuple[str, str] | None = None  # (column, table) a row belongs to: orphans are reported
    nullable_parent: bool = False  # the parent column may be NULL (the reference was let go)

    @property
    def order(self) -> tuple[str, ...]:
        return ("campaign_id",) if self.insertion else self.key

    def canonical_row(self, row: Sequence[Any]) -> list[Any]:
        """The row as both backends agree to see it: booleans as 0/1, REAL columns as floats."""
        out: list[Any] = []
        for column, value in zip(self.columns, row, strict=True):
            if value is None:
                out.append(None)
            elif column in self.booleans:
                out.append(1 if value else 0)
            elif column in self.floats:
                out.append(float(value))
            else:
                out.append(value)
        return out

    def to_driver(self, row: Sequence[Any], *, booleans_as_int: bool) -> tuple[Any, ...]:
        """A canonical-ish row in the types the destination driver binds."""
        out: list[Any] = []
        for column, value in zip(self.columns, row, strict=True):
            if value is not None and column in self.booleans:
                value = int(bool(value)) if booleans_as_int else bool(value)
            elif value is not None and column in self.floats:
                value = float(value)
            out.append(value)
        return tuple(out)
