"""The bottom floors: what every game and every command is built on (the scanner, the output
buffer, the random source, the judge's results, files, drawing, the table of games).  It imports
no game; its own layers are a contract of pyproject.toml."""
