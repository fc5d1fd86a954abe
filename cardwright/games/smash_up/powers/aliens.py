"""Smash Up abilities of the Aliens (registered into ``abilities.ABILITIES``)."""
