"""Round s4 of the dialogue verifier: honest retellings it rejected as not what their block says.
Figures read out in groups are one figure; a claim opening with a pronoun goes on about the claim
before it; a name or number no claim holds is no other claim's thing; a thing swapped after the
word that describes it is still caught. Each retelling is paired with a near invented variant that
is still rejected."""

from __future__ import annotations

from bot.dialogue.arithmetic import accounted
from bot.dialogue.entailment import OVERLAP
from bot.dialogue.rendering import misbound
from bot.dialogue.words import names_in, raw_tokens
from tests.dialogue_checks import kinds, verdict_on


def _supported(premise: str, claim: str, names: frozenset[str] | None = None) -> bool:
    names = names_in(f"{premise} {claim}") if names is None else names
    return OVERLAP.score(premise, claim, loose=True, names=names) >= OVERLAP.threshold


def test_figures_read_out_in_groups_are_one_figure() -> None:
    assert raw_tokens("one-one-two") == ("112",)
    assert raw_tokens("forty-four seventy-one") == ("4471",)
    assert raw_tokens("nine fifty-five") == ("955",)
    assert raw_tokens("nineteen twelve") == ("1912",)
    assert raw_tokens("one point three two") == ("1.32",)
    # counts still add up as English counts them
    assert raw_tokens("twenty five") == ("25",)
    assert raw_tokens("two hundred and twelve") == ("212",)
    assert raw_tokens("twenty-one hundred") == ("2100",)
    assert raw_tokens("three thousand five hundred and twenty") == ("3520",)


_DEPOT = "Bus depot log. Bay 3: coach 2217 to Leeds, held for brake check. Bay 5: coach 2240 to York, left on time."


def test_a_coach_number_said_in_groups_is_its_number() -> None:
    assert _supported(_DEPOT, "Coach twenty-two seventeen to Leeds was held for a brake check")
    assert not _supported(_DEPOT, "Coach twenty-two forty to Leeds was held for a brake check")  # York's coach
    assert not _supported(_DEPOT, "Coach twenty-two eighteen to Leeds was held for a brake check")  # no such coach


_SMITHY = {"name": "Hild", "persona": "The smith's wife at Oxbridge forge."}
_FORGE = [{"id": "E1", "type": "ledger",
           "text": "Forge book. Horseshoes for the Lacey farm: 12, paid. Gate hinges for the mill: 4, unpaid."}]


def test_a_claim_opening_with_a_pronoun_is_about_the_claim_before_it() -> None:
    assert not misbound("The Lacey farm ordered twelve horseshoes, every one paid for.", ["lacey", "12"],
                        ["The Lacey farm ordered 12 horseshoes", "They were paid for", "the mill's 4 hinges are unpaid"],
                        names_in("Lacey"), frozenset())
    # said of the other record, still misbound
    assert misbound("The mill's hinges are paid for.", ["mill"],
                    ["The Lacey farm's horseshoes are paid", "the mill ordered 4 hinges"],
                    frozenset({"lacey", "mill"}), frozenset())


def test_a_name_no_claim_holds_is_no_other_claims_thing() -> None:
    sources = [{"id": "E1", "type": "ledger", "text": "Arrivals, March. Tue 5 Mar: steamer Orinoco (RMSP) from "
                "Southampton, 40 passengers, mail. Fri 8 Mar: barque Esk from Leith, 300 tons coal."}]
    said = "The Orinoco, the RMSP steamer, came in from Southampton on Tuesday the fifth, with forty passengers."
    v = verdict_on(said, [("the steamer Orinoco came from Southampton on Tuesday 5 March", "E1"),
                          ("she carried 40 passengers", "E1")],
                   npc={"name": "Tomas", "persona": "Harbour clerk."}, sources=sources, question="Who came in?")
    assert "not_entailed" not in kinds(v)
    claims = ["the steamer Orinoco came from Southampton", "the barque Esk brought coal from Leith"]
    names = frozenset({"orinoco", "esk", "southampton", "leith", "rmsp"})
    assert not misbound("The Orinoco, the RMSP steamer, came from Southampton", ["orinoco", "rmsp", "southampton"],
                        claims, names, frozenset())
    # the unheld name leaves the clause about the Esk, of which no claim says "steamer"
    assert misbound("The Esk, the RMSP steamer, brought coal", ["esk", "rmsp"], claims, names, frozenset())


_PAWN = "Found in the tenant's drawer: a pawn receipt, Marsh Lane Loans, No. 812, for a silver snuffbox."


