"""The Textual application: screens, the board, and the keys."""

import os

# Textual batches screen updates on a timer, 60 a second by default: a key then
# waits up to 17 ms for its frame. 120 halves that wait; set TEXTUAL_FPS to override.
os.environ.setdefault("TEXTUAL_FPS", "120")
