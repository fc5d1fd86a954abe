"""Blue Moon special powers of the Buka cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations
