"""How names are reduced to a comparable key.

Players write "the stone wall", scenes say "stone walls"; players write "one of my torches", the
sheet says "3 torches". Both sides go through ``norm_phrase`` (lowercase, no punctuation, no
leading articles, possessives or counts, every word singular) so that most matches are a plain
dictionary lookup rather than a fuzzy search.
"""

from __future__ import annotations

import re
from functools import lru_cache

ARTICLES = frozenset({"the", "a", "an"})
POSSESSIVES = frozenset({"my", "our", "your", "his", "her", "their", "its", "thy", "mine"})
DETERMINERS = frozenset(
    {
        *ARTICLES,
        *POSSESSIVES,
        "this", "that", "these", "those", "some", "any", "another", "each", "every", "both",
        "all", "several", "few", "own", "same", "other", "either", "neither", "such", "much",
        "many", "more", "most", "no", "whatever", "which", "what", "yon", "yonder",
    }
)
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100, "dozen": 12, "couple": 2, "pair": 2,
    "single": 1, "half": 1,
}
# Words that carry no meaning for matching a name.
STOPWORDS = frozenset(
    {
        *DETERMINERS, *NUMBER_WORDS, "of", "and", "or", "to", "in", "on", "at", "for", "with",
        "from", "by", "up", "out", "off", "into", "onto", "over", "under", "s",
    }
)

_IRREGULAR_PLURALS = {
    "men": "man", "women": "woman", "children": "child", "mice": "mouse", "geese": "goose",
    "teeth": "tooth", "feet": "foot", "dwarves": "dwarf", "elves": "elf", "wolves": "wolf",
    "knives": "knife", "thieves": "thief", "staves": "staff", "halves": "half", "leaves": "leaf",
    "lives": "life", "wives": "wife", "shelves": "shelf", "calves": "calf", "loaves": "loaf",
    "scarves": "scarf", "hooves": "hoof", "people": "person", "oxen": "ox", "dice": "die",
    "lice": "louse", "cacti": "cactus", "fungi": "fungus", "larvae": "larva", "wharves": "wharf",
    "zombies": "zombie", "pixies": "pixie", "cookies": "cookie", "movies": "movie",
    "rookies": "rookie", "brownies": "brownie", "genies": "genie", "hippies": "hippie",
    "goalies": "goalie", "prairies": "prairie", "calories": "calorie", "beasties": "beastie",
    "collies": "collie", "sorties": "sortie", "coteries": "coterie", "lassies": "lassie",
    "knives'": "knife", "staves'": "staff", "pies": "pie", "ties": "tie", "lies": "lie",
    "dies": "die", "vies": "vie",
}
# Words ending in "s" that are not plurals.
_KEEP_S = frozenset(
    {
        "bless", "boss", "glass", "grass", "moss", "pass", "mass", "brass", "cross", "dress",
        "chess", "press", "fortress", "mistress", "princess", "goddess", "priestess", "empress",
        "duchess", "countess", "sorceress", "witness", "wilderness", "darkness", "abyss", "kiss",
        "compass", "harness", "canvas", "atlas", "iris", "axis", "bus", "gas", "lens", "status",
        "octopus", "asparagus", "citrus", "cactus", "fungus", "walrus", "pegasus", "nexus",
        "its", "his", "this", "thus", "yes", "bias", "alias", "chaos", "famous", "various",
        "us", "as", "is", "was", "has", "does", "goes", "plus", "minus", "series", "species",
        "always", "towards", "afterwards", "backwards", "upwards", "downwards", "forwards",
        "perhaps", "besides", "whereas", "sometimes", "ourselves", "yourselves", "themselves",
        "gauntlets", "bellows", "scissors", "pants", "trousers", "tongs", "gallows", "barracks",
        "news", "arms", "stairs", "thieves", "wares", "goods", "clothes", "remains", "ruins",
        "rapids", "woods", "odds", "means", "headquarters", "crossroads", "dregs", "shambles",
        "tidings", "alms", "innards", "tweezers", "shackles", "rags",
        "mattress", "hostess", "seamstress", "lioness", "heiress", "baroness", "abbess",
        "marquess", "genius", "radius", "tortoise", "wisteria", "ness", "lass", "bass", "loss",
    }
)
_ES_ENDINGS = ("ches", "shes", "sses", "xes", "zes", "oes")

_PUNCT = re.compile(r"[^\w\s'-]+")
_SPACE = re.compile(r"\s+")
_PAREN = re.compile(r"\(([^)]*)\)")


@lru_cache(maxsize=8192)
def singular(word: str) -> str:
    """A crude singular for matching: "walls" -> "wall", "torches" -> "torch", "wolves" -> "wolf"."""
    w = word
    if len(w) <= 3 or not w.endswith("s"):
        return w
    if w in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[w]
    if w in _KEEP_S or w.endswith(("ss", "us", "is", "ous")):
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("ves") and len(w) > 5:
        return w[:-3] + "f"
    if w.endswith(_ES_ENDINGS):
        return w[:-2]
    return w[:-1]


