"""Blue Moon special powers of the Pillar cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations
