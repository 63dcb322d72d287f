"""The game websocket."""
