"""The nus card-language compiler: parse, build AST, check, generate, load."""
