"""The dialogue guard's fast paths answer exactly as the slow ones they stand in for.

Each shortcut of the speed round (a cheap look before a costly pattern, a memo keyed on less, a
look-up by set instead of pair by pair) must change nothing: these tests hold each to the plain
computation on texts chosen to trip it.
"""

from __future__ import annotations

import random

import pytest

from bot.dialogue import arithmetic, claims, lexicon, money, quantities, words
from bot.dialogue.senses import related, related_to_any
from bot.dialogue.words import Vocabulary

TEXTS = [
    "meet me at the arcade at ten forty-five at night, by the payphone on Fifth",
    "Sailings Mon, Wed & Sat at 7.15, 11.50 and 4.05; closed Sun. Fare 4s 2d, children half.",
    "ETA revised to 2 Sept. Wind NNE 22 kt. 0600: temp -38.2C. 1800: temp -41.0C",
    "'Tis not for a woman, he said, callin' from outta the river Wednesday mornin'",
    "Volume II, chapter IX: the gate is left open from sundown till a quarter past six",
    "about seven, give or take; roughly 2.40 metres; No. 41 paid $6,150.",
    "he giveth and rattleth; the forest beneath the north-west tower",
    "two metres forty deep, four-fifteen sharp, zero-two-forty hours, oh-six-hundred",
    "pay them twenty each; Camels: 46 (of which 6 carry water only)",
    "closed to vessels drawing more than six feet; under 40 tons may pass",
    "Fıfteen past ſix",  # non-ASCII letters some case-insensitive patterns match
    "TEN FORTY AT NIGHT, till two forty-five, at nine thirty",
    "",
]


def _variants() -> list[str]:
    rng = random.Random(7)
    out = list(TEXTS)
    for _ in range(300):
        picked = rng.sample(TEXTS, 3)
        out.append(" ".join(picked))
        out.append("\n".join(p.upper() if rng.random() < 0.3 else p for p in picked))
    return out


def _plain_phrases(text: str) -> str:
    return lexicon._PHRASE.sub(lambda m: lexicon.PHRASES[m.group(0)], text)


@pytest.mark.parametrize("text", _variants()[:60])
def test_phrase_look_ahead_changes_nothing(text: str) -> None:
    for t in (text, text.lower()):
        assert lexicon.rewrite_phrases(t) == _plain_phrases(t)


def test_every_phrase_is_still_rewritten() -> None:
    for phrase, plain in lexicon.PHRASES.items():
        assert lexicon.rewrite_phrases(f"so {phrase}, then") == f"so {plain}, then"


def test_guarded_passes_match_unguarded_patterns() -> None:
    for text in _variants():
        low = text.lower()
        # each guard is a necessary condition: where it fails, its pattern finds nothing
        if not money._DIGIT.search(low) and not any(c in low for c in ("shilling", "pence", "penn", "\u00a3",
                                                                          "crown", "bob")):
            assert not money._CUES.search(low)
        if not any(a in text for a in quantities._DAY_CAPS):
            assert not quantities._DAY_ABBR.search(text) and not quantities._DAY_LIST.search(text)
        if not quantities._FOUR_FIGURES.search(low):
            assert not quantities._MILITARY.search(low)
        if not quantities._DOTTED_ANY.search(low):
            assert not quantities._DOTTED_CLOCK.search(low) and not quantities._DOTTED_LIST.search(low)
        if not any(h in low for h in quantities._HEDGE_STEMS):
            assert not quantities._HEDGE_WORD.search(low)
        if "'" not in low and not any(k in low for k in words._DIALECT_PLAIN):
            assert not words._DIALECT_WORD.search(low)


def test_raw_tokens_fast_path_keeps_number_words() -> None:
    assert words.raw_tokens.__wrapped__("forty-nine, seven years after") == ("49", "7", "years", "after")
    assert words.raw_tokens.__wrapped__("a hundred and forty casks, the third one") == (
        "a", "140", "casks", "the", "3rd", "one")
    assert words.raw_tokens.__wrapped__("four point three metres, forty-five cents") == (
        "4.3", "metres", "0.45", "dollars")


def test_related_to_any_is_any_related() -> None:
    rng = random.Random(3)
    vocabularies = [Vocabulary.of(t).stems for t in TEXTS] + [
        Vocabulary.of("the blokes and the patrons saw the rifles").stems]
    candidates = sorted({w for v in vocabularies for w in v}) + ["men", "customer", "gun", "see", "ab", "12", ""]
    for stems in vocabularies:
        for word in rng.sample(candidates, min(60, len(candidates))):
            assert related_to_any(word, stems) == any(related(word, s) for s in stems)


def test_classify_memo_ignores_only_names_it_never_asks_about() -> None:
    names = frozenset({"alice", "bob", "zero", "neon", "grid", "harl"})
    extra = names | frozenset({"tucson", "berlin", "japanes", "mallory", "cellar"})
    for clean in ["alice is out, bob is active.", "Bob: on mission. back friday.", "I don't trust alice, bob or anybody",
                  "connection spent 1993 in Berlin.", "mon ami", "if the sea allows", "Captain, the gate stays shut."]:
        plain = claims._classify.__wrapped__
        assert claims.classify(clean, names) == plain(clean, names)
        assert claims.classify(clean, extra) == plain(clean, extra)


def test_premise_readings_memoised_as_read() -> None:
    premise = TEXTS[8] + "\n" + TEXTS[9] + "\nFri-Sun closed. 2 h 15 min from 07:30 Tue to 21:00 Wed. 6 ft 4 in tall."
    arithmetic.preload(premise)
    for claim in ["forty camels carry goods", "nine feet is too deep to pass", "he is 76 inches tall",
                  "a wait of 135 minutes", "so 63 packs in all for 3 days", "it is 42 hours from tuesday 3am"]:
        first = arithmetic.accounted(claim, premise, given="how many?", mentions=["camel"], totals=["ten each"])
        assert arithmetic.accounted(claim, premise, given="how many?", mentions=["camel"], totals=["ten each"]) == first
