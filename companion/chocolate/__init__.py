"""Chocolate milk (TOKYO JUTAKU + JIDOHANBAIKI): the stock cards, the supply, the crates. Pure."""
