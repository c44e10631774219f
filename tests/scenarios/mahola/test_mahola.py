"""Binds every scenario of features/mahola to the Mahola step definitions."""

from pytest_bdd import scenarios

scenarios("mahola")
