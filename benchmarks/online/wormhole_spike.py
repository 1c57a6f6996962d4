"""Spike: magic-wormhole with Dilation on loopback (docs/ONLINE.md, issue 38).

Starts the library's mailbox server and transit relay on 127.0.0.1 (from their
packages), then in this process pairs a host and a guest wormhole by code and
measures: the time from the guest typing the code to an open Dilation
subchannel carrying a first message; the round trip of a 60-byte message
answered with a 2.5 KB one (an act and a state frame); and the time for a
message sent after the peer link is dropped to arrive over the replacement
link. Two paths: direct (each side's listener on 127.0.0.1) and relayed (no
listener, both through the transit relay).

    python -m benchmarks.online.wormhole_spike [--trips 300] [--drops 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from benchmarks.online.stats import summary
from game.online import reactor as rx
from game.online.selfhost import LocalServers

APPID = "uno-game.example/spike"


def _loopback_only() -> None:
    """Dilation's listener advertises this machine's addresses; on loopback only 127.0.0.1."""
    import wormhole.ipaddrs

    wormhole.ipaddrs.find_addresses = lambda: ["127.0.0.1"]


class Ends:
    def __init__(self) -> None:
        self.host: Any = None
        self.guest: Any = None
        self.waiters: dict[str, Any] = {}


def _protocols(ends: Ends) -> tuple[Any, Any]:
    from twisted.internet.defer import Deferred
    from twisted.internet.protocol import Factory
    from twisted.protocols.basic import Int32StringReceiver

    class End(Int32StringReceiver):
        MAX_LENGTH = 1 << 20
        name = ""

        def connectionMade(self) -> None:
            setattr(ends, self.name, self)

        def stringReceived(self, data: bytes) -> None:
            if self.name == "host" and data.startswith(b"act"):
                self.sendString(b"s" * 2500)  # the host answers an act with a state frame
            waiter = ends.waiters.pop(self.name, None)
            if waiter is not None:
                waiter.callback(data)

    class HostEnd(End):
        name = "host"

    class GuestEnd(End):
        name = "guest"

    def wait(name: str) -> Any:
        d: Deferred[bytes] = Deferred()
        ends.waiters[name] = d
        return d

    ends.wait = wait  # type: ignore[attr-defined]
    return Factory.forProtocol(HostEnd), Factory.forProtocol(GuestEnd)


async def _session(servers: LocalServers, direct: bool, trips: int, drops: int) -> dict[str, Any]:
    import wormhole
    from twisted.internet import reactor

    ends = Ends()
    host_factory, guest_factory = _protocols(ends)
    relay = servers.relay
    t_create = time.perf_counter()
    host = wormhole.create(APPID, servers.mailbox_url, reactor, dilation=True)
    host.allocate_code(2)
    code = await host.get_code()
    t_code = time.perf_counter()
    guest = wormhole.create(APPID, servers.mailbox_url, reactor, dilation=True)
    guest.set_code(code)
    await guest.get_verifier()
    t_key = time.perf_counter()
    hd = host.dilate(transit_relay_location=relay, no_listen=not direct)
    gd = guest.dilate(transit_relay_location=relay, no_listen=not direct)
    hd.listener_for("uno").listen(host_factory)
    got = ends.wait("host")  # type: ignore[attr-defined]
    await gd.connector_for("uno").connect(guest_factory)
    ends.guest.sendString(b"hello")
    await got
    t_open = time.perf_counter()
    rtts = []
    for _ in range(trips):
        d = ends.wait("guest")  # type: ignore[attr-defined]
        t = time.perf_counter()
        ends.guest.sendString(b"act" + b"a" * 57)
        await d
        rtts.append((time.perf_counter() - t) * 1000)
    recon = []
    manager = ends.guest.transport._manager
    for _ in range(drops):
        while manager._connection is None:  # the previous link's replacement not yet in use
            await rx.sleep(0.001)
        old = manager._connection
        t = time.perf_counter()
        old.disconnect()
        d = ends.wait("guest")  # type: ignore[attr-defined]
        ends.guest.sendString(b"act after drop")
        await d
        recon.append((time.perf_counter() - t) * 1000)
        assert manager._connection is not old
        await rx.sleep(0.2)  # let the new link settle before the next drop
    hint = str(getattr(manager._connection, "_description", "") or "")
    await guest.close()
    await host.close()
    return {"code": code, "allocate_ms": (t_code - t_create) * 1000,
            "key_ms": (t_key - t_code) * 1000, "connect_ms": (t_open - t_code) * 1000,
            "rtt": rtts, "reconnect": recon, "hint": hint}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trips", type=int, default=300)
    ap.add_argument("--drops", type=int, default=5)
    ap.add_argument("--runs", type=int, default=5, help="pairings per path (connect times)")
    args = ap.parse_args()
    import wormhole

    _loopback_only()
    print(f"python {sys.version.split()[0]}, magic-wormhole {wormhole.__version__}, loopback")
    with LocalServers() as servers:
        for direct in (True, False):
            label = "direct" if direct else "relayed"
            connects, rtts, recon = [], [], []
            for run in range(args.runs):
                r = rx.call(_session, servers, direct, args.trips if run == 0 else 20,
                            args.drops if run == 0 else 1, timeout=300)
                connects.append(r["connect_ms"])
                rtts += r["rtt"]
                recon += r["reconnect"]
                if run == 0:
                    print(f"[{label}] code {r['code']!r}: allocated in {r['allocate_ms']:.0f} ms; "
                          f"key agreed {r['key_ms']:.0f} ms after the code was typed")
            print(summary(f"[{label}] code typed -> subchannel open, first message", connects))
            print(summary(f"[{label}] 60 B -> 2.5 KB round trip", rtts))
            print(summary(f"[{label}] link dropped -> message over the new link", recon))
    return 0


if __name__ == "__main__":
    sys.exit(main())
