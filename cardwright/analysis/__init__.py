"""Statistics over batches of games."""
