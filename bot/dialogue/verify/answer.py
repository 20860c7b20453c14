"""The check of one answer, pass by pass, and the audit of what was posted.

``verify`` reads an answer in the order its findings depend on: the citation list first (each
claim against the block it names, and the sentences it backs), then the ids written in the
speech, then every sentence (leaks, unknown topics, and support of what it states), and last
whether a topic nothing mentions was answered with uncertainty. One ``add`` keeps a single
finding of a kind per sentence, a blocking one replacing a warning. ``audit`` is the independent
count the bench keeps of what shipped: the factual sentences of posted text that nothing the
player may hear about supports.
"""

from __future__ import annotations

from bot.dialogue.claims import _ENUMERATION, Kind, Sentence, normalise_id, sentences, words_of
from bot.dialogue.entailment import OVERLAP, Entailment
from bot.dialogue.evidence import EvidenceBlock, EvidencePack, claim_names, mentions, speech_names
from bot.dialogue.rendering import anchors_of, bounded, relabelled, same_anchor
from bot.dialogue.schema import DialogueResponse
from bot.dialogue.sources import SELF
from bot.dialogue.verify.backing import _carries_on, _check_claim, _continues_list, _names_the_before, _not_entailed, _uncited
from bot.dialogue.verify.judge import _Judge
from bot.dialogue.verify.leaks import _leak
from bot.dialogue.verify.mapping import _map_claims, _with_anchored
from bot.dialogue.verify.verdict import Verdict, _finding
from bot.dialogue.words import Vocabulary, is_numeric, names_in
from bot.guard.finding import BLOCK, WARN, Finding


