"""Spike: iroh's Python bindings (``pip install iroh``) on loopback (docs/ONLINE.md, issue 38).

iroh was the other candidate. Not a dependency of the game: run this in a venv
with ``iroh`` installed. Two endpoints in this process, bound to 127.0.0.1 with
the minimal preset (no relay, no discovery: nothing leaves the machine); the
guest connects by the host's ticket and measures: ticket -> connection with a
first message; the round trip of a 60-byte message answered with a 2.5 KB one
on one bidirectional stream; and, since iroh has no session that outlives a
connection, the time to connect again by the same ticket after the connection
is closed.

    python -m benchmarks.online.iroh_spike [--trips 300] [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import struct
import sys
import time
from typing import Any

from benchmarks.online.stats import summary

ALPN = b"uno-game/spike/1"


async def _read_frame(recv: Any) -> bytes:
    (n,) = struct.unpack(">I", await recv.read_exact(4))
    return bytes(await recv.read_exact(n))


async def _write_frame(send: Any, data: bytes) -> None:
    await send.write_all(struct.pack(">I", len(data)) + data)


async def _serve(endpoint: Any) -> None:
    while True:
        incoming = await endpoint.accept_next()
        if incoming is None:
            return
        asyncio.ensure_future(_answer(incoming))


async def _answer(incoming: Any) -> None:
    conn = await (await incoming.accept()).connect()
    stream = await conn.accept_bi()
    send, recv = stream.send(), stream.recv()
    try:
        while True:
            data = await _read_frame(recv)
            await _write_frame(send, b"s" * 2500 if data.startswith(b"act") else b"ok")
    except Exception:  # noqa: BLE001 - the guest closed the connection
        return


async def _endpoint(iroh: Any) -> Any:
    return await iroh.Endpoint.bind(iroh.EndpointOptions(
        preset=iroh.preset_minimal(), bind_addr="127.0.0.1:0", alpns=[ALPN]))


async def _connect(iroh: Any, guest: Any, ticket: str) -> tuple[Any, Any, Any]:
    addr = iroh.EndpointTicket.from_string(ticket).endpoint_addr()
    conn = await guest.connect(addr, ALPN)
    stream = await conn.open_bi()
    send, recv = stream.send(), stream.recv()
    await _write_frame(send, b"hello")
    await _read_frame(recv)
    return conn, send, recv


async def _main(trips: int, runs: int) -> None:
    import iroh

    host = await _endpoint(iroh)
    server = asyncio.ensure_future(_serve(host))
    ticket = str(iroh.EndpointTicket.from_addr(host.addr()))
    print(f"ticket ({len(ticket)} characters): {ticket[:40]}...")
    connects, rtts, again = [], [], []
    for run in range(runs):
        guest = await _endpoint(iroh)
        t = time.perf_counter()
        conn, send, recv = await _connect(iroh, guest, ticket)
        connects.append((time.perf_counter() - t) * 1000)
        for _ in range(trips if run == 0 else 20):
            t = time.perf_counter()
            await _write_frame(send, b"act" + b"a" * 57)
            await _read_frame(recv)
            rtts.append((time.perf_counter() - t) * 1000)
        conn.close(0, b"drop")
        t = time.perf_counter()
        conn, send, recv = await _connect(iroh, guest, ticket)
        again.append((time.perf_counter() - t) * 1000)
        conn.close(0, b"bye")
        await guest.close()
    print(summary("ticket -> connection, first message", connects))
    print(summary("60 B -> 2.5 KB round trip", rtts))
    print(summary("connection closed -> connected again by the ticket", again))
    server.cancel()
    await host.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trips", type=int, default=300)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    from importlib.metadata import version

    print(f"python {sys.version.split()[0]}, iroh {version('iroh')}, loopback")
    asyncio.run(_main(args.trips, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
