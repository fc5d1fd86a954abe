"""Smash Up abilities of the Dinosaurs (registered into ``abilities.ABILITIES``)."""
