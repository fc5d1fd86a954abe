"""Blue Moon special powers of the Terrah cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations
