"""Smash Up abilities of the Tricksters (registered into ``abilities.ABILITIES``)."""
