"""The websocket protocol the server runs: uvicorn's own, answering a handshake it refuses.

uvicorn's sans-I/O websocket protocol leaves the websockets library's refusal of a handshake it
cannot parse (a request line over 8 KiB, such as a game link with an absurdly long token: 414;
header lines too large: 431) unsent, so the client waits for its own timeout with no answer. This
sends the refusal and closes the connection.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, flushing a refusal made before the handshake began."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.handshake_initiated or self.transport.is_closing():
            return
        refusal = self.conn.data_to_send()
        if refusal:
            self.transport.write(b"".join(refusal))
            self.transport.close()
