"""The pure, system-agnostic game engine: commands -> events or a rejection."""
