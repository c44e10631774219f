"""Which games the project covers and what each declares: the registry of game
declarations, the project settings, the clause trace, the scaffold of a new game and the
publishable paths."""
