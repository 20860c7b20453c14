"""Round i, second part, of the dialogue verifier: retellings of structured records. A part of the
day is held to the clock of the record the claim is about; a number after a number sign labels an
entry and is no clock; an hour said plainly is its own clock time (a hedged one may be a few minutes
off); "ten till two" joins two hours; a heading's date dates
every row; a record's title (or the label before its colon) says what every entry of it is; a
statement about someone says their name; a claim telling both ends of a journey contradicts
neither. Each retelling is paired with a swapped fact that is still rejected."""

from __future__ import annotations

from bot.dialogue.claims import Kind, classify
from bot.dialogue.entailment import OVERLAP, words_of
from bot.dialogue.quantities import spoken
from bot.dialogue.words import names_in, raw_tokens, same_word
from tests.dialogue_checks import eval_case, rejected_case


def _supported(premise: str, claim: str, names: frozenset[str] | None = None) -> bool:
    names = names_in(f"{premise} {claim}") if names is None else names
    return OVERLAP.score(premise, claim, loose=True, names=names) >= OVERLAP.threshold


_AIRFIELD = ("Airfield log, Tuesday 4 May. 06:40 Dakota Osprey (Capt. Fenn) out to Jersey, 21 passengers. "
             "13:15 fuel bowser 2 reported leaking; fitter Rowe sent. 19:50 runway lights failed; restored 20:30.")


def test_a_part_of_the_day_is_held_to_the_clock_of_its_own_record() -> None:
    names = names_in(_AIRFIELD)
    assert _supported(_AIRFIELD, "The runway lights failed on Tuesday evening", names)
    assert not _supported(_AIRFIELD, "The runway lights failed on Tuesday afternoon", names)  # 13:15 is the bowser's
    assert _supported(_AIRFIELD, "Rowe was sent on Tuesday afternoon", names)
    assert not _supported(_AIRFIELD, "Rowe was sent on Tuesday morning", names)  # 06:40 is the Dakota's
    assert _supported(_AIRFIELD, "21 passengers flew out to Jersey on Tuesday morning", names)
    assert not _supported(_AIRFIELD, "21 passengers flew out to Jersey on Tuesday evening", names)


_BOATS = "Ferries from Ashby, winter 1931. No. 4 Wren: dep. Ashby 08:00, arr. Hull 11:30. No. 9 Lark: dep. Ashby 16:00."


def test_a_number_sign_labels_an_entry_and_is_no_clock() -> None:
    assert raw_tokens("No. 4 Wren") == ("number", "no4", "wren")
    assert raw_tokens("number nine") == ("number", "no9")
    assert same_word("no4", "4") and not same_word("no4", "4pm")
    assert _supported(_BOATS, "No. 4 leaves Ashby at 8am")
    assert not _supported(_BOATS, "No. 9 leaves Ashby at 8am")
    assert not _supported(_BOATS, "No. 4 leaves Ashby at 4pm")  # the 4 of "No. 4" is not the Lark's 16:00


_BUS = "Carrier's cart, Wold to Malton. Leaves the Bell at 07:10 and 12:40 on market days. Fare 4d."


def test_an_hour_said_plainly_is_its_own_clock_time() -> None:
    assert not _supported(_BUS, "The cart leaves the Bell at 7 on market days")
    assert not _supported(_BUS, "The cart leaves the Bell at seven on market days")
    assert _supported(_BUS, "The cart leaves the Bell at about 7 on market days")
    assert _supported(_BUS, "The cart leaves the Bell a little after seven on market days")
    assert _supported(_BUS, "The cart leaves the Bell at ten past seven on market days")
    assert not _supported(_BUS, "The cart leaves the Bell at about 8 on market days")
    assert same_word("2", "2:02") and not same_word("2", "2:10")  # the nearest five minutes, still
    assert spoken("around seven") == "around 7ish" and spoken("about 7 men") == "about 7 men"


def test_ten_till_two_joins_two_hours() -> None:
    hours = "Reading room: Saturdays 10 am to 2 pm. Closed Sundays."
    assert _supported(hours, "The reading room is open Saturdays, ten till two")
    assert not _supported(hours, "The reading room is open Saturdays, ten till three")
    assert spoken("at ten till two") == "at 1:50"  # a moment, where "at" says one is meant
    assert spoken("so ten to seven") == "so 6:50"


def test_a_headings_date_dates_every_row() -> None:
    tally = "Ballot count, 3 Nov: 214 for, 87 against, 9 spoiled."
    assert _supported(tally, "214 for, 87 against, 9 spoiled as of 3 Nov")
    assert not _supported(tally, "214 for, 87 against, 19 spoiled as of 3 Nov")


