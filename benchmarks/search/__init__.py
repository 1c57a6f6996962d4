"""Inside the Hard level's search: what it costs, what it guesses, what limits it."""
