"""Benchmarks: ``tabula bench`` prints numbers; tests never assert on wall-clock time."""
