"""Smash Up abilities of the Wizards (registered into ``abilities.ABILITIES``)."""
