"""Simulation campaigns: many seeded games played with invariants checked, on local
workers or a Dask cluster, and the statistics published from them."""
