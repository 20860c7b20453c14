"""``no_ability`` for a power the scene gives to someone else, claimed by the player.

Why the scene's own sheets: a setting's special powers are named on the characters who have
them ("iron palm strike" on the boxer, "turn to smoke" on the djinn), and no word list can know
every setting's names for them. When the player's words use such a power by its name ("with my
iron palm", "I turn to smoke") and the player's own sheet does not list it, the player is
claiming what the scene says belongs to another. A power is claimed only by a run of at least
two of its own words in its own order, so plain deeds that share a word ("I throw a knife" beside
a "knife throw") are not claims; a power built on a thing the player holds ("pistol shot" with a
pistol in hand) is that thing's use, which the dice decide; and words that only ask, watch or
tell of someone else doing it are no claim (in such words only the player's own verb claims).
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard.finding import Finding
from bot.guard.index import SceneIndex
from bot.guard.lexicon.verbs import VERBS, verb_lemma
from bot.guard.lexicon.wordclass import verb_base
from bot.guard.lexicon.words import STOPWORDS, norm_phrase, singular
from bot.guard.prevalidate.deeds import _first_verb, _player_does
from bot.guard.prevalidate.sheet import _Sheet
from bot.guard.prevalidate.wording import _ascii, _cap, _finding
from bot.world.intent import Intent
from bot.world.scene import Scene

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_BORROWED_POWER_RE1 = re.compile(r"\W*(?:i|we|i'll|i'm|let me)\b", re.I)
_SKILL_DONE_RE1 = re.compile(r"^\W*(?:(?:i|we|then|and|now|just)\s+)+")
_SKILL_DONE_RE2 = re.compile(r"^\W*(?:(?:i|we|then|and|now|just)\s+)+", re.I)

# Deeds in which another's power is only spoken of or seen: "ask the djinn to turn to smoke".
_NOT_CLAIMS = frozenset({"talk", "examine", "buy"})
_OWNERLESS = frozenset({"i", "me", "my", "mine", "myself", "we", "our", "the", "a", "an"})


def _content(text: str) -> tuple[str, ...]:
    return tuple(singular(w) for w in norm_phrase(_ascii(text)).split() if w not in STOPWORDS and w not in _OWNERLESS)


# (cached per scene text) ``_content`` of the sheet's and the scene's own entries, which recur
# on every turn and in every rebuilt index; the player's words are read afresh each time.
_scene_content = lru_cache(maxsize=4096)(_content)


@lru_cache(maxsize=64)
def _others_powers(index: SceneIndex) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(cached per scene) (owner, ability, its words) for every ability someone else here has and
    the player's sheet does not, without those built on a thing the player holds."""
    scene = index.scene
    player = scene.player
    own = [set(_scene_content(a)) for a in player.abilities]
    held = {w for item in player.inventory for w in _scene_content(item)}
    out: list[tuple[str, str, tuple[str, ...]]] = []
    for who in [*scene.npcs, *scene.party]:
        for ability in getattr(who, "abilities", None) or ():
            words = _scene_content(ability)
            if len(words) < 2 or set(words) & held or any(set(words) <= mine for mine in own):
                continue
            out.append((who.name or "someone", ability, words))
    return tuple(out)


def _borrowed_power(intent: Intent, scene: Scene, index: SceneIndex, sheet: _Sheet) -> Finding | None:
    if not intent.words:
        return None
    # in words said or seen, a power is claimed only by the player's own verb ("I command the
    # trees ..."), not by what someone is asked or watched to do ("ask the djinn to turn to smoke")
    if intent.action_type == "talk" and not _BORROWED_POWER_RE1.match(intent.words):
        return None  # "Eddie, snap a photo of the ledger": an order to the one addressed
    verb = singular(_first_verb(intent.words)) if intent.action_type in _NOT_CLAIMS else None
    powers = _others_powers(index)
    if not _player_does(intent.words, index):
        return None
    if not powers:
        return _skill_done(intent, index, sheet)
    said = _content(intent.words)
    said_words = set(said)
    own: list[set[str]] | None = None
    for owner, ability, words in powers:
        if len(said_words.intersection(words)) < 2:
            continue  # a claim is a run of two or more of the power's words
        if own is None:
            own = [set(_scene_content(a)) for a in scene.player.abilities]
        for size in range(len(words), 1, -1):
            for i in range(len(words) - size + 1):
                run = words[i : i + size]
                if any(set(run) <= mine for mine in own) or (verb is not None and run[0] != verb):
                    continue
                if any(said[k : k + size] == run for k in range(len(said) - size + 1)):
                    conf = 0.9 if intent.ambiguous else (intent.confidence or 0.9)
                    return _finding(
                        "no_ability",
                        0.88 * conf,
                        _span(run, intent.words),
                        f"{owner}: {ability}; your abilities: {sheet.abilities}",
                        f"{_cap(ability)} is {owner}'s, not yours; your abilities: {sheet.abilities}.",
                    )
    return _skill_done(intent, index, sheet)


