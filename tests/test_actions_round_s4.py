"""Actions, round s4: what terminal play as a new player showed, proved in scenes and words of
their own.

A hill-country fair: a word for what a thing is made of, before its name, is its material, not a
held whole the thing is part of ("my silver flute" with silver coins held is a flute, not a part
of the coins), while a part named by the held whole still is ("my pack straps"); a thing handed
over for money is sold, not given away; "you" in a deed said to someone named at its end is that
someone; a question about prices or wares is put to whoever trades here; a thing's clause
told with a verb the tables lack ("a needle forms in the air") makes the "and ..." after it that
thing's deed, not the player's; a step into a spot of the room that names no place ("slip into
an opening") is a few steps, not a failed journey; what is played is a game or a tune, not
someone who must be here; plugging, inserting or connecting a thing puts it somewhere; money
handed over for what the one paid sells buys it; what is bought is what a later "it" is; one
introduced or explained is the speaker, said to the one after "to"; sweet-talking is talking;
leaving with no destination from a place with one way out takes it; a greeting and a name is
said to them; one's inventory is no item; "what can I buy?" asks about the wares; the one
spoken to may be named first too; "it" after a step done to a person with a thing is the thing.
"""

from __future__ import annotations

from bot.guard.intent import extract
from bot.world.scene import Scene
from prevalidation_asserts import assert_allowed, assert_blocked


def _fair(**over) -> dict:
    data = {
        "setting": "hill-country fantasy",
        "location": {"name": "Midsummer Fair", "exits": ["Drove Road", "Barley Field"],
                     "features": [{"name": "maypole", "climbable": True}]},
        "npcs": [{"name": "Ansel", "aliases": ["tinker"], "items": ["tin whistle", "pot of glue"]},
                 {"name": "Mab", "aliases": ["pie-woman"], "items": ["pie basket"], "sells": {"mutton pie": 2}}],
        "items": ["bale of straw", "trestle table"],
        "player": {"name": "Cora", "class": "bard", "hp": 10, "max_hp": 10,
                   "inventory": ["4 silver", "travelling pack", "wooden recorder", "copper bracelet"],
                   "abilities": ["inspire"]},
    }
    data.update(over)
    return data


def test_a_material_before_a_things_name_is_no_part_of_the_money_held() -> None:
    assert_blocked("I hand my silver flute to the tinker", _fair(), "no_item")
    assert_blocked("I lend my silver spoon to Ansel", _fair(), "no_item")


def test_a_part_named_by_the_held_whole_is_still_held() -> None:
    assert_allowed("I tighten my pack straps", _fair())
    assert_allowed("I give my silver to the tinker", _fair())


def _one(text: str, **over):
    intents = extract(text, Scene.from_dict(_fair(**over)))
    assert len(intents) == 1, intents
    return intents[0]


def test_a_thing_handed_over_for_money_is_sold_not_given_away() -> None:
    for text in ("I offer Mab my wooden recorder for 3 silver", "I hand the pie-woman my bracelet for a few coins",
                 "I offer my recorder for 2 silver"):
        intent = _one(text)
        assert intent.action_type == "sell" and intent.method_kind == "item", (text, intent)
        assert intent.target in (None, "Mab"), (text, intent)  # the price is no one who receives it
    # what is given *for* a favour is still a gift, and money given for a thing is no sale
    assert _one("I give my recorder to Ansel for his trouble").action_type == "give"
    assert _one("I give Mab 2 silver for a pie").action_type != "sell"
    assert_blocked("I offer Mab my silver flute for 3 silver", _fair(), "no_item")  # what is sold must be held


def test_you_in_a_deed_said_to_someone_named_at_its_end_is_that_someone() -> None:
    intent = _one("Can I sell you my copper bracelet, pie-woman?")
    assert (intent.action_type, intent.target, intent.method) == ("sell", "Mab", "copper bracelet")
    intent = _one("I'll give you my recorder, Ansel")
    assert (intent.action_type, intent.target) == ("give", "Ansel")
    # the question form is still said to them
    intent = _one("What do you want for it, Ansel?")
    assert (intent.action_type, intent.target) == ("talk", "Ansel")


def test_a_question_about_prices_is_put_to_whoever_trades_here() -> None:
    for text in ("how much for a pie?", "what's for sale?", "what does the pie-woman sell?"):
        intent = _one(text)
        assert (intent.action_type, intent.target) == ("talk", "Mab"), (text, intent)
    assert _one("what does the tinker sell?").target == "Ansel"  # the one it names, merchant or not
    # never someone absent, and not a question that is no trade
    assert _one("what does Roderick sell?").action_type == "other"
    assert _one("what is that smell?").action_type == "other"
    two = _fair(npcs=[{"name": "Mab", "sells": {"mutton pie": 2}}, {"name": "Jory", "sells": {"cider": 1}}])
    assert _one("how much for a pie?", **{"npcs": two["npcs"]}).action_type == "other"  # two traders, none named


def test_the_step_joined_to_a_things_clause_is_that_things_deed() -> None:
    for text in ("a needle forms in the air and drives into the tinker's chest",
                 "Cora's eyes glow as a blade of light appears and flies into Ansel"):
        intents = extract(text, Scene.from_dict(_fair()))
        assert all(i.action_type != "move" for i in intents), (text, intents)
    # the player's own step after it is still the player's
    intents = extract("the maypole creaks and I walk to the Drove Road", Scene.from_dict(_fair()))
    assert [i.action_type for i in intents] == ["move"] and intents[0].target == "Drove Road"


