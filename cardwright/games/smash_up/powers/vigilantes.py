"""Smash Up abilities of the Vigilantes (registered into ``abilities.ABILITIES``)."""
