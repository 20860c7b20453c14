"""One turn, end to end: the pipeline of DESIGN.md.

    words -> intents -> pre-validation -> rules decide -> constrained prompt -> model narrates
          -> post-validation -> repair ladder -> one transaction (state + turn log + violations)

The model is never called while a database transaction is open: the state is read, the turn is
decided and narrated, and the commit re-checks the version it was read at. In one process the
channel lock of ``bot.game`` keeps turns of a channel in order; a version conflict (another
process, or a game master's change) re-runs the turn on the new state.
"""

from __future__ import annotations

import logging
import random
import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot import collector
from bot.actions.steps import NarrationWithProposals
from bot.chat import Message
from bot.conversation import DialogueResult, UnknownNPC, talk
from bot.dialogue.sources import question_note
from bot.errors import BadInput, SceneChanged
from bot.game import Game, Table
from bot.guard import prompt as prompt_builder
from bot.guard import repair
from bot.guard.facts import correct
from bot.guard.finding import Finding, blocking
from bot.guard.intent import extract
from bot.guard.intent_fallback import IntentGuesses, intents_from_guesses, needs_fallback
from bot.guard.intent_fallback import build_messages as intent_messages
from bot.guard.postvalidate import postvalidate, reading_for
from bot.guard.postvalidate import prepare as prepare_checks
from bot.guard.prevalidate import prevalidate
from bot.guard.prevalidate.ahead import prepare as prepare_intents
from bot.guard_config import AntiHallucinationConfig, config_for
from bot.llm.base import LLMError, LLMRequest, NarrationContext, Provider
from bot.proposals import ProposalContext, ProposalResult, proposal_instructions, propose, review
from bot.rules.rulebook import WHILE_DOWN
from bot.rules.narration import narrate, narrate_blocked
from bot.rules.resolve import resolve
from bot.store.base import ChannelRef, NoActiveCampaign, TurnRecord, VersionConflict, ViolationRecord
from bot.world.effects import Effect, Remember
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene

log = logging.getLogger(__name__)

MAX_INPUT_CHARS = 600
COMMIT_ATTEMPTS = 3


@dataclass(slots=True)
class ActedFinding:
    """A finding and what the pipeline did about it."""

    finding: Finding
    action: str  # retried | corrected | stripped | fallback | blocked | rejected | allowed
    attempt: int

    def to_dict(self) -> dict[str, Any]:
        d = self.finding.to_dict()
        d["action"] = self.action
        d["attempt"] = self.attempt
        return d


