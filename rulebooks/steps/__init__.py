"""The step library: what a game's own step module builds on.

A game's scenarios are bound to its step module (``steps.py`` in the game's scenario folder,
bound by :func:`rulebooks.run.binding.bind_features`). That module needs three things every game
shares, importable from here:

* :mod:`rulebooks.steps.table` -- the scenario world, :class:`~rulebooks.steps.table.GameTable`:
  a set-up being described (``params``, ``setup``), then a state being played (chance forced
  by name through the scripted driver, decisions applied as the player who must make them),
  and the recorder's view of it (board pictures, forced outcomes). A game subclasses it with
  what only it knows: how its set-up becomes a ``state_from_dict`` description
  (``position``), its picture of a state (``picture``) and the players its notation names by
  colour (``owners``).
* :mod:`rulebooks.steps.common` -- the steps every game shares word for word ("the game is
  set up", "the request is refused with an error mentioning ...", "the game state is
  unchanged", ...). Star-import it into the step module; pytest-bdd finds steps as fixtures
  where they are imported::

      from rulebooks.steps.common import *  # noqa: F403

* :mod:`rulebooks.steps.mechanics` -- the steps of common mechanics (players, dice by name,
  whose turn, decisions and legal actions, scores, the game over, winners), worded with a
  game's own names: a game's table names its concepts and the step module calls
  ``use_mechanics(MyTable)`` (Pig does; see ``examples/pig/pig_steps.py``).
* :mod:`rulebooks.steps.notation` -- the scenario language: lists (``2, 1 and 4``), players
  (a name, ``player 2`` counting from 1, ``the blue player``), positions, players with numbers.
  Steps read every phrase through it, so the notation is parsed in one place.

A minimal step module (the example game under ``examples/pig`` has a complete one)::

    from pytest_bdd import parsers, when

    from rulebooks.steps import notation
    from rulebooks.steps.common import *  # noqa: F403
    from rulebooks.steps.table import GameTable

    class MyTable(GameTable[MyGame, MyState]):
        game_type, state_type = MyGame, MyState
        ...

    @pytest.fixture
    def table() -> MyTable:
        return MyTable()

The library imports pytest and pytest-bdd: it is for step modules, not for engines.
"""
