"""Frozen dataclasses made by the thousand in every game (options, decisions, log entries): the same classes, with
an __init__ that writes the fields straight into the new instance's __dict__.

A frozen dataclass's own __init__ calls object.__setattr__ once per field to get round its frozenness, which costs
two to three times as much; everything else (eq, hash, repr, frozenness, pickling, `dataclasses.fields`) is the
dataclass's. Only plain fields are supported: a default factory, keyword-only field, InitVar or __post_init__ is
refused when the class is made, so a class that needs one keeps the dataclass __init__.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Give a frozen dataclass the direct __init__ (apply above @dataclass(frozen=True))."""
    if hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init supports plain frozen dataclasses only")
    parameters, assignments, defaults = [], [], {}
    for field in fields(cls):  # type: ignore[arg-type]
        if field.default_factory is not MISSING or field.kw_only or not field.init:
            raise TypeError(f"{cls.__name__}.{field.name}: quick_init supports plain fields only")
        if field.default is MISSING:
            parameters.append(field.name)
        else:
            defaults[field.name] = field.default
            parameters.append(f"{field.name}=defaults[{field.name!r}]")
        assignments.append(f"    fields[{field.name!r}] = {field.name}")
    source = f"def __init__(self, {', '.join(parameters)}):\n    fields = self.__dict__\n" + "\n".join(assignments)
    namespace: dict[str, Any] = {"defaults": defaults}
    exec(source, namespace)  # noqa: S102 - the source is built above from the class's own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]
    return cls
