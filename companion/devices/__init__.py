"""companion.devices."""
