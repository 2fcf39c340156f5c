"""Source text facts found without running Python's tokenizer (filled in by issue 4's work)."""
