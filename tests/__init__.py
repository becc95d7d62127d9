"""tawla test suite."""
