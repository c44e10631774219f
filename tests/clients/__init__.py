"""The engines through real clients: OpenSpiel (``pyspiel``) and PettingZoo.

Each registered game of :data:`engine.GAMES` runs through OpenSpiel's ``random_sim_test``
(with serialisation) and PettingZoo's API and seed tests, for several parameter sets; a toy
game with simultaneous moves (:mod:`tests.clients.toy`) checks the Parallel environment and
OpenSpiel's simultaneous dynamics whatever the engines register.
"""
