"""Settings, preferences and saved matches: validated models and safe files."""
