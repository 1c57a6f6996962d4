"""Percentiles for the online figures."""

from __future__ import annotations


def pct(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def summary(label: str, ms: list[float]) -> str:
    return (f"{label}: n={len(ms)} p50 {pct(ms, 50):.2f} ms, p95 {pct(ms, 95):.2f} ms, "
            f"max {max(ms):.2f} ms")
