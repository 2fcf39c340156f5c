"""TVMScript for TIRx: parse, from_source and the script namespaces."""
