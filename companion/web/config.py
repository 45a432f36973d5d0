"""`[web]` in the config file: whether the phone view runs, and exactly where it listens."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import UserError, reject_unknown

KNOWN = ("enabled", "host", "port", "max_phones")


@dataclass(frozen=True)
class WebConfig:
    enabled: bool = False
    host: str = "0.0.0.0"
    """The one address the server binds: "0.0.0.0" every IPv4 network of the box, or one
    address (the Wi-Fi's) to keep it off the others; "127.0.0.1" the box alone."""
    port: int = 8080
    max_phones: int = 32
    """Live pages open at once; more are refused (503) so the box never serves a crowd."""

    @classmethod
    def from_toml_table(cls, table: dict[str, Any], file: Path | None = None) -> WebConfig:
        reject_unknown(table, KNOWN, file, "web")
        enabled = table.get("enabled", False)
        if not isinstance(enabled, bool):
            raise UserError(f"expected true or false, got {enabled!r}", file, "web.enabled")
        host = table.get("host", cls.host)
        try:
            ipaddress.ip_address(host)
        except (ValueError, TypeError):
            raise UserError(
                f"expected an IP address such as 0.0.0.0 or 192.168.1.20, got {host!r}",
                file,
                "web.host",
            ) from None
        return cls(
            enabled=enabled,
            host=str(host),
            port=_whole(table.get("port", cls.port), 0, 65535, file, "web.port"),
            max_phones=_whole(
                table.get("max_phones", cls.max_phones), 1, 200, file, "web.max_phones"
            ),
        )


def _whole(value: Any, lo: int, hi: int, file: Path | None, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise UserError(f"expected a whole number from {lo} to {hi}, got {value!r}", file, where)
    return value
