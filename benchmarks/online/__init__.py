"""Online spike and benchmarks (docs/ONLINE.md); run each as ``python -m benchmarks.online.NAME``."""
