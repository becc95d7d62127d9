"""The Textual application: screens, the board, and the keys."""
