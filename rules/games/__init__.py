"""One module per game; importing this package registers every game with the engine."""

from artsheets.rules.games import (  # noqa: F401
    arp,
    chitral,
    delaunay,
    independence,
    kamelen,
    klee,
    landgrab,
    miro,
    moai,
    mondrian,
    parking,
    rings,
    sjekkers,
    springer,
    straat,
    synch,
    trangalla,
    updown,
    vasarely,
)
