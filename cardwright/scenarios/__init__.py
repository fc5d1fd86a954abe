"""Rules cases as data: set up a position, script the choices, assert the outcome."""

from .format import Scenario, load_scenarios
from .runner import ScenarioResult, run_scenario

__all__ = ["Scenario", "ScenarioResult", "load_scenarios", "run_scenario"]