def verify(response: DialogueResponse, pack: EvidencePack, *, entailment: Entailment = OVERLAP) -> Verdict:
    """Every finding on ``response`` given the evidence ``pack`` of the question it answers."""
    # the citation list is the model's writing too: a word one of its claims writes as a name
    # ("the parcel came from Swansea") is a name, to be matched exactly, whatever the speech does
    names = speech_names(response.speech, pack) | claim_names([c.claim for c in response.citations], pack)
    sents = sentences(response.speech, names)
    words = [words_of(s.clean) for s in sents]
    vocabs = [Vocabulary.of_stems(w) for w in words]
    judge = _Judge(pack, entailment, names)
    judge.speech, judge.claims = response.speech, [c.claim for c in response.citations]
    for c in response.citations:
        judge.claim_ids.setdefault(c.claim.strip(), []).append(normalise_id(c.evidence_id))
    findings: list[Finding] = []
    reported: dict[tuple[str, int], int] = {}  # (kind, sentence index) -> its place in findings
    cited: dict[int, set[str]] = {i: set() for i in range(len(sents))}
    withheld = pack.withheld_ids
    valid = ", ".join(b.id for b in pack.blocks)

    def add(f: Finding, index: int | None) -> None:
        key = (f.kind, index if index is not None else -1 - len(findings))
        if key not in reported:
            reported[key] = len(findings)
            findings.append(f)
        elif f.severity == BLOCK and findings[reported[key]].severity != BLOCK:
            findings[reported[key]] = f  # a sentence the claim check only warned about is wrong

    def check_id(raw: str, span: str, index: int | None) -> str | None:
        """The normalised id if it names a block; otherwise report why not."""
        cid = normalise_id(raw)
        sentence = sents[index] if index is not None else None
        if cid in withheld:
            add(_finding("trust_leak", span, f"{cid} is withheld from this player",
                         f"a sentence cites {cid}, which you keep to yourself with this player: leave it out",
                         confidence=1.0, sentence=sentence), index)
            return None
        if pack.block(cid) is None:
            add(_finding("invalid_source", span, f"evidence blocks: {valid}",
                         f"'{span}' cites {raw!r}, which is none of your evidence blocks ({valid})",
                         confidence=1.0, sentence=sentence), index)
            return None
        return cid

    # 1. The citation list: each claim against the block it names.
    claim_sentences = _map_claims(response.citations, sents, words, vocabs, names)
    attempted = {i for i, s in enumerate(sents) if s.markers}  # cited something, valid or not
    rendered: dict[int, list[str]] = {}  # sentence index -> the supported claims it may render
    voiced: dict[int, list[str]] = {}  # sentence index -> the [self] claims said in it
    standing: list[str] = []  # every supported claim, mapped to a sentence or not
    for citation, indices in zip(response.citations, claim_sentences):
        attempted.update(indices)
        primary = indices[0] if indices else None
        cid = check_id(citation.evidence_id, citation.claim, primary)
        if cid is None:
            for i in indices[1:]:
                check_id(citation.evidence_id, sents[i].clean, i)
            continue
        for i in indices:
            cited[i].add(cid)
        if _check_claim(citation, cid, primary, sents, judge, add):
            if cid != SELF:
                standing.append(citation.claim)
            for i in indices:
                (voiced if cid == SELF else rendered).setdefault(i, []).append(citation.claim)

    supported_claims = [c for found in rendered.values() for c in found]
    supported_claims = list(dict.fromkeys(supported_claims))
    all_claims = [c.claim for c in response.citations if normalise_id(c.evidence_id) != SELF]

    # 2. Ids written inline in the speech.
    for i, s in enumerate(sents):
        for raw in s.markers:
            cid = check_id(raw, s.clean, i)
            if cid is not None:
                cited[i].add(cid)

    judge.cited_ids = {x for found in cited.values() for x in found}

    # 3. Every sentence: leaks, unknown topics, and support of what it states.
    supported_uncited: dict[int, str] = {}
    distinctive = _distinctive(pack)
    # a view the citation list gives to [self] that no sentence holds ("I despise the auditors"
    # beside "Bean-counters. I'd sooner space myself..."): the speech says it in its own words
    unplaced_view = any(normalise_id(c.evidence_id) == SELF and not indices
                        for c, indices in zip(response.citations, claim_sentences))
    for i, s in enumerate(sents):
        leaked = _leak(s, pack, judge)
        if leaked:  # the message (retry feedback) must not repeat the secret
            add(_finding("trust_leak", s.clean, "withheld: " + ", ".join(sorted(leaked)),
                         f"sentence {i + 1} reveals what you keep from this player: leave it out entirely",
                         confidence=0.95 if any(pack.secret_anchors.has(w) for w in leaked) else 0.8, sentence=s), i)
        unknown = mentions(words[i], pack.unknown) if pack.topic_unknown else []
        if s.kind is not Kind.FACT:  # a remark in passing ("lotta dames come through here") is no claim
            unknown = mentions(unknown, distinctive)
        if unknown and s.kind in (Kind.FACT, Kind.STANCE, Kind.FRAGMENT) and not judge.denial(s):
            add(_finding("unknown_topic", s.clean, "no source mentions " + ", ".join(unknown),
                         f"'{s.clean}' talks as if you knew {', '.join(unknown)}; you have nothing on it: say you don't know",
                         confidence=0.9, sentence=s), i)
        if s.kind in (Kind.QUESTION, Kind.UNCERTAIN):
            continue
        label = relabelled(s.clean, all_claims) if s.kind in (Kind.FACT, Kind.FRAGMENT) else ""
        if label:
            add(_finding("not_entailed", s.clean, f"the citations give another {label}",
                         f"'{s.clean}' gives a {label} your own citations do not: keep to the block's facts",
                         confidence=0.8, sentence=s), i)
            continue
        ids = cited[i]
        if not ids:  # (a sentence whose only citation is invalid is reported as such already)
            continued = i not in attempted and _continues_list(s, i, sents, cited)
            if (s.kind is Kind.FACT or (continued and s.kind is Kind.FRAGMENT)) and i not in attempted \
                    and not judge.denial(s):
                if _carries_on(s, i, sents, cited, rendered, standing, names, judge) \
                        or _names_the_before(s, i, sents, cited, judge):
                    add(_finding("uncited", s.clean, "the sentence before cites what it says",
                                 f"'{s.clean}' goes on about the sentence before and says what its block says: cite it",
                                 severity=WARN, confidence=0.5, sentence=s), i)
                    continue
                if unplaced_view and not continued and not judge.world_fact(s.clean) \
                        and judge.any_block(s.facts or s.clean, set()) is None:
                    # the sentence is that view, held as a [self] sentence is: no name, number or
                    # document's fact in it, nor a long statement about others the persona lacks
                    continue
                _uncited(s, i, judge, add, supported_uncited, continued=continued)
            continue
        blocks = [b for b in (pack.block(x) for x in sorted(ids) if x != SELF) if b is not None]
        if not blocks:  # only [self]
            if judge.world_fact(s.clean):
                add(_finding("self_misuse", s.clean, "[self] backs feelings and opinions only",
                             f"'{s.clean}' is a fact about the world but cites [self]: cite a block that says it, or drop it",
                             confidence=0.85, sentence=s), i)
            continue
        if s.kind is Kind.STANCE:
            continue
        # a cited fragment ("at sundown now [E3]") is held to all it says, unless it says too
        # little to be a claim ("on my list [E2]")
        stated = s.facts or s.clean
        if not words_of(stated) or (s.kind is not Kind.FACT and len(words_of(stated)) < 2):
            continue
        if not judge.supports_all(blocks, stated):
            if judge.worked_out(blocks, stated) is not None:
                continue  # the sum its block allows, said in the sentence
            if not judge.renders(s, rendered.get(i, []), blocks, voiced.get(i, [])) \
                    and not judge.renders(s, _with_anchored(s, rendered.get(i, []), standing, names), blocks,
                                          voiced.get(i, [])):
                _not_entailed(stated, s, i, blocks, ids, judge, add)
            continue  # a rendering is held to its claims' polarity clause by clause, not word by word
        figure = _figure_left_out(s, blocks, judge)
        if figure:
            add(_finding("not_entailed", s.clean, f"no cited block gives {figure}",
                         f"'{s.clean}' gives {figure}, which the blocks it cites do not: keep to the block's facts",
                         confidence=0.8, sentence=s), i)
            continue
        if judge.misbound(s, supported_claims):
            add(_finding("not_entailed", s.clean, "the claims say it of another",
                         f"'{s.clean}' says of one thing what your citations say of another: keep each fact with its own",
                         confidence=0.75, sentence=s), i)
            continue
        if bounded(s.clean) and rendered.get(i) and judge.renders(s, rendered[i], blocks, voiced.get(i, [])):
            continue  # "not expected back before the 17th": a time bound, held to its claims clause by clause
        if stated in judge.scoped_claims:
            continue  # its negation was read for the statement already; word by word it would flip
        against = judge.contradicted_by(blocks, s.clean)
        if against is not None:
            add(_finding("not_entailed", s.clean, f'{against.id}: "{against.text[:120]}"',
                         f"'{s.clean}' says the opposite of what {against.id} says: keep to the block's facts",
                         confidence=0.8, sentence=s), i)

    # 4. A topic nothing mentions must be answered with uncertainty.
    if pack.topic_unknown and sents and not any(s.kind is Kind.UNCERTAIN for s in sents):
        topic = ", ".join(pack.unknown)
        add(_finding("unknown_topic", response.speech.strip()[:160], f"no source mentions {topic}",
                     f"you know nothing about {topic}: say so in your own words",
                     severity=WARN, confidence=0.7), None)

    return Verdict(findings, sents, claim_sentences, cited, judge.rav_resolved,
                   {**supported_uncited, **judge.miscited})


