"""The helper module of one player file; the other folder has its own of the same name."""

NAME = "a"
