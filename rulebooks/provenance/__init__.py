"""Where component data comes from: the UNVERIFIED labels of data nobody has seen, and the
plugin that reruns the scenarios on variants of the data to find who depends on it."""
