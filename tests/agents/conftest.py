"""Bot scripts here are programs run by the tests, not test modules."""

collect_ignore_glob = ["*_bot.py", "*_bot.js"]
