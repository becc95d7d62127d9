"""House rules in the player's words: the preset a rule set follows, and what it changes there.

The game layer says which preset the rules follow or come nearest to, and in which options they
differ (:func:`tawla.game.rules.nearest_preset`, :func:`tawla.game.rules.differences`); this
module only words it: "International", "International, but with beavers", "Custom: like Café,
but with the cube, gammons count single".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tawla.engine.tavla import Game
from tawla.game.rules import CUSTOM, OPTIONS, RuleSet, differences, nearest_preset, preset_of

if TYPE_CHECKING:
    from tawla.i18n.words import Words

_CORE = ("opening", "next_game_opener", "cube", "hints")
"""What the New match screen always says of the rules (then whatever else is in force): how a
game opens, the cube, and whether hints are allowed (both players know before they start)."""
_SWITCHES = {"gammons_count": "gammons", "backgammons_count": "backgammons"}


def kind_word(kind: int, game: Game) -> str:
    """The catalog's word for the size of a win (``over.kind_*``, ``resign.level*``): a single
    game, a gammon, a backgammon; in Plakoto and Fevga, which have no gammon of backgammon's,
    the 2-point win is a double game."""
    if kind == 2 and game is not Game.BACKGAMMON:
        return "double"
    return {1: "single", 2: "gammon", 3: "backgammon"}[kind]


def phrase(words: Words, rules: RuleSet, option: str) -> str:
    """One option of ``rules`` as it is in force ("no cube", "gammons count single", "with the
    Jacoby rule", "2 automatic doubles")."""
    value = getattr(rules, option)
    if option in ("mother", "first_checker"):
        return words.t(f"summary.{option}.{value.value}")
    if option == "opening":
        return words.t(f"summary.opening.{value.value}")
    if option == "next_game_opener":
        return words.t(f"summary.next.{value.value}")
    if option == "cube":
        return words.t("summary.cube_on" if value else "summary.cube_off")
    if option == "max_cube":
        return words.t("summary.max_cube", value=value)
    if option == "automatic_doubles":
        return words.t_n("count.automatic_doubles", value) if value else words.t("summary.automatic_doubles_off")
    return words.t(f"summary.{_SWITCHES.get(option, option)}_{'on' if value else 'off'}")


def _listed(words: Words, rules: RuleSet, options: tuple[str, ...]) -> str:
    return words.t("summary.joiner").join(phrase(words, rules, option) for option in options)


def rules_name(words: Words, rules: RuleSet) -> str:
    """The rules in a few words (the Resume list, the game's panel): the preset, and what
    differs from it; rules that follow no preset are "Custom", said against the nearest one.
    Plakoto, Fevga and the tavli match are named by their game and its settings, if not the
    usual ones ("Plakoto, a pinned mother wins single")."""
    if rules.tavla:
        return _listed_game(words, rules)
    nearest = nearest_preset(rules)
    changes = differences(rules, nearest)
    name = words.t(f"preset.{nearest}")
    if not changes:
        return name
    key = "summary.custom" if preset_of(rules) == CUSTOM else "summary.but"
    return words.t(key, preset=name, changes=_listed(words, rules, changes))


def _listed_game(words: Words, rules: RuleSet) -> str:
    fresh = RuleSet()
    settings = [
        o for o in ("mother", "first_checker", "hints") if rules.applies(o) and getattr(rules, o) != getattr(fresh, o)
    ]
    name = words.t(f"games.{rules.game.value}")
    return words.t("summary.joiner").join([name, *(phrase(words, rules, o) for o in settings)])


def rules_detail(words: Words, rules: RuleSet) -> str:
    """Everything the rules say beyond the match length (the New match screen): how a game
    opens, the cube, then every option in force that a fresh rule set does not have (gammons
    counting single, the Jacoby rule, beavers, …); when the rules are not exactly a preset's, a
    second line says what differs from the nearest one (:func:`rules_name`). Plakoto, Fevga and
    the tavli match say their customs (no cube, 1 point or 2, the winner starts the next game)
    and the settings of their games."""
    if rules.tavla:
        settings = [phrase(words, rules, o) for o in ("mother", "first_checker", "hints") if rules.applies(o)]
        return " · ".join([words.t("summary.tavla"), *settings])
    fresh = RuleSet()
    extra = tuple(
        option
        for option in OPTIONS
        if option not in _CORE and rules.applies(option) and getattr(rules, option) != getattr(fresh, option)
    )
    text = " · ".join(phrase(words, rules, option) for option in (*_CORE, *extra) if rules.applies(option))
    if differences(rules, nearest_preset(rules)):
        text += "\n" + rules_name(words, rules)
    return text
