"""The run in the formats other tools read: Cucumber Messages (NDJSON) and JUnit XML.

* :mod:`rulebooks.formats.messages` builds the Cucumber Messages stream of a run with the
  official ``cucumber-messages`` dataclasses, from a results file, the feature files and,
  when the run was recorded by :mod:`rulebooks.formats.plugin`, what only the run knows
  (step definitions, timestamps, exceptions, pending steps);
* :mod:`rulebooks.formats.junit` writes JUnit XML for CI dashboards from a results file;
* :mod:`rulebooks.formats.plugin` is the pytest plugin (loaded with the recorder) that
  writes both next to the results file at the end of the session.
"""
