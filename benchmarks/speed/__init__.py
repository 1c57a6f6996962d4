"""Time and CPU: one engine decision, whole games against RLCard, frames, idle CPU."""
