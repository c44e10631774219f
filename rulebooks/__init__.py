"""Tooling around the rule engines: results recorder, Gherkin model, results join and site."""
