"""Pre-validation of one input, step by step: the entry points and the per-step dispatch.

An input is often several steps ("I open my medical bag and take out a stethoscope", "I leave by
the back door and take a cab to the docks"), and what an earlier step did changes what a later
one may do, so the steps are checked in order here. Each step goes to the checks its action kind
calls for; a step whose verb the parser could not classify still has what its words commit to
checked (``_commitments``). The checks run once at import on a throwaway scene, so the first
real turn does not pay for cold caches.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.guard.finding import BLOCK, Finding
from bot.guard.index import SceneIndex
from bot.guard.intent import extract
from bot.guard.intent.literal import has_word
from bot.guard.lexicon.magic import PHYSICS_MODES
from bot.guard.lexicon.nouns import CALL_DEVICES
from bot.guard.lexicon.wordclass import first_class, is_being, noun_codes
from bot.guard.lexicon.words import head_word, norm_phrase
from bot.guard.prevalidate.abilities import _ability, _physics, _spell
from bot.guard.prevalidate.borrowed import _borrowed_power, _tool_of_trade
from bot.guard.prevalidate.exposure import _exposed
from bot.guard.prevalidate.deeds import _REMOTE_VERBS, _first_verb
from bot.guard.prevalidate.held import _kept_in, _opened_own, _same_held, _source_of
from bot.guard.prevalidate.items import _claimed_gear, _item
from bot.guard.prevalidate.places import _AREAS, _by_way_of_exit, _climb, _entering, _entry, _feature_by_head, _lock, _move
from bot.guard.prevalidate.powers import _power_signals
from bot.guard.prevalidate.sheet import _Sheet
from bot.guard.prevalidate.spending import _money_laid_out
from bot.guard.prevalidate.targets import _being_word, _named_signals, _target
from bot.guard.prevalidate.wording import _bare, _finding, _possessive
from bot.world.intent import Intent
from bot.world.scene import Scene

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_RIDES_RE1 = re.compile(r"\b(?:it|them|that|this one)\b")
_CHECK_RE1 = re.compile(r"\b(?:into|in|inside|on|onto)\s+(?:my|our)\b")


# Action types whose preconditions are another's: a sale hands over the player's own thing to
# someone present, as a gift does (the price is the rules' to decide, after this check), so it
# is checked as a gift, by every check that reads the action type.
_CHECKED_AS = {"sell": "give"}


def prevalidate(intents: list[Intent], scene: Scene) -> list[Finding]:
    """Findings for every step of a player's input; the action is blocked iff one is ``block``."""
    index = SceneIndex.for_scene(scene)
    sheet = _Sheet.of(scene, index)
    findings: list[Finding] = []
    seen: set[tuple[str, str]] = set()
    unbarred = False  # an earlier step took a form that passes under doors, which the sheet grants
    opened: str | None = None  # a held bag or kit an earlier step opened ("open my medical bag and ...")
    left_by: str | None = None  # an exit an earlier step went out by: what lies beyond is reached through it
    on_the_line = False  # an earlier step took up a telephone or radio: who is then spoken to is at the other end
    for at, intent in enumerate(intents):
        if intent.action_type in _CHECKED_AS:
            intent = replace(intent, action_type=_CHECKED_AS[intent.action_type])
        if intent.method_kind == "ability" and intent.method in _UNBARRED and _physics(intent, sheet, 1.0) is None:
            unbarred = True
        opened = _opened_own(intent, index) or opened
        checked = _check(intent, scene, index, sheet)
        extra = _named_signals(intent, scene, index)
        if on_the_line and intent.action_type == "talk":
            # "pick up the telephone n ask the operator ...": the one asked is at the other end
            checked = [f for f in checked if f.kind != "target"]
            extra = [f for f in extra if f.kind != "target"]
        on_the_line = on_the_line or _takes_a_line(intent)
        if not any(f.kind == "no_item" for f in checked):
            extra += _claimed_gear(intent, index, sheet)
        if not any(f.kind == "no_item" and f.severity == BLOCK for f in [*checked, *extra]):
            extra += _money_laid_out(intent, scene, index)  # "count out five shillings" from a purse of three
        if not any(f.kind in ("no_ability", "physics") and f.severity == BLOCK for f in checked):
            after = intents[at + 1].words if at + 1 < len(intents) else ""
            before = (intents[at - 1].words or "") if at else ""
            extra += _power_signals(intent, scene, sheet, index, after, before)
        if not any(f.kind == "no_ability" and f.severity == BLOCK for f in [*checked, *extra]):
            # a power the scene gives someone else: the player lacks it, whatever it does
            borrowed = _borrowed_power(intent, scene, index, sheet)
            if borrowed is not None:
                extra.append(borrowed)
        if not any(f.severity == BLOCK and f.kind in ("no_item", "no_ability") for f in [*checked, *extra]) and not _MAKING.match(intent.words or ""):
            # a trade plied with a tool the scene gives someone else ("weld the axle"); the
            # everyday crafts (cooking, sewing, painting) are anyone's, with what lies about
            trade = _tool_of_trade(intent, index, sheet)
            if trade is not None:
                extra.append(trade)
        if left_by and intent.action_type == "move" and not intent.resolved and not _rides(intent, left_by):
            extra += _onward_of(intent, scene, index, [*checked, *extra])
        for f in [*checked, *extra]:
            if left_by and f.kind == "location" and _rides(intent, left_by):
                continue  # "go to the lift and ride it down to engineering": where that exit goes
            if unbarred and f.kind == "environment" and intent.action_type == "move":
                continue  # "I turn into mist and seep under the study door"
            if opened and f.kind == "no_item" and _kept_in(intent, opened, index):
                continue  # "I open my medical bag and take out a stethoscope"
            key = (f.kind, f.span.casefold())
            if key not in seen:
                seen.add(key)
                findings.append(f)
        if not any(f.severity == BLOCK for f in checked) and (
            (intent.action_type == "move" and intent.target_kind == "exit" and intent.resolved)
            or (intent.ambiguous and _by_way_of_exit(intent, scene))
        ):
            left_by = intent.target if intent.target_kind == "exit" else _exit_named(intent, scene)
    exposed = _exposed(intents, index)
    if exposed is not None and not any(f.kind == "environment" and f.severity == BLOCK for f in findings):
        findings.append(exposed)  # "step outside in just my jumpsuit" where no one goes out without a suit
    return findings


