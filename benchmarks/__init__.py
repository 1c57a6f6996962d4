"""Measuring devices, not part of the game: nothing under ``game/`` imports them
and no wheel or frozen build ships them. Run each from the checkout's root as a
module, ``python -m benchmarks.<group>.<name> --help``; README.md is the index."""
