"""Pre-validation, round 4: strong signals checked whatever the parse made of the verb.

Round 3's fixes did not reach a fresh blind set, because each hung on the verb the parser
recognised. These tests prove the mechanisms that do not: each checks a commitment the words make
on their own, on scenes and wordings written for this file, and each block sits beside the
nearest wording that must stay allowed (a false block costs a player their turn):

- a capitalised name the scene lacks, given a title or a word for a person ("Governor Pascoe",
  "the lamplighter Jory"), is an absent target when the player addresses, kneels to, hands to or
  attacks them; talked about, written to or prayed to, it is not;
- a named place, a vehicle taken or a distance covered is a destination elsewhere, unless the
  way goes out through an exit ("along the Cliff Path to the village");
- "my" before equipment the sheet lacks (a weapon, restraints, a diving suit) is a missing item
  whatever the verb; a powered kind of a thing here ("the motor launch" beside a rowing boat) is
  not that thing; a made thing thrown or fought with must be held;
- powers described by what they do, not by a spell word: effects made ("a force field"),
  water breathed, a body shrunk, great forces commanded, a mind bent or read, effects done by a
  touch or a word, sight through stone, strength through stone, speed past horses, energy drawn
  in to heal, the setting's own word for its magic, a spell named mid-sentence;
- a leap over a landform or "in one bound";
- parser robustness: "let fly" is a shot, "give a whistle" a sound, "to <verb> the ..." a purpose,
  a misspelt held thing is still held, a feature may be named by whose it is, an order to someone
  else ("Agnes, ...") is not the player's deed.
"""

from __future__ import annotations

import pytest

from bot.guard.intent import extract
from bot.world.scene import Scene
from prevalidation_asserts import assert_allowed, assert_blocked

LIGHTHOUSE = {
    "setting": "Cornish coast, 1894",
    "world_rules": ["no magic or supernatural powers", "no technology invented after 1894"],
    "location": {
        "name": "Godrevy Light Keeper's Room",
        "description": "A round whitewashed room at the foot of the tower, a stove and a chart on the wall.",
        "exits": ["Lamp Gallery Stair", "Cliff Path"],
        "features": [
            {"name": "storm shutters", "locked": True, "key": "shutter key"},
            {"name": "tower wall", "climbable": False},
        ],
    },
    "npcs": [
        {"name": "Agnes Tremayne", "aliases": ["keeper", "Agnes"], "items": ["shutter key", "knitting"]},
        {"name": "Silas", "aliases": ["the boy"], "items": ["catapult", "bag of marbles"]},
    ],
    "items": ["paraffin drum", "logbook", "signal lantern", "rowing boat"],
    "creatures": ["a flock of gulls"],
    "player": {
        "name": "Morwen Penhale",
        "class": "coastguard",
        "inventory": ["oilskin coat", "brass telescope", "boathook", "flask of tea", "2 shillings"],
        "abilities": ["seamanship", "signalling"],
    },
    "party": [],
}

STEADING = {
    "setting": "Norse saga age",
    "world_rules": ["no gunpowder or steel plate", "only a gothi can work galdr or any other magic"],
    "location": {
        "name": "Hall of Grimkell",
        "description": "A long smoky hall with a central fire and carved pillars.",
        "exits": ["Byre", "Shore Road"],
        "features": [{"name": "carved pillars", "climbable": False}],
    },
    "npcs": [
        {"name": "Grimkell", "aliases": ["the old farmer"], "items": ["drinking horn"]},
        {"name": "Thora", "aliases": ["Grimkell's daughter"], "items": ["spindle"]},
    ],
    "items": ["hearth fire", "benches", "mead cask"],
    "creatures": [],
    "player": {
        "name": "Hallbera",
        "class": "shieldmaiden",
        "inventory": ["spear", "round shield", "seax", "bread"],
        "abilities": ["shield wall", "war cry"],
    },
    "party": [],
}

WIZARD_STEADING = {**STEADING, "world_rules": ["no gunpowder or steel plate"], "player": {
    "name": "Ulfrun", "class": "wizard", "inventory": ["staff", "rune bag"], "abilities": [],
}}


def scene(d: dict) -> Scene:
    return Scene.from_dict(d)




# -- absent people named with a title or a word for a person -------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I bow low to Governor Pascoe",
        "I report to my superintendent Carthew",
        "I hand my flask of tea to the lamplighter Jory",
        "I kneel at Lady Carrow's feet and plead for the boy",
        "I challenge Captain Hext to a race round the headland",
    ],
)
def test_an_absent_titled_person_addressed_or_served_is_a_target_block(text: str) -> None:
    assert_blocked(text, LIGHTHOUSE, "target")


