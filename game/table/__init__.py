"""The UNO table, split by job (scene, frame, renderer, director, controls,
hand, layout, widgets, model, animations); see docs/ARCHITECTURE.md."""
