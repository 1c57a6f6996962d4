"""Keep magic-wormhole's direct connections on 127.0.0.1 (tests and benchmarks).

Dilation's listener advertises this machine's non-loopback addresses as hints
for the peer; on one machine under test nothing may go anywhere but loopback,
so this makes it offer 127.0.0.1 only (a library internal, not a setting).
"""

from __future__ import annotations


def loopback_only() -> None:
    import wormhole.ipaddrs

    wormhole.ipaddrs.find_addresses = lambda: ["127.0.0.1"]
