"""A miss narrated as a hit, or a hit as a miss, contradicts the decided outcome.

The dice decide whether a blow lands or a persuasion works; the narration must tell that result
and not its opposite. Unlike a figure, a result has no one spelling, so it is read from cues: a
blade that "finds the gap" or a foe who "crumples" is a hit, one that "goes wide" or is
"parried" a miss, a door that "clicks open" a success. The cues are judged against whom they
reach (a blow into a mast or through a hat brim wounds no one) and what was attempted (a
"hack" at a terminal has no one to miss). A failed action whose narration never tells the
failure is caught by ``failure_told``.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.facts.figures import figures
from bot.guard.failure_told import failure_told
from bot.guard.finding import BLOCK, WARN, Finding
from bot.guard.prose import Reading, read
from bot.world.intent import Intent
from bot.world.outcome import Outcome

_VICTIM_FALLS = re.compile(
    r"\b(?:crumples?|crumpled|collapses?|collapsed|keels? over|slumps?|slumped|topples?|"
    r"toppled|goes down|went down|drops? (?:dead|to the (?:floor|ground|deck))|falls? "
    r"(?:dead|still|limp|to the (?:floor|ground|deck))|dies|died|dissolves?|dissolved|"
    r"disintegrates?|shatters?|scatters? into|bursts? apart|is slain|lies? still|"
    r"doubles? over|cries out in pain|howls? in pain|screams? in pain|bleeds?|bleeding|"
    r"clutching (?:the|his|her|its) (?:wound|side|arm|leg|chest)|clutches (?:the|his|her|"
    r"its) (?:wound|side))\b")
# A target brought down without a word of wounding: "the heron folds and drops into the river",
# "the hawk tumbles out of the sky". Judged only when the subject is a creature or a person.
_BROUGHT_DOWN = re.compile(
    r"\b(?:(?:folds?|folded|crumples?|crumpled) (?:and|,) )?(?:drops?|dropped|falls?|fell|"
    r"tumbles?|tumbled|plummets?|plummeted|plunges?|plunged|spins?|spun) (?:\w+ )?(?:into|onto|"
    r"to|from|out of|down into|down onto|down to) (?:the |a )?(?:\w+ )?(?:river|water|sea|lake|"
    r"pond|ground|earth|mud|dirt|grass|snow|sand|sky|air|floor|deck|dust|reeds|stream|"
    r"waves|shallows)\b")
_SUBJECT_YOU = re.compile(r"\byou\s+(?:\w+\s+)?$")
_TRANSITIVE_NEXT = re.compile(r"\s+(?:a|an|the|his|her|its|their|your|some)\b")
_WEAK_VICTIM = re.compile(r"\b(?:staggers?|staggered|reels?|reeled|stumbles? back|grunts?|"
                          r"winces?|hisses|shrieks?|yelps?|howls?)\b")
_HIT = re.compile(
    r"(?:\b(?:finds?|found) (?:the |a |an |its |his |her |their )?(?:[a-z]+'s )?(?:\w+ )?"
    r"(?:gap|mark|opening|chink|weak spot|weakness|heart|throat|flesh|home)\b|"
    r"\b(?:bites?|bit|cuts?|slices?|sliced|slashe?s?|slashed|sinks?|sank|drives?|drove|"
    r"plunges?|plunged|punches|punched|tears?|tore|smashe?s?|smashed|slams?|slammed|"
    r"crashe?s?|crashed|crunche?s?|crunched|cracks?|cracked|cleaves?|cleaved|clove|hacks?|"
    r"hacked|connects?|connected|lands?|landed|hits?|strikes?|struck|pierces?|pierced|"
    r"skewers?|skewered|impales?|impaled|gashe?s?|gashed|stabs?|stabbed|nicks?|nicked|"
    r"grazes?|grazed|scores?|scored|wounds?|wounded|crushe?s?|crushed|pins?|pinned|"
    r"transfix(?:es|ed)?|spits?|spitted|opens? a (?:cut|gash|"
    r"wound)|draws? blood|bites? deep|sinks? deep)\b)"
    r"(?P<rest>[^.;,]{0,40})")
_INANIMATE_TARGET = re.compile(r"^\s*(?:\w+\s+){0,3}?(?:against|into|on|off|through)?\s*"
                               r"(?:the |a |an |his |her |its |their |[a-z]+'s )?(?:\w+ )?"
                               r"(?:rock|wall|stone|"
                               r"floor|ground|deck|mast|table|shield|door|air|dirt|wood|"
                               r"post|beam|rail|bar|dust|sand|nothing|empty)\b")
_MISS = re.compile(
    r"\bmiss(?:es|ed)?\b|\b(?:goes|go|went|sails?|swings?) wide\b|\bwide of\b|"
    r"\b(?:glances?|skids?|skitters?|clangs?|bounces?|rings?|slides?) off\b|"
    r"\bdeflect(?:s|ed)?\b|\bparr(?:y|ies|ied)\b|\bblock(?:s|ed)\b|\bdodge(?:s|d)?\b|\bavoid(?:s|ed)?\b|"
    r"\bsidestep(?:s|ped)?\b|\bduck(?:s|ed)? (?:under|beneath|aside|away)\b|\bevade(?:s|d)?\b|"
    r"\btwists? (?:away|aside|out of)\b|\bcatch(?:es)? the (?:blow|strike|swing|hit|attack|"
    r"thrust|cut) on\b|\b(?:bats?|knocks?|turns?|pushes?|swats?|sweeps?|brushes?|slaps?|"
    r"beats?) (?:your|the) \w+ aside\b|\bfalls? short\b|\b(?:cuts?|finds?|slices?|hits?|"
    r"strikes?|meets?) (?:only|nothing but) (?:\w+ )?air\b|\bwhiffs?\b|\bharmlessly\b|"
    r"\buntouched\b|\bunharmed\b|\bunscathed\b|\b(?:flickers?|skitters?|steps?|leaps?|"
    r"jumps?|rolls?|spins?|dances?|slips?|darts?) (?:aside|away|back out of reach)\b|"
    r"\b(?:whistles?|whizz(?:es)?|zips?|streaks?|flies|flew|sails?|hiss(?:es)?|skims?|"
    r"shoots?|passes?) (?:harmlessly |just |inches |a hair )?(?:past|over|above|by)\b|"
    r"\bclumsy\b|\bout of reach\b|\bno effect\b|\bclangs? against\b|\bthuds? into (?:the |a )"
    r"(?:wall|floor|table|post|door|carpets?|stack|ground|deck)")
_SUCCESS_CUES = re.compile(
    r"\b(?:clicks? open|swings? open|springs? open|gives way|you manage to|you succeed|"
    r"successfully|succeeds?|relents?|gives in|caves|believes you|buys it|is convinced|"
    r"agrees to|works? (?:its|their|your|his|her) (?:charm|magic|spell|wonders)|does the trick|"
    r"did the trick|it works|it worked|falls? under (?:your|the) (?:spell|charm|sway)|"
    r"believes? (?:every word|it all|all of it|your (?:story|tale|lie|lies|every word|word)|the "
    r"(?:story|tale|lie|ruse))|falls? for (?:it|the (?:lie|ruse|trick|story|bluff|ploy))|"
    r"takes? the bait|swallows? (?:it|the (?:lie|story|tale|bait)|your (?:story|lie|tale))|"
    r"buys? (?:your|the) (?:story|lie|tale|bluff|ruse)|(?:is|are|was|were) won over|"
    r"talked round|(?:comes|came) round to your)\b")
# Success told without a number, whatever the action was: the door, the system, the witness.
_SUCCESS_PLAIN = re.compile(
    r"\b(?:access granted|laid bare|confess(?:es|ed)(?: everything)?|spills (?:everything|the "
    r"name|it all)|(?:gives?|hands?|tells?) you (?:the name|the code|the password|what you "
    r"(?:came for|need|want)|everything)|you slip inside|you crack (?:it|the (?:code|safe|lock|"
    r"cipher|password))|you spot (?:the|a) (?:flaw|lie|tell|discrepancy|inconsistency|mistake|"
    r"slip|hole)|(?:the|his|her|their) story (?:falls apart|collapses|crumbles))\b|"
    r"\byou(?:'re| are) (?:in|through)(?=\s*[:;,.!—–-])|"
    r"\b(?:waves?|waved|ushers?|ushered|lets?|let) you (?:through|in|inside|past|pass|by|on|"
    r"aboard|go)\b|\b(?:steps?|stepped|stands?|stood|moves?|moved) aside (?:to let you|and "
    r"(?:lets|let|waves|waved) you)\b")
# a blow that cannot be told for a miss, and a spell that cannot be told for a failure
_CRITICAL = re.compile(r"\b(?:critical (?:hit|strike|blow|success)|a crit\b|crits\b|"
                       r"natural (?:20|twenty)|nat (?:20|twenty))")
_TAKES_HOLD = re.compile(
    r"\b(?:takes? hold|took hold|takes? effect|took effect|(?:is|are|falls?|fell) (?:asleep|"
    r"charmed|stunned|paralyzed|paralysed|frozen solid|blinded|cursed|hexed|entranced|dazed|"
    r"spellbound)|falls? (?:into a )?(?:deep )?(?:sleep|slumber)|goes? (?:limp|rigid) (?:as|"
    r"under))\b")
# "the snow bridge gives way under your boots": the ground failing the player, not a success
_UNDER_YOU = re.compile(r"\s+(?:under|beneath|below|underneath)\s+(?:you|your)\b")
# The player coming through a failed, harmful step untouched: "you come up unhurt".
_PLAYER_SPARED = re.compile(
    r"\byou(?:'re| are| were)?\s+(?:\w+\s+){0,3}?(?:unhurt|unharmed|unscathed|uninjured|"
    r"without a (?:scratch|mark|bruise)|none the worse)\b|\bnot a (?:scratch|mark) on you\b")
_FAILURE_CUES = re.compile(r"\b(?:fails?|failed|nothing happens|won't budge|will not budge|"
                           r"refuses to|in vain|no luck|to no avail|can't|cannot|unable to|"
                           r"slips? (?:free|from your grasp)|comes away empty)\b")
_DEATH = re.compile(r"\b(?:dies|died|dead|killed|kills|slain|slays|lifeless|breathes (?:his|"
                    r"her|its|their) last|is no more)\b")


def miss_cue(text: str) -> bool:
    """Does the (masked) narration tell a miss anywhere ("goes wide", "whistles past")?"""
    return bool(_MISS.search(text))


def _attack(outcome: Outcome, intents: list[Intent] | None) -> bool:
    kinds = {s.action_type for s in outcome.steps}
    if intents:
        kinds |= {i.action_type for i in intents}
    if kinds & {"attack", "cast"}:
        return True
    if kinds - {"other"}:
        return False
    return any(s.damage is not None for s in outcome.steps)


def _living_subject(r: Reading, char: int) -> bool:
    """Is the subject of the clause at ``char`` a creature or a person other than the player
    ("the heron folds and drops", not "your arrow drops" or "you fall")?"""
    i = r.token_at(char)
    if i >= len(r.tokens):
        return False
    a, _ = r.sentence_tokens[r.tokens[i].sent]
    for p in reversed([q for q in r.phrases if a <= q.start and q.end <= i]):
        head = r.tokens[p.head].base
        if p.pronoun:
            return False  # "it drops into the river": the arrow as likely as the bird
        if head in ("you", "yourself"):
            return False
        return bool(V.creature_group(head) or V.is_person_noun(head) or p.name)
    return False


def _player_victim(rest: str) -> bool:
    return bool(re.match(r"^\s*(?:\w+\s+){0,2}?(?:you|your)\b", rest))


def _cue(narration: str, a: int, b: int, severity: str, confidence: float, evidence: str,
         message: str) -> Finding:
    """A finding over narration[a:b], trimmed; ``message`` may use {span}."""
    while a < b and narration[a].isspace():
        a += 1
    while b > a and narration[b - 1].isspace():
        b -= 1
    span = narration[a:b]
    return Finding(kind="outcome_mismatch", severity=severity, confidence=confidence, span=span,
                   evidence=evidence, message=message.format(span=span), layer="facts",
                   start=a, end=b)


# "by the time you tear it free", "cracks the lid loose": a thing freed, no blow landing
_FREED = re.compile(r"\s*(?:it|them|(?:the|your|his|her|its|their) \w+(?: \w+)?)\s+"
                    r"(?:free|loose|clear|open|apart)\b")
_WORN = frozenset("brim hat sleeve collar cloak coat boot heel scabbard sheath belt buckle cap "
                  "hood scarf glove gloves".split())
_VICTIM = re.compile(r"\b(?:him|her|them|it|its|his|their|[a-z]+'s)\b")


def _names_victim(rest: str) -> bool:
    """Does the rest of a blow's clause name someone it lands on ("Bram's arm", "his ribs",
    "the spider")? A blade sinking into a trough or the mast is no hit."""
    if _VICTIM.search(rest):
        return True
    return any(V.creature_group(w) or V.is_person_noun(w) for w in re.findall(r"[a-z]+", rest))


def check_success(narration: str, outcome: Outcome | None,
                  intents: list[Intent] | None = None, reading: Reading | None = None
                  ) -> list[Finding]:
    """A miss narrated as a hit, or a hit as a miss, contradicts the decided outcome."""
    if outcome is None or not outcome.steps and not outcome.blocked:
        return []
    r = reading or read(narration)
    text = r.masked
    out: list[Finding] = []
    attack = _attack(outcome, intents)
    rolled = any(s.roll is not None for s in outcome.steps)
    hits = []
    for m in _HIT.finditer(text):
        rest = re.split(r"\b(?:where|which|that|as|while)\b", m.group("rest"))[0]
        if _player_victim(rest) or _INANIMATE_TARGET.match(rest) or _FREED.match(rest):
            continue
        if re.search(r"\b(?:only|nothing but|empty)\b", rest[:20]) or \
                re.search(r"\b(?:only|just|merely|barely)\s+$",
                          text[max(0, m.start() - 9):m.start()]):
            continue  # "only grazes his hat brim"
        near = re.findall(r"[a-z]+", re.split(r"\b(?:and|but|as|while)\b", rest)[0])[:5]
        if any(w in V.CLOTHING or V.lemma(w) in V.CLOTHING or w in _WORN for w in near) and \
                not any(V.lemma(w) in V.BODY for w in near):
            continue  # a blow through a sleeve or a hat brim wounds no one
        if not _names_victim(rest) and not re.match(r"\s*(?:the |a |an |its |his |her |their )?"
                                                    r"(?:gap|mark|opening|"
                                                    r"chink|weak spot|heart|throat|flesh|home)",
                                                    m.group(0)[m.group(0).find(" ") + 1:]):
            continue
        before = text[max(0, m.start() - 30):m.start()]
        if re.search(r"\b(?:he|she|it|they)\s+$", before) and not attack:
            continue
        hits.append(m)
    falls = [m for m in _VICTIM_FALLS.finditer(text)
             if not _SUBJECT_YOU.search(text[max(0, m.start() - 12):m.start()])
             and not _TRANSITIVE_NEXT.match(text, m.end())]
    falls += [m for m in _BROUGHT_DOWN.finditer(text) if _living_subject(r, m.start())]
    weak = list(_WEAK_VICTIM.finditer(text))
    misses = list(_MISS.finditer(text))
    stated_damage = any(f.role == "damage" for f in figures(narration, r))
    crit = _CRITICAL.search(text)
    if crit and (not outcome.success or (rolled and all(
            s.roll is not None and s.roll < 20 for s in outcome.steps if s.roll is not None))):
        rolls = [s.roll for s in outcome.steps if s.roll is not None]
        out.append(_cue(narration, crit.start(), crit.end(), BLOCK, 0.85,
                        "decided: " + ("a miss" if not outcome.success else
                                       f"a roll of {rolls[-1] if rolls else '?'}"),
                        "No critical hit was rolled; '{span}' contradicts the outcome."))
    # a failed step that cost the player hit points: the harm narrated is the failure, and a
    # blow in the telling is likelier theirs than the player's
    hurt = any(not s.success and (s.damage is not None or s.hp_after is not None)
               for s in outcome.steps)
    if hurt:
        spared = _PLAYER_SPARED.search(text)
        if spared:
            lost = next((s for s in outcome.steps if not s.success and (
                s.damage is not None or s.hp_after is not None)))
            out.append(_cue(narration, spared.start(), spared.end(), BLOCK, 0.8,
                            "decided: the player is hurt" + (
                                f" ({lost.damage} damage)" if lost.damage is not None else ""),
                            "The player was hurt; '{span}' says otherwise."))
            return out
    if not outcome.success:
        plain = _SUCCESS_PLAIN.search(text)
        if plain:
            out.append(_cue(narration, plain.start(), plain.end(), BLOCK, 0.8,
                            "decided: the action fails",
                            "The action failed; '{span}' narrates success."))
            return out
        felled = falls if attack else [m for m in falls if _living_subject(r, m.start())]
        strong = ([] if hurt else hits) + felled + list(_TAKES_HOLD.finditer(text))
        if strong and (attack or rolled):
            m = strong[0]
            sure = attack and not misses
            out.append(_cue(narration, m.start(), m.end(), BLOCK if not misses else WARN,
                            0.85 if sure else (0.7 if not misses else 0.55),
                            "decided: the attack misses",
                            "The attack missed; '{span}' narrates a hit."))
        elif not attack or not any(i.target_kind in ("npc", "creature", "party")
                                   for i in intents or () if i.action_type == "attack"):
            # a "hack" at a terminal, a blow at a lock: no one to miss, so the thing giving way
            # is the success
            m2 = next((c for c in _SUCCESS_CUES.finditer(text)
                       if not _UNDER_YOU.match(text, c.end())), None)
            if m2:
                out.append(_cue(narration, m2.start(), m2.end(), BLOCK, 0.75,
                                "decided: the action fails",
                                "The action failed; '{span}' narrates success."))
        if not out and outcome.steps and not any(s.success for s in outcome.steps) \
                and not misses and not hurt and not failure_told(r.text):
            out.append(_cue(narration, 0, len(narration), BLOCK, 0.6,
                            "decided: the action fails",
                            "The action failed, but the narration never tells the failure."))
        return out
    if attack:
        if misses and not hits and not falls and not weak and not stated_damage:
            m = misses[0]
            out.append(_cue(narration, m.start(), m.end(), BLOCK, 0.8, "decided: the attack hits",
                            "The attack hit; '{span}' narrates a miss."))
        step = next((s for s in reversed(outcome.steps) if s.action_type == "attack"
                     or s.damage is not None), None)
        if step is not None and not step.down and step.hp_after is not None and \
                step.hp_after > 0:
            m = _DEATH.search(text)
            if m:
                out.append(_cue(narration, m.start(), m.end(), WARN, 0.6,
                                f"decided: the target is left with {step.hp_after} HP",
                                f"The target survives with {step.hp_after} HP; "
                                "'{span}' kills it."))
    else:
        m = _FAILURE_CUES.search(r.text.lower())
        if m and not _SUCCESS_CUES.search(text) and not _SUCCESS_PLAIN.search(text):
            tok = r.token_from(m.start())
            if tok is not None and not tok.muted:
                out.append(_cue(narration, m.start(), m.end(), BLOCK, 0.7,
                                "decided: the action succeeds",
                                "The action succeeded; '{span}' narrates failure."))
    return out

