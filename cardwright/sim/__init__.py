"""Self-play: single games, game records (save / replay), and batches across processes."""