# Trained skills a sheet names by one noun, and the verbs that do them: a one-word power is not
# claimed by its word's run (no run of two), but by its own doing ("I operate on his hand" is
# surgery). Each verb counts only with the word that makes it the skill's ("operate on").
_SKILL_DEEDS: dict[str, re.Pattern[str]] = {
    "surgery": re.compile(r"^(?:operate|operates|operating)\s+on\b|^(?:amputate|amputates|suture|sutures|trepan|trephine)\b"),
    "hypnosis": re.compile(r"^(?:hypnoti[sz]e|hypnoti[sz]es|mesmeri[sz]e|mesmeri[sz]es|entrance|entrances)\b"),
    "hypnotism": re.compile(r"^(?:hypnoti[sz]e|hypnoti[sz]es|mesmeri[sz]e|mesmeri[sz]es)\b"),
    "ventriloquism": re.compile(r"^(?:throw|throws)\s+my\s+voice\b"),
}


# Trained arts no one has by default, and the callings that carry them: a private eye does not
# hypnotise, a merchant does not see the future, whoever else in the scene can or cannot.
_TRAINED_ARTS: dict[str, tuple[re.Pattern[str], frozenset[str]]] = {
    "hypnosis": (re.compile(r"\b(?:hypnoti[sz]e|hypnoti[sz]es|mesmeri[sz]e|mesmeri[sz]es)\b"),
                 frozenset({"hypnotist", "mesmerist", "mentalist", "psychic"})),
    "divination": (re.compile(r"\b(?:see|foresee|glimpse|read|divine|scry)s? (?:the|my|his|her|their|"
                              r"your|our) (?:future|fate|destiny|fortune)\b|\bscry(?:ing)?\b|\bprophes(?:y|ise|ize)\b"),
                   frozenset({"seer", "oracle", "prophet", "diviner", "fortune-teller", "soothsayer",
                              "augur", "mystic", "witch", "shaman", "astrologer"})),
}


def _calling_carries(art: str, sheet: _Sheet) -> bool:
    """Does the player's sheet or calling carry this trained art ("stage hypnotist")?"""
    deed, callings = _TRAINED_ARTS.get(art, (None, frozenset()))
    grants = f"{sheet.abilities} {sheet.class_name}".casefold()
    return art[:5] in grants or any(c in grants for c in callings) or bool(sheet.classes & callings) or (
        deed is not None and deed.search(grants) is not None)


def _untrained_art(intent: Intent, sheet: _Sheet) -> Finding | None:
    """A trained art the player's sheet and calling do not give ("I hypnotize Frankie" from a
    private investigator, "I whirl into a trance and see the future" from a merchant)."""
    if intent.action_type in ("talk", "buy"):
        return None  # "I ask Sela to read my fortune": asked of someone, not done
    words = (intent.words or "").casefold()
    for art, (deed, callings) in _TRAINED_ARTS.items():
        m = deed.search(words)
        if m is None:
            continue
        if _calling_carries(art, sheet):
            return None
        conf = 0.9 if intent.ambiguous else (intent.confidence or 0.9)
        return _finding("no_ability", 0.85 * conf, m.group(0),
                        f"class: {sheet.class_name or 'unknown'}; abilities: {sheet.abilities}",
                        f"You have no training in {art}; your abilities: {sheet.abilities}.")
    return None


