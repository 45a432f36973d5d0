"""companion.ui."""
