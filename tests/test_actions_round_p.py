"""Readings found on the development set actions_holdout_p, each proved on words of its own.

Why a module of its own: each test names a class of phrasing (a title abbreviated with a full
stop, a room the description gives to someone who is not here, what is said after a name), not
the case's words, so that it holds for player text the sets have not seen.
"""

from __future__ import annotations

from typing import Any

from tests.prevalidation_asserts import assert_allowed, assert_blocked


def _mill() -> dict[str, Any]:
    return {
        "setting": "a Lancashire cotton mill, 1850",
        "world_rules": ["no magic", "steam power only"],
        "location": {
            "name": "Spinning Floor",
            "description": "Rows of mules clatter under gas lamps. The owner, Mr. Ashworth, keeps to his counting house across the yard.",
            "exits": ["Yard", "Carding Room"],
            "features": [{"name": "belt shaft", "climbable": False}, {"name": "store cupboard", "locked": True, "key": "store key"}],
        },
        "npcs": [{"name": "Nell Haworth", "aliases": ["overlooker", "the forewoman"], "items": ["store key", "pocket watch"]},
                 {"name": "Jem", "aliases": ["piecer", "the lad"], "items": ["oil can"]}],
        "items": ["bale of cotton", "bobbin basket"],
        "player": {"name": "Sam Pickup", "class": "mill hand", "inventory": ["clogs", "tin of snap", "2 pennies"], "abilities": ["mend threads"]},
    }


def test_a_title_abbreviated_with_a_full_stop_is_one_name_with_its_person() -> None:
    assert_blocked("I ask Mrs. Pendlebury when the whistle goes", _mill(), "target")
    assert_blocked("I whisper to Dr. Kay that Jem is poorly", _mill(), "target")
    assert_allowed("I ask Nell when the whistle goes", _mill())


def test_the_room_a_description_gives_to_someone_absent_is_elsewhere() -> None:
    assert_blocked("I storm into Mr. Ashworth's counting house", _mill(), "location")
    assert_blocked("I march into Ashworth's counting house and ask for my wages", _mill(), "location")


def test_a_word_said_after_a_name_does_not_make_the_deed_remote() -> None:
    assert_blocked("I tell Mr. Ashworth to his face that the picture he paints is a lie", _mill(), "target")
    assert_allowed("I write to Mr. Ashworth that the picture he paints is a lie", _mill())


def test_whoever_is_greeted_told_or_bowed_to_by_name_is_someone_who_must_be_here() -> None:
    assert_blocked("I greet Ashworth and shake his hand", _mill(), "target")
    assert_blocked("I tell Abel Crook the mule has jammed", _mill(), "target")
    assert_blocked("I bow low to Ashworth", _mill(), "target")
    assert_blocked("I kneel before Ashworth", _mill(), "target")
    assert_blocked("I ask the Alderman to close the mill early", _mill(), "target")
    assert_allowed("I greet Nell and shake her hand", _mill())


def test_the_players_own_i_is_no_part_of_the_name_before_it() -> None:
    assert_allowed("I tell Jem I once swam the Irwell in flood", _mill())


def test_a_name_before_a_noun_it_describes_is_a_kind_not_someone() -> None:
    assert_allowed("I ask the Egyptian cotton bales' weight from the lad", _mill())
    assert_allowed("I count the Egyptian bales stacked by the door", _mill())


def test_a_name_the_parse_found_here_under_an_honorific_is_not_absent() -> None:
    assert_allowed("I bow deeply to Nell-san", _mill())