_ROTA = ("August night rota. Lamp watch: week 1 Pell, week 2 Orr, week 3 Pell, week 4 Orr. Boat drill: Sundays. "
         "Fog bell: 0200 Orr; 0400 Pell.")


def test_a_records_title_says_what_every_entry_is() -> None:
    names = names_in(_ROTA)
    assert _supported(_ROTA, "Orr rings the 0200 fog bell in August", names)
    assert not _supported(_ROTA, "Orr rings the 0200 fog bell in September", names)
    assert not _supported(_ROTA, "Orr rings the 0500 fog bell in August", names)
    stores = "Stores taken, relief boat, 9 May. Oil: 40 gallons. Coal: 2 tons. Flour: none since April."
    assert not _supported(stores, "The relief boat brought 40 gallons of oil on 9 April")  # April is the flour's


def test_a_record_like_the_ones_below_is_no_title() -> None:
    menu = "Pike with sorrel, 14 shillings.\nEel pie, 9 shillings.\nNo game this week."
    assert _supported(menu, "Eel pie is 9 shillings")
    assert not _supported(menu, "Eel pie is 14 shillings")


def test_the_label_before_the_colon_names_the_record() -> None:
    order = "Work order #41: rehang the boathouse door. Assigned: joiner Tate. Status: closed, signed off 3 May."
    assert _supported(order, "Work order #41 is closed")
    assert not OVERLAP.contradicts(order, "Work order #41 is closed")
    assert OVERLAP.contradicts(order, "Work order #41 is still open")  # its status, under its title
    assert not _supported(order, "Work order #42 is closed")
    stock = "Bandages: 40 rolls. Splints: 6. Iodine: 2 bottles, one cracked."
    assert not _supported(stock, "There are 40 splints")  # a field like the others, not a title


def test_a_statement_about_someone_says_their_name() -> None:
    chart = ("Cot 7, Mrs. Agnes Poole, 71. Admitted 2 Feb with a broken wrist. Plaster renewed weekly. "
             "Pulse 88 at 10 am, 76 at 6 pm. Visitors until 8 pm.")
    names = names_in(chart)
    assert _supported(chart, "Mrs. Poole's pulse was 76 at 6 pm", names)
    assert not _supported(chart, "Mrs. Poole's pulse was 86 at 6 pm", names)


def test_a_journey_told_with_both_its_ends_contradicts_neither() -> None:
    told = "The Wren leaves us at ten past seven in the morning, sir, reaching Hull Quay at a quarter to twelve."
    boats = ("Down boats, Ashby Canal, summer 1931. No. 4 Wren: dep. Ashby 07:10, arr. Hull Quay 11:45. "
             "No. 8 Lark: dep. Ashby 13:30, arr. Hull Quay 19:05.")
    assert not OVERLAP.contradicts(boats, told, names=names_in(f"{boats} {told}"))
    assert _supported(boats, told)
    swapped = "The Wren leaves Hull Quay at 11:45, reaching Ashby at 7:10"  # each end at the other's
    assert OVERLAP.contradicts(boats, swapped, names=names_in(f"{boats} {swapped}"))
    assert OVERLAP.contradicts(boats, "The Wren arrives at Hull Quay at 7:10", names=names_in(boats))


def test_what_a_denied_let_lets_happen_is_denied() -> None:
    rule = "Ferry rules: fares paid before boarding. Never open the cash box where passengers watch."
    assert not OVERLAP.contradicts(rule, "Never let a passenger see the cash box opened!")
    assert OVERLAP.contradicts(rule, "Let the passengers see the cash box opened")
    assert [w.negated for w in words_of("Don't let the boy take the oars")] == [True, False, True, False]


_KEEPER = {"name": "Tam Ridley", "persona": "Lock keeper at Ashby, 1931; warm, talkative.", "style": "Plain."}
_ROSTER = [{"id": "R1", "type": "roster", "text": "Lock roster, week of 3 June. Days: Tam Ridley. Nights: Joe Pask."}]


def test_what_one_calls_a_person_one_likes_is_the_speakers_own() -> None:
    liked = eval_case("Joe Pask has the nights, and he's a sweetheart.",
                      [("Joe Pask works nights", "R1"), ("Joe is a sweetheart", "self")],
                      npc=_KEEPER, sources=_ROSTER, question="Who's on nights?")
    assert not rejected_case(liked)
    fact = eval_case("Joe Pask has the nights, and he's a Methodist.",
                     [("Joe Pask works nights", "R1"), ("Joe is a Methodist", "self")],
                     npc=_KEEPER, sources=_ROSTER, question="Who's on nights?")
    assert rejected_case(fact)  # a fact about him, which no record of his holds


