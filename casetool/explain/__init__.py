"""Step-wise explanations, difficulty grades and pacing for checked cases (their words: casetool.english)."""
