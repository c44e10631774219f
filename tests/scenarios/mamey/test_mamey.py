"""Binds every scenario of features/mamey to the Mamey step definitions."""

from pytest_bdd import scenarios

scenarios("mamey")
