"""Smash Up abilities of the Truckers (registered into ``abilities.ABILITIES``)."""
