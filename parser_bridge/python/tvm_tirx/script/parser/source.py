"""Source acquisition for decorated Python definitions (filled in by issue 4's work)."""
