"""The offline provider (templates, no network) and the chaos wrapper (known hallucinations)."""

from __future__ import annotations

import random
import re
import socket
import sys
import types
from typing import Literal

import pytest
from pydantic import BaseModel, Field

from bot.guard.finding import NARRATION_KINDS
from bot.llm import chaos_narration
from bot.llm.base import LLMError, LLMRequest, Message, NarrationContext
from bot.llm.chaos import INJECTOR_MODULES, ChaosProvider, injector_for
from bot.llm.offline import OfflineProvider
from bot.world.intent import Intent
from bot.world.outcome import Outcome, StepOutcome
from bot.world.scene import Scene

TAVERN = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms or modern technology",
                    "only mage, wizard, sorcerer, warlock and cleric can cast spells"],
    "location": {"name": "The Rusty Tankard", "description": "A smoky common room with a long oak bar.",
                 "exits": ["Market Square", "Cellar"],
                 "features": [{"name": "stone walls", "climbable": False},
                              {"name": "cellar door", "locked": True, "key": "cellar key"}]},
    "npcs": [{"name": "Greta", "aliases": ["bartender", "barkeep"], "abilities": [], "items": ["cellar key", "rag"]},
             {"name": "Bram", "aliases": ["guard"], "abilities": ["sword attack", "shield bash"],
              "items": ["longsword", "shield", "chainmail"]}],
    "items": ["mug of ale", "wooden stool", "dartboard"],
    "creatures": [],
    "player": {"name": "Aldric", "class": "warrior", "hp": 30, "max_hp": 30,
               "inventory": ["iron sword", "leather armor", "waterskin", "12 gold coins"],
               "abilities": ["power attack", "second wind"]},
    "party": [],
    "forbidden": ["pistol", "laptop", "gunpowder", "electric"],
}


def attack_context(seed: int = 0, scene: dict | None = None) -> NarrationContext:
    outcome = Outcome(steps=[StepOutcome(action_type="attack", success=True, summary="Aldric hits Bram for 7.",
                                         target="Bram", item="iron sword", roll=15, damage=7, hp_after=13)])
    return NarrationContext(scene=Scene.from_dict(scene or TAVERN),
                            intents=[Intent("attack", target="Bram", method="iron sword")],
                            outcome=outcome, player_text="I attack the guard with my sword", seed=seed)


def narration_request(ctx: NarrationContext, **kw: object) -> LLMRequest:
    return LLMRequest(messages=[Message("user", ctx.player_text)], context=ctx, **kw)  # type: ignore[arg-type]


def scene_words(scene: Scene) -> set[str]:
    return chaos_narration._scene_words(scene)


# ---- offline ------------------------------------------------------------------------------------
@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the offline provider tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


async def test_offline_narrates_the_decided_outcome_from_templates(no_network):
    response = await OfflineProvider().complete(narration_request(attack_context()))
    assert "Bram" in response.text
    assert "7" in response.text
    assert response.model == "offline"
    assert response.injected == []


async def test_offline_passes_scene_intents_outcome_and_seed_to_the_narrator(monkeypatch, no_network):
    seen = {}

    def narrate(scene, intents, outcome, seed=0):
        seen.update(scene=scene, intents=intents, outcome=outcome, seed=seed)
        return "Stub narration."

    monkeypatch.setitem(sys.modules, "bot.rules.narration", types.SimpleNamespace(narrate=narrate))
    ctx = attack_context(seed=42)
    response = await OfflineProvider().complete(narration_request(ctx, task="combat"))
    assert response.text == "Stub narration."
    assert seen["seed"] == 42 and seen["outcome"] is ctx.outcome and seen["scene"] is ctx.scene


async def test_offline_without_a_template_module_states_the_outcome_summary(monkeypatch, no_network):
    monkeypatch.setitem(sys.modules, "bot.rules.narration", None)
    response = await OfflineProvider().complete(narration_request(attack_context()))
    assert response.text == "Aldric hits Bram for 7."


async def test_offline_accepts_a_scene_given_as_a_dict(no_network):
    ctx = attack_context()
    ctx.scene = TAVERN
    response = await OfflineProvider().complete(narration_request(ctx))
    assert "Bram" in response.text


class IntentGuess(BaseModel):
    action_type: str = "other"
    target: str | None = None


class Steps(BaseModel):
    steps: list[str]
    note: str
    confidence: float


class Forced(BaseModel):
    verdict: Literal["attack", "flee"]


async def test_offline_answers_structured_requests_with_a_neutral_instance(no_network):
    provider = OfflineProvider()
    guess = await provider.complete(LLMRequest(messages=[], schema=IntentGuess, task="intent"))
    assert guess.parsed == IntentGuess()
    plan = await provider.complete(LLMRequest(messages=[], schema=Steps, task="proposal"))
    assert plan.parsed == Steps(steps=[], note="", confidence=0.0)


async def test_offline_refuses_to_pick_a_value_it_would_have_to_invent(no_network):
    with pytest.raises(LLMError) as err:
        await OfflineProvider().complete(LLMRequest(messages=[], schema=Forced, task="intent"))
    assert err.value.kind == "bad_output"


async def test_offline_dialogue_uses_the_dialogue_module(monkeypatch, no_network):
    module = types.SimpleNamespace(answer=lambda ctx: f'{ctx.npc} says: "Ale is two coppers."')
    monkeypatch.setitem(sys.modules, "bot.dialogue.offline", module)
    ctx = attack_context()
    ctx.npc = "Greta"
    response = await OfflineProvider().complete(narration_request(ctx, task="dialogue"))
    assert response.text == 'Greta says: "Ale is two coppers."'


class Speech(BaseModel):
    speech: str
    citations: list[str] = Field(default_factory=list)


async def test_offline_dialogue_without_a_module_gives_a_neutral_line(monkeypatch, no_network):
    monkeypatch.setitem(sys.modules, "bot.dialogue.offline", None)
    ctx = attack_context()
    ctx.npc = "Greta"
    plain = await OfflineProvider().complete(narration_request(ctx, task="dialogue"))
    assert plain.text.startswith("Greta")
    structured = await OfflineProvider().complete(narration_request(ctx, task="dialogue", schema=Speech))
    assert structured.parsed.speech.startswith("Greta") and structured.parsed.citations == []


# ---- chaos --------------------------------------------------------------------------------------
async def test_chaos_at_rate_one_always_injects_known_kinds_absent_from_the_scene():
    chaos = ChaosProvider(OfflineProvider(), rate=1.0, seed=7)
    scene = Scene.from_dict(TAVERN)
    known = scene_words(scene)
    for seed in range(150):
        response = await chaos.complete(narration_request(attack_context(seed)))
        assert response.injected, f"call {seed} injected nothing"
        for record in response.injected:
            assert record["kind"] in NARRATION_KINDS
            assert record["text"] and record["text"] in response.text
            entity = record.get("entity")
            if record["kind"] in ("absent_npc", "invented_item", "invented_creature", "invented_location"):
                assert not (chaos_narration._significant(entity) & known), (entity, record)
            if record["kind"] == "outcome_mismatch":
                numbers = {int(n) for n in re.findall(r"\d+", record["text"])}
                assert numbers and 7 not in numbers
            if record["kind"] == "world_rule":
                assert entity in TAVERN["forbidden"] and entity != "electric"
    assert chaos.injected_calls == chaos.calls == 150


async def test_chaos_at_rate_zero_never_injects():
    chaos = ChaosProvider(OfflineProvider(), rate=0.0, seed=7)
    plain = await OfflineProvider().complete(narration_request(attack_context()))
    for _ in range(50):
        response = await chaos.complete(narration_request(attack_context()))
        assert response.injected == [] and response.text == plain.text


async def test_same_seed_gives_the_same_injections_and_another_seed_differs():
    async def run(seed: int) -> list[tuple[str, list]]:
        chaos = ChaosProvider(OfflineProvider(), rate=0.58, seed=seed)
        out = []
        for i in range(40):
            response = await chaos.complete(narration_request(attack_context(i)))
            out.append((response.text, response.injected))
        return out

    first, again, other = await run(1234), await run(1234), await run(999)
    assert first == again
    assert first != other
    injected = sum(1 for _, records in first if records)
    assert 10 < injected < 35  # about 58% of 40


