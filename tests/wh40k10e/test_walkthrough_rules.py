"""Rules bugs found by the QA walkthrough s13/wt10e, each pinned at the engine level."""

from __future__ import annotations

from tests.wh40k10e.arrange import arranged, row
from tests.wh40k10e.test_rules import BROOD, LINE, run
from vantage.engine.decision import Accepted
from vantage.rules.wh40k10e import commands as c
from vantage.rules.wh40k10e.events import PhaseStarted, Waiting
from vantage.rules.wh40k10e.evolve import evolve


def test_command_reroll_on_an_advance_is_usable_again_in_a_later_phase() -> None:
    """wh40k-10th §6.2 item 1: one re-roll per roll; the marker must not outlive the phase
    (it did: the unit could never use Command Re-roll on an Advance or Charge roll again)."""
    s = arranged({LINE: row(10, 5, 10), BROOD: row(10, 39, 10)})
    s = s.with_side("p1", cp=3)
    s, _ = run(s, "p1", c.RollAdvance(unit=LINE), [1])
    s, d = run(s, "p1", c.UseStratagem(name="command_reroll", unit=LINE), [2])
    assert isinstance(d, Accepted)
    for e in (PhaseStarted(round=3, player="p1", phase="movement"), Waiting(pending=None)):
        s = evolve(s, e)
    assert "command_reroll" not in s.status[LINE].effects
    s, _ = run(s, "p1", c.RollAdvance(unit=LINE), [1])
    s, d = run(s, "p1", c.UseStratagem(name="command_reroll", unit=LINE), [6])
    assert isinstance(d, Accepted), d
    assert s.status[LINE].advance_roll == 6