def _rides(intent: Intent, exit_name: str | None) -> bool:
    """Whether a step after going out by an exit carries on *by* it ("go to the lift and ride it
    down to engineering", "take the stairs and follow them up to the attic"): where that way
    leads is its own to say. Any other onward step sets off from beyond the exit, somewhere this
    scene does not reach."""
    words = norm_phrase(intent.words or "")
    if _RIDES_RE1.search(words.replace(norm_phrase(intent.target_text or "") or "\0", " ")):
        return True
    key = norm_phrase(exit_name or "")
    return bool(key) and has_word(words, key)


def _takes_a_line(intent: Intent) -> bool:
    """Whether a step takes up, uses or dials a calling device that is here or held ("pick up the
    telephone", "grab the radio"), so what is said next goes down the line."""
    if intent.action_type not in ("take", "use_item", "other") or not intent.resolved:
        return False
    said = intent.target_text if intent.action_type == "take" else (intent.method_text or intent.target_text)
    words = norm_phrase(said or "").split()
    return bool(words) and words[-1] in CALL_DEVICES


# Verbs that are the device they are done with: to "radio the ship" takes a radio.
_PHONES = ("phone", "telephone", "cellphone", "smartphone", "mobile", "payphone")
_DEVICE_VERBS = {
    "radio": ("radio", "walkie-talkie", "transmitter", "transceiver"),
    "phone": _PHONES,
    "telephone": _PHONES,
    "telegraph": ("telegraph",),
}


