"""Binds every scenario of features/mamey to the Mamey step definitions, file by file (a file
that does not parse fails alone; see rulebooks/run/binding.py)."""

from rulebooks.run.binding import bind_features

bind_features("mamey", globals())