def test_a_step_into_a_spot_of_the_room_is_a_few_steps_not_a_journey() -> None:
    import random
    from pathlib import Path

    from bot.rules.resolve import resolve
    from bot.world.intent import Intent
    from bot.world.loader import load_campaign
    from bot.world.state import new_character, new_state

    campaign = load_campaign(Path(__file__).resolve().parents[1] / "campaigns" / "tavern")
    state = new_state(campaign)
    state.characters["p1"] = new_character(campaign, "p1", "Wil", "rogue")
    spot = resolve([Intent("move", target="a dark corner", target_kind="fixture", resolved=False)], state, campaign, "p1",
                   random.Random(1)).steps[0]
    assert spot.success and spot.moved_to is None and spot.effects == []
    # a place of the campaign that is no exit here, or a way out, is still no few steps
    for where in ("Stables", "back up"):
        step = resolve([Intent("move", target=where)], state, campaign, "p1", random.Random(1)).steps[0]
        assert not step.success or step.moved_to is not None, (where, step)


def test_what_is_played_is_a_game_not_someone() -> None:
    assert_allowed("I play Knight Errant", _fair())  # a game by its title, not a knight who must be here
    assert_allowed("I play Blind Man's Bluff with the tinker", _fair())
    assert_allowed("I play Greensleeves on my recorder", _fair())
    assert_blocked("I play dice with Roderick", _fair(), "target")  # the one played with must be here


def test_plugging_in_or_inserting_a_thing_puts_it_somewhere() -> None:
    intent = _one("I plug my recorder into the trestle table")
    assert intent.action_type == "other" and not intent.ambiguous and intent.method == "wooden recorder"
    assert not _one("I insert the tin whistle into the bale of straw").ambiguous
    assert_blocked("I insert my silver key into the maypole", _fair(), "no_item")  # what is put must be held


def test_money_handed_over_for_what_the_one_paid_sells_buys_it() -> None:
    intent = _one("I give Mab 2 silver for a mutton pie")
    assert (intent.action_type, intent.target, intent.topic) == ("buy", "Mab", "a mutton pie")
    assert _one("I hand the pie-woman a coin for two pies").quantity == 2
    # for what they do not sell, or for a favour, it is still money given
    assert _one("I give Mab 2 silver for her trouble").action_type == "give"
    assert _one("I give Ansel 2 silver for a mutton pie").action_type == "give"


def test_what_is_bought_is_what_a_later_it_is_not_the_seller() -> None:
    intents = extract("I buy a mutton pie from Mab and eat it", Scene.from_dict(_fair()))
    assert [i.action_type for i in intents] == ["buy", "use_item"]
    assert intents[1].method == "mutton pie" and intents[1].target != "Mab"


def test_one_introduces_oneself_to_the_one_after_to() -> None:
    intent = _one("I introduce myself to the tinker")
    assert (intent.action_type, intent.target) == ("talk", "Ansel")
    assert_blocked("I introduce myself to the mayor", _fair(), "target")  # who is not here cannot hear it


def test_sweet_talking_someone_is_talking_to_them() -> None:
    intent = _one("I sweet-talk Mab into a discount")
    assert (intent.action_type, intent.target) == ("talk", "Mab")


def test_leaving_with_no_destination_takes_the_one_way_out() -> None:
    import random
    from pathlib import Path

    from bot.rules.resolve import resolve
    from bot.world.intent import Intent
    from bot.world.loader import load_campaign
    from bot.world.state import new_character, new_state

    campaign = load_campaign(Path(__file__).resolve().parents[1] / "campaigns" / "tavern")
    state = new_state(campaign)
    state.characters["p1"] = new_character(campaign, "p1", "Wil", "rogue")
    state.characters["p1"].location = "Stables"  # one way out: the Town Gate
    step = resolve([Intent("move", words="I head out")], state, campaign, "p1", random.Random(1)).steps[0]
    assert step.success and step.moved_to == "Town Gate"
    state.characters["p1"].location = "Market Square"  # two ways out: which is not said
    step = resolve([Intent("move", words="I leave")], state, campaign, "p1", random.Random(1)).steps[0]
    assert not step.success and step.moved_to is None


def test_a_greeting_and_a_name_is_said_to_them() -> None:
    for text in ("hi Ansel!", "hello tinker", "good morning, Mab"):
        intent = _one(text)
        assert intent.action_type == "talk" and intent.target in ("Ansel", "Mab"), (text, intent)
    assert _one("hello Roderick").action_type == "other"  # no one here by that name


def test_ones_inventory_is_no_item_one_must_hold() -> None:
    assert_allowed("I check my inventory", _fair())
    assert_allowed("I look over my stats", _fair())


def test_what_can_i_buy_asks_about_the_wares() -> None:
    intent = _one("what can I buy here?")
    assert (intent.action_type, intent.target) == ("talk", "Mab")
    intent = _one("what could I buy from the tinker?")
    assert (intent.action_type, intent.target) == ("talk", "Ansel")
    assert _one("I buy a mutton pie").action_type == "buy"


def test_you_is_the_one_named_first_too() -> None:
    intent = _one("Mab, I want to sell you my copper bracelet")
    assert (intent.action_type, intent.target, intent.method) == ("sell", "Mab", "copper bracelet")


def test_it_after_a_step_done_to_a_person_with_a_thing_is_the_thing() -> None:
    intents = extract("I show Mab my recorder and offer to sell it", Scene.from_dict(_fair()))
    assert intents[-1].action_type == "sell" and intents[-1].method == "wooden recorder"
    intents = extract("I shove the tinker and kick him", Scene.from_dict(_fair()))
    assert intents[-1].target == "Ansel"  # a person is still him