def _called_without_device(intent: Intent, scene: Scene, sheet: _Sheet, c: float) -> Finding | None:
    """Whether a call made by the device's own verb ("radio the ship and tell them ...") has no
    such device held by the player or lying here."""
    verb = _first_verb(intent.words or "")
    kinds = _DEVICE_VERBS.get(verb)
    if kinds is None:
        return None
    here = " | ".join([sheet.grants, *scene.items, *(f.name for f in scene.location.features), scene.location.description or ""]).casefold()
    if any(has_word(here, k, ("", "s")) for k in kinds):
        return None
    return _finding("no_item", 0.85 * c, verb, f"inventory: {sheet.inventory}", f"You don't have a {verb}.")


def _exit_named(intent: Intent, scene: Scene) -> str | None:
    words = norm_phrase(intent.words or "")
    for e in scene.location.exits:
        if norm_phrase(e) and norm_phrase(e) in words:
            return e
    return None


def _onward_of(intent: Intent, scene: Scene, index: SceneIndex, found: list[Finding]) -> list[Finding]:
    """An onward journey from beyond the exit an earlier step went out by ("go out the snow
    tunnel then ski over to the base camp"): a destination this scene does not have is no exit
    of this place, whatever the generosity owed to scenery here; someone or something here,
    met on the way, is not a destination, nor is a fixture ("the bar") the place beyond may have."""
    if any(f.kind == "location" for f in found) or intent.target_kind not in (None, "place", "fixture"):
        return []
    text = intent.target_text or intent.target or ""
    key = norm_phrase(text)
    if intent.target_kind == "fixture" and not (head_word(key) in _AREAS or head_word(key).endswith("room")):
        return []
    if not key or index.resolve(text, ("item", "content", "inventory", "npc_item", "feature", "npc", "party", "creature"), min_score=85) is not None:
        return []
    head = head_word(key)
    if first_class(head) in ("T", "G", "O", "D", "C", "F", "V", "U", "H") or is_being(head):
        return []  # "the van", "the crowd": things and people, not places
    exits = ", ".join(scene.location.exits) or "none"
    return [_finding("location", 0.85 * (intent.confidence or 0.0), text, f"exits: {exits}", f"You can't reach {_bare(text)} from here; exits: {exits}.")]


# Actions whose target, claimed as the player's own ("open my locket"), must be held.
_HANDLING_OWN = frozenset({"open", "unlock", "examine", "other", "use_item", "attack"})
# Forms in which a locked door is no barrier.
_UNBARRED = frozenset({"gaseous form", "phasing"})


def first_block(findings: list[Finding]) -> Finding | None:
    """The first blocking finding, if any: the reason the player is given."""
    for f in findings:
        if f.severity == BLOCK:
            return f
    return None


def check_text(text: str, scene: Scene) -> tuple[list[Intent], list[Finding]]:
    """Extract and pre-validate in one call (the evaluation runner's action check)."""
    intents = extract(text, scene)
    findings = prevalidate(intents, scene)
    if isinstance(text, str):
        low = text.casefold()
        for f in findings:
            at = low.find(f.span.casefold()) if f.span else -1
            if at >= 0:
                f.start, f.end = at, at + len(f.span)
    return intents, findings


def _lifts_the_place(intent: Intent, index: SceneIndex) -> bool:
    """Whether the thing taken up is the whole of a fixture of this place: "the whole" or "the
    entire" before a word of the place's own scenery that is no loose thing lying here."""
    text = norm_phrase(intent.target_text or "")
    if intent.resolved or not _WHOLE_RE.match(text):
        return False
    head = head_word(text)
    return index.is_scenery(head) and index.resolve(intent.target_text or "", ("item", "content", "inventory"), min_score=80) is None


_WHOLE_RE = re.compile(r"^(?:the |that |this )?(?:whole|entire) \w")


