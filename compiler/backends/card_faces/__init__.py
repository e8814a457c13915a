"""Print-and-play card faces: the deck as sheets of cards at a real size, for playtesting at the table.

`faces` says what each face shows (from the checked AST), `sheets` where faces and crop marks sit on
the paper, `pdf` lays them out through the editable templates and fits the text, `files` writes safely.
"""
