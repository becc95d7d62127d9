"""The rule set: every house custom a table may agree on before play.

One validated, immutable pydantic model. Options that cannot apply to the
chosen mode are *rejected* (a Jacoby rule in a match, beavers without a cube,
automatic doubles when the previous winner opens the next game, ...): a rule
set never carries a setting that silently does nothing. To
switch an option on or the mode over without tripping on its dependents, use
:meth:`RuleSet.adjusted`, which turns off what no longer applies.

Validation errors carry a catalog key as their pydantic error ``type``
(``rules.jacoby_match`` ...) so the UI can word them in the player's language.
"""

from __future__ import annotations

import enum
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from tawla.engine.tavla import FirstChecker, Game, Mother, Variant


class Opening(enum.StrEnum):
    """What the winner of the opening roll does (R3)."""

    PLAY_OPENING_DICE = "play_opening_dice"
    """The winner plays the two numbers just rolled (international rule)."""
    WINNER_REROLLS = "winner_rerolls"
    """The winner rolls both dice afresh; the new roll may be a double (café custom)."""


class NextOpener(enum.StrEnum):
    """Who starts the games after the first (R4)."""

    PREVIOUS_WINNER = "previous_winner"
    """The winner of the previous game opens and rolls first (as played locally)."""
    OPENING_ROLL = "opening_roll"
    """Every game starts with an opening roll (tournament practice)."""


class GameChoice(enum.StrEnum):
    """What a match plays: one game of the tavla family, or the tavli match of all three."""

    BACKGAMMON = "backgammon"
    PLAKOTO = "plakoto"
    FEVGA = "fevga"
    TAVLI = "tavli"
    """Portes (backgammon), Plakoto and Fevga in turn, to 3, 5 or 7 points."""


TAVLI_ORDER: Final = (Game.BACKGAMMON, Game.PLAKOTO, Game.FEVGA)
"""The games of a tavli match, in turn from the first."""

TAVLI_LENGTHS: Final = (3, 5, 7)
"""The lengths a tavli match is played to (5 is usual)."""

TAVLA_CUSTOMS: Final[dict[str, Any]] = {
    "cube": False,
    "gammons_count": True,
    "backgammons_count": False,
    "opening": "winner_rerolls",
    "next_game_opener": "previous_winner",
}
"""What Plakoto, Fevga and the tavli match are played with: no cube, 1 point or 2 when the loser
has borne nothing off (no triple), the winner of the opening roll rolls again, and the winner of
a game starts the next."""

GAME_OPTIONS: Final = {
    "mother": (GameChoice.PLAKOTO, GameChoice.TAVLI),
    "first_checker": (GameChoice.FEVGA, GameChoice.TAVLI),
}
"""The options of one game, and what plays it."""

HINTED: Final = tuple(GameChoice)
"""The games whose tables choose whether hints are allowed: all of them (backgammon is judged by
Open Sage, Plakoto and Fevga by tawla's own evaluator)."""

MAX_CUBE_LIMIT: Final = 4096
"""The largest cube a rule set may allow (gnubg's limit, 2^12)."""


class RuleSet(BaseModel):
    """The rules a match or money session is played under.

    ``RuleSet()`` is exactly the :data:`DEFAULT_PRESET`, International, for a 5-point match:
    what a fresh install starts with.
    """

    # Field docstrings stay in the source for readers; asking pydantic to parse them
    # (use_attribute_docstrings) costs a fifth of a second at every start.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    game: GameChoice = GameChoice.BACKGAMMON
    """The game played: backgammon, Plakoto, Fevga, or the tavli match of the three in turn.
    Anything but backgammon is played with :data:`TAVLA_CUSTOMS`."""

    match_length: int = Field(default=5, ge=0, le=99)
    """Points needed to win the match; 0 means money play, an open-ended session (R20)."""

    opening: Opening = Opening.PLAY_OPENING_DICE
    """Whether the winner of the opening roll plays those dice or rolls again (R3)."""

    next_game_opener: NextOpener = NextOpener.OPENING_ROLL
    """Whether every game starts with an opening roll or the previous winner opens the next game (R4)."""

    cube: bool = True
    """Play with the doubling cube (R15). Many cafés play without."""

    max_cube: int = Field(default=64, ge=2, le=MAX_CUBE_LIMIT)
    """Highest value the cube may reach (a power of two; the physical cube stops at 64)."""

    gammons_count: bool = True
    """A gammon scores double (R14). Off: every game is worth the cube alone, as some tables play."""

    backgammons_count: bool = True
    """A backgammon scores triple (R14). Off: it scores as a gammon."""

    holland: bool = False
    """Holland rule (R17, matches only, obsolete): after the Crawford game the trailer may not
    double until both players have played two turns of the game."""

    jacoby: bool = False
    """Jacoby rule (R18, money play only): gammons and backgammons count single while the cube
    is still in the middle."""

    beavers: bool = False
    """Beavers (R19, money play only): a doubled player may redouble at once and keep the cube."""

    raccoons: bool = False
    """Raccoons (R19, money play only, with beavers): the doubler may answer a beaver with
    another redouble."""

    automatic_doubles: int = Field(default=0, ge=0, le=12)
    """Automatic doubles (R4a, money play only, with an opening roll every game): how many tied
    opening rolls per game turn the cube up (it stays in the middle); 0 = none."""

    mother: Mother = Mother.DOUBLE
    """Plakoto's mother checker pinned on its starting point: the game ends, 2 points (unless the
    pinner's own mother is home; both pinned: a draw), or 1 point, or no such rule."""

    first_checker: FirstChecker = FirstChecker.PASS
    """Fevga: no second checker leaves the start before the first has passed the opponent's
    starting point (or, the other custom, reached the opponent's starting quarter)."""

    hints: bool = True
    """Hints are allowed: the hint key shows the best plays of a roll and the cube's advice
    (the evaluator's). A custom both players see in the summary of the rules, in every game
    (Plakoto and Fevga: tawla's own evaluator's plays of the roll)."""

    dead_cube: bool = True
    """A double on a dead cube is refused in a match (GNU Backgammon's rule: the cube's value
    already gives the doubler the match). False only for a match saved before tawla knew the
    rule, whose history was played without it (:func:`tawla.store.saves.from_json`): never a
    custom to choose, not one of :data:`OPTIONS`, and left out of every file while True."""

    @property
    def is_match(self) -> bool:
        """True for match play, False for money play."""
        return self.match_length > 0

    @property
    def cube_in_play(self) -> bool:
        """The table plays with the cube and it can ever be turned: not in a 1-point match, where
        it is dead from the start (the screens then show no cube at all)."""
        return self.cube and self.match_length != 1

    @model_validator(mode="after")
    def _consistent(self) -> RuleSet:
        problems = list(self._problems())
        if problems:
            key, message, ctx = problems[0]
            raise PydanticCustomError(key, message, ctx)
        return self

    @property
    def tavla(self) -> bool:
        """True for Plakoto, Fevga and the tavli match: no cube, no triple, the café opening."""
        return self.game is not GameChoice.BACKGAMMON

    def game_of(self, number: int) -> Game:
        """The game played as game ``number`` (from 1) of the match."""
        if self.game is GameChoice.TAVLI:
            return TAVLI_ORDER[(number - 1) % len(TAVLI_ORDER)]
        return Game(self.game.value)

    def variant_of(self, number: int) -> Variant:
        """The game ``number`` (from 1) plays, with this table's settings for it."""
        game = self.game_of(number)
        if game is Game.PLAKOTO:
            return Variant(game, mother=self.mother)
        if game is Game.FEVGA:
            return Variant(game, first=self.first_checker)
        return Variant(game)

    def _problems(self) -> list[tuple[str, str, dict[str, Any]]]:
        out: list[tuple[str, str, dict[str, Any]]] = []
        if self.tavla:
            if any(getattr(self, name) != value for name, value in TAVLA_CUSTOMS.items()):
                out.append(("rules.tavla_customs", "these games are played with the café customs, no cube", {}))
            if self.game is GameChoice.TAVLI and self.match_length not in TAVLI_LENGTHS:
                out.append(("rules.tavli_length", "a tavli match is played to 3, 5 or 7 points", {}))
        for name, games in GAME_OPTIONS.items():
            if self.game not in games and getattr(self, name) != type(self).model_fields[name].default:
                out.append((f"rules.{name}_game", f"{name} belongs to another game", {}))
        if self.max_cube & (self.max_cube - 1):
            out.append(
                (
                    "rules.max_cube_power",
                    "the highest cube must be a power of two, not {value}",
                    {"value": self.max_cube},
                )
            )
        if self.is_match:
            for name in ("jacoby", "beavers", "raccoons"):
                if getattr(self, name):
                    out.append((f"rules.{name}_match", f"{name} applies to money play only", {}))
            if self.automatic_doubles:
                out.append(("rules.automatic_doubles_match", "automatic doubles apply to money play only", {}))
        elif self.holland:
            out.append(("rules.holland_money", "the Holland rule applies to matches only", {}))
        if not self.cube:
            for name in ("holland", "jacoby", "beavers", "raccoons"):
                if getattr(self, name):
                    out.append((f"rules.{name}_cube", f"{name} needs the doubling cube", {}))
            if self.automatic_doubles:
                out.append(("rules.automatic_doubles_cube", "automatic doubles need the doubling cube", {}))
        if self.automatic_doubles and self.next_game_opener is NextOpener.PREVIOUS_WINNER:
            # A tied opening roll turns the cube: a game the previous winner opens has none.
            out.append(("rules.automatic_doubles_opener", "automatic doubles need an opening roll every game", {}))
        if self.raccoons and not self.beavers:
            out.append(("rules.raccoons_beavers", "raccoons need beavers", {}))
        if self.backgammons_count and not self.gammons_count:
            out.append(("rules.backgammons_gammons", "backgammons can only count when gammons do", {}))
        if 2**self.automatic_doubles > self.max_cube:
            out.append(
                (
                    "rules.automatic_doubles_max",
                    "{count} automatic doubles would pass the highest cube",
                    {"count": self.automatic_doubles},
                )
            )
        return out

    def applies(self, name: str) -> bool:
        """Whether the option ``name`` means anything under these rules (a settings screen
        greys out the others): the cube but in a 1-point match (it is dead there from the start),
        the Holland rule in longer matches, the Jacoby rule, beavers and automatic doubles in
        money play, all with the cube; raccoons with beavers; backgammons
        when gammons count; automatic doubles only when every game has an opening roll."""
        money = not self.is_match
        if name == "hints":
            return self.game in HINTED
        if name in GAME_OPTIONS:
            return self.game in GAME_OPTIONS[name]
        if self.tavla and name in TAVLA_CUSTOMS | {
            "max_cube": 0,
            "holland": 0,
            "jacoby": 0,
            "beavers": 0,
            "raccoons": 0,
            "automatic_doubles": 0,
        }:
            return False
        if name == "cube":  # (in a 1-point match the cube is dead from the start: nobody may double)
            return self.match_length != 1
        if name == "max_cube":
            return self.cube and self.match_length != 1
        if name == "holland":
            return self.match_length > 1 and self.cube
        if name in ("jacoby", "beavers"):
            return money and self.cube
        if name == "automatic_doubles":
            return money and self.cube and self.next_game_opener is not NextOpener.PREVIOUS_WINNER
        if name == "raccoons":
            return money and self.cube and self.beavers
        if name == "backgammons_count":
            return self.gammons_count
        return True

    def offers(self, action: str) -> bool:
        """Whether play under these rules ever has the action ``action`` (a key the help lists
        for the game): the cube's (``double``, ``take``, ``drop``) only with a cube, ``beaver``
        and ``raccoon`` only where they are played, ``end_session`` in money play, ``hint``
        in every game (:data:`HINTED`)."""
        if action in ("double", "take", "drop"):
            return self.cube
        if action == "beaver":
            return self.cube and self.beavers
        if action == "raccoon":
            return self.cube and self.raccoons
        if action == "end_session":
            return not self.is_match
        if action == "hint":
            return self.game in HINTED
        return True

    def adjusted(self, **changes: Any) -> RuleSet:
        """A copy with ``changes`` applied and every option that no longer applies switched off.

        ``RuleSet().adjusted(match_length=0, jacoby=True)`` works; so does
        ``money_rules.adjusted(match_length=7)``, which drops the money-only options, and
        ``adjusted(next_game_opener=NextOpener.PREVIOUS_WINNER)``, which drops automatic doubles.
        Asking for automatic doubles together with the previous winner opening is refused
        (``rules.automatic_doubles_opener``), not quietly undone.
        """
        data = {**self.model_dump(), **changes}
        if data["game"] != GameChoice.BACKGAMMON:
            data.update(TAVLA_CUSTOMS)
            if data["game"] == GameChoice.TAVLI and data["match_length"] not in TAVLI_LENGTHS:
                data["match_length"] = 5
        for name, games in GAME_OPTIONS.items():
            if data["game"] not in games:
                data[name] = type(self).model_fields[name].default
        if data["match_length"] > 0:
            data.update(jacoby=False, beavers=False, raccoons=False, automatic_doubles=0)
        else:
            data["holland"] = False
        if not data["cube"]:
            data.update(holland=False, jacoby=False, beavers=False, raccoons=False, automatic_doubles=0)
        if data["next_game_opener"] == NextOpener.PREVIOUS_WINNER and "automatic_doubles" not in changes:
            data["automatic_doubles"] = 0
        if not data["beavers"]:
            data["raccoons"] = False
        if not data["gammons_count"]:
            data["backgammons_count"] = False
        if data["game"] not in HINTED:  # (no hint to allow or forbid)
            data["hints"] = True
        return RuleSet(**data)


PRESETS: Final[dict[str, dict[str, Any]]] = {
    "international": {
        "opening": Opening.PLAY_OPENING_DICE,
        "next_game_opener": NextOpener.OPENING_ROLL,
        "cube": True,
        "gammons_count": True,
        "backgammons_count": True,
    },
    "cafe": {
        "opening": Opening.WINNER_REROLLS,
        "next_game_opener": NextOpener.PREVIOUS_WINNER,
        "cube": False,
        "gammons_count": True,
        "backgammons_count": True,
    },
    "tournament": {
        "opening": Opening.PLAY_OPENING_DICE,
        "next_game_opener": NextOpener.OPENING_ROLL,
        "cube": True,
        "gammons_count": True,
        "backgammons_count": True,
        "holland": False,
    },
}
"""The customs of each preset; the match length is chosen separately."""

DEFAULT_PRESET: Final = "international"
"""The preset of a fresh install: ``RuleSet()`` is ``preset(DEFAULT_PRESET)``."""


def preset(name: str, match_length: int = 5) -> RuleSet:
    """The rule set of a preset: ``international``, ``cafe`` or ``tournament``.

    International money play adds the Jacoby rule, as is usual abroad.
    A tournament is always a match: ``match_length`` 0 is refused.
    """
    if name not in PRESETS:
        raise KeyError(name)
    if name == "tournament" and match_length == 0:
        raise PydanticCustomError("rules.tournament_money", "a tournament is played as a match", {})
    extra: dict[str, Any] = {"jacoby": True} if name == "international" and match_length == 0 else {}
    return RuleSet(match_length=match_length, **PRESETS[name], **extra)