def _check(intent: Intent, scene: Scene, index: SceneIndex, sheet: _Sheet) -> list[Finding]:
    if intent.ambiguous:
        return _commitments(intent, scene, index, sheet)
    out: list[Finding] = []
    act = intent.action_type
    c = intent.confidence or 0.0
    if act == "talk":
        f = _called_without_device(intent, scene, sheet, c)
        if f is not None:
            out.append(f)
    if intent.method_kind == "ability" and intent.method in PHYSICS_MODES:
        f = _physics(intent, sheet, c)
        if f is not None:
            return [f]
    source = _source_of(intent)
    if source is not None and not set(norm_phrase(source).split()) & set(norm_phrase(intent.method or "").split()) and not _same_held(source, intent, index):
        # "a flare from my flare pistol": the thing drawn from must be held too
        f = _item(replace(intent, method=source, method_text=source, method_kind="item"), index, sheet, c)
        if f is not None:
            out.append(f)
    if (
        intent.method is None and act in _HANDLING_OWN and intent.target_text and not intent.resolved
        and _possessive(intent.target_text) in ("my", "our") and intent.target_kind in ("item", "fixture", None)
    ):
        # "I uncork my laudanum", "I open my locket", "I study my map": one's own thing, handled
        f = _item(replace(intent, method=intent.target_text, method_text=intent.target_text, method_kind="item"), index, sheet, c)
        if f is not None:
            out.append(f)
    if intent.method is None and intent.target_kind == "npc_item" and _possessive(intent.target_text or "") in ("my", "our"):
        # "grab my conch" when the conch is the runner's: claimed as one's own, it must be held
        f = _item(replace(intent, method=intent.target, method_text=intent.target_text, method_kind="item"), index, sheet, c)
        if f is not None:
            out.append(f)
    if (
        act in ("move", "other") and intent.method is None and intent.target_text and not intent.resolved
        and _possessive(intent.target_text) in ("my", "our") and intent.target_kind in ("item", None)
        and _CHECK_RE1.search((intent.words or "").casefold())
    ):
        # "I zip into my dive suit", "strap on my jetpack": one's own equipment, put on
        f = _item(replace(intent, method=intent.target_text, method_text=intent.target_text, method_kind="item"), index, sheet, c)
        if f is not None:
            out.append(f)
    if act == "cast" or intent.method_kind == "spell":
        f = _spell(intent, sheet, c)
        if f is not None:
            out.append(f)
    elif intent.method_kind == "ability" and intent.method not in PHYSICS_MODES:
        f = _ability(intent, index, sheet, c)
        if f is not None:
            out.append(f)
    elif intent.method_kind == "item" or (act in ("use_item", "give") and intent.method):
        f = _item(intent, index, sheet, c)
        if f is not None:
            out.append(f)
    if (act in ("attack", "talk", "give", "cast", "buy", "take", "ability", "use_item", "other") or (
        act == "move" and intent.target_kind == "being" and _being_word(intent.target_text)
    )) and not (act in ("talk", "other") and _first_verb(intent.words or "") in _REMOTE_VERBS):
        # "I curse Admiral Vane under my breath": said of someone, not to them
        f = _target(intent, scene, c)
        if f is not None:
            out.append(f)
    if act == "take" and _lifts_the_place(intent, index):
        # "pick up the whole dragon kiln", "lift the entire submarine": a fixture of this place,
        # whole, is no load for a body
        out.append(_finding("physics", 0.85 * c, intent.target_text or "", f"abilities: {sheet.abilities}", "No one is that strong."))
    if act == "move":
        f = _move(intent, scene, index, sheet, c)
        if f is not None:
            out.append(f)
    elif act == "climb":
        f = _climb(intent, index, c) or _entry(intent, index, c)
        if f is not None:
            out.append(f)
    elif act == "other" and intent.target_kind == "feature":
        f = _entry(intent, index, c)
        if f is not None:
            out.append(f)
    elif act in ("open", "unlock"):
        someones = intent.target_kind == "npc_item" and head_word(norm_phrase(intent.target_text or "")) != head_word(norm_phrase(intent.target or ""))
        if intent.target_kind != "feature" and (not intent.resolved or someones) and intent.target_text:
            feature = _feature_by_head(intent.target_text, index)
            if feature is not None:
                # "Lupe's cell" with a locked jail cell here: a feature named by whose it is
                intent = replace(intent, target=feature.name, target_kind="feature", resolved=True)
        f = _lock(intent, index, sheet, c)
        if f is not None:
            out.append(f)
    return out


