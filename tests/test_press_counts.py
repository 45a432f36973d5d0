"""The press counts of the Metro entries on the real screens stay within their goals
(issue 11: a station <= 6, a meeple move <= 6, any common entry <= 8)."""

from benchmarks.press_counts import measure


def test_every_entry_is_within_its_press_goal():
    counts = measure()
    assert {c.entry for c in counts} >= {"Invest", "Station built", "Meeple moved", "Loan"}
    over = [c for c in counts if c.goal is not None and c.presses > c.goal]
    assert not over, over
