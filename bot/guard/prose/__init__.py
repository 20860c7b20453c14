"""Reading English narration well enough to tell events from colour.

The checks need to know, for every word, whether it is part of something *happening now in the
scene*. Words inside quotes are speech; a clause after "she says her brother once..." is a story
about the past; "like a ghost" is a simile; "you try to climb" and "no key" are not events. This
package reads a narration once into tokens with those flags and chunks it into noun phrases (with
their determiner, count, owner and head noun), so every check works from the same reading instead
of each running its own regular expressions over raw text.

One pass, ``reader``, cuts the text into tokens, sentences, quotations and clauses, has
``non_events`` flag what is no event (stories, negations and attempts, figures of speech) and
``phrases`` chunk the noun phrases, all over the records of ``tokens`` and the word-level guesses
of ``grammar``.
"""

from bot.guard.prose.grammar import next_word, tokens_text, verb_after, warm_caches
from bot.guard.prose.phrases import COMMON_BIGRAMS, acts_as_name, person_only_follows, phrase_from
from bot.guard.prose.reader import CLAUSE_PUNCT, CLAUSE_WORDS, read, sentence_spans
from bot.guard.prose.tokens import Phrase, Reading, Token

__all__ = [
    "CLAUSE_PUNCT", "CLAUSE_WORDS", "COMMON_BIGRAMS", "Phrase", "Reading", "Token", "next_word",
    "acts_as_name", "person_only_follows", "phrase_from", "read", "sentence_spans", "tokens_text",
    "verb_after",
    "warm_caches",
]
