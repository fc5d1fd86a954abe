"""Event timings: abilities may act before an event happens, as it happens, or after it."""

BEFORE, WHEN, AFTER = "before", "when", "after"
TIMINGS = (BEFORE, WHEN, AFTER)
