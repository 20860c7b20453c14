"""Sums said the old way, a record that tells of a debt and its part-payment, and advice.

"Six-and-fifty shillings" is 56 of them, and "fifty-six shillings" is not fifty and six shillings;
a storekeeper's "seven dollars fifteen" is $7.15. A credit book's "owes $7.15, paid $2.00" says both
that she owed and that she paid, so a retelling of the payment contradicts nothing. And "Walk
carefully in the east" or "Thought it was the end of the world" is the speaker's own advice or
thought, which [self] may back: no document says where anyone should walk.
"""

from __future__ import annotations

from bot.dialogue.words import content_stems
from tests.dialogue_checks import kinds, verdict_on


def test_units_before_tens_is_one_number_of_shillings() -> None:
    assert "672" in content_stems("six-and-fifty shillings in the box")
    assert "672" in content_stems("fifty-six shillings in the box")
    assert "42" in content_stems("while the other fetched two-and-forty")
    assert "24" in content_stems("four and twenty blackbirds")


def test_dollars_then_a_two_figure_number_are_dollars_and_cents() -> None:
    assert "7.15" in content_stems("She run up seven dollars fifteen on seed corn")
    assert "7.85" in content_stems("down to seven dollars and eighty-five cents")
    stems = content_stems("Tupelo 1 lb jars @ $14: 60 sold")
    assert "14" in stems and "60" in stems  # a price, then a count: not $14.60
    assert "20" in content_stems("lost 20 dollars 10 times")


_BOOK = [{"id": "E1", "type": "ledger", "text": "Dry goods credit book, May 1934: Ruud, O. - flour 2 sacks, owes $3.40. "
                                                "Lindqvist, A. - seed potatoes, owes $6.20, paid $1.50 on 9 May."}]
_STOREKEEPER = {"name": "Maggie", "persona": "Keeps the dry goods store in a prairie town; kind, tired.",
                "style": "plain prairie talk"}


def test_a_part_payment_beside_the_debt_is_no_contradiction() -> None:
    verdict = verdict_on(
        "Mrs. Lindqvist? She run up six dollars twenty on seed potatoes, and paid a dollar fifty of it on the ninth.",
        [("Lindqvist owed $6.20 for seed potatoes", "E1"), ("She paid $1.50 on 9 May", "E1")],
        npc=_STOREKEEPER, sources=_BOOK, question="what does the Lindqvist family owe?")
    assert kinds(verdict) == set()


def test_a_changed_debt_is_still_caught() -> None:
    verdict = verdict_on(
        "She run up nine dollars twenty on seed potatoes.",
        [("Lindqvist owed $9.20 for seed potatoes", "E1")],
        npc=_STOREKEEPER, sources=_BOOK, question="what does the Lindqvist family owe?")
    assert "not_entailed" in kinds(verdict)


_RUMOUR = [{"id": "E1", "type": "rumour", "text": "Drovers say raiders from the northern ridge have taken sheep "
                                                  "from the chief's fold at Tsodilo."}]
_ELDER = {"name": "Mma Kgosi", "persona": "Old healer of the village; watchful, fond of travellers.",
          "style": "proverbs, gentle"}


def test_advice_to_the_listener_is_the_speakers_own() -> None:
    verdict = verdict_on(
        "Drovers say raiders from the northern ridge took sheep from the chief's fold at Tsodilo. Walk carefully "
        "in the north, child.",
        [("Drovers say raiders took sheep from the fold at Tsodilo", "E1"), ("Walk carefully in the north", "self")],
        npc=_ELDER, sources=_RUMOUR, question="is it true about the sheep?")
    assert kinds(verdict) == set()


def test_a_fact_about_the_world_cited_to_self_is_still_self_misuse() -> None:
    verdict = verdict_on(
        "The raiders camp at the Tsodilo caves.",
        [("The raiders camp at the Tsodilo caves", "self")],
        npc=_ELDER, sources=_RUMOUR, question="is it true about the sheep?")
    assert "self_misuse" in kinds(verdict)


_TAB = [{"id": "E1", "type": "ledger", "text": "Tab book, Golden Nugget: Silas Crane - 9 beers, unpaid, $2.25."},
        {"id": "E2", "type": "rumour", "text": "Livery talk: old Amos swears he saw a grey mule behind the bank."}]
_BARKEEP = {"name": "Della", "persona": "Runs the Golden Nugget saloon; sharp-tongued, fair.", "style": "frontier drawl"}


def test_a_trait_given_to_a_person_is_the_speakers_view() -> None:
    verdict = verdict_on(
        "Silas? Nine beers and not a cent paid. That man's a tightwad and slow to pay.",
        [("Silas Crane has an unpaid tab of 9 beers", "E1"), ("Silas is a tightwad, slow to pay", "self")],
        npc=_BARKEEP, sources=_TAB, question="does Silas owe you?")
    assert "self_misuse" not in kinds(verdict)
    verdict = verdict_on(
        "Amos swears he saw a grey mule behind the bank, but Amos's eyesight is not to be relied on.",
        [("Amos claims he saw a grey mule behind the bank", "E2"), ("Amos's eyesight is not to be relied on", "self")],
        npc=_BARKEEP, sources=_TAB, question="any word on the mule?")
    assert "self_misuse" not in kinds(verdict)


def test_a_fact_about_a_person_cited_to_self_is_still_self_misuse() -> None:
    verdict = verdict_on(
        "Silas owes the bank forty dollars.",
        [("Silas owes the bank $40", "self")],
        npc=_BARKEEP, sources=_TAB, question="does Silas owe you?")
    assert "self_misuse" in kinds(verdict)


_LISTED = {"name": "Orla Breen", "persona": "Lighthouse keeper of Inishmore for twenty years; dour, hates fog, fond of gulls.",
           "style": "terse"}


def test_a_persona_without_a_pronoun_lets_the_claims_say_she_of_the_npc() -> None:
    verdict = verdict_on(
        "Ask me about the lamp, not the weather.",
        [("she prefers questions about lamps she can trim", "self")],
        npc=_LISTED, sources=_TAB, question="will it storm?")
    assert "self_misuse" not in kinds(verdict)
    verdict = verdict_on(
        "I own the Golden Nugget, you know.",
        [("she owns the Golden Nugget", "self")],
        npc=_LISTED, sources=_TAB, question="who owns the saloon?")
    assert "self_misuse" in kinds(verdict)


def test_mining_is_not_read_as_minutes() -> None:
    from bot.dialogue.words import stem
    assert stem("mining") != stem("min")
    assert "minute" in content_stems("back in ten mins")
    assert "minute" not in content_stems("the mining crew")
