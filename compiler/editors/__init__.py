"""Editor support: the language server, highlighting for Pygments and TextMate, from one token list."""
