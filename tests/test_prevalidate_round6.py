"""Pre-validation, round 6: how players really refer to people, things and deeds.

A development set written from scratch (``tests/eval/actions_plausible.jsonl``: fourteen settings
from a 1930s Shanghai jazz club to a Roman bathhouse, plus four more batches scored before they
were looked at) showed that each new set's false blocks came from ordinary English the guard did
not read, never from one scene's vocabulary. These tests prove each principle on scenes written
for this file, each next to the nearest wording that must still be blocked:

- a clause about a thing after a comma ("it's sticking") and an adverb ("just in case") end the
  object; a verb the tables lack ends a list when its particle and an object follow ("and scope
  out the fixer"), not when a purpose does ("flint and steel to light");
- one's own gear put on goes nowhere; "my knife" is the penknife held; someone present bidden to
  do a deed ("have Syrus scrape me down") acts with their own things; a service done to
  someone's thing ("light her cigarette") is no use of it; a portion of something here is here;
- a group word ("the crew"), a clipped title ("the doc"), a creature's kind ("the old hound"),
  a word of a thing's name ("the Rickenbacker", "the scarab", "the defib"), a role taken up
  ("stand guard") and a pronoun no one stands behind are not someone absent;
- a spot that is someone's ("the captain's side") is where they are; their cabin is elsewhere;
  "the Abbey Road studio" is a named building elsewhere; floating in a pool is no flight;
- a verb the tables lack still commits its words at the start of a message ("bike over to the
  movie theater", "pop my mantis blades"); a thing slipped into something must be held; a god
  answering a prayer with a deed is the prayer's magic; "flight goggles" give no flight.
"""

from __future__ import annotations

from typing import Any

from bot.guard.intent import extract
from bot.world.scene import Scene
from prevalidation_asserts import assert_allowed, assert_blocked

LIGHTHOUSE: dict[str, Any] = {
    "setting": "Cornish coast, 1893",
    "world_rules": ["no magic", "no technology beyond the 1890s"],
    "location": {
        "name": "Lamp room of Gull Rock Light",
        "description": "A round iron lamp room around a great lens, with a barometer on the wall and a pool of rainwater by the door.",
        "exits": ["Spiral Stair", "Gallery"],
        "features": [
            {"name": "lens housing", "climbable": False},
            {"name": "oil store", "locked": True, "key": "oil store key"},
            {"name": "brass barometer"},
        ],
    },
    "npcs": [
        {"name": "Keeper Tregarthen", "aliases": ["keeper", "Tregarthen"], "abilities": ["lamp tending"], "items": ["oil store key", "bread knife", "logbook"]},
        {"name": "Dr. Morwenna Pascoe", "aliases": ["Pascoe", "doctor"], "abilities": ["medicine"], "items": ["medical bag", "cigarette holder"]},
        {"name": "Jory", "aliases": ["boy", "lamp boy"], "abilities": [], "items": ["bucket"]},
    ],
    "items": ["oil cans", "spare wicks", "pasties", "Fresnel lens"],
    "creatures": ["a gull asleep on the rail"],
    "player": {
        "name": "Kit Rowe",
        "class": "coastguard",
        "hp": 14,
        "max_hp": 14,
        "inventory": ["penknife", "flight goggles", "oilskin coat", "mirrorshades", "pocket chronometer", "6 shillings"],
        "abilities": ["seamanship", "signalling"],
    },
    "party": [],
}

BATHHOUSE: dict[str, Any] = {
    "setting": "Roman Britain, 150 AD",
    "world_rules": ["no magic; the gods do not answer in person"],
    "location": {
        "name": "Baths at Aquae Sulis, warm room",
        "description": "A vaulted warm room with a lukewarm pool, benches and oil lamps.",
        "exits": ["Hot Room", "Cold Room"],
        "features": [{"name": "marble columns", "climbable": False}],
    },
    "npcs": [
        {"name": "Syrus", "aliases": ["attendant", "bath attendant"], "abilities": ["massage"], "items": ["strigil", "flask of oil"]},
        {"name": "Varro", "aliases": ["magistrate"], "abilities": ["oratory"], "items": ["signet ring"]},
    ],
    "items": ["lukewarm pool", "benches", "bread rolls"],
    "creatures": [],
    "player": {"name": "Lucius", "class": "merchant", "hp": 10, "max_hp": 10, "inventory": ["dagger", "linen towel", "purse of 30 denarii"], "abilities": ["haggling"]},
    "party": [],
}

SHIP: dict[str, Any] = {
    "setting": "age of sail, 1805",
    "world_rules": ["no magic", "no technology beyond 1805"],
    "location": {
        "name": "Quarterdeck of HMS Perseverance",
        "description": "A holystoned deck with the ship's wheel, the binnacle and a rack of belaying pins.",
        "exits": ["Gun Deck", "Captain's Cabin", "Forecastle"],
        "features": [{"name": "mainmast", "climbable": True}],
    },
    "npcs": [
        {"name": "Captain Hale", "aliases": ["captain", "Hale"], "abilities": ["command"], "items": ["telescope", "sword"]},
        {"name": "Mr. Penrose", "aliases": ["bosun", "Penrose"], "abilities": ["rope work"], "items": ["bosun's call", "cane"]},
    ],
    "items": ["belaying pins", "Rickenbacker drum", "binnacle", "defibrillator", "parachute packs"],
    "creatures": [],
    "player": {"name": "Tom Yeo", "class": "midshipman", "hp": 12, "max_hp": 12, "inventory": ["dirk", "ship's biscuit", "quadrant"], "abilities": ["navigation"]},
    "party": [],
}


def test_a_remark_after_a_comma_is_not_part_of_the_object() -> None:
    assert_allowed("tap the brass barometer, it's sticking", LIGHTHOUSE)
    assert_allowed("tap the brass barometer, it is sticking", LIGHTHOUSE)


def test_an_adverb_ends_the_object() -> None:
    intents = extract("grab a belaying pin just in case", Scene.from_dict(SHIP))
    assert intents[0].target_text == "a belaying pin" and intents[0].target == "belaying pins"


def test_a_verb_and_its_particle_after_and_start_a_new_step() -> None:
    intents = extract("i eat a pasty and scope out the keeper", Scene.from_dict(LIGHTHOUSE))
    assert len(intents) == 2 and intents[1].target == "Keeper Tregarthen"


def test_a_thing_then_its_purpose_is_one_object() -> None:
    assert_blocked("strike my flint and steel to light the lamp", LIGHTHOUSE, "no_item")


def test_putting_on_ones_own_gear_goes_nowhere() -> None:
    assert_allowed("slip on my mirrorshades and lean back", LIGHTHOUSE)
    assert_blocked("slip on my sunglasses", LIGHTHOUSE, "no_item")


def test_my_knife_is_the_knife_held_not_someone_elses() -> None:
    assert_allowed("i scrape the soot off the glass with my knife", LIGHTHOUSE)
    assert_blocked("i cut the wick with my bread knife", LIGHTHOUSE, "no_item")


def test_floating_in_water_is_no_flight() -> None:
    assert_allowed("slip into the pool and float near the magistrate", BATHHOUSE)
    assert_blocked("float up to the ceiling", BATHHOUSE, "physics")


def test_someone_present_bidden_to_act_uses_their_own_things() -> None:
    assert_allowed("have Syrus scrape me down with the strigil", BATHHOUSE)
    assert_allowed("get the attendant to oil my back", BATHHOUSE)
    assert_blocked("I use the strigil on myself", BATHHOUSE, "no_item")


def test_a_service_to_someones_thing_is_no_use_of_it() -> None:
    assert_allowed("i light the doctor's cigarette holder for her", LIGHTHOUSE)
    assert_blocked("I pull out Pascoe's cigarette holder", LIGHTHOUSE, "no_item")


def test_a_portion_of_something_here_is_here() -> None:
    assert_allowed("feed the gull some pasty crumbs", LIGHTHOUSE)
    assert_blocked("feed the gull some bagel crumbs", LIGHTHOUSE, "no_item")


def test_a_thing_slipped_into_something_must_be_held() -> None:
    assert_blocked("slip the sleeping draught into the keeper's tea", LIGHTHOUSE, "no_item")
    assert_allowed("slip a shilling into the boy's hand", LIGHTHOUSE)


def test_a_group_word_means_whoever_is_here() -> None:
    assert_allowed("tell the crew the old story of the drowned bell", SHIP)
    assert_blocked("ask Dr. House for a consult", SHIP, "target")


def test_a_clipped_title_names_whoever_carries_it() -> None:
    assert_allowed("ask the doc whether the boy will mend", LIGHTHOUSE)


def test_a_described_creature_answers_to_its_kind() -> None:
    assert_allowed("stroke the sleeping gull", LIGHTHOUSE)
    assert_blocked("stroke the cat", LIGHTHOUSE, "target")


def test_a_role_taken_up_is_no_one_met() -> None:
    assert_allowed("i stand guard by the oil store", LIGHTHOUSE)


def test_a_pronoun_no_one_stands_behind_blocks_nothing() -> None:
    assert_allowed("take the wheel, captain, I've got her", SHIP)


def test_a_word_the_scene_uses_for_a_thing_is_that_thing() -> None:
    assert_allowed("beat the Rickenbacker to call the hands", SHIP)
    assert_allowed("charge the defib to 200!", SHIP)


def test_a_spot_of_someone_present_is_where_they_are() -> None:
    assert_allowed("I walk to the captain's side", SHIP)
    assert_allowed("I step to the bosun's station", SHIP)
    assert_blocked("I go to the bosun's cottage", SHIP, "location")


def test_a_topic_from_somewhere_is_not_the_one_asked() -> None:
    assert_allowed("bow to the captain and ask about the convoy from Lisbon", SHIP)
    assert_blocked("I demand the charts from Admiral Nelson", SHIP, "target")


def test_a_named_building_the_scene_lacks_is_elsewhere() -> None:
    assert_blocked("I walk into the Drury Lane studio", SHIP, "location")
    assert_allowed("walk over to the Rickenbacker drum", SHIP)


def test_a_verb_the_tables_lack_still_commits_at_the_start_of_a_message() -> None:
    assert_blocked("bike over to the movie theater", SHIP, "location")
    assert_blocked("pop my smoke grenade and run", SHIP, "no_item")
    assert_blocked("crack the captain's sword at the bosun", SHIP, "no_item")


def test_a_god_answering_a_prayer_with_a_deed_is_the_prayers_magic() -> None:
    assert_blocked("I pray to Sulis and she strikes Varro down", BATHHOUSE, "no_ability")
    assert_allowed("I pray to Sulis and ask for luck", BATHHOUSE)


def test_a_thing_named_for_an_activity_grants_no_power() -> None:
    assert_blocked("I fly to the other ship", LIGHTHOUSE, "physics")


def test_a_portable_device_claimed_as_mine_must_be_held() -> None:
    assert_blocked("scan the logbook with my portable scanner", LIGHTHOUSE, "no_item")


def test_a_bare_verb_ending_the_clause_is_a_purpose() -> None:
    assert_allowed("hang my oilskin coat on the rail to dry", LIGHTHOUSE)
    assert_blocked("walk to church", LIGHTHOUSE, "location")
