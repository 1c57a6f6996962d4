"""An experiment, not shipped: the transit relay with TCP_NODELAY on every socket.

``python -m benchmarks.online.roundtrip --relay-nodelay`` puts this folder on the
relay process's PYTHONPATH only, to show how much of the relayed round trip is
Nagle's algorithm in the relay (docs/ONLINE.md). Nothing else imports it.
"""

from twisted.internet import tcp

_server_init = tcp.Server.__init__
_client_done = tcp.BaseClient._connectDone


def _server(self, *args, **kwargs):  # type: ignore[no-untyped-def]
    _server_init(self, *args, **kwargs)
    try:
        self.setTcpNoDelay(True)
    except OSError:
        pass


def _client(self):  # type: ignore[no-untyped-def]
    try:
        self.setTcpNoDelay(True)
    except OSError:
        pass
    return _client_done(self)


tcp.Server.__init__ = _server
tcp.BaseClient._connectDone = _client
