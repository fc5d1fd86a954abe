"""The terminal client (``cardwright play``): the play loop (``session.py``), screen layout
for the terminal's size (``layout.py``) and line input (``reader.py``). It reaches games only
through the registry, the ``Game`` protocol and each game's ``Screen`` (``games/screen.py``)."""
