"""Table objects made by the hundred in every game (cards in play, Ships, Shares): the same dataclasses, with an
__init__ that writes the fields straight into the new instance with object.__setattr__.

A table object's (a State's) dataclass __init__ goes through State.__setattr__ once per field, which a new object,
on no table yet, needs for nothing: it costs two to three times as much. Everything else (repr, pickling,
`dataclasses.fields`) is the dataclass's. (Records made by the thousand, such as a Decision or a Payment, are named
tuples: cheaper still to make.)

Never through `obj.__dict__`: CPython 3.11 keeps a new object's attributes as inline values until something asks
for its __dict__, and from then on every attribute read on that object takes the slow path (about five times the
instructions). Writing table objects' fields through __dict__ cost 5% of a game's instructions.

Default factories are called and __post_init__ runs, as the dataclass __init__ does; a keyword-only field or one
left out of __init__ is refused when the class is made.

A class that names a field in JOINS (a card: its owner) is made on that field's journal: the new object and the
containers its factories make join it in the __init__ itself, and a container given in a factory's place is adopted
(journal.py), so putting the object on the table walks through nothing. Its factories must make tracked containers.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, fields
from typing import Any, TypeVar

from runtime.model.journal import TRACKED_TYPES

T = TypeVar("T")


def state_init(cls: type[T]) -> type[T]:
    """Give a table object's dataclass the direct __init__ (apply above @dataclass(eq=False)). A field that a
    property of the class would intercept is refused: writing it straight into the instance would go round it."""
    for field in fields(cls):  # type: ignore[arg-type]
        if hasattr(getattr(cls, field.name, None), "__set__"):
            raise TypeError(f"{cls.__name__}.{field.name}: state_init cannot go round a property's setter")
    cls.__init__ = direct_init(cls)  # type: ignore[misc]
    return cls


def direct_init(cls: type) -> Any:
    """The __init__ of dataclass `cls` that writes its fields straight into the instance."""
    if "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: state_init supports dataclasses without __slots__ only")
    joins = getattr(cls, "JOINS", "")
    parameters, assignments = [], [f"    journal = {joins}._journal"] if joins else []
    namespace: dict[str, Any] = {"defaults": {}, "factories": {}, "FACTORY": object()}
    for field in fields(cls):  # type: ignore[arg-type]
        if field.kw_only or not field.init:
            raise TypeError(f"{cls.__name__}.{field.name}: state_init supports plain fields only")
        parameters.append(parameter(field, namespace))
        if field.default_factory is MISSING:
            assignments.append(f"    write(self, {field.name!r}, {field.name})")
        elif joins:
            assignments += joined_factory_field(cls, field)
        else:
            value = f"factories[{field.name!r}]() if {field.name} is FACTORY else {field.name}"
            assignments.append(f"    write(self, {field.name!r}, {value})")
    if joins:
        assignments += ["    if journal is not None:", "        write(self, '_journal', journal)"]
    if hasattr(cls, "__post_init__"):
        assignments.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(parameters)}):\n    write = object.__setattr__\n" + "\n".join(assignments)
    exec(source, namespace)  # noqa: S102 - the source is built above from the class's own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def parameter(field: Field, namespace: dict[str, Any]) -> str:
    """The field's parameter in the generated __init__: a default is looked up, a factory is called when not given."""
    if field.default_factory is not MISSING:
        namespace["factories"][field.name] = field.default_factory
        return f"{field.name}=FACTORY"
    if field.default is not MISSING:
        namespace["defaults"][field.name] = field.default
        return f"{field.name}=defaults[{field.name!r}]"
    return field.name


def joined_factory_field(cls: type, field: Field) -> list[str]:
    """The lines of a JOINS class's __init__ that set a factory field: the factory's new, empty container is handed
    the journal (nothing in it to look through), one given instead is adopted."""
    if type(field.default_factory()) not in TRACKED_TYPES:  # type: ignore[misc]
        raise TypeError(f"{cls.__name__}.{field.name}: a class that JOINS a journal needs tracked factories")
    name = field.name
    return [
        f"    if {name} is FACTORY:",
        f"        {name} = factories[{name!r}]()",
        "        if journal is not None:",
        f"            {name}._journal = journal",
        "    elif journal is not None:",
        f"        {name} = journal.adopt({name})",
        f"    write(self, {name!r}, {name})",
    ]
