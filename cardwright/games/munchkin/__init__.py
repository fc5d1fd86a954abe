"""Munchkin (Steve Jackson Games): 3 to 6 players, the classic base set and a Steampunk set."""
