"""Round n of the dialogue verifier: general readings that cut false rejections without
letting a wrong figure, name or date through. Each test states the behaviour it pins down, with
its wrong twin beside it where a reading could let one slip."""

from __future__ import annotations

from bot.dialogue.arithmetic import accounted
from bot.dialogue.entailment import OVERLAP

from tests.dialogue_checks import kinds, verdict_on

_KEEPER = {"name": "Tomas Brandt", "persona": "Tomas Brandt, storekeeper of the Varde cannery for twenty years. "
           "Gruff, fond of his cat, hates the damp.", "style": "gruff"}
_LEDGER = {"id": "E1", "type": "ledger", "text": "Store ledger, Varde cannery, May 1911. Tins received: 500. "
           "Tins sent to Bergen by the 3 May steamer: 120. Balance kept in shed No. 4."}


def test_a_claim_showing_its_subtraction_is_worked_out() -> None:
    premise = _LEDGER["text"]
    assert accounted("380 tins remain in shed No. 4: 500 received minus 120 sent to Bergen.", premise)
    assert not accounted("390 tins remain in shed No. 4: 500 received minus 120 sent to Bergen.", premise)


def test_a_balance_of_three_figures_shown_in_the_claim_is_worked_out() -> None:
    premise = "Kiln book, March 1702: 1,200 bowls fired; 950 sold at the fair; 40 cracked in cooling."
    assert accounted("1,200 bowls were fired, 950 sold and 40 cracked, leaving 210.", premise)
    assert not accounted("1,200 bowls were fired, 950 sold and 40 cracked, leaving 230.", premise)


def test_a_product_shown_in_the_claim_is_worked_out() -> None:
    premise = "Cart list: 30 mules, each carrying 3 sacks."
    assert accounted("30 mules times 3 sacks each is 90 sacks.", premise)
    assert not accounted("30 mules times 3 sacks each is 100 sacks.", premise)


def test_a_count_after_a_describing_word_is_still_the_documents_count() -> None:
    # "1,600 drinking goblets": the goblets are counted, though "drinking" comes first
    premise = "Furnace book: 1,600 drinking goblets blown; 1,150 packed for Lyon; 90 broken."
    assert accounted("1,600 goblets were blown, 1,150 packed and 90 broken, leaving 360.", premise)


def test_a_month_is_no_count_that_keeps_a_record_apart() -> None:
    # "departing 24 July" is no record with a count of its own: the next sentence's mules are its
    premise = "Mule train manifest: departing Oruro 24 July for Sucre under the driver Pablo Condori. " \
              "40 mules, each carrying 3 sacks."
    names = frozenset({"oruro", "sucr", "pablo", "condori"})
    claim = "The mule train departs on 24 July for Sucre under Pablo Condori with 40 mules."
    assert OVERLAP.score(premise, claim, names=names, loose=True) >= OVERLAP.threshold
    wrong = "The mule train departs on 24 July for Sucre under Pablo Condori with 50 mules."
    assert OVERLAP.score(premise, wrong, names=names, loose=True) < OVERLAP.threshold


def test_a_remainder_with_a_wrong_figure_is_still_rejected_in_an_answer() -> None:
    v = verdict_on("Five hundred came in and a hundred twenty went to Bergen, so three hundred ninety sit in shed four.",
                   [("390 tins remain in shed No. 4: 500 received minus 120 sent to Bergen.", "E1")],
                   npc=_KEEPER, sources=[_LEDGER], question="How many tins are left?")
    assert "not_entailed" in kinds(v)


_GLASSMAN = {"name": "Piero Vetri", "persona": "Piero Vetri, bookkeeper of a glass furnace on Murano, 1610. "
             "Elderly, gouty, fearful of the Council of Ten.", "style": "nervous"}
_ROTA = {"id": "E1", "type": "rota", "text": "Furnace rota, April 1610: the furnace is cold from 1 August to 10 "
         "September for the summer rest."}


def test_the_speaker_moved_by_a_feeling_may_cite_self() -> None:
    # "frightened" is the participle of a verb of emotion: the speaker's state, not the world's
    v = verdict_on("The furnace rests from the first of August to the tenth of September. I am frightened of the Ten.",
                   [("The furnace is cold from 1 August to 10 September.", "E1"), ("I am frightened of the Ten.", "self")],
                   npc=_GLASSMAN, sources=[_ROTA], question="When does the furnace rest?")
    assert "self_misuse" not in kinds(v)


def test_a_fact_about_the_world_cited_to_self_is_still_caught() -> None:
    v = verdict_on("The furnace rests from the first of August. The Ten fined the master 40 ducats.",
                   [("The furnace is cold from 1 August.", "E1"), ("The Ten fined the master 40 ducats.", "self")],
                   npc=_GLASSMAN, sources=[_ROTA], question="When does the furnace rest?")
    assert "self_misuse" in kinds(v)


def test_one_as_the_subject_of_a_saying_is_no_number() -> None:
    from bot.dialogue.words import raw_tokens
    assert "1" not in raw_tokens("On Murano one does not speak of the Ten, one only prays.")
    assert "1" not in raw_tokens("I am hardly one to scold.")
    assert "1" in raw_tokens("One barrel was left.")


def test_names_after_an_aside_finish_the_statement_before_it() -> None:
    from bot.dialogue.claims import Kind, classify
    reading = classify("It answers, if one can call it that, to Bartholomew.", frozenset({"bartholomew"}))
    assert reading.kind is Kind.FACT and "bartholomew" in reading.anchors
