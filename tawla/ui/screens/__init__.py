"""One screen per file, each with its stylesheet beside it."""