CUSTOM: Final = "custom"
"""The name of rules that follow no preset."""


def preset_of(rules: RuleSet) -> str:
    """The preset whose customs ``rules`` follow, or :data:`CUSTOM`."""
    for name, customs in PRESETS.items():
        if all(getattr(rules, key) == value for key, value in customs.items()):
            return name
    return CUSTOM


OPTIONS: Final = (
    "mother",
    "first_checker",
    "opening",
    "next_game_opener",
    "cube",
    "max_cube",
    "gammons_count",
    "backgammons_count",
    "holland",
    "jacoby",
    "beavers",
    "raccoons",
    "automatic_doubles",
    "hints",
)
"""Every house custom of a rule set (its fields but the match length), in the order the settings
show them."""


def presets_for(rules: RuleSet) -> tuple[str, ...]:
    """The presets that can be played at the length of ``rules`` (a tournament is a match)."""
    return tuple(name for name in PRESETS if rules.is_match or name != "tournament")


def differences(rules: RuleSet, name: str) -> tuple[str, ...]:
    """The options (:data:`OPTIONS`) in which ``rules`` differ from the preset ``name`` at their
    length, among those that mean something under ``rules``: gammons off is one difference
    (backgammons then count nothing of their own), the cube off another (its highest value,
    the Jacoby rule and beavers go with it)."""
    base = preset(name, rules.match_length)
    return tuple(
        option for option in OPTIONS if getattr(rules, option) != getattr(base, option) and rules.applies(option)
    )


def nearest_preset(rules: RuleSet) -> str:
    """The preset whose customs ``rules`` follow (:func:`preset_of`), else the preset they
    differ least from (the first of :data:`PRESETS` on a tie): what "Custom" is said against."""
    named = preset_of(rules)
    if named != CUSTOM:
        return named
    return min(presets_for(rules), key=lambda name: len(differences(rules, name)))


def backgammon_rules(rules: RuleSet) -> RuleSet:
    """``rules`` if they play backgammon; else the default preset's at their length (what a
    table that turns to backgammon from another game plays, as New match offers it)."""
    if rules.game is GameChoice.BACKGAMMON:
        return rules
    return preset(DEFAULT_PRESET, rules.match_length)


def at_length(rules: RuleSet, match_length: int) -> RuleSet:
    """``rules`` played at another length: rules that are exactly a preset's become that preset's
    at the new length (International money play brings the Jacoby rule, a match drops it); any
    other rules keep their customs (:meth:`RuleSet.adjusted`)."""
    for name in PRESETS:
        if name == "tournament" and match_length == 0:
            continue
        if rules == preset(name, rules.match_length):
            return preset(name, match_length)
    return rules.adjusted(match_length=match_length)
