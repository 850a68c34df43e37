"""Photo -> registered sheet -> region colours -> scores via the rule engine."""
