"""Where the dice come from.

* :class:`FairDice`: the operating system's cryptographic randomness (default).
* :class:`SeededDice`: a seeded generator, for reproducible games and tests.
* :class:`ManualDice`: the players roll real dice and type the numbers; the
  game keeps the rules and the score.
* :class:`ScriptedDice`: a fixed list of rolls (tests, replays).

An opening roll is one roll too: the first die is player 0's, the second
player 1's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

Dice = tuple[int, int]


class DiceNeeded(RuntimeError):
    """The dice source cannot roll by itself: the players must give the numbers."""


@runtime_checkable
class DiceSource(Protocol):
    """Anything that rolls two dice."""

    manual: bool
    """True when the players type the dice in (the source itself never rolls)."""

    def roll(self) -> Dice:
        """Two dice, each 1..6."""
        ...


class FairDice:
    """Cryptographically fair dice (``secrets.SystemRandom``)."""

    manual = False

    def __init__(self) -> None:
        self._rng: random.Random | None = None

    def roll(self) -> Dice:
        if self._rng is None:
            import secrets  # (at the first roll: it pulls in hashlib, a cost the first frame need not pay)

            self._rng = secrets.SystemRandom()
        return self._rng.randint(1, 6), self._rng.randint(1, 6)


SEED_LIMIT = 2**63
"""Seeds run from ``-SEED_LIMIT`` to ``SEED_LIMIT``: what a saved match holds, and so what
the command line accepts."""


class SeededDice:
    """Reproducible dice: the same seed gives the same sequence of rolls."""

    manual = False

    def __init__(self, seed: int, rolled: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.rolled = 0
        """Rolls drawn so far: a seeded match resumes as ``SeededDice(seed, rolled)``."""
        for _ in range(rolled):
            self.roll()

    def roll(self) -> Dice:
        self.rolled += 1
        return self._rng.randint(1, 6), self._rng.randint(1, 6)


class ManualDice:
    """Real dice on the table: every roll is typed in by the players."""

    manual = True

    def roll(self) -> Dice:
        raise DiceNeeded("type the dice in")


class ScriptedDice:
    """A fixed sequence of rolls; raises :class:`DiceNeeded` when it runs out."""

    manual = False

    def __init__(self, rolls: Iterable[Dice]) -> None:
        self._rolls = list(rolls)
        self._next = 0

    def roll(self) -> Dice:
        if self._next >= len(self._rolls):
            raise DiceNeeded("the script has no more rolls")
        roll = self._rolls[self._next]
        self._next += 1
        return roll

    @property
    def remaining(self) -> int:
        """Rolls not used yet."""
        return len(self._rolls) - self._next
