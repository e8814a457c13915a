"""The nus grammar ships as package data so an installed `nus` finds it."""