@pytest.mark.parametrize(
    "text",
    [
        "I ask Agnes about Governor Pascoe",
        "I tell Silas that Captain Hext is a liar",
        "I write a note to Governor Pascoe in the logbook",
        "I admire Lady Carrow's portrait on the chart",
        "I hand my flask of tea to Silas",
        "I curse Captain Hext under my breath",
        "I raise my flask to Queen Victoria",
        "I offer a prayer to Saint Piran",
    ],
)
def test_a_name_spoken_of_or_prayed_to_need_not_be_present(text: str) -> None:
    assert_allowed(text, LIGHTHOUSE)


# -- places elsewhere: named, reached by a vehicle, or over a distance -----------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I row the rowing boat across the bay to St Ives",
        "I take the mail coach to Penzance",
        "I hike the thirty miles to Truro",
        "I head up to the attic for a blanket",
    ],
)
def test_a_destination_beyond_the_exits_is_a_location_block(text: str) -> None:
    assert_blocked(text, LIGHTHOUSE, "location")


@pytest.mark.parametrize(
    "text",
    [
        "I walk out along the Cliff Path",
        "I go out by the Cliff Path to the village",
        "I follow the Cliff Path two miles on to Gwithian",
        "I climb the Lamp Gallery Stair to trim the wick",
        "I step over to the stove",
    ],
)
def test_a_place_reached_through_an_exit_stays_allowed(text: str) -> None:
    assert_allowed(text, LIGHTHOUSE)


# -- equipment claimed as the player's own, powered kinds, made things thrown ---------------------


@pytest.mark.parametrize(
    "text",
    [
        "I clap my irons on Silas",
        "I pull on my diving suit and wade out",
        "I lob a smoke bomb at Silas",
        "I start the steam pump",
        "I start the motor launch",
    ],
)
def test_equipment_not_held_is_no_item_whatever_the_verb(text: str) -> None:
    assert_blocked(text, LIGHTHOUSE, "no_item")


@pytest.mark.parametrize(
    "text",
    [
        "I clap Silas on the shoulder",
        "I straighten my cuffs and greet Agnes",
        "I pull on my oilskin coat and wade out",
        "I light the signal lantern",
        "I push the rowing boat down into the surf",
        "I take a swig from my flsk of tea",
        "I fend Silas off with my boathook",
    ],
)
def test_held_or_worn_things_and_things_here_stay_allowed(text: str) -> None:
    assert_allowed(text, LIGHTHOUSE)


# -- powers described by what they do -------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I conjure up a shimmering force field around the lamp",
        "I breathe the seawater like a seal and swim for the rocks",
        "I shrink down to the size of a mouse",
        "I calm the storm with a single word",
        "I make Silas forget what he saw",
        "I close the boy's wound with a touch",
        "I lift the rowing boat over my head",
        "I see straight through the tower wall",
        "I punch straight through the tower wall",
        "I sprint up the Cliff Path faster than a galloping horse",
        "I soak up the lightning to heal my burns",
        "I shove the paraffin drum across the room with my mind",
        "*Morwen murmurs and sends a fireball roaring at Silas*",
    ],
)
def test_a_power_described_without_a_spell_word_is_blocked(text: str) -> None:
    assert_blocked(text, LIGHTHOUSE, ("no_ability", "physics"))


@pytest.mark.parametrize(
    "text",
    [
        "I put up a tarpaulin against the rain",
        "I breathe in the salt air",
        "I shrink back from the edge",
        "I calm Silas with a word",
        "I make Silas promise to keep quiet",
        "I mend the net with a few knots",
        "I drag the rowing boat up the shingle",
        "I look through my brass telescope",
        "I listen through the door for Agnes",
        "I break through the wall of spray",
        "I sprint up the Cliff Path",
        "I soak up the sun on the rocks",
        "I drag myself up the Lamp Gallery Stair with sheer willpower",
        "I tell Agnes a tale about a fireball over the bay",
        "Agnes, send a fireball at the gulls",
    ],
)
def test_the_ordinary_deed_beside_each_power_stays_allowed(text: str) -> None:
    assert_allowed(text, LIGHTHOUSE)


def test_the_settings_own_word_for_magic_is_reserved_to_whom_the_rules_name() -> None:
    assert_blocked("I chant galdr over the fire to find the lost sheep", STEADING, "no_ability")
    assert_allowed("I ask Grimkell whether the gothi knows any galdr", STEADING)


