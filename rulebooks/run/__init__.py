"""The pytest side of a run: the recorder plugin, the binding of scenarios to features, the
scenario cache that reuses unchanged verdicts, the lock of a build, the commands printed
for rerunning, and starting pytest from the other commands."""
