"""Round h of the dialogue verifier: honest retellings it used to strip (a month that binds
nothing, a log's unstamped entry, a difference said as "fewer", initials that sign for the
speaker, a capitalised title, a day range keying a row, a clock said with a dot, an initial
before a name) are accepted, and the swapped facts beside each (another person's role, a
transfer turned round, the wrong figure) are still rejected."""

from __future__ import annotations

from typing import Any

from bot.dialogue.entailment import OVERLAP
from bot.dialogue.quantities import spoken
from bot.dialogue.words import names_in
from tests.dialogue_checks import eval_case, rejected_case

_NPC = {"name": "Ottar Lunde", "persona": "Wireless operator on a whaling factory ship, South Georgia, 1931.",
        "style": "Few words, dry."}


def _case(speech: str, citations: list[tuple[str, str]], text: str, question: str = "Any news?") -> dict[str, Any]:
    return eval_case(speech, citations, npc=_NPC, sources=[{"id": "W1", "type": "log", "text": text}],
                     question=question)


def _supported(premise: str, claim: str) -> bool:
    return OVERLAP.score(premise, claim, loose=True) >= OVERLAP.threshold


_WIRELESS = ("WIRELESS LOG 3 Mar 1931. 0540 contact Grytviken, static heavy. 0810 msg from Leith Harbour: "
             "supply tender SOUTHERN KING held by gale, new ETA 9 Mar, weather permitting. 1930 private msg for Mr Vold from Oslo, "
             "delivered by hand (OL).")


def test_a_month_in_a_claim_does_not_keep_it_from_the_item_before_its_date() -> None:
    assert _supported(_WIRELESS, "the supply tender is now expected on the ninth of March")
    assert not _supported(_WIRELESS, "the supply tender is now expected on the tenth of March")


def test_an_unstamped_entry_of_a_stamped_log_is_read_at_its_time() -> None:
    assert "7:30pm private" in spoken("0540 contact. 0810 msg. 1930 private msg for mr vold.")
    assert spoken("in 1931 there were 1930 tons.") == "in 1931 there were 1930 tons."


def test_the_speakers_initials_in_a_log_sign_for_the_speaker() -> None:
    case = _case("A private message from Oslo came for Vold at half past seven; I carried it to him myself.",
                 [("a private message from Oslo arrived for Vold at 1930 and Lunde delivered it by hand", "W1")], _WIRELESS)
    assert not rejected_case(case)
    wrong = _case("A private message from Oslo came for Vold at half past seven; Brandt carried it to him.",
                  [("a private message from Oslo arrived for Vold at 1930 and Brandt delivered it by hand", "W1")], _WIRELESS)
    assert rejected_case(wrong)


_STORES = "STORES 1 Nov. Coal: 212 tons (260 on 1 Oct). Flour: 40 sacks. Brandy: 6 bottles, locked, the mate holds the key."


def test_a_difference_said_as_fewer_is_worked_out_from_the_two_counts() -> None:
    case = _case("Two hundred and twelve tons of coal. Forty-eight fewer than at the start of October.",
                 [("there are 212 tons of coal", "W1"), ("forty-eight fewer than at the start of October", "W1")], _STORES)
    assert not rejected_case(case)
    wrong = _case("Two hundred and twelve tons of coal. Fifty fewer than at the start of October.",
                  [("there are 212 tons of coal", "W1"), ("fifty fewer than at the start of October", "W1")], _STORES)
    assert rejected_case(wrong)


def test_a_role_after_a_determiner_is_held_to_the_letter() -> None:
    assert _supported(_STORES, "the mate holds the key to the brandy")
    assert not _supported(_STORES, "the cook keeps the key to the brandy")


def test_a_capitalised_title_names_no_one_and_heads_the_notice() -> None:
    notice = ("AUCTION NOTICE. The Hallam farm will be sold at public auction at the market cross, "
              "Tuesday, June 4, 1929, at 2 p.m. By order of the County Bank.")
    assert "notic" not in names_in(notice) and "auction" not in names_in(notice)
    assert _supported(notice, "the auction is Tuesday June 4 at 2 p.m.")
    assert not _supported(notice, "the auction is Tuesday June 5 at 2 p.m.")


def test_a_run_of_days_keys_its_row_under_a_heading() -> None:
    hours = "Office hours: Monday-Thursday 8 to 4, Friday 8 to noon. Closed Saturday."
    assert _supported(hours, "Friday hours are eight to noon")
    assert not _supported(hours, "Friday hours are eight to four")


def test_a_clock_said_with_a_dot_is_a_time() -> None:
    register = "Box register, 2 May 1890. 5.18 pm Down mail passed, 6 min late. 5.40 pm goods held, snow."
    assert _supported(register, "the down mail passed at 5.18, six minutes late")
    assert not _supported(register, "the down mail passed at 5.28, six minutes late")
    assert ":" not in spoken("sold at 6.50 a pound")


def test_a_cause_said_with_because_is_the_reason_the_record_gives() -> None:
    register = "Box register, 2 May 1890. 5.40 pm goods held at the home signal 12 min, snow."
    assert _supported(register, "the goods was held because of snow")
    assert not _supported(register, "the goods was held because of a broken rail")


def test_an_initial_before_a_name_does_not_end_the_record() -> None:
    muster = ("Complement 80. DD (discharged dead) 12 April: Boy W. Tregenza, fever. "
              "Run at Kingston, 3 May: seaman Jas. Pollard.")
    case = _case("The fever took young Tregenza on the twelfth of April.",
                 [("Boy Tregenza died of fever on 12 April", "W1")], muster, "Who have we lost?")
    assert not rejected_case(case)
    wrong = _case("The fever took young Tregenza on the third of May.",
                  [("Boy Tregenza died of fever on 3 May", "W1")], muster, "Who have we lost?")
    assert rejected_case(wrong)


def test_a_retinue_may_be_called_a_party() -> None:
    ledger = "Lord Okabe of Kishiwada, retinue of 31 persons, north wing. Merchant party from Osaka, 5 persons."
    assert _supported(ledger, "the Kishiwada lord's party is thirty-one persons")
    assert not _supported(ledger, "the Kishiwada lord's party is five persons")


def test_a_transfer_turned_round_is_rejected() -> None:
    register = "Sutter Creek No. 4: transferred 9 June from Henry Marsh to the Placer Mining Company for $2,000."
    case = _case("Marsh let it go to the Placer Mining Company on the ninth, for two thousand dollars.",
                 [("Sutter Creek No. 4 was transferred on 9 June from Marsh to the Placer Mining Company", "W1")],
                 register, "Who holds the Sutter Creek claim?")
    assert not rejected_case(case)
    wrong = _case("The Placer Mining Company sold it to Marsh on the ninth.",
                  [("the Placer Mining Company sold Sutter Creek No. 4 to Marsh on 9 June", "W1")],
                  register, "Who holds the Sutter Creek claim?")
    assert rejected_case(wrong)
