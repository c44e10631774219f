"""``--rulebooks-replay``: print each step of the selected scenarios and the game state after
each action step, as ``rulebooks replay`` shows them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from rulebooks.run.outcome import (
    describe_exception,
)
from rulebooks.run.world import ScenarioWorld, scenario_world

if TYPE_CHECKING:
    from pytest_bdd.parser import Feature, Scenario, Step


REPLAY_PLUGIN_NAME = "rulebooks-replay"


class ReplayPrinter:
    """Prints each step of the selected scenarios and the state after each action step."""

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_before_scenario(
        self, request: pytest.FixtureRequest, feature: Feature, scenario: Scenario
    ) -> None:
        print(f"\n=== {scenario.name} ({feature.rel_filename}:{scenario.line_number})")

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_before_step(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> None:
        world = scenario_world(request)
        if step.type == "when" and world is not None and not getattr(world, "_replayed", False):
            world._replayed = True  # type: ignore[attr-defined]
            self._state(world, "the position before the first action")

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_after_step(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> None:
        print(f"  ✔ {step.keyword} {step.name}")
        world = scenario_world(request)
        if step.type == "when" and world is not None:
            self._state(world, "after it")

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_step_error(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step,
        exception: BaseException,
    ) -> None:  # fmt: skip
        print(f"  ✘ {step.keyword} {step.name}\n      {describe_exception(exception)}")
        world = scenario_world(request)
        if world is not None:
            self._state(world, "the state at the failure")

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_step_func_lookup_error(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step,
        exception: BaseException,
    ) -> None:  # fmt: skip
        print(f"  ? {step.keyword} {step.name}  (no step definition)")

    @staticmethod
    def _state(world: ScenarioWorld, label: str) -> None:
        try:
            picture = world.snapshot()
        except Exception as error:  # shown here; the step reports it too
            print(f"      ({label}: no state: {error})")
            return
        if picture is not None:
            forced = ", ".join(world.forced_outcomes) or "none"
            text = picture.get("text", "").replace("\n", "\n      ")
            print(f"      {label} (forced so far: {forced}):\n      {text}")
