"""Binds every scenario of features/masai to the Masai step definitions."""

from pytest_bdd import scenarios

scenarios("masai")