@dataclass(slots=True)
class TurnResult:
    input: str
    narration: str
    blocked: bool = False
    attempts: int = 0
    fallback: bool = False
    findings: list[ActedFinding] = field(default_factory=list)
    intents: list[Intent] = field(default_factory=list)
    outcome: Outcome = field(default_factory=Outcome)
    model: str = ""
    llm_calls: int = 0
    guard_ms: float = 0.0
    turn_id: int | None = None
    character: str = ""
    injected: list[dict[str, Any]] = field(default_factory=list)  # chaos only: what was made up
    violations: list[ViolationRecord] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The DESIGN.md per-turn shape used by ``loreguard play --json``."""
        return {
            "input": self.input,
            "narration": self.narration,
            "blocked": self.blocked,
            "attempts": self.attempts,
            "fallback": self.fallback,
            "findings": [
                {
                    "kind": a.finding.kind,
                    "severity": a.finding.severity,
                    "confidence": round(a.finding.confidence, 3),
                    "span": a.finding.span,
                }
                for a in self.findings
            ],
        }


@dataclass(slots=True)
class Narrated:
    text: str
    attempts: int = 0
    fallback: bool = False
    llm_calls: int = 0
    guard_ms: float = 0.0
    acted: list[ActedFinding] = field(default_factory=list)
    injected: list[dict[str, Any]] = field(default_factory=list)
    plan: Any = None  # the actions proposed with the narration that was accepted as is
    effects: list[Effect] = field(default_factory=list)  # proposal effects, applied all or none


# A speech that hands something over, lets someone in or sends someone away may change the world:
# only then is a proposal call made after dialogue (most conversations change nothing).
_DIALOGUE_CHANGES = re.compile(
    r"\b(here,? take|take (?:it|this|these)|hands?|hand(?:s|ed)? (?:you|over)|gives?|giving|toss(?:es)?|"
    r"slides?|passes|unlocks?|opens? the|lets? you|leaves?|walks? (?:off|out|away)|heads? (?:off|out))\b",
    re.IGNORECASE,
)


def warm_up(campaign_names: list[str] | None = None) -> None:
    """Load the guard's word tables and index each campaign's scenes once, then move what that
    built out of the garbage collector's way (``bot.collector.settle``), so that the first turn
    after start-up costs what the next one does and no collection over those caches lands inside
    a turn. Called by the bot and the terminal at start-up; optional (the same work otherwise
    happens on first use)."""
    from bot.conversation import Conversation
    from bot.guard.vocabulary import dictionary
    from bot.world.loader import available_campaigns, get_campaign
    from bot.world.state import new_character, new_state, scene_for

    for name in campaign_names if campaign_names is not None else available_campaigns():
        try:
            campaign = get_campaign(name)
        except Exception:  # noqa: BLE001 - a broken campaign is reported when it is started
            continue
        state = new_state(campaign)
        state.characters["warm"] = new_character(campaign, "warm", "Warm", campaign.classes[0].name)
        scene = scene_for(state, campaign, "warm")
        prevalidate(extract("I look around", scene), scene)
        postvalidate("You look around; nothing stirs.", scene, [], Outcome())
        Conversation(None, campaign).warm()  # type: ignore[arg-type]  (no model call is made)
    dictionary()  # the English word list that tells ordinary words from names (loaded lazily)
    collector.settle()


def clean_input(text: str, limit: int = MAX_INPUT_CHARS) -> str:
    """Player text as data: control characters removed, whitespace collapsed, length bounded."""
    text = "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    if not text:
        raise BadInput("Say what your character does.")
    if len(text) > limit:
        raise BadInput(f"That is {len(text)} characters; a turn is at most {limit}. Try a shorter action.")
    return text


def _without_proposals(messages: list[Message]) -> list[Message]:
    """The narration prompt without the proposals section (for models answering in prose)."""
    first = messages[0]
    head, sep, _ = first.content.partition("\n\nBesides the narration")
    return [Message(first.role, head), *messages[1:]] if sep else messages


class TurnRunner:
    """Runs turns for every channel; holds the provider and the per-channel order."""

    def __init__(
        self,
        game: Game,
        provider: Provider,
        *,
        guard_file: str | None = None,
        rng_factory: Callable[[], random.Random] | None = None,
        max_input_chars: int = MAX_INPUT_CHARS,
        proposals: bool = True,
    ):
        self.game = game
        self.provider = provider
        self.guard_file = guard_file
        self.rng_factory = rng_factory or random.Random
        self.max_input_chars = max_input_chars
        self.proposals = proposals
        self._plain_only: set[str] = set()  # models seen ignoring the structured narration format

    def config(self, model: str | None) -> AntiHallucinationConfig:
        return config_for(model or self.provider.model, file=self.guard_file)

    async def run(self, channel: ChannelRef, player_id: str, text: str) -> TurnResult:
        """One turn: decide and narrate on the state as read, then commit with a version check;
        a lost race re-runs the turn on the new state (twice at most), never half-applies it."""
        text = clean_input(text, self.max_input_chars)
        async with self.game.locks.hold(channel):
            for attempt in range(COMMIT_ATTEMPTS):
                table = await self._table_for_turn(channel, player_id, first=attempt == 0)
                result, effects, record, violations, proposals = await self._decide(table, player_id, text)
                try:
                    commit = await self.game.store.commit_turn(
                        table.record.id, table.state.version, effects, record, violations, proposals
                    )
                except VersionConflict:
                    log.info("turn in %s lost a race; re-running it on the new state", channel)
                    continue
                except NoActiveCampaign:
                    if attempt:
                        raise
                    # the remembered campaign was ended elsewhere: a fresh read says what runs now
                    log.info("campaign in %s ended elsewhere; re-reading the channel", channel)
                    continue
                result.turn_id = commit.turn_id
                if commit.refused:
                    await self._log_refused(table, player_id, result, commit.refused)
                return result
        raise SceneChanged()

    async def _table_for_turn(self, channel: ChannelRef, player_id: str, first: bool) -> Table:
        """A turn's first attempt decides on the state this process remembers (no round trip to
        the database when the store keeps it); the commit's version check refuses it if anyone
        wrote since, and the next attempt reads afresh. A player this process has not seen join
        (they joined through another) is looked up afresh at once."""
        if first:
            table = await self.game.table(channel, remembered=True)
            character = table.state.characters.get(player_id)
            if character is not None and character.active:
                return table
        return await self.game.table(channel)

    async def prepare(self, channel: ChannelRef) -> float:
        """Index the channel's scenes as they stand after a turn, for the next one: the guard's
        per-scene indexes are keyed by content, so the next turn's checks find them built.
        Callers run this after the reply is posted, while players read and type, which takes
        the indexing off the turn's critical path. Returns the milliseconds it took; never
        raises (a failure only means the next turn builds its own index)."""
        try:
            table = await self.game.table(channel)
        except Exception:  # noqa: BLE001 - nothing to prepare: the campaign ended, or the store is busy
            return 0.0
        started = time.perf_counter()
        try:
            for player_id, character in table.state.characters.items():
                if not character.active:
                    continue
                scene = table.scene(player_id)
                prepare_intents(scene)  # the scene index, and what intents and pre-validation derive
                prepare_checks(scene)
        except Exception:  # noqa: BLE001 - a scene that cannot be indexed is reported by its turn
            log.warning("could not index the scenes of %s ahead of the next turn", channel, exc_info=True)
        collector.collect_between_turns()  # the collector's pause, here rather than in the next turn
        return (time.perf_counter() - started) * 1000

    async def _log_refused(self, table: Table, player_id: str, result: TurnResult,
                           refused: list[tuple[int, str]]) -> None:
        refusals = [
            ViolationRecord(
                guild_id=table.record.guild_id, channel_id=table.record.channel_id, player_id=player_id,
                model=result.model, layer="actions", kind="precondition", severity="block", confidence=1.0,
                span=reason[:200], evidence="the state at commit time", action="refused",
                message=f"proposed change refused at commit: {reason}", turn_id=result.turn_id,
                campaign_id=table.record.id,
            )
            for _, reason in refused
        ]
        log.info("turn %s: %d proposal(s) refused at commit", result.turn_id, len(refusals))
        await self.game.store.record_violations(refusals)
        result.violations.extend(refusals)

    async def _decide(
        self, table: Table, player_id: str, text: str
    ) -> tuple[TurnResult, list[Effect], TurnRecord, list[ViolationRecord], list[list[Effect]]]:
        started = time.perf_counter()
        character = table.character(player_id)
        scene = table.scene(player_id)
        model = table.record.model or self.provider.model
        config = self.config(model)
        rng = self.rng_factory()
        seed = rng.randrange(1 << 30)

        g0 = time.perf_counter()
        intents = extract(text, scene)
        guard_ms = (time.perf_counter() - g0) * 1000
        result = TurnResult(input=text, narration="", model=model, character=character.name)
        if needs_fallback(intents) and self.provider.name != "offline":
            intents = await self._guess_intents(text, scene, config, model, result) or intents
        result.intents = intents
        g0 = time.perf_counter()
        findings = prevalidate(intents, scene) if config.enable_pre_validation else []
        guard_ms += (time.perf_counter() - g0) * 1000
        blocks = blocking(findings)

        extra: list[Effect] = []
        proposal_groups: list[list[Effect]] = []
        if intents and all(i.ambiguous for i in intents):
            reason = (f"It isn't clear what {character.name} does. Describe one action in your own words,"
                      " for example \"I look around\" or \"I walk to the door\".")
            result.outcome = Outcome(blocked=True, reason=reason)
            result.blocked = True
            result.narration = reason
        elif character.down and not all(i.action_type in WHILE_DOWN for i in intents):
            result.outcome = Outcome(blocked=True, reason=f"{character.name} is down: rest to come round, or talk; "
                                                          "nothing else until healed.")
            result.blocked = True
            result.narration = result.outcome.reason
        elif blocks:
            reason = blocks[0].message
            result.outcome = Outcome(blocked=True, reason=reason)
            result.blocked = True
            result.narration = narrate_blocked(reason, scene, seed=seed)
            result.findings = [ActedFinding(f, "blocked", 0) for f in blocks]
        else:
            result.outcome = resolve(intents, table.state, table.campaign, player_id, rng)
            spoken, remembered = await self._dialogue(table, player_id, character.name, text, intents, config, result)
            extra.extend(remembered)
            deeds = [s for s in result.outcome.steps if s.action_type != "talk"]
            parts: list[str] = []
            if spoken is None or deeds:
                told = result.outcome if spoken is None else Outcome(steps=deeds)
                acting = intents if spoken is None else [i for i in intents if i.action_type != "talk"] or intents
                narrated = await self._narrate(table, player_id, scene, acting, told, config, text, seed, model)
                guard_ms += narrated.guard_ms
                parts.append(narrated.text)
                result.attempts += narrated.attempts
                result.fallback = narrated.fallback
                result.llm_calls += narrated.llm_calls
                result.findings.extend(narrated.acted)
                result.injected.extend(narrated.injected)
                if narrated.effects:
                    proposal_groups.append(narrated.effects)
            if spoken is not None:
                parts.append(spoken)
            result.narration = "\n".join(p for p in parts if p)
        result.guard_ms += guard_ms

        violations = [
            ViolationRecord(
                guild_id=table.record.guild_id,
                channel_id=table.record.channel_id,
                player_id=player_id,
                model=model,
                layer=a.finding.layer,
                kind=a.finding.kind,
                severity=a.finding.severity,
                confidence=a.finding.confidence,
                span=a.finding.span,
                evidence=a.finding.evidence,
                message=a.finding.message,
                action=a.action,
                attempt=a.attempt,
                campaign_id=table.record.id,
            )
            for a in result.findings
            if config.log_violations
        ]
        result.violations = violations
        record = TurnRecord(
            campaign_id=table.record.id,
            player_id=player_id,
            input=text,
            intents=[i.to_dict() for i in intents],
            outcome=result.outcome.to_dict(),
            narration=result.narration,
            findings=[a.to_dict() for a in result.findings],
            model=model,
            attempts=result.attempts,
            fallback=result.fallback,
            blocked=result.blocked,
            latency_ms=(time.perf_counter() - started) * 1000,
            llm_calls=result.llm_calls,
        )
        effects = [] if result.blocked else [*result.outcome.effects, *extra]
        return result, effects, record, violations, proposal_groups

    async def _guess_intents(self, text: str, scene: Scene, config: AntiHallucinationConfig, model: str,
                             result: TurnResult) -> list[Intent]:
        """Words the parser could not classify: one structured model call, whose guesses go back
        through the deterministic extractor (and then pre-validation, like any action)."""
        request = LLMRequest(
            messages=intent_messages(text, scene), temperature=config.temperature("intent"),
            max_tokens=config.tokens("intent"), schema=IntentGuesses, task="intent",
            model=None if model == self.provider.model else model,
        )
        result.llm_calls += 1
        try:
            response = await self.provider.complete(request)
        except LLMError as exc:
            log.info("intent fallback failed (%s): %s", exc.kind, exc)
            return []
        guesses = response.parsed if isinstance(response.parsed, IntentGuesses) else IntentGuesses()
        g0 = time.perf_counter()
        intents = intents_from_guesses(guesses, text, scene)
        result.guard_ms += (time.perf_counter() - g0) * 1000
        return intents

    async def _dialogue(
        self, table: Table, player_id: str, name: str, text: str, intents: list[Intent],
        config: AntiHallucinationConfig, result: TurnResult,
    ) -> tuple[str | None, list[Effect]]:
        """A player who talks to an NPC present gets the NPC's grounded answer (evidence cited by
        id, verified, fail-closed). Returns the line to post, or None when nobody is addressed."""
        talk_to = next((i for i in intents if i.action_type == "talk" and i.target_kind == "npc" and i.target), None)
        if talk_to is None:
            return None, []
        npc_state = table.state.npc(talk_to.target or "")
        if npc_state is None or npc_state.down:
            return None, []
        try:
            said: DialogueResult = await talk(
                self.provider, table.campaign, npc_state.name, player_id, npc_state.trust_of(player_id), text,
                config, memory=list(npc_state.memory), player_name=name,
            )
        except UnknownNPC:
            return None, []
        result.llm_calls += said.llm_calls
        result.attempts += said.attempts
        result.guard_ms += said.guard_ms
        result.injected.extend(said.injected)
        action = {"stripped": "stripped", "dont_know": "fallback", "refused": "fallback", "offline": "fallback"}.get(
            said.fallback, "retried")
        result.findings.extend(ActedFinding(f, action, said.attempts) for f in said.findings)
        line = f"{npc_state.name}: \u201c{said.speech}\u201d"
        remembered: list[Effect] = []
        if said.topic:
            remembered.append(Remember(npc_state.name, question_note(name, said.topic[:80])))
        if self.proposals and _DIALOGUE_CHANGES.search(said.speech):
            ctx = ProposalContext.for_turn(table.state, table.campaign, player_id, said.speech,
                                           outcome=result.outcome, player_text=text, npc=npc_state.name)
            proposed = await propose(self.provider, ctx)
            self._take_proposals(proposed, result)
            if proposed.effects:
                remembered.extend(proposed.effects)
        return line, remembered

    @staticmethod
    def _take_proposals(proposed: ProposalResult, result: TurnResult) -> None:
        result.llm_calls += proposed.llm_calls
        result.injected.extend(proposed.injected)
        result.findings.extend(ActedFinding(f, "rejected", 0) for f in proposed.findings)

    async def _narrate(
        self,
        table: Table,
        player_id: str,
        scene: Scene,
        intents: list[Intent],
        outcome: Outcome,
        config: AntiHallucinationConfig,
        text: str,
        seed: int,
        model: str,
    ) -> Narrated:
        """The repair ladder: generate, check, retry with feedback, strip, or fall back to the
        template. Nothing of blocking severity leaves this function. With proposals on, the model
        also lists the changes its narration implies; they are checked against the action
        registry and kept only if that narration is the one posted as the model wrote it."""
        out = Narrated(text="")
        task = repair.task_for(intents)
        g0 = time.perf_counter()
        arrivals = [table.scene(player_id, s.moved_to) for s in outcome.steps if s.moved_to]
        messages = prompt_builder.build(scene, intents, outcome, config, player_text=text, task=task,
                                        arrivals=arrivals)
        for there in arrivals:  # the narration is held to what the places reached hold, too
            scene = scene.arriving_at(there)
        context = NarrationContext(scene=scene, intents=intents, outcome=outcome, player_text=text, seed=seed)
        ctx: ProposalContext | None = None
        if self.proposals:
            ctx = ProposalContext.for_turn(table.state, table.campaign, player_id, "", outcome=outcome,
                                           player_text=text, seed=seed, scene=None)
            messages[0] = Message("system", messages[0].content + "\n\n" + proposal_instructions(ctx))
        out.guard_ms += (time.perf_counter() - g0) * 1000
        last_text = ""
        last_blocks: list[Finding] = []
        attempts = config.max_retries + 1
        envelope = ctx is not None and model not in self._plain_only
        for attempt in range(1, attempts + 1):
            request = LLMRequest(
                messages=messages if envelope else _without_proposals(messages),
                temperature=config.temperature(task),
                max_tokens=config.tokens(task) + (200 if envelope else 0),
                task=task,
                context=context,
                schema=NarrationWithProposals if envelope else None,
                model=None if model == self.provider.model else model,
            )
            out.llm_calls += 1
            out.attempts = attempt
            try:
                response = await self.provider.complete(request)
            except LLMError as exc:
                if exc.kind == "bad_output" and envelope:
                    # a model that answers prose where JSON was asked: narrate in prose (no
                    # proposals) from now on, this turn and the next ones of this model
                    log.info("%s ignores the structured narration format (%s); asking for prose", model, exc)
                    self._plain_only.add(model)
                    envelope = False
                    if attempt < attempts:
                        continue
                elif exc.kind == "bad_output" and attempt < attempts:
                    log.info("model answer unusable (%s); asking again", exc)
                    continue
                log.warning("model call failed (%s): %s; using the template narration", exc.kind, exc)
                break
            out.injected.extend(response.injected)
            g0 = time.perf_counter()
            parsed = response.parsed
            raw = parsed.narration if isinstance(parsed, NarrationWithProposals) else response.text
            candidate = repair.clean_model_text(raw)
            candidate, fixes = correct(candidate, outcome, reading_for(candidate, scene) if candidate else None)
            candidate, renamed = repair.correct_names(candidate, scene)
            fixes += renamed
            findings = postvalidate(candidate, scene, intents, outcome) if config.enable_post_validation else []
            blocks = blocking(findings, strict=config.strict_mode)
            out.guard_ms += (time.perf_counter() - g0) * 1000
            out.acted.extend(ActedFinding(f, "corrected", attempt) for f in fixes)
            if candidate and blocks and config.repair_first == "strip":
                g0 = time.perf_counter()
                stripped = repair.strip(candidate, blocks, scene, intents, outcome, strict=config.strict_mode)
                out.guard_ms += (time.perf_counter() - g0) * 1000
                if stripped is not None:
                    out.acted.extend(ActedFinding(f, "stripped", attempt) for f in blocks)
                    out.text = stripped
                    return out  # proposals came with the narration as written: not kept
            if candidate and not blocks:
                out.acted.extend(ActedFinding(f, "allowed", attempt) for f in findings)
                out.text = candidate
                if ctx is not None and isinstance(parsed, NarrationWithProposals) and parsed.proposals:
                    ctx.text = candidate
                    reviewed = await review(self.provider, parsed.plan(), ctx)
                    out.llm_calls += reviewed.llm_calls
                    out.injected.extend(reviewed.injected)
                    out.acted.extend(ActedFinding(f, "rejected", attempt) for f in reviewed.findings)
                    out.effects = list(reviewed.effects)
                return out
            last_text, last_blocks = candidate, blocks
            if attempt < attempts:
                out.acted.extend(ActedFinding(f, "retried", attempt) for f in blocks)
                g0 = time.perf_counter()
                messages = prompt_builder.with_feedback(messages, candidate, blocks)
                out.guard_ms += (time.perf_counter() - g0) * 1000

        g0 = time.perf_counter()
        if last_text and last_blocks and config.repair_first != "strip":  # (strip-first tried it already)
            stripped = repair.strip(last_text, last_blocks, scene, intents, outcome, strict=config.strict_mode)
            if stripped is not None:
                out.acted.extend(ActedFinding(f, "stripped", out.attempts) for f in last_blocks)
                out.text = stripped
                out.guard_ms += (time.perf_counter() - g0) * 1000
                return out
        out.acted.extend(ActedFinding(f, "fallback", out.attempts) for f in last_blocks)
        out.fallback = True
        out.text = repair.safe_template(narrate(scene, intents, outcome, seed=seed), scene, intents, outcome)
        out.guard_ms += (time.perf_counter() - g0) * 1000
        return out