def test_a_caster_may_raise_a_barrier_where_a_warrior_may_not() -> None:
    assert_blocked("I throw up a barrier of force before Thora", STEADING, "no_ability")
    assert_allowed("I throw up a barrier of force before Thora", WIZARD_STEADING)


# -- superhuman leaps ------------------------------------------------------------------------------


def test_a_leap_over_a_landform_or_in_one_bound_is_physics() -> None:
    assert_blocked("I take a run and leap the bay to the island", LIGHTHOUSE, "physics")
    assert_blocked("I clear the river in a single bound", STEADING, "physics")
    assert_allowed("I jump down onto the shingle", LIGHTHOUSE)
    assert_allowed("I hop over the stream", STEADING)


# -- parser robustness -------------------------------------------------------------------------------


def test_let_fly_is_a_shot_not_a_flight() -> None:
    intents = extract("I heft my spear and let fly at Grimkell", scene(STEADING))
    assert intents[-1].action_type == "attack"
    assert intents[-1].method != "flight"
    assert_allowed("I heft my spear and let fly at Grimkell", STEADING)


def test_a_sound_given_is_made_and_a_purpose_is_no_recipient() -> None:
    assert_allowed("I give a sharp whistle to rouse the gulls", LIGHTHOUSE)
    assert_allowed("I give three cheers to hearten the boy", LIGHTHOUSE)
    assert_blocked("I give my lockpicks to Silas", LIGHTHOUSE, "no_item")


def test_a_feature_named_by_whose_it_is_is_that_feature() -> None:
    assert_blocked("I unbolt the keeper's shutters", LIGHTHOUSE, "environment")
    assert_allowed("I open the keeper's logbook", LIGHTHOUSE)


def test_a_named_shape_of_a_mind_reached_through_the_parse_stays_a_talk() -> None:
    # a present person with a title-like alias is no absent target
    assert_allowed("I bow to the keeper and ask for the shutter key", LIGHTHOUSE)


def test_money_by_any_name_is_counted_against_the_purse() -> None:
    market = {**STEADING, "player": {**STEADING["player"], "inventory": ["spear", "6 hacksilver pieces"]}}
    assert_blocked("I pay Thora 40 hacksilver pieces for the spindle", market, "no_item")
    assert_allowed("I pay Thora 4 hacksilver pieces for the spindle", market)


def test_an_area_the_scene_lacks_is_somewhere_else_but_furniture_is_here() -> None:
    assert_blocked("I hurry to the signal room", LIGHTHOUSE, "location")
    assert_allowed("I hurry to the window", LIGHTHOUSE)


def test_an_unknown_verb_does_not_weaken_what_the_names_commit_to() -> None:
    # "grovel" is in no verb table: the absent, titled person is still the one grovelled to
    assert_blocked("I grovel before Jarl Sigvaldi", STEADING, "target")
    assert_allowed("I grovel before Grimkell", STEADING)


def test_great_forces_commanded_are_a_power_even_as_an_order() -> None:
    assert_blocked("I command the tide to turn back", LIGHTHOUSE, "no_ability")
    assert_allowed("I command Silas to fetch the logbook", LIGHTHOUSE)


def test_a_step_after_the_players_name_stays_the_players() -> None:
    intents = extract("*Hallbera growls and flings a fireball at Grimkell*", scene(STEADING))
    assert len(intents) == 2
    assert_blocked("*Hallbera growls and flings a fireball at Grimkell*", STEADING, "no_ability")
    assert_allowed("*Thora growls and flings a cup at Grimkell*", STEADING)


def test_claimed_metal_must_be_held_as_wealth_not_as_a_things_name() -> None:
    camp = {**STEADING, "player": {**STEADING["player"], "inventory": ["gold ring", "spear"]}}
    assert_blocked("I bribe Grimkell with my gold nuggets", camp, "no_item")
    assert_allowed("I bribe Grimkell with my gold ring", camp)


def test_a_material_found_about_is_no_item_to_hold() -> None:
    assert_allowed("I fill the rowing boat with shingle", LIGHTHOUSE)
    assert_allowed("I bank the stove with driftwood", LIGHTHOUSE)


def test_a_god_named_with_a_title_is_prayed_to_not_met() -> None:
    assert_allowed("I sacrifice a goat to Lord Odin", STEADING)
    assert_allowed("I call upon Lord Odin for strength", STEADING)
    assert_allowed("I lay my seax before the god Tyr", STEADING)
    assert_blocked("I lay my seax before Jarl Sigvaldi", STEADING, "target")