async def test_chaos_covers_every_kind_with_varied_phrasing():
    chaos = ChaosProvider(OfflineProvider(), rate=1.0, seed=3)
    kinds: dict[str, set[str]] = {}
    for i in range(400):
        response = await chaos.complete(narration_request(attack_context(i)))
        for record in response.injected:
            kinds.setdefault(record["kind"], set()).add(record["text"])
    assert set(kinds) == set(NARRATION_KINDS)
    for kind, texts in kinds.items():
        assert len(texts) >= 5, (kind, texts)


def test_chaos_substitutes_a_present_npc_with_an_absent_one():
    narration = "The bartender slides a mug of ale across the bar."
    scene = Scene.from_dict(TAVERN)
    substituted = []
    for seed in range(60):
        text, record = chaos_narration.absent_npc(narration, scene, None, random.Random(seed))
        if "replaced" in record:
            substituted.append((text, record))
    assert substituted
    text, record = substituted[0]
    assert record["replaced"] == "The bartender"
    assert text == narration.replace("The bartender", record["text"])
    assert scene.npc(record["entity"]) is None


async def test_chaos_only_gives_spells_to_those_who_cannot_cast():
    wizard_scene = dict(TAVERN, player=dict(TAVERN["player"], **{"class": "wizard", "abilities": ["fireball"]}))
    chaos = ChaosProvider(OfflineProvider(), rate=1.0, seed=5)
    actors = set()
    for i in range(300):
        response = await chaos.complete(narration_request(attack_context(i, scene=wizard_scene)))
        actors |= {r["actor"] for r in response.injected if r["kind"] == "impossible_ability"}
    assert actors and "player" not in actors
    assert actors <= {"Greta", "Bram"}


async def test_chaos_never_teleports_a_player_who_can_fly():
    flyer = dict(TAVERN, player=dict(TAVERN["player"], abilities=["flight"]))
    chaos = ChaosProvider(OfflineProvider(), rate=1.0, seed=9)
    for i in range(200):
        response = await chaos.complete(narration_request(attack_context(i, scene=flyer)))
        assert all(r["kind"] != "physics" for r in response.injected)


async def test_chaos_works_on_a_sparse_scene_without_context():
    chaos = ChaosProvider(OfflineProvider(), rate=1.0, seed=1)
    response = await chaos.complete(LLMRequest(messages=[Message("user", "look")], task="narration"))
    assert response.injected and response.injected[0]["text"] in response.text


async def test_chaos_passes_through_tasks_without_an_injector(monkeypatch):
    monkeypatch.setitem(INJECTOR_MODULES, "dialogue", "bot.llm.chaos_missing_for_test")
    assert injector_for("dialogue") is None
    assert injector_for("intent") is None
    chaos = ChaosProvider(OfflineProvider(), rate=1.0, seed=1)
    ctx = attack_context()
    ctx.npc = "Greta"
    response = await chaos.complete(narration_request(ctx, task="dialogue"))
    assert response.injected == []


def test_chaos_names_itself_after_what_it_wraps():
    chaos = ChaosProvider(OfflineProvider(), rate=0.5, seed=1)
    assert (chaos.name, chaos.model) == ("chaos:offline", "chaos:offline")
    with pytest.raises(ValueError):
        ChaosProvider(OfflineProvider(), rate=1.5)
    assert isinstance(ChaosProvider(OfflineProvider()).seed, int)  # drawn, kept for replay


async def test_offline_dialogue_json_answer_is_parsed_into_the_schema(monkeypatch, no_network):
    module = types.SimpleNamespace(answer=lambda ctx: '{"speech": "Ale is two coppers.", "citations": ["E1"]}')
    monkeypatch.setitem(sys.modules, "bot.dialogue.offline", module)
    ctx = attack_context()
    ctx.npc = "Greta"
    response = await OfflineProvider().complete(narration_request(ctx, task="dialogue", schema=Speech))
    assert response.parsed == Speech(speech="Ale is two coppers.", citations=["E1"])


async def test_offline_description_without_an_outcome_describes_the_place(no_network):
    ctx = NarrationContext(scene=Scene.from_dict(TAVERN))
    response = await OfflineProvider().complete(narration_request(ctx, task="description"))
    assert "The Rusty Tankard" in response.text
    nothing = await OfflineProvider().complete(narration_request(ctx, task="narration"))
    assert nothing.text == "Nothing else happens."