# Verbs of making: what they make is not yet held ("I weave a crown of reeds").
_MAKING = re.compile(
    r"^\W*(?:(?:i|we|then|and|now)\s+)*(?:make|makes|craft|crafts|weave|weaves|whittle|whittles|carve|carves|build|builds|fashion|fashions|"
    r"forge|forges|sew|sews|brew|brews|cook|cooks|bake|bakes|knit|knits|plait|plaits|braid|braids|fold|folds|sketch|sketches|"
    r"paint|paints|write|writes|compose|composes|twist|twists|tie|ties|rig|rigs|improvise|improvises|cobble|cobbles)\b",
    re.I,
)


def _commitments(intent: Intent, scene: Scene, index: SceneIndex, sheet: _Sheet) -> list[Finding]:
    """The checks for words whose verb the parser could not classify: only what the words
    themselves commit to (a thing claimed as the player's own, someone addressed, a locked room
    entered), at the confidence of that commitment rather than of the unclassified verb."""
    c = 0.9
    out: list[Finding] = []
    if intent.method_kind == "item" and intent.method and not _MAKING.match(intent.words or ""):
        f = _item(intent, index, sheet, c)
        if f is not None:
            out.append(f)
    if intent.target_kind == "feature" and intent.target:
        f = _lock(replace(intent, action_type="open"), index, sheet, c) if _entering(intent) else None
        if f is not None:
            out.append(f)
    if intent.target_kind == "being" and not _piece_taken(intent, index):
        f = _target(intent, scene, c * 0.95)
        if f is not None:
            out.append(f)
    return out


_TAKEN_FROM = re.compile(r"^\s+(?:off of|off|from|out of)\s+([^,;.!?]+)")


def _piece_taken(intent: Intent, index: SceneIndex) -> bool:
    """Whether an unclassified deed takes its object off or out of a thing that is here ("tear a
    hunk off the roasting mutton", "pry a chunk from the wall"): a piece of that thing, not
    someone absent, when the word can name a thing at all (not "drag a thug off the cart")."""
    text = (intent.target_text or "").casefold()
    words = (intent.words or "").casefold()
    at = words.find(text) if text else -1
    if at < 0:
        return False
    m = _TAKEN_FROM.match(words[at + len(text) :])
    if m is None:
        return False
    codes = noun_codes(head_word(norm_phrase(text)))
    if not codes or not set(codes) - {"P", "A"}:
        return False
    return index.resolve(m.group(1), ("item", "content", "inventory", "npc_item", "feature"), min_score=75) is not None


def _warm_up() -> None:
    """Run a few checks on a throwaway scene at import, so that the first real turn does not pay
    for cold caches (regexes, word tables, rapidfuzz's first call) inside its time budget."""
    scene = Scene.from_dict(
        {
            "world_rules": ["no firearms", "only mage and cleric can cast spells"],
            "location": {"name": "Hall", "exits": ["Yard"], "features": [{"name": "stone wall", "climbable": False}, {"name": "oak door", "locked": True, "key": "oak key"}]},
            "npcs": [{"name": "Anna", "aliases": ["cook"], "items": ["ladle"]}],
            "items": ["mug of ale"],
            "creatures": ["rat"],
            "player": {"name": "Bo", "class": "warrior", "inventory": ["iron sword", "3 gold coins"], "abilities": ["second wind"]},
            "known_places": ["Hall", "Yard", "Tower"],
        }
    )
    for text in (
        "I attack the cook with my sword, then stab him with the ladle",
        "I cast fireball at Anna",
        "I climb the walls",
        "I open the door",
        "I walk to the castle",
        "I talk to Ana about the dragon",
        '*draws her rapier* "Stand back!"',
        "I fly to the Tower",
    ):
        check_text(text, scene)
    SceneIndex.forget(scene)


_warm_up()
