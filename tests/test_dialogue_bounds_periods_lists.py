"""Three ways a wrong figure or an invented item used to pass as worked out or left unread.

A claim that restates a rule's bound ("closed to anything drawing over seven feet") gives the
bound itself, so it must be the document's: seven is not nine minus the "two hours" of the same
sentence. "Every six hours" is how often, not how long, so the six hours between two of a chart's
readings do not back it. And a claim's list is held item by item: "flour, bacon, whiskey and the
mail" adds whiskey to a steamer's freight, though its first item is the notice's.
"""

from __future__ import annotations

from bot.dialogue.claims import continues_list, listed_items
from tests.dialogue_checks import kinds, verdict_on

_HARBOUR = {"name": "Morag", "persona": "Harbour master's clerk at Port Ellan, 1923; brisk.", "style": "Scots, brisk"}
_TIDES = [{"id": "E1", "type": "schedule",
           "text": "Tide table, week of 12 June. High water Thursday 07:12 and 19:40. Harbour bar impassable to "
                   "vessels drawing over 9 feet within two hours of low water."}]


def test_a_restated_bound_must_be_the_documents_bound() -> None:
    verdict = verdict_on("Mind, the bar's shut to anything drawing over seven feet when the water's low.",
                         [("The bar is closed to vessels drawing over seven feet near low water", "E1")],
                         npc=_HARBOUR, sources=_TIDES, question="can I get my ketch over the bar?")
    assert "not_entailed" in kinds(verdict)


def test_the_documents_own_bound_restated_passes() -> None:
    verdict = verdict_on("Mind, the bar's shut to anything drawing over nine feet when the water's low.",
                         [("The bar is closed to vessels drawing over nine feet near low water", "E1")],
                         npc=_HARBOUR, sources=_TIDES, question="can I get my ketch over the bar?")
    assert kinds(verdict) == set()


def test_a_value_on_the_forbidden_side_of_a_bound_is_still_worked_out() -> None:
    verdict = verdict_on("Ten feet of draught? The bar is impassable to you near low water.",
                         [("The bar is impassable to a vessel drawing 10 feet near low water", "E1")],
                         npc=_HARBOUR, sources=_TIDES, question="my ketch draws ten feet; can it cross at low water?")
    assert "not_entailed" not in kinds(verdict)


_NURSE = {"name": "Dolores", "persona": "Night charge nurse on Ward 4; steady, dry.", "style": "clipped"}
_CHART = [{"id": "E1", "type": "chart",
           "text": "Bed 12, Mr. Walter Ames, 68. Admitted Oct 3 with pneumonia. Penicillin 600,000 units IM every "
                   "12 hrs. Temp 101.4 at 8 pm, 99.8 at 2 am."}]


def test_every_six_hours_is_a_period_not_the_span_between_two_readings() -> None:
    verdict = verdict_on("We're giving him penicillin every six hours, right in the hip.",
                         [("He gets penicillin IM every six hours", "E1")],
                         npc=_NURSE, sources=_CHART, question="what's he being treated for?")
    assert "not_entailed" in kinds(verdict)


def test_the_span_between_two_readings_is_still_worked_out() -> None:
    verdict = verdict_on("His fever came down over six hours, eight till two.",
                         [("His temperature fell over 6 hours, from 8 pm to 2 am", "E1")],
                         npc=_NURSE, sources=_CHART, question="how's his fever?")
    assert "not_entailed" not in kinds(verdict)


_CLERK = {"name": "Haight", "persona": "Gold assayer in Dawson City, 1898.", "style": "dry, exact"}
_NOTICE = [{"id": "E1", "type": "notice",
            "text": "Steamer Bella expected at Dawson from St. Michael about 20 June, with flour, bacon and mail."}]


def test_a_list_is_read_item_by_item() -> None:
    assert listed_items("The Bella brings flour, bacon, whiskey and mail") == [
        ["Bella brings flour", "bacon", "whiskey", "mail"]]  # (up to three words before the comma)
    assert continues_list("The Bella brings flour, bacon, whiskey and mail", "The Bella brings flour")
    assert listed_items("Ibadan is N4,500 by bus and N6,000 by car") == []  # thousands, not a list


def test_an_item_added_to_a_documents_list_is_caught() -> None:
    verdict = verdict_on("Flour, bacon, whiskey and the mail, God willing.",
                         [("The Bella brings flour, bacon, whiskey and mail", "E1")],
                         npc=_CLERK, sources=_NOTICE, question="what's the Bella carrying?")
    assert "not_entailed" in kinds(verdict)


def test_the_documents_list_retold_passes() -> None:
    verdict = verdict_on("Flour, bacon and the mail, God willing.",
                         [("The Bella brings flour, bacon and mail", "E1")],
                         npc=_CLERK, sources=_NOTICE, question="what's the Bella carrying?")
    assert kinds(verdict) == set()


def test_an_added_item_most_of_whose_list_is_said_is_still_caught() -> None:
    # three of four items are the notice's: the overlap alone would pass the claim
    verdict = verdict_on("Flour, bacon, rifles and the mail, God willing.",
                         [("The Bella brings flour, bacon, rifles and mail", "E1")],
                         npc=_CLERK, sources=_NOTICE, question="what's the Bella carrying?")
    assert "not_entailed" in kinds(verdict)
