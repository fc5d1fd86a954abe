"""Smash Up abilities of the Pirates (registered into ``abilities.ABILITIES``)."""
