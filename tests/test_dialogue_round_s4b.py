"""Round s4b of the dialogue verifier: what an honest NPC says besides its facts. Nobody knowing is
not knowing; a "whether" clause asks; "I'd thank you not to" is an order; "mein Freund" is a word of
address however it is capitalised; a [self] claim naming the speaker is the speaker's "I"; a
feeling weighed against another is still a feeling; a word of value a document uses in another
sense is no document's judgement; a saying about any such thing names no thing; a [self] view no
sentence holds is the uncited sentence that says it as a view; and a claim placed on no statement
is the statement that gives its numbers. Each loosening is paired with a near wording that states
an invented world fact and is still caught."""

from __future__ import annotations

from bot.dialogue.claims import Kind, classify
from tests.dialogue_checks import eval_case, kinds, rejected_case, verdict_on, world_fact_in

_NPC = {"name": "Marta Quell", "persona": "Bargemaster on the Varn canal; dour, careful with money, distrusts the toll men.",
        "style": "terse river talk"}
_SOURCES = [
    {"id": "E1", "text": "Barge stores, week 9: rope coils 12; lamp oil 3 casks; spare poles 5 (1 cracked)."},
    {"id": "E2", "text": "Toll table, Varn locks: loaded barge 4 pence a lock; empty barge 2 pence. Locks shut Sundays."},
    {"id": "E3", "text": "Troupe route. Friday: Graz. Saturday: Graz. Two shows nightly, at 6 and 9."},
    {"id": "E4", "text": "Tally of the Lammas fair: 9 coils of rope sold at 3 pence; 2 casks of oil at a shilling."},
]
_TOLL = ("A loaded barge pays 4 pence a lock", "E2")


def _kinds(speech: str, citations: list[tuple[str, str]], question: str = "What's the toll?") -> set[str]:
    return kinds(verdict_on(speech, citations, npc=_NPC, sources=_SOURCES, question=question))


def _case() -> dict:
    return eval_case("", [], npc=_NPC, sources=_SOURCES, question="?")


def test_nobody_knowing_is_not_knowing() -> None:
    names = frozenset({"sunday", "friday"})
    assert classify("Whether they open on Sunday, I reckon nobody knows.", names).kind is Kind.UNCERTAIN
    assert classify("None can say, friend.", names).kind is Kind.UNCERTAIN
    assert classify("They open on Sunday, I reckon.", names).kind is Kind.FACT
    assert _kinds("Four pence a lock loaded. Whether the locks open on Sunday, nobody knows.", [_TOLL]) == set()
    assert "uncited" in _kinds("Four pence a lock loaded. The locks open on Sunday, mind.", [_TOLL])


def test_a_whether_clause_asks_and_states_nothing() -> None:
    assert classify("Whether the barge clears Hessel by Friday", frozenset({"hessel", "friday"})).kind is Kind.SOCIAL
    assert classify("The barge clears Hessel by Friday", frozenset({"hessel", "friday"})).kind is Kind.FACT


def test_i_would_thank_you_not_to_is_a_polite_order() -> None:
    assert _kinds("Four pence a lock loaded. I'd thank you not to ask twice.", [_TOLL]) == set()
    # an order that names a place and a time still tells the listener a fact
    reading = classify("I'd thank you to meet Hal at the Arcade at 3pm.", frozenset({"hal", "arcade"}))
    assert reading.kind is Kind.FACT
    assert "uncited" in _kinds("Four pence a lock loaded. I'd thank you to meet Hal at the Arcade at 3pm.", [_TOLL])


def test_mein_freund_addresses_the_listener_however_capitalised() -> None:
    graz = [("On Friday the troupe is in Graz", "E3"), ("There are two shows, at 6 and 9", "E3")]
    assert _kinds("Friday? Graz, mein Freund! Two shows, six and nine.", graz, "Where's the troupe Friday?") == set()
    assert classify("Graz, mein Freund!", frozenset({"graz", "freund"})).kind is not Kind.FACT
    # an invented guest said to the friend is still a fact no claim vouches for
    assert _kinds("Friday? Graz, mein Freund! The mayor comes to the ten o'clock show.", graz,
                  "Where's the troupe Friday?")


def test_a_self_claim_naming_the_speaker_is_the_speakers_i() -> None:
    case = _case()
    assert not world_fact_in(case, "Marta distrusts the toll men")
    assert not world_fact_in(case, "Marta thinks the toll men are leeches")
    assert not world_fact_in(case, "Marta still despises the lock-keepers")
    # what the speaker did, with a number in it, is a record, whoever's voice it is in
    assert world_fact_in(case, "Marta pays the toll men 12 pence a week")
    assert world_fact_in(case, "Marta's barge carries 12 coils of rope")
    assert "self_misuse" in _kinds("Four pence a lock loaded. Marta pays them twelve pence a week.",
                                   [_TOLL, ("Marta pays the toll men 12 pence a week", "self")])