def test_a_thing_swapped_after_the_word_that_describes_it_is_caught() -> None:
    assert _supported(_PAWN, "The pawn receipt is for a silver snuffbox")
    assert not _supported(_PAWN, "The pawn receipt is for a silver ring")
    assert not _supported(_PAWN, "The pawn receipt is for a silver bracelet")


_TILL = "General store, day book. Widow Pell: balance $9.65 after a deposit of $4.25 (butter). Tom Ashe: owes $2.10."


def test_dollars_and_cents_said_out_are_the_written_amount() -> None:
    assert raw_tokens("nine dollars and sixty-five cents") == ("9.65", "dollars")
    assert raw_tokens("a dollar and ten cents") == ("1.1", "dollars")
    assert _supported(_TILL, "Widow Pell's balance is nine dollars and sixty-five cents")
    assert not _supported(_TILL, "Widow Pell's balance is nine dollars and seventy-five cents")
    assert not _supported(_TILL, "Widow Pell's balance is six dollars and ninety-five cents")


def test_a_whole_and_a_quarter_is_one_amount() -> None:
    assert raw_tokens("four and a quarter") == ("4.25",)
    assert raw_tokens("two-and-a-half hours") == ("2.5", "hours")
    assert _supported(_TILL, "Widow Pell put in four and a quarter for her butter")
    assert not _supported(_TILL, "Widow Pell put in four and a half for her butter")


def test_a_count_joined_to_what_it_counts_is_a_count() -> None:
    assert raw_tokens("a twelve-dollar fine") == ("a", "12", "dollar", "fine")
    assert raw_tokens("a three-day march") == ("a", "3", "day", "march")
    assert raw_tokens("a four-poster bed") == ("a", "four", "poster", "bed")  # a kind of bed, no count
    fees = "Claims office. Claim 9 Above: recorded 2 May to J. Orr; fee $12 paid. Claim 4 Below: fee $15 unpaid."
    assert _supported(fees, "Orr paid his twelve-dollar fee")
    assert not _supported(fees, "Orr paid his fifteen-dollar fee")


def test_a_count_of_hundreds_with_more_after_it_is_no_clock() -> None:
    assert raw_tokens("it weighs in at eleven hundred and forty grams") == ("it", "weighs", "in", "at", "1140", "grams")
    assert raw_tokens("we sail at fourteen hundred") == ("we", "sail", "at", "2pm")


def test_a_red_line_is_a_limit_and_walking_away_with_a_prize_is_winning_it() -> None:
    gauge = "Boiler room board. Boiler 2 pressure 180 psi (limit 200). Boiler 3 offline."
    assert _supported(gauge, "Boiler 2 is at 180 psi, under the 200 red line")
    assert not _supported(gauge, "Boiler 2 is at 180 psi, under the 220 red line")
    fair = "County fair results. Pie contest: 1st Mrs. Dunn ($20); 2nd Ada Low ($10)."
    assert _supported(fair, "Ada Low walked away with $10")
    assert not _supported(fair, "Ada Low walked away with $15")


def test_a_total_stated_beside_its_items_is_worked_out_in_view() -> None:
    book = ("Abbey cellarer, Lent accounts. To the mason: 120 pennies. To the glazier: 45 pennies. "
            "For lamp oil: 18 pennies. For alms at the gate: 30 pennies.")
    claim = "120 to the mason, 45 to the glazier, 18 for oil and 30 in alms, 213 pennies in all"
    assert accounted(claim, book)
    assert not accounted("120 to the mason, 45 to the glazier, 18 for oil and 30 in alms, 223 pennies in all", book)


_ROAD = ("Kells to Navan: 2 days\nNavan to Trim: 1 days\nTrim to Mullingar: 3 days\nMullingar to Athlone: 4 days\n"
         "Rest one full day at Trim for the horses.")


def test_the_legs_of_a_road_make_the_whole_journey() -> None:
    assert accounted("ten days on the road plus one full day of rest at Trim, eleven days to Athlone", _ROAD)
    assert not accounted("twelve days on the road plus one full day of rest at Trim, thirteen days to Athlone", _ROAD)
    assert not accounted("eleven days on the road to Athlone", _ROAD)  # the rest day is no leg of the road


def test_what_is_left_or_over_is_a_difference_said_as_one() -> None:
    pay = "Payroll. J. Orme (carter) $14.00. Docked: J. Orme $3.00 for a lost halter."
    assert accounted("Orme was paid $14 and docked $3, leaving $11", pay)
    assert not accounted("Orme was paid $14 and docked $3, leaving $12", pay)
    stores = "Stores. Lamp oil: 30 gallons (min. reserve 24)."
    assert accounted("30 gallons of lamp oil, 6 above the reserve of 24", stores)
    assert not accounted("30 gallons of lamp oil, 8 above the reserve of 24", stores)


