"""Smash Up abilities of the bases (registered into ``abilities.ABILITIES``)."""
