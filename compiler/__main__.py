from compiler.cli import console

console()
