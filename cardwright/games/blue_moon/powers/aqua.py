"""Blue Moon special powers of the Aqua cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations
