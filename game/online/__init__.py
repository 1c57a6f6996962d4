"""Online seats: the party protocol's per-seat messages over magic-wormhole (docs/ONLINE.md).

One protocol, two carriers: :mod:`game.party` carries the messages over a
WebSocket to a phone on the same network; this package carries the same
messages over a Dilated magic-wormhole connection to the desktop game of a
friend anywhere, paired by a short spoken code. The library is an optional
dependency (the ``online`` extra): :func:`available` says whether it is here.
"""

from __future__ import annotations

import importlib.util


def available() -> bool:
    """magic-wormhole with its Dilation extra (noiseprotocol) is installed."""
    return all(importlib.util.find_spec(name) is not None for name in ("wormhole", "noise"))
