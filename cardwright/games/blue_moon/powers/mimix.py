"""Blue Moon special powers of the Mimix cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations
