"""The repair ladder's pure steps: clean model text, drop offending sentences, fall back safely.

``bot.turn`` runs the ladder (generate -> check -> retry with feedback -> strip -> template); this
module decides, without I/O, whether a stripped narration still tells the decided outcome and what
the last-resort text is.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from bot.guard.finding import INFO, Finding, blocking
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene

_FENCE = re.compile(r"```(?:json|text|markdown)?\s*|```")
_TOOL = re.compile(r"\{\s*\"?tool\"?\s*:.*?\}|<\/?(?:tool_call|function_call|think)[^>]*>", re.S)
_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)
_SENTENCE = re.compile(r"[^.!?…]+(?:[.!?…]+[\"'”’)]*|$)", re.S)
_ROLE_PREFIX = re.compile(r"^\s*(?:narrator|assistant|narration)\s*:\s*", re.I)

COMBAT = {"attack", "cast"}


def task_for(intents: list[Intent]) -> str:
    kinds = {i.action_type for i in intents}
    if kinds & COMBAT:
        return "combat"
    if kinds and kinds <= {"examine"}:
        return "description"
    return "narration"


def clean_model_text(text: str) -> str:
    """Remove what models leak around prose: reasoning tags, code fences, tool-call syntax, a
    "Narrator:" prefix, surrounding quotes."""
    text = _THINK.sub("", text or "")
    text = _TOOL.sub("", text)
    text = _FENCE.sub("", text)
    text = _ROLE_PREFIX.sub("", text.strip())
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"' and text.count('"') == 2:
        text = text[1:-1].strip()
    return " ".join(text.split())


_CAPITALISED = re.compile(r"\b[A-Z][a-z]{3,}\b")


def scene_names(scene: Scene) -> list[str]:
    """The one-word proper names a narration may use: people, party members, places."""
    names: list[str] = []
    for text in [*(n.name for n in scene.npcs), *(p.name for p in scene.party), scene.player.name,
                 scene.location.name, *scene.location.exits, *scene.known_places]:
        names.extend(w for w in re.findall(r"[A-Z][a-z]+", text or "") if len(w) >= 4)
    return list(dict.fromkeys(names))


def correct_names(text: str, scene: Scene) -> tuple[str, list[Finding]]:
    """Names the model mangled ("Gretta", "Bramm") put back as the scene spells them, in place,
    as the facts layer does with numbers. Only near-identical spellings (same first letter, a
    small edit distance): a different name is a different person, for post-validation to judge."""
    names = scene_names(scene)
    if not names:
        return text, []
    known = {n.casefold() for n in names}
    findings: list[Finding] = []

    def fix(match: re.Match[str]) -> str:
        word = match.group()
        if word.casefold() in known:
            return word
        for name in names:
            if name[0] == word[0] and abs(len(name) - len(word)) <= 1 and fuzz.ratio(name, word) >= 80:
                findings.append(Finding(
                    kind="absent_npc", severity=INFO, confidence=0.3, span=word, evidence=f"the scene has {name}",
                    message=f"Corrected the name '{word}' to '{name}'.", layer="facts",
                    start=match.start(), end=match.start() + len(name)))
                return name
        return word

    return _CAPITALISED.sub(fix, text), findings


def sentence_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _SENTENCE.finditer(text) if m.group().strip()]


def _number_words(n: int) -> set[str]:
    words = {
        0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
        8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen",
        14: "fourteen", 15: "fifteen", 16: "sixteen", 17: "seventeen", 18: "eighteen",
        19: "nineteen", 20: "twenty",
    }
    out = {str(n)}
    if n in words:
        out.add(words[n])
    return out


def tells_outcome(text: str, outcome: Outcome) -> bool:
    """Does ``text`` still state the decided figures a player must learn (damage dealt, HP
    healed, gold paid)? Success or failure itself is checked by post-validation."""
    if not text.strip():
        return False
    lowered = text.casefold()
    for step in outcome.told:
        for figure in (step.damage, step.healed, step.gold):
            if figure is None or figure == 0:
                continue  # nothing dealt or restored is told in words ("already at full health")
            if not any(re.search(rf"\b{re.escape(w)}\b", lowered) for w in _number_words(figure)):
                return False
    return True


def strip(
    text: str,
    findings: list[Finding],
    scene: Scene,
    intents: list[Intent],
    outcome: Outcome,
    strict: bool = False,
) -> str | None:
    """Drop every sentence that holds a blocking finding's span; keep the rest only if it still
    tells the decided outcome and passes post-validation again. ``None``: use the template."""
    from bot.guard.postvalidate import postvalidate

    bad = blocking(findings, strict)
    if not bad:
        return text
    kept = []
    for start, end in sentence_spans(text):
        sentence = text[start:end]
        hit = False
        for f in bad:
            if 0 <= f.start < end and f.end > start:
                hit = True
            elif f.span and f.span.casefold() in sentence.casefold():
                hit = True
            if hit:
                break
        if not hit:
            kept.append(sentence.strip())
    result = " ".join(kept).strip()
    if not result or result == text.strip() or not tells_outcome(result, outcome):
        return None
    if blocking(postvalidate(result, scene, intents, outcome), strict):
        return None
    return result


def safe_template(template: str, scene: Scene, intents: list[Intent], outcome: Outcome) -> str:
    """The template narration, checked like any other; if even that fails a check (a bug), the
    plain decided summaries, which name only what the rules named."""
    from bot.guard.postvalidate import postvalidate

    if template.strip() and not blocking(postvalidate(template, scene, intents, outcome)):
        return template
    summaries = " ".join(s.summary for s in outcome.told if s.summary)
    return summaries or "The moment passes."
