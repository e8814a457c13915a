"""A designer's project: a folder with `nus.toml`, the card file it names, and the designer's own copies of the
game's data files (rules.toml, evaluation.toml, the card-face templates), read before the package's.

`settings` finds nus.toml from the current directory upward and says which files a run reads; `data_files` checks a
designer's rules.toml and evaluation.toml against the package's (every key known, every value of its kind and in
its range, each problem a diagnostic at its line) and puts them in use; `toml_lines` finds a key's line;
`new_project` writes the folder `nus init` makes.
"""
