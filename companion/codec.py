"""One JSON codec for the games' tagged values: events, steps, decisions, Jutaku events.

Each value is a frozen dataclass; its JSON is an object with the tag under the codec's tag key
(`"type": "invest"`, `"kind": "moved"`) and one entry a field. The tag lives on the class, as a
class attribute named like the tag key. Field values are converted by their type hints: tuples
are JSON lists, `X | None` may be null, and other value types (a vehicle id) are written as
text by the `scalars` the codec is given. A bad value raises `CodecError` naming the field.

Pure: no I/O, standard library only.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T")
Scalar = tuple[Callable[[Any], Any], Callable[[Any], Any]]
"""(encode to JSON, decode from JSON; the decoder raises ValueError for a bad value)."""
Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


class CodecError(ValueError):
    """JSON that does not decode; `field` is the path of the bad entry (`answers[2].square`)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class Codec(Generic[T]):
    """Encode and decode the dataclasses `classes`, told apart by `tag_key` (None when there is
    only one class and no tag). `upgrade` rewrites data in an older shape before decoding;
    `extra` adds derived entries when encoding (kept for readers of the older shape)."""

    def __init__(
        self,
        classes: Iterable[type[T]],
        tag_key: str | None,
        scalars: Mapping[type, Scalar] | None = None,
        upgrade: Upgrade | None = None,
        extra: Callable[[T], Mapping[str, Any]] | None = None,
    ) -> None:
        self.tag_key = tag_key
        self.classes: dict[str, type[T]] = {}
        for cls in classes:
            tag = getattr(cls, tag_key) if tag_key else ""
            if not isinstance(tag, str) or tag in self.classes:
                raise TypeError(f"{cls.__name__} needs its own tag {tag_key!r}")
            self.classes[tag] = cls
        if tag_key is None and len(self.classes) != 1:
            raise TypeError("a codec without a tag key handles exactly one class")
        self.scalars = dict(scalars or {})
        self.upgrade = upgrade
        self.extra = extra
        self._hints = {tag: typing.get_type_hints(cls) for tag, cls in self.classes.items()}

    @property
    def tags(self) -> tuple[str, ...]:
        return tuple(self.classes)

    def encode(self, value: T) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.tag_key is not None:
            out[self.tag_key] = getattr(value, self.tag_key)
        for f in dataclasses.fields(value):  # type: ignore[arg-type]
            out[f.name] = self._encode(getattr(value, f.name))
        if self.extra is not None:
            out.update(self.extra(value))
        return out

    def decode(self, data: object, where: str = "") -> T:
        if not isinstance(data, dict):
            raise CodecError(where, f"expected an object, got {data!r}")
        raw = dict(data)
        tag = ""
        if self.tag_key is not None:
            tag = raw.pop(self.tag_key, None)
            if tag not in self.classes:
                raise CodecError(
                    _at(where, self.tag_key),
                    f"expected one of {', '.join(self.classes)}, got {tag!r}",
                )
        if self.upgrade is not None:
            raw = self.upgrade(raw)
        cls = self.classes[tag]
        hints = self._hints[tag]
        args: dict[str, Any] = {}
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            if f.name in raw:
                args[f.name] = self._decode(hints[f.name], raw.pop(f.name), _at(where, f.name))
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise CodecError(_at(where, f.name), "is missing")
        if raw:
            raise CodecError(_at(where, sorted(raw)[0]), "unknown field")
        return cls(**args)

    def _encode(self, value: Any) -> Any:
        for kind, (encode, _decode) in self.scalars.items():
            if isinstance(value, kind):
                return encode(value)
        if isinstance(value, tuple):
            return [self._encode(v) for v in value]
        return value

    def _decode(self, hint: Any, value: Any, where: str) -> Any:
        if hint is Any:
            return value
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            options = typing.get_args(hint)
            if value is None and type(None) in options:
                return None
            errors = []
            for option in options:
                if option is type(None):
                    continue
                try:
                    return self._decode(option, value, where)
                except CodecError as exc:
                    errors.append(exc.message)
            raise CodecError(where, errors[0] if len(errors) == 1 else " or ".join(errors))
        if origin is typing.Literal:
            if value not in typing.get_args(hint):
                raise CodecError(where, f"expected one of {typing.get_args(hint)}, got {value!r}")
            return value
        if origin is tuple:
            return self._tuple(typing.get_args(hint), value, where)
        if hint in self.scalars:
            try:
                return self.scalars[hint][1](value)
            except ValueError as exc:
                raise CodecError(where, str(exc)) from None
        return _plain(hint, value, where)

    def _tuple(self, args: tuple[Any, ...], value: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise CodecError(where, f"expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(self._decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise CodecError(where, f"expected {len(args)} items, got {value!r}")
        pairs = enumerate(zip(args, value, strict=True))
        return tuple(self._decode(a, v, f"{where}[{i}]") for i, (a, v) in pairs)


def _plain(hint: Any, value: Any, where: str) -> Any:
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise CodecError(where, f"expected true or false, got {value!r}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise CodecError(where, f"expected a whole number, got {value!r}")
    if hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        raise CodecError(where, f"expected a number, got {value!r}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise CodecError(where, f"expected text, got {value!r}")
    raise TypeError(f"the codec cannot decode a {hint!r}")


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key
