"""`python -m parlour` runs the command line."""

from parlour.cli import main

main()
