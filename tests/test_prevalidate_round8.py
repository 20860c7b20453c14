"""Pre-validation, round 8: what a fresh set of player actions showed the checks missed.

Each test names a principle, in a scene and words of its own (a Klondike assay office and an
Icelandic farmstead, not the set's scenes): chat's "w" is "with"; "fire up" a machine is using
it; adverbs that trail a phrase are no part of its name; "let's ride" is a journey; a direction
before "to <place>" is only the way; a word no dictionary knows, gone up to and called "him", is
someone; a pronoun takes no words after it; a verb before someone present starts a new deed;
"my" before the name of another's thing claims it, even by its first word alone; the scene's
letters are the player's plain ones; compounds are the same spaced or hyphenated; a compound's
last part is its kind; a piece torn off a thing here is no one; a trade plied with another's
tool needs that tool.
"""

from __future__ import annotations

from prevalidation_asserts import assert_allowed, assert_blocked

from bot.guard.intent import extract
from bot.world.scene import Scene


def _assay(**over) -> dict:
    data = {
        "setting": "Klondike gold rush, Dawson City, 1898",
        "world_rules": ["no magic or spirits", "nothing invented after 1898"],
        "location": {
            "name": "Dawson Assay Office",
            "description": "A plank-walled office with a pot-bellied stove, scales on the counter and a frost-rimed window.",
            "exits": ["Front Street", "Back Lot"],
            "features": [
                {"name": "strongbox", "locked": True, "key": "steel strongbox key"},
                {"name": "sheer ice-wall", "climbable": False},
                {"name": "loft ladder", "climbable": True},
            ],
        },
        "npcs": [
            {"name": "Matilda Burke", "aliases": ["assayer", "tillie"], "abilities": ["assay ore", "soldering"],
             "items": ["steel strongbox key", "soldering iron", "gold scales", "kerosene blowlamp", "hand-cranked generator"]},
            {"name": "Jules Arcand", "aliases": ["jules", "packer"], "abilities": ["brawl", "cooking"],
             "items": ["double-barrel shotgun", "iron gauntlets", "cooking pot"]},
        ],
        "items": ["wheel of cheese", "coal scuttle", "steam drill"],
        "creatures": ["three sheepdogs by the stove"],
        "player": {"name": "Cal Ober", "class": "prospector", "hp": 14, "max_hp": 14,
                   "inventory": ["canteen", "pickaxe", "poke of gold dust", "tin cup"], "abilities": ["pan for gold"]},
        "party": [],
    }
    data.update(over)
    return data


def test_chat_w_before_a_thing_means_with() -> None:
    # "w" is chat's "with": the key it names is the assayer's, not the player's
    assert_blocked("unlock the strongbox w the steel key", _assay(), ("no_item", "environment"))


def test_fire_up_a_machine_is_using_it_not_attacking_it() -> None:
    # "fire up" sets a machine going; the generator in someone else's hands is theirs
    intents = extract("fire up the generator", Scene.from_dict(_assay()))
    assert [i.action_type for i in intents] == ["use_item"]
    assert_blocked("fire up the generator", _assay(), "no_item")
    assert_allowed("fire up the steam drill", _assay())


def test_adverbs_trailing_a_held_thing_are_no_part_of_its_name() -> None:
    assert_allowed("sip my canteen real quick then head to the back lot", _assay())


def test_lets_ride_somewhere_no_exit_goes_is_a_journey_elsewhere() -> None:
    assert_blocked("lets ride hard to skagway tonight", _assay(), "location")


def test_a_direction_then_to_a_place_goes_to_the_place() -> None:
    assert_blocked("go downstairs to the boiler room", _assay(), "location")


def test_an_unknown_word_gone_up_to_then_called_him_is_someone_absent() -> None:
    assert_blocked("stroll over to mcgillicuddy and tell him the claim is mine", _assay(), "target")


def test_a_pronoun_takes_no_words_after_it() -> None:
    # "tell him hes a liar" speaks to someone present; "hes a liar" is what is said, not who
    assert_allowed("walk up to jules and tell him hes a liar", _assay())


def test_a_verb_before_someone_present_starts_a_new_deed() -> None:
    # "and deck the packer" is a deed of its own, so "my iron gauntlets" is checked alone
    assert_blocked("strap on my iron gauntlets and deck the packer", _assay(), "no_item")


def test_my_with_the_first_word_of_anothers_thing_claims_it() -> None:
    assert_blocked("i cock my double-barrel and let the claim jumper have it", _assay(), "no_item")
    # a word that names a thing of its own is no claim on another's thing
    assert_allowed("i lock up my office and pocket the receipt", _assay(
        npcs=[{"name": "Jules Arcand", "aliases": ["packer"], "abilities": [], "items": ["office ledger"]}]))


def test_the_scenes_letters_are_the_players_plain_ones() -> None:
    farm = _assay(
        setting="Iceland, 1000 AD, saga fantasy",
        world_rules=["only a galdrakona can work magic"],
        npcs=[{"name": "Gróa", "aliases": ["galdrakona"], "abilities": ["blóð rune", "weather sense"], "items": ["rune staff"]}],
    )
    assert_blocked("i paint a blod rune on the door", farm, "no_ability")


def test_a_compound_is_the_same_spaced_or_hyphenated() -> None:
    assert_blocked("climb the ice wall behind the office", _assay(), "environment")


def test_a_compounds_last_part_names_its_kind() -> None:
    assert_allowed("toss my tin cup to the dogs", _assay())


def test_a_piece_torn_off_a_thing_here_is_no_one() -> None:
    assert_allowed("rip a hunk off the wheel of cheese and chew on it", _assay())


def test_a_trade_plied_with_anothers_tool_needs_that_tool() -> None:
    assert_blocked("solder the strongbox shut", _assay(), "no_item")
    assert_allowed("ask tillie to solder the cracked pipe", _assay())
    own = _assay(player={"name": "Cal Ober", "class": "tinsmith", "hp": 14, "max_hp": 14,
                         "inventory": ["soldering iron", "tin cup"], "abilities": []})
    assert_allowed("solder the strongbox shut", own)
    # an everyday craft is anyone's, whoever holds a pot for it
    assert_allowed("cook some beans on the stove", _assay())
