"""Plain data to JSON and back, by field name: the on-disk cache (compiler/cache.py) stores diagnostics and each
definition's Facts this way, so a field added to a record is stored without touching the cache. Plain data is a
class whose `__slots__` are its fields and whose `__init__` takes them: a record (compiler/plain.py, its fields its
bases' slots and its own), or Span.

Decoding is driven by the class's type hints and is strict: anything that is not exactly what the class
describes (a missing or extra field, a value of the wrong type) raises Damaged, which the cache treats as a miss."""

from __future__ import annotations

import types
import typing
from enum import Enum
from functools import cache
from typing import Any

SCALARS = (str, int, bool)


class Damaged(ValueError):
    """A stored entry that is not what the class describes."""


def encoded(value: Any) -> Any:
    """Plain data as a dict by field name, a tuple as a list, an enum as its value; str, int and bool as they are."""
    if is_plain_data(type(value)):
        return {name: encoded(getattr(value, name)) for name in field_types(type(value))}
    if isinstance(value, tuple):
        return [encoded(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    return value


def decoded(kind: Any, data: Any) -> Any:
    """The value of type `kind` that `encoded` gave `data`; raises Damaged for anything else."""
    if typing.get_origin(kind) is tuple:
        item, _ = typing.get_args(kind)  # tuple[X, ...]
        if not isinstance(data, list):
            raise Damaged(f"not a list: {data!r:.40}")
        return tuple(decoded(item, each) for each in data)
    if is_plain_data(kind):
        types_ = field_types(kind)
        if not isinstance(data, dict) or data.keys() != types_.keys():
            raise Damaged(f"not a {kind.__name__}: {data!r:.40}")
        return kind(**{name: decoded(types_[name], data[name]) for name in types_})
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except ValueError as error:
            raise Damaged(str(error)) from None
    if kind in SCALARS and type(data) is kind:
        return data
    raise Damaged(f"not a {getattr(kind, '__name__', kind)}: {data!r:.40}")


@cache
def is_plain_data(kind: object) -> bool:
    return isinstance(kind, type) and "__slots__" in vars(kind)


@cache
def field_types(kind: type) -> dict[str, Any]:
    """A class's fields in order, each with its type (annotations resolved once per class)."""
    hints = typing.get_type_hints(kind.__init__)
    found = {name: hints[name] for name in getattr(kind, "FIELDS", kind.__slots__)}
    assert all(not isinstance(each, types.UnionType) for each in found.values()), kind  # not needed, not supported
    return found
