"""What ``[self]`` may back, as the citation list writes it: the list speaks of the NPC in the third
person ("she would never go down there"), and the NPC guesses aloud ("the cargo is probably
stolen", "in Mags's view it could be Ruiz"). A guess or the speaker's own stance is the persona's
to back; a plain fact about the world is not, and names or numbers in a guess are still facts."""

from __future__ import annotations

from tests.dialogue_checks import kinds, verdict_on

_NPC = {"name": "Mags Orrin", "persona": "Harbour clerk at Saltreach; she distrusts the customs men and keeps "
                                         "to herself.", "style": "dry, short"}
_SOURCES = [
    {"id": "L1", "text": "Harbour log: the lugger Wren came in at dusk with six crates marked 'lamp oil'."},
    {"id": "L2", "text": "Note: Ruiz paid the night watch two shillings to look away."},
]


def _kinds(speech: str, citations: list[tuple[str, str]]) -> set[str]:
    return kinds(verdict_on(speech, citations, npc=_NPC, sources=_SOURCES, question="What came in last night?"))


def test_a_guess_said_as_one_may_cite_self() -> None:
    speech = "The Wren brought six crates of lamp oil. Lamp oil my foot, probably brandy."
    assert "self_misuse" not in _kinds(speech, [("the Wren brought six crates marked lamp oil", "L1"),
                                               ("the crates probably hold brandy", "self")])
    assert "self_misuse" not in _kinds("Could be the Dorran boys behind it.",
                                       [("in Mags's view it could be the Dorran boys", "self")])


def test_the_npc_as_she_in_a_claim_is_the_speaker() -> None:
    speech = "I'd not touch those crates."
    assert "self_misuse" not in _kinds(speech, [("she would not touch the crates", "self")])


def test_a_plain_fact_or_a_figure_in_a_guess_still_needs_a_document() -> None:
    assert "self_misuse" in _kinds("Ruiz sank the Heron off the point.", [("Ruiz sank the Heron off the point", "self")])
    assert "self_misuse" in _kinds("Probably nine crates.", [("there were probably 9 crates", "self")])
    # "she" is not the speaker when the persona is a "he"
    he = {**_NPC, "persona": "Harbour clerk at Saltreach; he distrusts the customs men."}
    verdict = verdict_on("She left on the Wren.", [("she left on the Wren at dusk", "self")], npc=he,
                         sources=_SOURCES, question="Where is Ruiz's wife?")
    assert "self_misuse" in kinds(verdict)

