"""The nus card-language compiler: parse, build AST, check, generate, load."""

__version__ = "0.1.0"  # pyproject.toml reads it from here
