"""Smash Up abilities of the Disco Dancers (registered into ``abilities.ABILITIES``)."""
