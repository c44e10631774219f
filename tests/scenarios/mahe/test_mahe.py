"""Binds every scenario of features/mahe to the Mahé step definitions."""

from pytest_bdd import scenarios

scenarios("mahe")
