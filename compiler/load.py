"""The load stage: the generated module run, its namespace kept by content.

A command that finds a file's compiled code in the on-disk cache starts playing without importing the parser,
checker or generator: they are imported only when the code must be compiled."""

from __future__ import annotations

import hashlib
import linecache
from collections import OrderedDict
from types import CodeType

from compiler import cache
from compiler.backends.parts import Part
from compiler.collector import collector_paused
from compiler.diagnostics import CompileError, source_lines

LOADED_LIMIT = 32  # card files kept loaded by one process: a long `nus watch` session or fuzz run stays flat
_loaded: OrderedDict[str, dict] = OrderedDict()


def namespace(text: str, filename: str, part: Part, on_disk: bool = False) -> dict:
    """Compile and run one generated module of the file; tracebacks inside card effects name the card line.

    Results are cached by content, so loading an unchanged file again costs a hash; `on_disk` also keeps the
    compiled code in the on-disk cache for the next process.
    """
    key = hashlib.sha256(f"{part.value}\0{filename}\0{text}".encode()).hexdigest()
    if key not in _loaded:
        code = cache.cached_code(text, filename, part.value) if on_disk else None
        if code is None:
            code = compiled_code(text, filename, part)
            if on_disk:
                cache.store_code(text, filename, part.value, code)
        linecache.cache[filename] = (len(text), None, [line + "\n" for line in source_lines(text)], filename)
        found: dict = {"__name__": "nus_cards"}
        with collector_paused():
            exec(code, found)
        _loaded[key] = found
    _loaded.move_to_end(key)
    while len(_loaded) > LOADED_LIMIT:
        _loaded.popitem(last=False)
    return _loaded[key]


def compiled_code(text: str, filename: str, part: Part) -> CodeType:
    from compiler.units import compiled

    examples = part is Part.EXAMPLES
    result = compiled(text, filename, cards=None if examples else part, examples=examples)
    if result.diagnostics:
        raise CompileError(list(result.diagnostics), {filename: text})
    with collector_paused():
        return compile(result.examples if examples else result.module, filename, "exec")
