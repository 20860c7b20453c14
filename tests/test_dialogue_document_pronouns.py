"""A document's "it" stands for what the sentence before it was about: in "The ice is thick as far
as the second marker. Past the third marker it is thin." the thin ice is past the third marker."""

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
