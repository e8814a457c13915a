"""Plain data written by hand: a class whose fields are its `__slots__`, its bases' first (FIELDS), and whose
`__init__` takes them; compared, hashed and shown by value and copied with changes by `replace`, as a frozen
dataclass is. Nothing changes a record once it is made. The cache's codec (compiler/codec.py) stores one by field.

Why not `@dataclass`: it compiles each class's methods from source at import (about 3 M instructions a class) and
a frozen one sets each field through object.__setattr__; the compiler's 27 records on the path of a cold `nus check`
made so were a tenth of its instructions. The AST's nodes and Span are written by hand for the same reason."""

from __future__ import annotations

from typing import Any, ClassVar, Self


class Plain:
    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    COMPARED: ClassVar[tuple[str, ...]] = ()  # the fields ==, the hash and repr read
    HASHED: ClassVar[tuple[str, ...]] = ()
    UNHASHED: ClassVar[tuple[str, ...]] = ()  # compared fields a hash leaves out (a dict cannot be hashed)

    def __init_subclass__(cls) -> None:
        cls.FIELDS = cls.__base__.FIELDS + cls.__dict__.get("__slots__", ())
        cls.COMPARED = tuple(name for name in cls.FIELDS if cls.compares(name))
        cls.HASHED = tuple(name for name in cls.COMPARED if name not in cls.UNHASHED)

    @classmethod
    def compares(cls, name: str) -> bool:
        """Whether == and the hash read the field `name`: every field, unless a kind of record says otherwise."""
        return True

    def compared(self) -> tuple:
        return tuple(getattr(self, name) for name in self.COMPARED)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.compared() == other.compared()

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in self.HASHED))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.COMPARED)
        return f"{self.__class__.__qualname__}({shown})"

    def replace(self, **changes: Any) -> Self:
        """A copy with `changes` made, as dataclasses.replace makes one."""
        return self.__class__(**{name: getattr(self, name) for name in self.FIELDS} | changes)
