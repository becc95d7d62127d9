"""Analysis: the evaluator (Open Sage), hints, and how well each player played."""
