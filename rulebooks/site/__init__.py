"""The `make site` side: running Sphinx, serving with live rebuilds, the guest games of
other projects, the in-browser playground, and the Sphinx extension that publishes rules with
their verdicts."""
