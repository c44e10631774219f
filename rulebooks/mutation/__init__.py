"""Does the suite catch rule bugs? The mutmut campaign, its results file, its Dask runner
and worker, the plugin naming the scenario that killed a mutant, and the hand-made rule
mutations with their plugin."""
