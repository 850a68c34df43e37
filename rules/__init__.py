"""The shared rule engine: fields as topology, states, moves, legality, scoring."""
