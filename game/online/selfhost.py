"""Run magic-wormhole's own servers: the mailbox (rendezvous) and the transit relay.

These are the library's servers from their packages (``magic-wormhole-mailbox-server``,
``magic-wormhole-transit-relay``), not servers of ours: tests and benchmarks run
them on 127.0.0.1, and a group of friends may run them anywhere to stop relying on
the public ones (docs/ONLINE.md). Each runs as ``twist`` in a subprocess.

    python -m game.online.selfhost [--host 127.0.0.1] [--mailbox-port 4000] [--relay-port 4001]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def _listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.2):
            return True
    except OSError:
        return False


@dataclass
class LocalServers:
    """A mailbox server and a transit relay in subprocesses; use as a context manager."""

    host: str = "127.0.0.1"
    mailbox_port: int = 0
    relay_port: int = 0
    relay_env: dict[str, str] | None = None  # extra environment of the relay's process
    _procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    _dir: str = ""

    @property
    def mailbox_url(self) -> str:
        return f"ws://{self.host}:{self.mailbox_port}/v1"

    @property
    def relay(self) -> str:
        return f"tcp:{self.host}:{self.relay_port}"

    def start(self, timeout: float = 30.0) -> LocalServers:
        self.mailbox_port = self.mailbox_port or free_port(self.host)
        self.relay_port = self.relay_port or free_port(self.host)
        self._dir = tempfile.mkdtemp(prefix="uno-wormhole-servers-")
        twist = [sys.executable, "-m", "twisted"]
        interface = self.host.replace(":", "\\:")
        relay_env = dict(os.environ, **self.relay_env) if self.relay_env else None
        for args, env in (
                (["wormhole-mailbox", f"--port=tcp:{self.mailbox_port}:interface={interface}",
                  f"--channel-db={os.path.join(self._dir, 'relay.sqlite')}"], None),
                (["transitrelay", f"--port=tcp:{self.relay_port}:interface={interface}"],
                 relay_env)):
            self._procs.append(subprocess.Popen(twist + args, cwd=self._dir, env=env,
                                                stdout=subprocess.DEVNULL,
                                                stderr=subprocess.DEVNULL))
        end = time.monotonic() + timeout
        for port in (self.mailbox_port, self.relay_port):
            while not _listening(self.host, port):
                if any(p.poll() is not None for p in self._procs):
                    self.stop()
                    raise OSError("a wormhole server exited at start")
                if time.monotonic() > end:
                    self.stop()
                    raise OSError("the wormhole servers did not start")
                time.sleep(0.05)
        return self

    def stop(self) -> None:
        for p in self._procs:
            if p.poll() is None:
                p.terminate()
        for p in self._procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
        self._procs.clear()
        if self._dir:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = ""

    def __enter__(self) -> LocalServers:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--mailbox-port", type=int, default=4000)
    ap.add_argument("--relay-port", type=int, default=4001)
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop the servers on kill too
    with LocalServers(args.host, args.mailbox_port, args.relay_port) as servers:
        print(f"mailbox: {servers.mailbox_url}\ntransit relay: {servers.relay}\n"
              f"UNO_ONLINE_SERVER={servers.mailbox_url} UNO_ONLINE_RELAY={servers.relay}")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
