"""Word knowledge the guard's parser needs and the scene cannot give it.

A scene names what *is* there; it cannot say that "castle" is a place, "dragon" a being, "rapier"
a kind of sword or "fireball" a spell. These tables answer such questions so that the intent
parser can tell "I walk to the castle" (a place that is not an exit: blocked) from "I walk to the
bar" (a fixture of the room: fine), and prevalidation can tell "my crossbow" (gear the player
lacks) from "his shard" (a word it does not know, so no block).

They are vocabularies, not rules: every decision that uses them also consults the scene first,
and a word missing from them makes the guard *less* strict, never more.
"""

from bot.guard.lexicon.words import (
    ARTICLES,
    DETERMINERS,
    NUMBER_WORDS,
    POSSESSIVES,
    STOPWORDS,
    head_word,
    name_variants,
    norm_phrase,
    singular,
)

__all__ = [
    "ARTICLES",
    "DETERMINERS",
    "NUMBER_WORDS",
    "POSSESSIVES",
    "STOPWORDS",
    "head_word",
    "name_variants",
    "norm_phrase",
    "singular",
]
