"""The HTTP and websocket surface: thin handlers that parse, call one service, and map results."""