def _skill_done(intent: Intent, index: SceneIndex, sheet: _Sheet) -> Finding | None:
    """A one-word trained skill someone else here has ("surgery" on the doctor), done by the
    player whose sheet lacks it: "I operate on Pete's hand myself"."""
    scene = index.scene
    words = norm_phrase(_SKILL_DONE_RE1.sub("", (intent.words or "").casefold()))
    done = {skill for skill, deed in _SKILL_DEEDS.items() if deed.search(words)}
    if not done:
        return _untrained_art(intent, sheet)  # no one else's skill: still, is it trained work?
    own = {norm_phrase(a) for a in scene.player.abilities}
    for who in [*scene.npcs, *scene.party]:
        for ability in getattr(who, "abilities", None) or ():
            skill = norm_phrase(ability)
            if skill not in done or skill in own or _calling_carries(skill, sheet):
                continue
            conf = 0.9 if intent.ambiguous else (intent.confidence or 0.9)
            span = _SKILL_DONE_RE2.sub("", (intent.words or "").strip())
            span = " ".join(span.split()[:2])
            return _finding(
                "no_ability", 0.88 * conf, span, f"{who.name}: {ability}; your abilities: {sheet.abilities}",
                f"{_cap(ability)} is {who.name}'s, not yours; your abilities: {sheet.abilities}.",
            )
    return _untrained_art(intent, sheet)


@lru_cache(maxsize=64)
def _trades(index: SceneIndex) -> dict[str, tuple[str, str, str]]:
    """(cached per scene) The trades someone else here plies with a tool of their own, by the
    verb that does them: a one-word skill ("weld", "welding") whose word begins the name of a
    thing its owner holds ("welding torch", "plasma welder"). None the player's own sheet lists,
    none the player holds a tool for, none a tool lying here serves."""
    scene = index.scene
    own = {w for a in scene.player.abilities for w in _stems(a)}
    at_hand = {w for item in [*scene.player.inventory, *scene.items] for w in _item_words(item)}
    out: dict[str, tuple[str, str, str]] = {}
    for who in [*scene.npcs, *scene.party]:
        tools = [item for item in (getattr(who, "items", None) or getattr(who, "inventory", None) or ())]
        for ability in getattr(who, "abilities", None) or ():
            stems = _stems(ability)
            if len(stems) != 1:
                continue
            stem = next(iter(stems))
            if stem in own or len(stem) < 4 or any(w.startswith(stem) for w in at_hand):
                continue
            tool = next((t for t in tools if any(w.startswith(stem) for w in _item_words(t))), None)
            if tool is not None:
                out.setdefault(stem, (who.name or "someone", ability, tool))
    return out


@lru_cache(maxsize=4096)
def _stems(ability: str) -> frozenset[str]:
    """(cached per sheet entry) The verb of a one-word skill ("welding" -> "weld"); an empty set
    for a longer one. Sheets recur on every turn and in every rebuilt index."""
    words = [w for w in _item_words(ability) if w not in STOPWORDS]
    if len(words) != 1:
        return frozenset()
    w = words[0]
    return frozenset({verb_base(w) or (w[:-3] if w.endswith("ing") and len(w) > 6 else w)})


_LETTERS = re.compile(r"[a-z]+")


@lru_cache(maxsize=4096)
def _item_words(text: str) -> tuple[str, ...]:
    """(cached per scene text) The letter runs of an item's or a skill's name, as typed."""
    return tuple(_LETTERS.findall(_ascii(text)))


def _tool_of_trade(intent: Intent, index: SceneIndex, sheet: _Sheet) -> Finding | None:
    """A trade someone else here plies with their own tool, done by the player who has neither
    the skill nor any tool for it ("weld the axle back together" beside the mechanic's welding
    torch): it needs what the scene gives only to them. A means the words name is checked as
    that item instead, and what someone is asked to do is theirs."""
    if intent.method_kind == "item" or intent.action_type in _NOT_CLAIMS or not intent.words:
        return None
    verb = _first_verb(intent.words)
    base = verb_base(verb) if verb else None
    if base is None or verb_lemma(verb) in VERBS:
        return None  # an everyday deed the lexicon knows (sing, haggle, scan, climb): anyone's
    trades = _trades(index)
    if base not in trades or not _player_does(intent.words, index):
        return None
    owner, ability, tool = trades[base]
    conf = 0.9 if intent.ambiguous else (intent.confidence or 0.9)
    return _finding(
        "no_item", 0.85 * conf, verb, f"{owner}: {ability}, {tool}; your inventory: {sheet.inventory}",
        f"You have nothing to {base} with: the {tool} is {owner}'s, and {ability} is not among your abilities.",
    )


def _span(run: tuple[str, ...], words: str) -> str:
    """The player's own words for the run ("turn to smoke" for ("turn", "smoke"))."""
    pattern = r"(?:\W+\w+){0,3}?\W+".join(rf"{re.escape(w[:-1] if len(w) > 3 else w)}\w*" for w in run)
    m = re.search(rf"\b{pattern}", words, re.I)
    return m.group(0) if m else " ".join(run)
