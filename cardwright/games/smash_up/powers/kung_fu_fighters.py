"""Smash Up abilities of the Kung Fu Fighters (registered into ``abilities.ABILITIES``)."""