def test_a_feeling_weighed_against_another_is_still_a_feeling() -> None:
    case = _case()
    assert not world_fact_in(case, "The toll men frighten me more than any flood.")
    assert world_fact_in(case, "The toll men drowned two bargemen more than any flood.")


def test_a_word_of_value_in_another_sense_is_no_documents_judgement() -> None:
    case = _case()
    assert not world_fact_in(case, "It was a fair day's trading")  # E4 names the Lammas fair
    assert world_fact_in(case, "It was a fair day's trading, 9 coils at 3 pence")


def test_a_saying_about_any_such_thing_names_no_thing() -> None:
    names = frozenset()
    assert classify("A barge that pays its tolls sleeps sound.", names).kind is Kind.STANCE
    assert classify("A barge that flew no flag sank at the lock.", names).kind is Kind.FACT
    assert _kinds("Four pence a lock loaded. A barge that pays its tolls sleeps sound.",
                  [_TOLL, ("a barge that pays its tolls sleeps sound", "self")]) == set()


def test_a_self_view_no_sentence_holds_is_the_sentence_that_says_it() -> None:
    view = [("I distrust the toll men", "self")]
    question = "What do you make of the toll men?"
    assert _kinds("Toll men. Bloodsuckers, I'd sooner sink the barge than smile at one.", view, question) == set()
    assert _kinds("Toll men. The canal's worst leeches, the lot.", view, question) == set()
    # a record said beside the view is still uncited: a day and a sum, or an event
    assert "uncited" in _kinds("Toll men. The toll men raised the fee to nine pence on Friday.", view, question)
    assert "uncited" in _kinds("Toll men. They skim every purse on the canal and call it law.", view, question)


def test_a_claim_placed_on_nothing_is_the_statement_giving_its_numbers() -> None:
    rope = [("There are 12 rope coils", "E1"), ("There are 3 casks of lamp oil", "E1")]
    assert _kinds("Twelve on the peg. And three casks of oil.", rope, "What's in stores?") == set()
    # the same number with an invented event is held to the claim's block, and fails it
    assert _kinds("Twelve drowned at Hessel. And three casks of oil.", rope, "What's in stores?")
    assert _kinds("Twelve coils of rope. Three men drowned at Hessel.", rope[:1], "What's in stores?")


def test_the_eval_shape_of_a_view_answer_passes() -> None:
    case = eval_case("Toll men. Bloodsuckers, I'd sooner sink the barge than smile at one.",
                     [("Marta distrusts the toll men", "self")], npc=_NPC, sources=_SOURCES,
                     question="What do you make of the toll men?")
    assert not rejected_case(case)


_LOG = {"id": "E5", "text": "Log: 3 May - left Hessel with 12 coils; 5 May - moored at Graz, caulking begins."}


def _log_kinds(speech: str, citations: list[tuple[str, str]]) -> set[str]:
    return kinds(verdict_on(speech, citations, npc=_NPC, sources=[*_SOURCES, _LOG], question="Where are we?"))


def test_please_opens_an_order() -> None:
    assert classify("Please to wait on the towpath bench, and I shall fetch the key.", frozenset()).kind \
        is not Kind.FACT
    # an order around a time is still held to the time
    assert classify("Please to wait in the lock-house, which shuts at nine.", frozenset()).kind is Kind.FACT


def test_a_sentence_naming_the_cited_one_before_it_adds_nothing() -> None:
    closed = [("Locks are shut on Sundays", "E2")]
    assert _kinds("No, the locks are shut Sundays. That is the rule of this canal, and I keep it.", closed) == set()
    # ... but one that names someone, or tells of an event, is a statement of its own
    assert "uncited" in _kinds("No, the locks are shut Sundays. That is the rule Hal broke, and I keep it.", closed)
    assert "uncited" in _kinds("No, the locks are shut Sundays. That is the lock where the keeper drowned last spring.",
                               closed)


def test_the_rest_of_a_claim_said_in_the_next_sentence_is_that_claim() -> None:
    told = [("We left Hessel on 3 May and moored at Graz on 5 May, where caulking began", "E5")]
    moored = "We left Hessel on the third and moored at Graz on the fifth. "
    assert _log_kinds(moored + "Now we caulk the old barge.", told) == set()
    # the next sentence doing something else to the boat, or adding a name, says more than the log
    assert _log_kinds(moored + "Now we paint the old barge.", told)
    assert _log_kinds(moored + "Now we caulk the old barge for the Duke.", told)


_LETTER = {"id": "E6", "text": "Letter from the canal board: the new lock-keeper, Ada Brenn, starts at Hessel in March."}
_SECRET = {"id": "E7", "trust": 50, "text": "Private: I paid the Graz crew out of the toll box; they were owed for the ice."}


