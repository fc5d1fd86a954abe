"""Smash Up abilities of the Zombies (registered into ``abilities.ABILITIES``)."""
