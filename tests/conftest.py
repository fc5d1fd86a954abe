"""Shared test settings."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "cardwright", deadline=None, max_examples=50, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("cardwright")