def test_a_possessive_pronoun_carries_on_whom_the_answer_is_about() -> None:
    ada = [("Ada Brenn is the new lock-keeper at Hessel from March", "E6")]
    sources = [*_SOURCES, _LETTER]
    v = verdict_on("She's the new keeper at Hessel, come March. Her father runs the tannery by the weir.", ada,
                   npc=_NPC, sources=sources, question="Who's Ada Brenn?")
    assert "uncited" in kinds(v)  # an invented fact about her kin is a claim, not a musing
    v = verdict_on("She's the new keeper at Hessel, come March. Good luck to her.", ada,
                   npc=_NPC, sources=sources, question="Who's Ada Brenn?")
    assert kinds(v) == set()


def test_a_word_of_value_and_one_word_retell_nothing_withheld() -> None:
    route = [("On Friday the troupe is in Graz", "E3")]
    sources = [*_SOURCES, _SECRET]
    v = verdict_on("Friday they're in Graz. Solid crew.", route, npc=_NPC, sources=sources,
                   question="Where's the troupe Friday?", trust=0)
    assert "trust_leak" not in kinds(v)
    v = verdict_on("Friday they're in Graz. The Graz crew got paid out of the toll box.", route, npc=_NPC,
                   sources=sources, question="Where's the troupe Friday?", trust=0)
    assert "trust_leak" in kinds(v)


def test_a_name_the_citation_list_writes_is_matched_exactly() -> None:
    sources = [*_SOURCES, _LETTER]
    question = "Where does the new keeper start?"
    wrong = verdict_on("Lindau, friend. Come March.", [("Ada Brenn starts as lock-keeper at Lindau in March", "E6")],
                       npc=_NPC, sources=sources, question=question)
    assert "not_entailed" in kinds(wrong)  # the letter says Hessel: a place no source names is no near miss
    right = verdict_on("Hessel, friend. Come March.", [("Ada Brenn starts as lock-keeper at Hessel in March", "E6")],
                       npc=_NPC, sources=sources, question=question)
    assert kinds(right) == set()
    # a capitalised English word in a claim is no name to match
    board = verdict_on("Hessel, friend. Come March.",
                       [("The Board's letter says Ada Brenn starts as lock-keeper at Hessel in March", "E6")],
                       npc=_NPC, sources=sources, question=question)
    assert kinds(board) == set()


def test_a_self_view_goes_to_the_sentence_that_reads_as_a_view() -> None:
    speech = "Twelve coils in the locker. We had fog on the towpath all week. Never tire of it, myself."
    v = verdict_on(speech, [("There are 12 rope coils", "E1"), ("I never tire of the fog", "self")],
                   npc=_NPC, sources=_SOURCES, question="How's the rope?")
    assert v.claim_sentences[1] == [2]  # the view, not "We had fog ...", which [self] cannot back
    assert "self_misuse" not in kinds(v)
    # with no sentence reading as a view, the claim stays where it is, and a fact there is misuse
    v = verdict_on("Twelve coils in the locker. The fog drowned two bargemen at Hessel.",
                   [("There are 12 rope coils", "E1"), ("the fog drowned two bargemen at Hessel", "self")],
                   npc=_NPC, sources=_SOURCES, question="How's the rope?")
    assert "self_misuse" in kinds(v)


def test_a_forgotten_marker_is_looked_for_first_in_the_blocks_the_answer_cites() -> None:
    sources = [{"id": "E0", "text": "Copy for the canal board: the lamp oil is kept in the bow locker."},
               {"id": "E1", "text": "Barge stores, week 9: rope coils 12. The lamp oil is kept in the bow locker."}]
    rope = [("There are 12 rope coils", "E1")]
    v = verdict_on("Twelve coils of rope in the locker. The lamp oil is kept in the bow locker.", rope,
                   npc=_NPC, sources=sources, question="What's in stores?")
    assert kinds(v) == set()  # E1, which the answer cites, says it too: a marker forgotten
    assert v.grounded_elsewhere == {1: "E1"}
    v = verdict_on("Twelve coils of rope in the locker. The lamp oil is kept under the stern seat.", rope,
                   npc=_NPC, sources=sources, question="What's in stores?")
    assert "uncited" in kinds(v)


def test_the_word_after_a_in_a_saying_is_any_of_its_kind_even_a_ledger_heading() -> None:
    ledger = {"id": "E9", "text": "Poles: 5\nRope coils: 12\nLamp oil: 3 casks"}
    case = eval_case("", [], npc=_NPC, sources=[*_SOURCES, ledger], question="?")
    assert not world_fact_in(case, "a pole that bends saves the barge")  # "Poles:" heads a column, names no one
    assert world_fact_in(case, "a pole that bends broke at the Hessel lock")  # an event
    assert world_fact_in(case, "a pole that bends costs 4 pence")  # a price
