"""Blue Moon special powers of the Khind cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations
