"""Smash Up abilities of the Robots (registered into ``abilities.ABILITIES``)."""
