"""Round 9 of the dialogue verifier: a log's dates reach every line they head, a numeric date is
the same day with or without its year, and a speaker's own note speaks as "I" for them; the wrong
day or the wrong person beside each is still rejected."""

from __future__ import annotations

from typing import Any

from bot.dialogue.entailment import OVERLAP
from bot.dialogue.words import raw_tokens
from tests.dialogue_checks import eval_case, rejected_case

_BARGE_LOG = ("Lock-keeper's book, Hatton flight. 7 May 1911: Water low, paddles eased, pounds refilled, towpath swept. Coal barge 'Perseverance' "
              "went up 09:30, towed by horse. Gate 14 sticking. 8 May: Rain from dawn. Lock 21 drained 3 hrs. "
              "Ice on the top gates, cleared by noon. Boatman Silas Pike fell in, pulled out unhurt, sent to lock 30. 9 May: Fine. Carpenter fitted new balance beam.")
_BLOTTER = ("Harbour police day book, 2 Aug 1932. 06:40 - tide falling, wind westerly, sea slight, skiff found adrift off the north mole, oars missing. "
            "Owner: J. Treloar, fisherman. 11:15 - complaint of noise at the Anchor inn.")
_NOTE = ("Kept back. The tin box from the wreck is under my bed. I told the coroner nothing of it. "
         "Tobias knows. - E.P.")
_NPC = {"name": "Edith Polglase", "persona": "Widow who keeps the harbour lamp at Porthkennack, 1932.",
        "style": "Plain Cornish speech."}


def _note_case(speech: str, claim: str, text: str = _NOTE) -> dict[str, Any]:
    sources = [{"id": "E1", "type": "note", "text": text}]
    return eval_case(speech, [(claim, "E1")], npc=_NPC, sources=sources, question="What did you keep back?")


def test_a_dated_entry_of_a_log_dates_each_line_below_it() -> None:
    said = "The coal barge Perseverance went up at 09:30 on 7 May, towed by horse"
    assert OVERLAP.score(_BARGE_LOG, said) >= OVERLAP.threshold
    assert OVERLAP.score(_BARGE_LOG, "Silas Pike fell in on 8 May") >= OVERLAP.threshold


def test_a_line_is_not_dated_by_another_entrys_heading() -> None:
    assert OVERLAP.score(_BARGE_LOG, "Silas Pike fell in on 9 May") < OVERLAP.threshold
    assert OVERLAP.score(_BARGE_LOG, "The carpenter fitted a new balance beam on 8 May") < OVERLAP.threshold


def test_the_date_a_log_title_ends_with_dates_its_timestamped_entries() -> None:
    said = "A skiff was found adrift off the north mole at 06:40 on 2 Aug"
    assert OVERLAP.score(_BLOTTER, said) >= OVERLAP.threshold
    assert OVERLAP.score(_BLOTTER, "A skiff was found adrift off the north mole at 06:40 on 3 Aug") < OVERLAP.threshold


def test_a_count_in_an_entry_stays_a_count_under_the_entrys_date() -> None:
    assert OVERLAP.score(_BARGE_LOG, "Silas Pike was sent to lock 30 on 8 May") >= OVERLAP.threshold
    assert OVERLAP.score(_BARGE_LOG, "Silas Pike was sent to lock 31 on 8 May") < OVERLAP.threshold


def test_a_numeric_date_with_its_year_is_also_its_short_form() -> None:
    assert "4/22" in raw_tokens("04/22/87 19:05 user GHOST logged in")
    log = "MODEM LOG. 04/22/87 19:05 user GHOST logged in, uploaded PATCH.ARC. 04/23/87 00:10 user GHOST logged off."
    assert OVERLAP.score(log, "GHOST logged in at 19:05 on 4/22 and uploaded PATCH.ARC") >= OVERLAP.threshold
    assert OVERLAP.score(log, "GHOST logged in at 19:05 on 4/25 and uploaded PATCH.ARC") < OVERLAP.threshold


def test_the_speakers_own_note_says_i_for_the_speakers_name() -> None:
    assert not rejected_case(_note_case("I told the coroner nothing of it.", "Edith told the coroner nothing"))
    # a document that never says "I" does not speak for the speaker
    report = "Coroner's inquest, 3 Aug 1932. The tin box was not declared. The harbour lamp was lit late."
    assert rejected_case(_note_case("I declared the tin box.", "Edith declared the tin box", text=report))
