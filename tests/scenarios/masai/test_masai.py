"""Binds every scenario of features/masai to the Masai step definitions, file by file (a file
that does not parse fails alone; see rulebooks/binding.py)."""

from rulebooks.binding import bind_features

bind_features("masai", globals())
