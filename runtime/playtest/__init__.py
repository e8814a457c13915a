"""Playtesting: a person at the table with the bots (`nus play`).

session.py holds a game and its record of answers with no user interface in it; view.py is what a seat sees;
wording.py words options as a worked example's `answer` lines do; fired.py is the log of every card's abilities that
fired; saved.py the saved game. The front ends are web.py (with page/) and text.py; host.py is what `nus play`
hands them; game.py is the one place that touches the engine's forward model.
"""
