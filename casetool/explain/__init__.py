"""Step-wise explanations, hints, difficulty grades and pacing for checked cases."""
