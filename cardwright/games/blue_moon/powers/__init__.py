"""The Blue Moon special powers, one module per people.

Importing this package registers every power with :func:`..abilities.register`; the modules
share the hooks and helpers of ``abilities.py`` (see its docstring). A power used by cards of
several peoples lives in the module of the first people that uses it, in the order below.
"""

from . import aqua, buka, flit, hoax, khind, mimix, pillar, terrah, vulca

__all__ = ["aqua", "buka", "flit", "hoax", "khind", "mimix", "pillar", "terrah", "vulca"]
