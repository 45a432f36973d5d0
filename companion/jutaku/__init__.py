"""Pure referees and timers for TOKYO JUTAKU and its Countdown game (no I/O)."""
