"""How a document is read for its plain sense: its "it" stands for what the sentence before was
about ("The ice is thick as far as the second marker. Past the third marker it is thin."), and "a
week" is one week, where "twice a week" says how often; and a record's name before its colon ("Guest
register: ...") says what every entry of it is, as a mail header's sender ("From: ... To: ...") is
who the mail speaks for."""

from __future__ import annotations

from tests.dialogue_checks import kinds, verdict_on


_ICE = [{"id": "N1", "text": "The ice on the mere is thick enough to walk on as far as the second marker. "
                             "Past the third marker it is thin."}]
_WARDEN = {"name": "Edda", "persona": "Ferry warden of the mere; she is careful.", "style": "plain"}


def test_an_it_in_a_document_stands_for_what_the_sentence_before_was_about() -> None:
    verdict = verdict_on("Past the third marker the ice is thin.", [("past the third marker the ice is thin", "N1")],
                         npc=_WARDEN, sources=_ICE, question="Is the ice safe?")
    assert kinds(verdict) == set()
    # but what the document says of the second marker stays with it
    verdict = verdict_on("Past the third marker the ice is thick.", [("past the third marker the ice is thick", "N1")],
                         npc=_WARDEN, sources=_ICE, question="Is the ice safe?")
    assert "not_entailed" in kinds(verdict)


def test_a_week_is_one_week_but_twice_a_week_is_a_rate() -> None:
    sources = [{"id": "R1", "text": "Guest register: Mr. Tobias Wren, checked in Monday, paid one week in advance, cash, $84."}]
    clerk = {"name": "Bea", "persona": "Night clerk; she misses nothing.", "style": "brisk"}

    def check(claim: str) -> set[str]:
        return kinds(verdict_on(claim + ".", [(claim, "R1")], npc=clerk, sources=sources, question="Who is in 412?"))

    assert check("Wren checked in Monday and paid a week in advance, $84") == set()
    assert "not_entailed" in check("Wren checked in Monday and paid two weeks in advance, $84")
    assert "not_entailed" in check("Wren checked in Monday and pays twice a week, $84")


def test_the_name_of_a_record_before_its_colon_heads_every_entry() -> None:
    sources = [{"id": "T1", "text": "Harbour tally book: the Gannet, 40 barrels of herring, unpaid. "
                                    "The Skua, settled in full on Friday, paid in silver."}]
    keeper = {"name": "Rab", "persona": "Tallyman of the herring quay; he is gruff.", "style": "gruff"}

    def check(claim: str) -> set[str]:
        return kinds(verdict_on(claim + ".", [(claim, "T1")], npc=keeper, sources=sources, question="Who paid?"))

    assert check("the Skua settled its tally Friday in silver") == set()
    assert "not_entailed" in check("the Gannet settled its tally Friday in silver")


def test_a_mail_headers_sender_is_who_the_mail_speaks_for() -> None:
    sources = [{"id": "M1", "text": "From: Capt. Ilse Brandt. To: R. Moss. Subject: pumps. Pump two failed twice this "
                                    "week. New seals are ordered from Kiel, due in six days."}]
    mate = {"name": "Moss", "persona": "Second mate of the Oriel; he keeps the log.", "style": "plain"}

    def check(claim: str) -> set[str]:
        return kinds(verdict_on(claim + ".", [(claim, "M1")], npc=mate, sources=sources, question="The pumps?"))

    assert check("Captain Brandt ordered new seals from Kiel, due in six days") == set()
    assert "not_entailed" in check("Captain Brandt ordered new seals from Hamburg, due in six days")
