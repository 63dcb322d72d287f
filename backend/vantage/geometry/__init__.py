"""Pure geometry: footprints, measuring and sight. Lengths are inches; base sizes are mm."""