@lru_cache(maxsize=16384)
def norm_phrase(text: str) -> str:
    """The key a name is indexed and looked up under.

    "The Stone Walls" -> "stone wall"; "12 gold coins" -> "gold coin"; "one of my torches" ->
    "torch"; "Thorin's" -> "thorin". Parenthesised parts are dropped (see ``name_variants``).
    """
    t = _PAREN.sub(" ", text.casefold())
    t = t.replace("’", "'")
    t = _PUNCT.sub(" ", t)
    words = [w.strip("'-") for w in _SPACE.split(t)]
    words = [w for w in words if w]
    # drop leading determiners, counts and "of" ("one of my", "a couple of", "some of the")
    i = 0
    while i < len(words) and (
        words[i] in DETERMINERS or words[i] in NUMBER_WORDS or words[i].isdigit() or words[i] == "of"
    ):
        i += 1
    words = words[i:] or words[-1:]  # never reduce to nothing: "all" stays "all"
    out = []
    for w in words:
        if w.endswith("'s"):
            w = w[:-2]
        w = w.replace("'", "")
        if w:
            out.append(singular(w))
    return " ".join(out)


def name_variants(name: str) -> list[str]:
    """Every key a scene name should be found under.

    "Crystal Spike (Greataxe)" -> ["crystal spike", "greataxe"]; "12 gold coins" -> ["gold coin"].
    """
    keys = []
    base = norm_phrase(name)
    if base:
        keys.append(base)
    for inner in _PAREN.findall(name):
        k = norm_phrase(inner)
        if k and k not in keys:
            keys.append(k)
    bare = before_participle(base)
    if bare and bare not in keys:
        keys.append(bare)
    return keys


# Prepositions a participle phrase after a noun opens with ("wrapped in", "stuffed with").
_PARTICIPLE_PREPS = frozenset("in into with by from on under inside around beneath".split())
_IRREGULAR_PARTICIPLES = frozenset("sewn bound wound hung spun woven sown strung drawn worn".split())


def before_participle(key: str) -> str:
    """The noun a participle phrase after it describes: "rice ball wrapped in bamboo leaf" ->
    "rice ball", "pipe carved from briar" -> "pipe".

    Why: a name that tells how a thing is kept or made is still that thing; a player says "my
    rice balls", never the whole description. Only a participle followed by a preposition
    counts, so a participle before its noun ("carved pipe", "hand carved pipe") stays whole."""
    words = key.split()
    for i in range(1, len(words) - 1):
        w = words[i]
        if (w in _IRREGULAR_PARTICIPLES or (len(w) >= 4 and w.endswith("ed"))) and words[i + 1] in _PARTICIPLE_PREPS:
            return " ".join(words[:i])
    return ""


def head_word(key: str) -> str:
    """The head noun of a normalised phrase: its last word, or the word before "of"
    ("captain of guard" -> "captain", "potion of healing" -> "potion")."""
    if not key:
        return ""
    if " of " in key:
        before = key.split(" of ", 1)[0].split()
        if before and before[-1] not in STOPWORDS and before[-1] not in PARTS:
            return before[-1]
    return key.rsplit(" ", 1)[-1]


# "the hilt of my sword" is the sword: parts name the whole they belong to
PARTS = frozenset(
    "head hilt blade tip edge handle point shaft pommel grip haft end side top bottom string flat butt rest back front piece half".split()
)
# "a stick of dynamite" is dynamite, "a bit of my ration bar" a ration bar: measures and portions
# name how much of a thing, not what it is
MEASURES = frozenset(
    """bit piece slice chunk hunk crumb scrap morsel drop sip swig mouthful handful pinch stick
    bottle flask vial phial jar cup mug glass bowl plate loaf wedge strip length coil bundle sheaf
    stack pile box crate bag sack pouch barrel keg cask pint dose measure lump bar can tin packet
    pack roll pair set bunch sprig skein spool ball sheet string cluster clump tuft wisp shard
    splinter fragment sliver dab spoonful scoop cake tablet vial carton case quiver belt""".split()
)


def thing_word(key: str) -> str:
    """The noun that says what a normalised phrase's thing *is*: its head, or after "of" when the
    head is a part or a measure ("hilt of my sword" -> "sword", "stick of dynamite" ->
    "dynamite", "bit of my ration bar" -> "bar")."""
    if not key:
        return ""
    if " of " in key:
        before, after = key.split(" of ", 1)
        b = before.split()
        a = [w for w in after.split() if w not in STOPWORDS]
        if b and a and (b[-1] in PARTS or b[-1] in MEASURES):
            return a[-1]
    return head_word(key)


def verb_stems(w: str) -> list[str]:
    """The base forms an inflected verb may have, likeliest first, for a caller to look up in
    its own verb table: "carried" -> carry, "stabbed" -> stabb, stabbe, stab; "hoping" -> hop, hope."""
    cands: list[str] = []
    if w.endswith("ies") and len(w) > 4:
        cands.append(w[:-3] + "y")
    if w.endswith("es"):
        cands.append(w[:-2])
    if w.endswith("s") and not w.endswith("ss"):
        cands.append(w[:-1])
    if w.endswith("ied") and len(w) > 4:
        cands.append(w[:-3] + "y")
    if w.endswith("ed") and len(w) > 3:
        cands += [w[:-2], w[:-1]]
        if len(w) > 5 and w[-3] == w[-4]:
            cands.append(w[:-3])
    if w.endswith("ing") and len(w) > 4:
        cands += [w[:-3], w[:-3] + "e"]
        if len(w) > 6 and w[-4] == w[-5]:
            cands.append(w[:-4])
    return cands
