"""Prefix: an O(1) read-only snapshot of a list that is only ever appended to.

The engine hands every PlayerView the discard pile (as cards) and, through
EventLog, the round's log this way instead of copying them for every
decision: it only appends to those lists and starts new lists when it resets
them (T7, a new round), so the first ``n`` items a snapshot shows never change.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, Generic, TypeVar, overload

from .cards import DECK, Card

T = TypeVar("T")


class Prefix(Sequence[T], Generic[T]):
    """The first ``n`` items of ``items`` (an append-only list), read-only.

    Compares equal to another Prefix or a tuple with the same items."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: list[Any], n: int) -> None:
        self._items = items
        self._n = n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> T: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...

    def __getitem__(self, i: int | slice) -> T | tuple[T, ...]:
        if isinstance(i, slice):
            return tuple(self)[i]
        n = self._n
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("index out of range")
        return self._at(i)

    def _at(self, i: int) -> T:
        """Item ``i`` (0 <= i < n) as shown; a subclass may show another version of it."""
        item: T = self._items[i]
        return item

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, self._n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Prefix, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class CardPrefix(Prefix[Card]):
    """The first ``n`` ids of an append-only list of card ids, shown as cards."""

    __slots__ = ()

    def _at(self, i: int) -> Card:
        cid: int = self._items[i]
        return DECK[cid]

    def __iter__(self) -> Iterator[Card]:
        return (DECK[c] for c in islice(self._items, self._n))
