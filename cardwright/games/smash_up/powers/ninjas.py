"""Smash Up abilities of the Ninjas (registered into ``abilities.ABILITIES``)."""