def _figure_left_out(s: Sentence, blocks: list[EvidenceBlock], judge: _Judge) -> str:
    """A number or time the sentence says outside the statements it was checked on, that neither
    a cited block nor a claim of the answer gives ("Dolores in booth four, Thursday, ten o'clock
    sharp" where the matchbook says 11 pm): what a sentence says in passing is still said, and a
    figure worked out from the blocks is a claim's to give. "" when there is none."""
    if not s.facts or s.facts == s.clean:
        return ""
    names = judge.names
    checked = anchors_of(s.facts, names)
    given = [a for text in [*(f"{b.full_text or b.text}\n{b.context}" for b in blocks), *judge.claims, judge.pack.question]
             for a in anchors_of(text, names)]
    said = _ENUMERATION.sub("", s.clean)
    unsaid = [a for a in anchors_of(said, names)
              if is_numeric(a) and a not in checked and not any(same_anchor(a, g) for g in given)]
    return unsaid[0] if unsaid and judge.worked_out(blocks, said) is None else ""


def _distinctive(pack: EvidencePack) -> list[str]:
    """The words that name the unknown topic itself: the player's capitalised words, the last
    word of the topic ("a dame called Veronica Lake": veronica, lake), or its only word."""
    topic = pack.topic
    if not topic:
        return []
    return list({*mentions(names_in(pack.question), topic), topic[-1]})


def audit(speech: str, pack: EvidencePack, *, entailment: Entailment = OVERLAP) -> list[str]:
    """The factual sentences of posted text (citations already stripped) that nothing the player
    may hear about supports: an independent count of unsupported claims that shipped."""
    names = speech_names(speech, pack)
    judge = _Judge(pack, entailment, names)
    out = []
    for s in sentences(speech, names):
        if s.kind is not Kind.FACT or judge.denial(s):
            continue
        stated = s.facts or s.clean
        if judge.any_block(stated, set()) is not None or not judge.world_fact(s.clean):
            continue
        if any(judge.score(src.text, stated, src.context) >= entailment.threshold for src in pack.visible):
            continue
        out.append(s.clean)
    return out
