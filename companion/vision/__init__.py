"""companion.vision."""
