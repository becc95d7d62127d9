"""Benchmarks: scripts that print figures and ratios against a reference measured in the same run."""
