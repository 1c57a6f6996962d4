"""Online spike and benchmarks (docs/ONLINE.md); each module runs with ``python -m``, e.g.
``python -m benchmarks.online.roundtrip``."""
