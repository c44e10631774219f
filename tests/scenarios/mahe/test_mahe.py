"""Binds every scenario of features/mahe to the Mahé step definitions, file by file (a file
that does not parse fails alone; see rulebooks/run/binding.py)."""

from rulebooks.run.binding import bind_features

bind_features("mahe", globals())
