"""The shopping game (TOKYO JUTAKU + JIDOHANBAIKI): the market and the exit payouts. Pure."""
