"""How well each player played (tawla.analysis.skill), on named histories (#24)."""

from __future__ import annotations

import pytest

from tawla.game import Match, RuleSet, ScriptedDice

pytest.importorskip("bgsage")

from tawla.analysis.skill import Kind, analyse


def _opening(match: Match) -> None:
    """3-1 8/5 6/5, then 6-5 24/13 for the other side, then a 4-2 to play."""
    match.roll_opening()
    match.play("8/5 6/5")
    match.confirm()
    match.roll()
    match.play("24/13")
    match.confirm()
    match.roll()


def test_a_resignation_declined_in_the_middle_of_a_turn_leaves_the_turn_judged() -> None:
    dice = [(3, 1), (6, 5), (4, 2)]
    straight = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice(dice))
    _opening(straight)
    straight.play("13/9 13/11")
    straight.confirm()
    broken = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice(dice))
    _opening(broken)
    broken.step(13, 4)
    broken.resign(1)
    broken.decline()
    broken.step(13, 2)
    broken.confirm()
    assert straight.state.board == broken.state.board
    plays = [d for d in analyse(straight).decisions if d.kind is Kind.PLAY]
    assert [d for d in analyse(broken).decisions if d.kind is Kind.PLAY] == plays
    assert [d.turn for d in plays] == [1, 2, 3]  # (the opening roll's play is turn 1)


def test_the_per_move_losses_add_up_to_each_players_figures() -> None:
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(3, 1), (6, 5), (4, 2)]))
    _opening(match)
    match.play("13/9 13/11")
    match.confirm()
    found = analyse(match)
    for player in (0, 1):
        mine = [d for d in found.decisions if d.player == player]
        skill = found.skill(player)
        assert skill.loss == pytest.approx(sum(d.loss for d in mine))
        assert skill.plays == sum(1 for d in mine if d.kind is Kind.PLAY and d.counted)
