"""Pre-validation, round 5: the scene's own marks decide, and words are read for whom they reach.

A fresh held-out set's misses each came from a principle the guard lacked, not a word. These
tests prove those principles on scenes and wordings written for this file, each block beside the
nearest wording that must stay allowed:

- a power the scene lists on someone else (an NPC's or a party member's ability), claimed by the
  player in its own words, is a power the player lacks; asked of its owner, it is not claimed;
- a feature the scene marks as not climbable, and that is one solid thing rather than an opening
  or a row of things, cannot be walked through; it can be broken through, by force, in the dice;
- a rule that grants magic only to those with a spell or power makes a caster's class no licence;
- a body turned "to smoke" or become smoke is the same claim as "into mist";
- coin of a metal the purse does not hold is not held, when every coin held names its metal;
- "Sir Edmund's ghost" is Sir Edmund; a ghost here who is someone else is not him;
- "the bearded lady" picks out someone by a mark nobody here has;
- what is quoted or recited is said, not addressed; "to his face" addresses the one named;
- "and let him out" is a step of its own; a natural force called "up" is still commanded; a deed
  done "with an exorcism" is magic; a place the description names is part of where one is;
  "my arms" spread are limbs.
"""

from __future__ import annotations

from bot.guard.finding import BLOCK
from bot.guard.prevalidate import check_text
from bot.world.scene import Scene
from prevalidation_asserts import assert_allowed, assert_blocked

DOJO = {
    "setting": "Edo Japan, 1720",
    "world_rules": ["no firearms", "no magic; ki is discipline, not sorcery"],
    "location": {
        "name": "Hall of the Quiet Pine",
        "description": "A practice hall of polished boards beside a creaking rice mill, with a rack of wooden swords.",
        "exits": ["Garden Gate", "Bath House"],
        "features": [
            {"name": "paper screen", "climbable": False},
            {"name": "cedar pillars", "climbable": False},
            {"name": "storehouse door", "locked": True, "key": "iron storehouse key"},
            {"name": "smoke vent", "climbable": False},
        ],
    },
    "npcs": [
        {"name": "Master Hideo", "aliases": ["sensei", "master"], "abilities": ["dragon fist", "still mind"], "items": ["iron storehouse key", "fan"]},
        {"name": "Okiku", "aliases": ["servant girl"], "abilities": [], "items": ["tea tray"]},
    ],
    "items": ["wooden swords", "straw mats"],
    "creatures": [],
    "player": {"name": "Jubei", "class": "fisherman", "hp": 14, "max_hp": 14,
               "inventory": ["fishing net", "gutting knife", "pouch of 30 copper mon"], "abilities": ["swim", "weather eye"]},
    "party": [{"name": "Tama", "class": "fox spirit", "hp": 10, "max_hp": 10, "inventory": [], "abilities": ["become mist", "fox fire"]}],
}

FAERIE = {
    "setting": "faerie court, high fantasy",
    "world_rules": ["magic answers only to those who know a spell or hold a power", "no iron weapons"],
    "location": {
        "name": "Hollow Hill Hall",
        "description": "A hall under the hill, lit by glow-worms, with a mossy dais.",
        "exits": ["Moon Door", "Root Stair"],
        "features": [{"name": "mossy dais", "climbable": True}],
    },
    "npcs": [{"name": "Lady Briar", "aliases": ["lady", "the lady of thorns"], "abilities": ["thorn wall"], "items": ["briar crown"]}],
    "items": ["acorn cups"],
    "creatures": [],
    "player": {"name": "Wren", "class": "druid", "hp": 12, "max_hp": 12,
               "inventory": ["willow wand", "satchel"], "abilities": ["thornsong", "herb lore"]},
    "party": [],
}

CHAPEL = {
    "setting": "Georgian England, 1790",
    "world_rules": ["no magic for the living", "ghosts may linger"],
    "location": {
        "name": "Ashcombe chapel",
        "description": "A cold chapel with box pews, a stone font and a bell rope.",
        "exits": ["Churchyard", "Vestry"],
        "features": [{"name": "bell rope", "climbable": True}],
    },
    "npcs": [
        {"name": "Parson Hale", "aliases": ["parson", "vicar"], "abilities": [], "items": ["prayer book", "vestry key"]},
        {"name": "Mistress Pell", "aliases": ["ghost", "the drowned girl"], "abilities": ["chill touch"], "items": []},
    ],
    "items": ["hymn books", "candles"],
    "creatures": [],
    "player": {"name": "Tom Dawe", "class": "sexton", "hp": 14, "max_hp": 14,
               "inventory": ["spade", "lantern", "3 silver shillings"], "abilities": ["grave digging"]},
    "party": [],
}


def _kinds(text: str, scene: dict) -> set[str]:
    return {f.kind for f in check_text(text, Scene.from_dict(scene))[1] if f.severity == BLOCK}


# -- a power the scene gives to someone else --------------------------------------------------

