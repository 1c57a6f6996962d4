"""How often our levels win: against outside-style bots, each other, a changed copy."""
