"""tawla: backgammon (طاولة) in the terminal for two players on one keyboard."""

__version__ = "0.1.0"
