"""companion: a table companion for TOKYO METRO and the other Tokyo-series board games."""

__version__ = "0.1.0"
