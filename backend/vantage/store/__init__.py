"""The SQL store: games, seats, the append-only event log and snapshots."""
