"""The TVMScript frontend: source -> Python AST -> builder program -> IR."""
