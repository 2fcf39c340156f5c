"""The TVMScript frontend: source -> Python AST -> builder program -> IR."""

from .transpile import GeneratedBuilder

__all__ = ["GeneratedBuilder"]