def test_a_hedged_span_of_hours_may_be_rounded_to_the_quarter_hour() -> None:
    log = "Pump log. Pump 2 started 21:50, stopped 06:20."
    assert accounted("pump 2 ran about eight and a half hours", log)
    assert not accounted("pump 2 ran eight hours and a quarter", log)  # said plainly, the span is to the minute
    assert not accounted("pump 2 ran about nine and a half hours", log)


def test_what_sets_you_back_is_what_it_costs() -> None:
    board = "Ferry board. Foot passengers: 3 pence. Carts: 9 pence."
    assert _supported(board, "A cart'll set you back nine pence")
    assert not _supported(board, "A cart'll set you back six pence")


def test_the_one_verb_a_retelling_gives_a_verbless_record_is_the_speakers() -> None:
    card = "Race card, Ludlow 2.30. 1st Copper Kettle (4-1). 2nd Blue Finch. 3rd Dandy Lad."
    names = names_in(card)
    assert _supported(card, "Copper Kettle won at 4-1", names)
    assert not _supported(card, "Copper Kettle lost at 4-1", names)  # a verb with an opposite says the other
    assert not _supported(card, "Blue Finch won at 4-1", names)  # the odds are the winner's
    rota = "Crew list: Captain Lund (command), Lieutenant Abe (gunnery), Dr. Sten (medical)."
    assert not _supported(rota, "Dr. Sten handles gunnery", frozenset({"abe", "sten", "lund"}))  # the rest is another item's


def test_a_day_written_as_an_ordinal_is_a_date_in_any_calendar() -> None:
    log = "March book of the caravan. Left Qadim on the 3rd of Frostmonth with 40 mules. Reached Oru on the 19th."
    names = frozenset({"qadim", "frostmonth", "oru"})
    assert _supported(log, "The caravan left Qadim on 3 Frostmonth with 40 mules", names)
    assert not _supported(log, "The caravan left Qadim on 4 Frostmonth with 40 mules", names)
    assert not _supported(log, "The caravan left Qadim on 3 Frostmonth with 30 mules", names)


def test_a_metre_and_a_gram_written_as_a_letter_are_the_units() -> None:
    assert raw_tokens("alt. 640 m.") == ("alt", "640", "metres")
    assert raw_tokens("Hawk - 980 g - flown") == ("hawk", "980", "grams", "flown")
    assert raw_tokens("wind 14 m/s") == ("wind", "14", "m", "s")  # a speed, not metres
    sheet = "Herbarium sheet 40. Coll. 4 Aug 1911, bog near Tarn Moss, alt. 410 m."
    assert _supported(sheet, "It was collected near Tarn Moss at 410 metres")
    assert not _supported(sheet, "It was collected near Tarn Moss at 510 metres")


def test_a_metric_figure_in_the_next_unit_of_its_kind_is_the_same_figure() -> None:
    weather = "Weather book. 9 May: visibility 0.6 km, wind 12 knots."
    assert accounted("visibility was six hundred metres on 9 May", weather)
    assert not accounted("visibility was eight hundred metres on 9 May", weather)


def test_an_hour_said_as_a_word_with_its_half_of_the_day_is_a_clock() -> None:
    assert raw_tokens("the deadline is Thursday, eleven p.m.") == ("the", "deadline", "is", "thursday", "11pm")
    board = "Job board. Courier run to Dock 4. Deadline Thursday 23:00."
    assert _supported(board, "The deadline is Thursday, eleven p.m.")
    assert not _supported(board, "The deadline is Thursday, ten p.m.")


def test_the_thing_a_claim_is_about_is_no_predicate_to_misbind() -> None:
    claims = ["Lot 9 East was recorded to Ada Voss on 2 May", "the lot is 300 feet", "the $10 fee was paid"]
    names = frozenset({"voss", "ada"})
    assert not misbound("Lot nine East was recorded to Ada Voss on the second of May.", ["no9", "east", "voss", "2"],
                        claims, names, frozenset())
    # a word a claim says of its subject is still held to that claim's numbers
    assert misbound("Lot nine East was paid for.", ["9", "east"], ["Lot 9 East was recorded to Ada Voss",
                    "Lot 4 West was paid for"], frozenset({"voss", "ada", "east", "west"}), frozenset())
