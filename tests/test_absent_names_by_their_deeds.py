"""Absent people named only in passing: by a body part that acts here, by a verb joined to the
first with "and", or as the subject of a verb when the word could be nothing else.

Found in chaos play: "Ysolde the Unbowed's eyes flare white", "Ondine claps you on the shoulder
and grins" reached the players. The scene is a lighthouse keeper's cottage on a Breton headland,
with words of its own; each rule is shown with the near wording it must leave alone.
"""

from __future__ import annotations

from bot.guard.postvalidate import postvalidate
from bot.world.scene import Scene

_SCENE = Scene.from_dict({
    "setting": "Breton coast, 1880",
    "world_rules": ["no magic"],
    "location": {"name": "Keeper's Cottage", "description": "A whitewashed cottage under the light.",
                 "exits": ["Lamp Room"]},
    "npcs": [{"name": "Yann", "aliases": ["keeper"], "items": ["oil can"]}],
    "items": ["kettle", "oil lamp"],
    "player": {"name": "Ewen", "class": "sailor", "inventory": ["knife"]},
})


def _absent(text: str) -> list[str]:
    return [f.span for f in postvalidate(text, _SCENE) if f.kind == "absent_npc" and f.severity == "block"]


def test_an_absent_womans_hand_on_the_table_puts_her_here() -> None:
    assert _absent("Yann pours the tea. Maelle's hand settles on the table.")


def test_a_titled_absent_owners_eyes_put_him_here() -> None:
    assert _absent("Yann stiffens. Corentin the Drowned's eyes flare white in the doorway.")


def test_a_present_npcs_hand_is_fine() -> None:
    assert _absent("Yann's hand settles on the table.") == []


def test_a_face_remembered_or_a_voice_on_the_wind_puts_no_one_here() -> None:
    assert _absent("Maelle's face haunts your dreams.") == []
    assert _absent("Maelle's voice drifts up from the shingle.") == []


def test_a_second_verb_after_and_has_the_same_subject() -> None:
    assert _absent("Yann nods. Ondine claps you on the shoulder and grins.")


def test_another_subject_after_and_is_not_the_first_words_deed() -> None:
    assert _absent("Chitin cracks under your boot and Yann grins.") == []


def test_a_word_with_no_noun_or_adjective_sense_that_acts_is_a_name() -> None:
    assert _absent("Yann nods. Ondine claps you on the shoulder.")
    assert _absent("Static hisses from the lamp room.") == []
    assert _absent("Nearby sits a kettle.") == []


def test_a_name_and_its_epithet_are_one_absent_person() -> None:
    assert "Riven the Grey" in _absent("Riven the Grey is already down, so you lower your knife.")


def test_an_epithet_needs_a_name_before_it() -> None:
    assert _absent("Yann begins the Blessing of the Boats, his voice low.") == []


def test_one_in_no_state_to_answer_is_someone() -> None:
    assert _absent("Yann shrugs. Ondine is in no state to answer you.")


def test_a_capitalised_word_with_no_noun_sense_acting_mid_sentence_is_a_name() -> None:
    assert _absent("With a flick of the wrist, Riven lights the lamp.")
    assert _absent("With a flick of the wrist, Yann lights the lamp.") == []


def test_an_adjective_looking_name_that_does_a_persons_deed_to_you_is_someone() -> None:
    assert _absent("Yann nods. Riven rises from a corner and walks over to you.")
    assert _absent("Static hisses at you.") == []
    assert _absent("Golden light washes over you.") == []


def test_no_one_absent_is_aimed_at() -> None:
    assert _absent("Your harpoon streaks at Maelle and sinks into the doorframe.")
    assert _absent("You swing your knife at Maelle.")
    assert _absent("You swing your knife at Yann.") == []


def test_a_missing_power_is_told_to_you_in_your_own_grammar() -> None:
    messages = [f.message for f in postvalidate("You cast a ball of fire at Yann.", _SCENE)
                if f.kind == "impossible_ability"]
    assert messages and "you (sailor) have:" in messages[0].casefold()


def test_one_said_to_be_down_is_someone() -> None:
    assert _absent("Yann shrugs. Riven is already down, so you hold back.")
    assert _absent("Inquisitor Maelle is already down, so you lower the harpoon.")
    assert _absent("Hope is down to nothing.") == []


def test_a_participle_after_a_comma_goes_on_with_the_same_subject() -> None:
    assert _absent("Yann nods. Riven steps out from the shadows, watching you closely.")


def test_a_name_given_as_owner_of_what_someone_here_holds_stands_in_for_them() -> None:
    assert _absent("The oil can is Corentin the Drowned's; you can't just take it.")
    assert _absent("The oil can is Yann's; you can't just take it.") == []


def test_a_name_that_is_also_an_adjective_strides_in_as_someone() -> None:
    # "riven" is an adjective too; an adjective neither steps out of the shadows nor orders a drink
    assert _absent("Riven steps out from the shadows.") == ["Riven"]
    assert _absent("Yann looks up. Riven walks in and orders a drink.") == ["Riven"]
    assert _absent("Silence falls over the cottage.") == []  # nothing falls that has a will
    assert _absent("Cold rises from the flagstones.") == []
    assert _absent("Silent steps echo in the lamp room.") == []


def test_a_wardens_or_a_stewards_title_makes_a_name_of_an_ordinary_word() -> None:
    # chaos play: "Warden Riven is in no state to answer you." went out with only a warning
    assert _absent("Warden Riven is in no state to answer you.") == ["Warden Riven"]
    assert _absent("Yann frowns. Steward Stern is in the lamp room.") == ["Steward Stern"]
    assert _absent("Yann, warden of the light, nods.") == []


def test_a_present_npc_called_by_a_role_after_the_name_is_still_that_npc() -> None:
    assert _absent("Yann the sailor nods.") == []
    assert _absent("Yann the captain squints at the lamp.") == []
    assert _absent("Corentin the sailor nods.")  # a stranger, however he is called
    assert _absent("The captain nods.")  # no one here is one


def test_a_stranger_in_no_state_to_answer_is_a_body_here() -> None:
    # chaos play: "Inquisitor Ondine is in no state to answer you." went out with a warning
    assert _absent("Inquisitor Ondine is in no state to answer you.") == ["Inquisitor Ondine"]
    assert _absent("Yann is in no state to answer you.") == []
    assert _absent("The lamp room is in no state to be used.") == []


def test_an_adjective_that_owns_eyes_is_a_name() -> None:
    # chaos play: "Riven's eyes flare white as a curse bursts from their fingertips." shipped
    assert _absent("Yann looks up. Riven's eyes flare white.")
    assert _absent("Fortune's hand steadies the lamp.") == []  # a noun may own a figure of speech


def test_a_role_said_to_be_someone_here_is_that_one() -> None:
    assert _absent("The warden of the light is Yann.") == []
    assert _absent("The captain is late.")  # a captain no one here is
