"""One module per game; importing this package registers every game with the engine."""

from artsheets.rules.games import (  # noqa: F401
    arp,
    delaunay,
    klee,
    miro,
    mondrian,
    rings,
    springer,
    synch,
    vasarely,
)
