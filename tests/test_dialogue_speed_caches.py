"""The dialogue checks' shortcuts and memos answer exactly as the plain computation does, and stay
bounded: they exist for speed only."""

from __future__ import annotations

import re

from bot.dialogue import words as W
from bot.dialogue.claims import MARKER, marker_ids, normalise_id, strip_markers
from bot.dialogue.entailment import _relevant
from bot.dialogue.rendering import misbound
from bot.dialogue.words import Vocabulary, names_in, same_word


def _plain_strip(text: str) -> str:
    cleaned = MARKER.sub("", text)
    cleaned = re.sub(r"\s+([.,;:!?])", r"\1", cleaned)
    return re.sub(r"[ \t]{2,}", " ", cleaned).strip()


def test_strip_markers_matches_the_plain_passes():
    texts = ["Bob left at 3pm [E1].", "Bob left  at 3pm .", "no markers here", "tabs\t\there (E2) , and [self]!",
             "(3) items", "  ", "[E1, E2] both say it ; surely", "a (parenthesis) only"]
    for text in texts:
        assert strip_markers(text) == _plain_strip(text)


def test_marker_ids_without_brackets_is_empty():
    assert marker_ids("Alice works nights.") == []
    assert marker_ids("Alice works nights [E1; self].") == ["E1", "self"]
    assert normalise_id(" e 3 ") == "E3"


def test_vocabularies_of_equal_stems_are_one_and_fuzzy_lookups_agree():
    a = Vocabulary.of_stems(["hacker", "alice", "3pm"])
    b = Vocabulary.of_stems(("alice", "3pm", "hacker"))
    assert a is b
    for word in ("hack", "alic", "3", "bob", "hackers"):
        expected = word in a.stems or any(same_word(word, s) for s in a.stems)
        assert a.has(word) == expected


def test_fuzzy_memo_is_bounded():
    before = W._FUZZY_MAX
    try:
        W._FUZZY_MAX = 4
        vocabulary = Vocabulary.of_stems(["lantern", "harbour"])
        for i in range(20):
            vocabulary.has(f"word{i}")
        assert len(W._fuzzy_new) <= 4 and len(W._fuzzy_old) <= 4
        assert vocabulary.has("lanterns") and not vocabulary.has("word3")
    finally:
        W._FUZZY_MAX = before


def test_relevant_names_accepts_a_set():
    assert _relevant({"alice", "bob"}, "Alice: active.", "alice is out") == frozenset({"alice"})


def test_names_in_still_reads_shouted_lines():
    assert "shadowwatch" in names_in("Meet me at the arcade, SHADOWWATCH is watching.")
    # a telegram: every word in capitals, none a name
    assert not names_in("ARRIVING TUESDAY STOP BRING THE LEDGER STOP")


def test_misbound_keeps_each_fact_with_its_own():
    claims = ["gators on the east bank", "the west bank is clear"]
    assert misbound("East bank's clear", ["east"], claims, frozenset(), frozenset())
    assert not misbound("West bank's clear", ["west"], claims, frozenset(), frozenset())
