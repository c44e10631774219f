"""Binds every scenario of features/pig to the Pig step definitions, file by file."""

from rulebooks.run.binding import bind_features

bind_features("pig", globals())
