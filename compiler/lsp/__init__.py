"""The language server (`nus lsp`): diagnostics, hover, completion, definition, symbols and formatting."""