def test_fisherman_cannot_strike_with_the_masters_dragon_fist() -> None:
    f = assert_blocked("I hit the sensei with my dragon fist", DOJO, "no_ability")
    assert "Master Hideo" in f.message


def test_fisherman_may_strike_with_his_own_fist() -> None:
    assert_allowed("I hit the sensei with my fist", DOJO)


def test_asking_the_owner_to_use_a_power_is_no_claim_of_it() -> None:
    assert_allowed("I ask the sensei to show me the dragon fist", DOJO)


def test_party_members_power_claimed_by_the_player_is_blocked() -> None:
    assert "no_ability" in _kinds("I become mist and drift out through the smoke vent", DOJO)


# -- solid features by the scene's own marks -------------------------------------------------

def test_walking_through_an_unclimbable_screen_is_passing_through_matter() -> None:
    assert_blocked("I walk through the paper screen into the garden", DOJO, "physics")


def test_breaking_through_an_unclimbable_screen_is_left_to_the_dice() -> None:
    assert_allowed("I crash through the paper screen", DOJO)


def test_walking_between_a_row_of_pillars_is_allowed() -> None:
    assert_allowed("I walk through the cedar pillars to the shrine", DOJO)


def test_an_opening_marked_unclimbable_is_still_an_opening() -> None:
    assert not _kinds("I walk through the smoke vent", DOJO) & {"physics"}


# -- magic that needs a listed spell ---------------------------------------------------------

def test_druid_cannot_cast_an_unlisted_spell_where_magic_needs_a_known_spell() -> None:
    f = assert_blocked("I cast sleep on Lady Briar", FAERIE, "no_ability")
    assert "sleep" in f.message


def test_druid_may_cast_a_listed_power_where_magic_needs_a_known_spell() -> None:
    assert_allowed("I cast thornsong on Lady Briar", FAERIE)


# -- bodies become stuff ---------------------------------------------------------------------

def test_turning_to_smoke_is_a_power_the_sheet_must_give() -> None:
    assert_blocked("I turn to smoke", CHAPEL, ("physics", "no_ability"))


def test_turning_to_face_someone_is_no_power() -> None:
    assert_allowed("I turn to face the parson", CHAPEL)


# -- coin by metal ---------------------------------------------------------------------------

def test_paying_in_silver_from_a_purse_of_copper_is_blocked() -> None:
    f = assert_blocked("I pay the servant girl with a silver ryo", DOJO, "no_item")
    assert "copper" in f.message


def test_paying_in_the_metal_held_is_allowed() -> None:
    assert_allowed("I pay the servant girl five copper mon", DOJO)


def test_paying_gold_from_an_unnamed_purse_is_not_judged_by_metal() -> None:
    scene = {**CHAPEL, "player": {**CHAPEL["player"], "inventory": ["spade", "purse of coins"]}}
    assert_allowed("I pay the parson with a gold guinea", scene)


# -- who the words reach ---------------------------------------------------------------------

def test_an_absent_persons_ghost_is_not_the_ghost_who_is_here() -> None:
    assert_blocked("I ask Squire Dawlish's ghost where the silver is hidden", CHAPEL, "target")


def test_the_ghost_here_named_by_whose_ghost_she_is_is_present() -> None:
    assert_allowed("I ask Mistress Pell's ghost where the silver is hidden", CHAPEL)


def test_a_generic_someone_marked_by_what_no_one_here_has_is_absent() -> None:
    assert_blocked("I ask the one-eyed woman for a candle", CHAPEL, "target")


def test_a_generic_someone_by_a_vague_mark_may_be_anyone_here() -> None:
    assert_allowed("I ask the old man for a candle", CHAPEL)


def test_quoting_an_author_at_someone_addresses_the_listener() -> None:
    assert_allowed("I quote Milton at the parson until he sighs", CHAPEL)


def test_denouncing_an_absent_man_to_his_face_is_blocked() -> None:
    assert_blocked("I denounce the zek Jory to his face", CHAPEL, "target")


# -- parse robustness ------------------------------------------------------------------------

def test_let_him_out_is_a_step_of_its_own_so_the_lock_is_checked() -> None:
    assert_blocked("I open the storehouse door and let the boy out", DOJO, "environment")


def test_calling_up_a_storm_is_commanding_a_great_force() -> None:
    assert_blocked("I call up a storm over the churchyard", CHAPEL, "no_ability")


def test_calling_up_to_someone_is_only_talk() -> None:
    assert_allowed("I call up to the parson", CHAPEL)


def test_a_deed_done_with_an_exorcism_is_magic() -> None:
    assert_blocked("I drive the ghost out with an exorcism", CHAPEL, "no_ability")


def test_a_place_the_description_names_is_part_of_where_one_is() -> None:
    assert_allowed("I walk through the rice mill", DOJO)


def test_spreading_ones_arms_is_no_claim_of_weapons() -> None:
    assert_allowed("I spread my arms and shout for quiet", CHAPEL)