def test_anybodys_guess_says_the_speaker_does_not_know() -> None:
    unsure = eval_case("Joe Pask has the nights. Whether he comes in tonight is anybody's guess.",
                       [("Joe Pask works nights", "R1")], npc=_KEEPER, sources=_ROSTER, question="Is Joe in early?")
    assert not rejected_case(unsure)
    invented = eval_case("Joe Pask has the nights. He comes in early on Fridays.",
                         [("Joe Pask works nights", "R1")], npc=_KEEPER, sources=_ROSTER, question="Is Joe in early?")
    assert rejected_case(invented)


def test_the_sender_a_message_opens_with_is_who_asks_in_all_of_it() -> None:
    note = ("From Tyne Pilotage office: Ridley, the north crane is condemned by 40 tons. "
            "Keep this off the quay notice board until the inspector reaches Ashby; we will settle it.")
    names = names_in(note)
    assert _supported(note, "Tyne Pilotage office wants it kept off the quay notice board until Ashby", names)
    assert not _supported(note, "Tyne Pilotage office wants it kept off the quay notice board until Hull",
                          names | {"hull"})
    assert not _supported(note, "Tyne Pilotage office says the south crane is condemned", names)


_CART = [{"id": "C1", "type": "schedule",
          "text": "Carrier's cart, Wold to Malton. Weekdays 7.15, 11.40, 4.05. Saturdays 9.30 and 2.10 only. Fare 4d."}]


def test_a_list_of_clock_times_counts_its_times() -> None:
    three = eval_case("Three a day in the week: a quarter past seven, twenty to twelve, five past four.",
                      [("Weekday carts run at 7.15, 11.40 and 4.05", "C1")],
                      npc=_KEEPER, sources=_CART, question="When does the cart go?")
    assert not rejected_case(three)
    four = eval_case("Four a day in the week: a quarter past seven, twenty to twelve, five past four.",
                     [("Weekday carts run at 7.15, 11.40 and 4.05", "C1")],
                     npc=_KEEPER, sources=_CART, question="When does the cart go?")
    assert rejected_case(four)


def test_a_pressure_in_a_gauges_shorthand_is_the_unit() -> None:
    gauge = "Boiler log, day 12. Drum pressure 1.8 MPa (limit 2.1). Feed pump 2 on standby."
    assert _supported(gauge, "The drum is at one point eight megapascals")
    assert not _supported(gauge, "The drum is at one point eight kilopascals")
    assert not _supported(gauge, "The drum is at two point eight megapascals")


def test_left_shut_is_kept_shut_not_a_departure() -> None:
    note = "From the lock office: the four casks for Pask & Daughter are to be held unopened until Friday."
    assert _supported(note, "The lock office wants the casks left shut until Friday")
    assert not _supported(note, "The lock office wants the casks left shut until Monday")
    assert OVERLAP.contradicts(note, "The lock office wants the casks opened until Friday")


def test_a_land_and_its_peoples_word_name_one_place() -> None:
    log = "Warehouse log. 2 June: the Kenyan coffee damp, 3 sacks spoiled. 4 June: tea from Assam received."
    assert same_word("kenya", "kenyan") and not same_word("kenya", "kenyans") and not same_word("ana", "anan")
    assert _supported(log, "On 2 June the coffee from Kenya was damp")
    assert not _supported(log, "On 2 June the coffee from Uganda was damp")


def test_hundreds_of_hours_counted_are_no_time_of_day() -> None:
    assert spoken("six hundred hours over its service life") == "six hundred hours over its service life"
    assert spoken("we sail at fourteen hundred hours") == "we sail at 2pm"
    mail = "Engine note: the port winch motor is past its rated service life by 400 hours. Replace at Hull."
    assert _supported(mail, "The port winch motor is four hundred hours over its rated service life")
    assert not _supported(mail, "The port winch motor is five hundred hours over its rated service life")


def test_a_saying_that_repeats_its_subject_states_no_fact() -> None:
    assert classify("Beyond that, sir, lock business is lock business.", frozenset()).kind is Kind.STANCE
    assert classify("Beyond that, sir, lock business is slow.", frozenset()).kind is Kind.FACT
    sayer = eval_case("Joe Pask has the nights. Beyond that, sir, lock roster business is lock roster business.",
                      [("Joe Pask works nights", "R1")], npc=_KEEPER, sources=_ROSTER, question="Who's on nights?")
    assert not rejected_case(sayer)
    fact = eval_case("Joe Pask has the nights. Beyond that, the roster is pinned in the lock hut.",
                     [("Joe Pask works nights", "R1")], npc=_KEEPER, sources=_ROSTER, question="Who's on nights?")
    assert rejected_case(fact)
