"""The table's undo journal: every change to the table is recorded, so trying something and taking it back
costs what the attempt changed, not a copy of the whole table.

Every table object (a `State`) and every list, dict and set on the table belongs to one `Journal`. Changes
go through the few ways Python mutates them: setting an object's field, and the container methods, which
the tracked containers below override. While a mark is open each change appends an entry (the C function
that undoes it and its arguments); undoing to a mark pops and runs entries back to where the mark was taken.
With no mark open nothing is recorded, so play that tries nothing pays almost nothing.

Anything put on the table is adopted: a plain container is replaced by a tracked copy, a table object made
since (a new Ship) joins the journal with its containers. Tuples on the table are immutable and are only looked
through for table objects. What is built for a table can join its journal as it is made instead (`join`), so
that nothing has to be walked through when it goes on the table.

The journal also holds what the engine derives from the cards in play (`derived`, runtime/model/caches.py), so
that forgetting it is journaled too: a change of what is in play forgets it (an `InPlayList` changes, or a card's
rules are declined: `forget_derived`), and so does undoing such a change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from copy import deepcopy
from typing import Any, TypeVar

from runtime.model.caches import Derived
from runtime.model.cards import Ability, CardSpec

MISSING = object()  # the old value of a field or key that did not exist
T = TypeVar("T")


class Journal:
    """The undo entries of one table since its oldest open mark, and how many marks are open."""

    __slots__ = ("entries", "open", "derived", "lowest")

    def __init__(self) -> None:
        self.entries: list[tuple] = []
        self.open = 0
        self.derived = Derived()  # values worked out from the cards in play; see the module docstring
        self.lowest = 0  # the lowest position undone to since the forward model last set it (Game.refused)

    def __deepcopy__(self, memo: dict) -> Journal:
        return Journal()  # a copy of the table starts with nothing to undo

    def __reduce__(self) -> tuple:
        return (Journal, ())  # and so does a pickled one

    def undo(self, position: int) -> None:
        if position < self.lowest:
            self.lowest = position
        entries = self.entries
        if len(entries) <= position:
            return
        for entry in reversed(entries[position:]):
            entry[0](*entry[1:])
        del entries[position:]

    def forget_derived(self) -> None:
        """What is in play changes: what was derived from it is forgotten now, and again if the change is undone
        (an undo that takes back no such change leaves the derived values standing)."""
        self.derived.forget()
        if self.open:
            self.entries.append((Derived.forget, self.derived))

    def join(self, value: T) -> T:
        """A tracked container or table object just made, put on this journal as it is, nothing inside looked
        through: it must hold only plain values and things already on the journal. How setup builds a new table
        on its journal part by part, instead of adopting the whole table afterwards (a walk over some hundred
        containers that costs more than all the rest of the setting up)."""
        object.__setattr__(value, "_journal", self)
        return value

    def adopt(self, value: Any) -> Any:
        """Value as it goes on the table: containers tracked by this journal, table objects adopted."""
        kind = type(value)
        if kind in ATOMS:
            return value
        tracked = TRACKED_OF.get(kind)
        if tracked is not None:  # a plain container: a tracked copy goes on the table
            value = tracked(value)
        elif kind in TRACKED_TYPES:  # made tracked (a new table object's), or moved from another journal
            if value._journal is self:
                return value
        else:
            if isinstance(value, State):
                if getattr(value, "_journal", None) is not self:
                    adopt_object(self, value)
            elif kind is tuple and not ATOMS.issuperset(map(type, value)):
                for item in value:
                    self.adopt(item)
            return value
        value._journal = self
        if value:  # an empty container (most of a new table's) has no items to look through
            value.adopt_items()
        return value


def adopt_object(journal: Journal, obj: State) -> None:
    """Walks the dataclass fields, written with object.__setattr__, never through `obj.__dict__`: CPython 3.11 keeps
    a new object's attributes as inline values until something asks for its __dict__, and from then on every
    attribute read on that object takes the slow path (about five times the instructions; writing table objects'
    fields through __dict__ cost 5% of a game's). `_journal` is set first, so the walk, which may come back to obj
    through a cycle, finds it adopted. What is not game state (a Table's rules, session and bases) is no container
    and no table object: adopt leaves it as it is."""
    object.__setattr__(obj, "_journal", journal)  # first: a table object can be reached again through its fields
    for name in obj.__dataclass_fields__:
        value = getattr(obj, name)
        if type(value) not in ATOMS:
            object.__setattr__(obj, name, journal.adopt(value))


class State:
    """A table object: its field changes are journaled once it is on a table. A field holding a list of cards in
    play (an InPlayList) keeps one: a list put in its place becomes one, and what was derived from the cards in play
    is forgotten. Writing the value a field holds already changes nothing, so nothing is journaled (a round's counters
    set back to 0 while they are 0, the driver's stage set to the stage it is at: a hundred writes a game)."""

    _journal: Journal | None = None

    def __setattr__(self, name: str, value: Any) -> None:
        journal = self._journal
        if journal is None:  # not on a table
            object.__setattr__(self, name, value)
            return
        old = getattr(self, name, MISSING)
        if old is value:  # the same object: nothing changes
            return
        if type(old) is InPlayList:
            value = InPlayList(value)
            journal.forget_derived()
        if type(value) not in ATOMS:  # most values are: skip the call
            value = journal.adopt(value)
        if journal.open:
            journal.entries.append((restore_field, self, name, old))
        object.__setattr__(self, name, value)


def restore_field(obj: State, name: str, old: Any) -> None:
    if old is MISSING:
        object.__delattr__(obj, name)
    else:
        object.__setattr__(obj, name, old)


class Tracked:
    """What the tracked containers share: their journal, how they join it, how a copy gets its own."""

    _journal: Journal | None = None  # an instance field once adopted (a field, not a slot, so pickle works)
    PLAIN: type = object

    def adopt_items(self) -> None:
        """Items that are table objects or containers join the journal too (a set holds plain values only)."""

    def restore(self, old: Any) -> None:
        raise NotImplementedError

    def _before(self) -> Journal | None:
        """The journal, after recording the whole container for a change that has no cheaper inverse."""
        journal = self._journal
        if journal is not None and journal.open:
            journal.entries.append((type(self).restore, self, self.PLAIN(self)))  # type: ignore[call-arg]
        return journal

    def __deepcopy__(self, memo: dict) -> Any:
        new = type(self)()
        memo[id(self)] = new
        new._journal = deepcopy(self._journal, memo)
        new.restore(self.PLAIN(deepcopy(item, memo) for item in self.copied_items()))  # type: ignore[call-arg]
        return new

    def copied_items(self) -> Iterable[Any]:
        return self  # type: ignore[return-value]


class TrackedList(Tracked, list):
    """A list on the table: each change is journaled while a mark is open."""

    PLAIN = list

    def adopt_items(self) -> None:
        if ATOMS.issuperset(map(type, self)):  # most lists hold plain values or card specs only: no walk in Python
            return
        adopt = self._journal.adopt
        for index, item in enumerate(self):
            if type(item) not in ATOMS:
                list.__setitem__(self, index, adopt(item))

    def restore(self, old: list) -> None:
        list.__setitem__(self, slice(None), old)

    def append(self, value: Any) -> None:
        journal = self._journal
        if journal is not None:
            if type(value) not in ATOMS:
                value = journal.adopt(value)
            if journal.open:
                journal.entries.append((list.pop, self))
        list.append(self, value)

    def pop(self, index: int = -1) -> Any:
        value = list.pop(self, index)
        journal = self._journal
        if journal is None:
            return value
        if journal.open:
            if index == -1 or index == len(self):
                journal.entries.append((list.append, self, value))
            else:
                journal.entries.append((list.insert, self, index if index >= 0 else len(self) + index + 1, value))
        return value

    def __setitem__(self, index: Any, value: Any) -> None:
        journal = self._journal
        if journal is None:
            list.__setitem__(self, index, value)
            return
        if type(index) is int:
            if journal.open:
                journal.entries.append((list.__setitem__, self, index, list.__getitem__(self, index)))
            list.__setitem__(self, index, value if type(value) in ATOMS else journal.adopt(value))
            return
        self._before()
        list.__setitem__(self, index, [journal.adopt(item) for item in value])

    def extend(self, values: Iterable[Any]) -> None:
        journal = self._before()
        list.extend(self, values if journal is None else [journal.adopt(item) for item in values])

    def __iadd__(self, values: Iterable[Any]) -> TrackedList:  # type: ignore[override, misc]
        self.extend(values)
        return self

    def insert(self, index: Any, value: Any) -> None:
        journal = self._before()
        list.insert(self, index, value if journal is None else journal.adopt(value))

    def __delitem__(self, index: Any) -> None:
        self._before()
        list.__delitem__(self, index)

    def remove(self, value: Any) -> None:
        """Undone by putting the removed item back where it was (no copy of the whole list)."""
        index = list.index(self, value)
        removed = list.pop(self, index)
        journal = self._journal
        if journal is not None and journal.open:
            journal.entries.append((list.insert, self, index, removed))

    def clear(self) -> None:
        self._before()
        list.clear(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._before()
        list.sort(self, *args, **kwargs)

    def reverse(self) -> None:
        self._before()
        list.reverse(self)

    def __imul__(self, times: Any) -> TrackedList:  # type: ignore[override, misc]
        self._before()
        list.__imul__(self, times)
        return self


class InPlayList(TrackedList):
    """A list of cards in play (a Player's council and buildings) or of the players: any change forgets what was
    derived from the cards in play (Table.derived)."""


def forgetting(method: Callable[..., Any]) -> Callable[..., Any]:
    def change(self: InPlayList, *args: Any, **kwargs: Any) -> Any:
        journal = self._journal
        if journal is not None:
            journal.forget_derived()
        return method(self, *args, **kwargs)

    change.__name__ = method.__name__
    return change


for _name in (
    "append",
    "pop",
    "__setitem__",
    "extend",
    "insert",
    "__delitem__",
    "remove",
    "clear",
    "sort",
    "reverse",
    "__imul__",
):
    setattr(InPlayList, _name, forgetting(getattr(TrackedList, _name)))  # __iadd__ goes through extend


class TrackedDict(Tracked, dict):
    """A dict on the table: each change is journaled while a mark is open."""

    PLAIN = dict

    def adopt_items(self) -> None:
        if ATOMS.issuperset(map(type, self.values())):  # as for a list
            return
        adopt = self._journal.adopt
        for key, item in self.items():
            if type(item) not in ATOMS:
                dict.__setitem__(self, key, adopt(item))

    def restore(self, old: dict) -> None:
        dict.clear(self)
        dict.update(self, old)

    def copied_items(self) -> Iterable[Any]:
        return self.items()

    def __setitem__(self, key: Any, value: Any) -> None:
        journal = self._journal
        if journal is not None:
            if type(value) not in ATOMS:
                value = journal.adopt(value)
            if journal.open:
                old = dict.get(self, key, MISSING)
                journal.entries.append((dict.pop, self, key) if old is MISSING else (dict.__setitem__, self, key, old))
        dict.__setitem__(self, key, value)

    def add(self, key: Any, amount: int) -> None:
        """`self[key] += amount` for a count already there, in one Python call instead of the __setitem__ slot's
        (the goods ledgers' hot path: a gain or payment changes two of them)."""
        old = self[key]  # dict's own look-up: __getitem__ is not overridden
        journal = self._journal
        if journal is not None and journal.open:
            journal.entries.append((dict.__setitem__, self, key, old))
        dict.__setitem__(self, key, old + amount)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def __ior__(self, other: Any) -> TrackedDict:  # type: ignore[override, misc]
        self.update(other)
        return self

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)

    def __delitem__(self, key: Any) -> None:
        self._before()
        dict.__delitem__(self, key)

    def pop(self, key: Any, *default: Any) -> Any:
        if key in self:
            self._before()
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[Any, Any]:
        self._before()
        return dict.popitem(self)

    def clear(self) -> None:
        self._before()
        dict.clear(self)


class TrackedSet(Tracked, set):
    """A set on the table (of plain values): each change is journaled while a mark is open."""

    PLAIN = set

    def __repr__(self) -> str:
        return repr(set(self))

    def restore(self, old: set) -> None:
        set.clear(self)
        set.update(self, old)

    def add(self, value: Any) -> None:
        journal = self._journal
        if journal is not None and journal.open and value not in self:
            journal.entries.append((set.discard, self, value))
        set.add(self, value)

    def discard(self, value: Any) -> None:
        journal = self._journal
        if journal is not None and journal.open and value in self:
            journal.entries.append((set.add, self, value))
        set.discard(self, value)

    def remove(self, value: Any) -> None:
        if value not in self:
            raise KeyError(value)
        self.discard(value)


def whole_set_change(name: str) -> Callable[..., Any]:
    """A set method with no cheap inverse: the whole set is recorded first."""
    method = getattr(set, name)

    def change(self: TrackedSet, *args: Any) -> Any:
        self._before()
        result = method(self, *args)
        return self if name.startswith("__i") else result

    change.__name__ = name
    return change


for _name in (
    "pop",
    "clear",
    "update",
    "difference_update",
    "intersection_update",
    "symmetric_difference_update",
    "__ior__",
    "__iand__",
    "__isub__",
    "__ixor__",
):
    setattr(TrackedSet, _name, whole_set_change(_name))

# Values that go on the table as they are: plain values, and the card definitions every table shares and nothing
# changes (a deck, the display or a hand holds them; looking through them for table objects would find none).
ATOMS = frozenset({int, str, bool, float, type(None), type(MISSING), CardSpec, Ability})
TRACKED_OF: dict[type, Any] = {list: TrackedList, dict: TrackedDict, set: TrackedSet}
TRACKED_TYPES = frozenset({*TRACKED_OF.values(), InPlayList})
