"""``assert_never`` on every Python we claim: ``typing`` has it only from 3.11.

A ``match`` over an enum ends in ``case _: assert_never(kind)`` so that mypy
names any kind left unhandled; at run time reaching it is a bug.
"""

from __future__ import annotations

import sys
from typing import NoReturn

if sys.version_info >= (3, 11):
    from typing import assert_never
else:  # Python 3.10
    def assert_never(arg: NoReturn, /) -> NoReturn:
        raise AssertionError(f"Expected code to be unreachable, but got: {arg!r}")

__all__ = ["assert_never"]
