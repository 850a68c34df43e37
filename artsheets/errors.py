"""The one exception type that means "the user asked for something we cannot do".

The CLI prints its message as one line and exits with status 2, never a traceback. Anything
else that escapes is a bug, and is shown as one.
"""

from __future__ import annotations

__all__ = ["UserError"]


class UserError(Exception):
    """A user mistake: the message says what is wrong and how to fix it."""
