"""Binds every scenario of features/mahe to the Mahé step definitions, file by file (a file
that does not parse fails alone; see rulebooks/binding.py)."""

from rulebooks.binding import bind_features

bind_features("mahe", globals())
