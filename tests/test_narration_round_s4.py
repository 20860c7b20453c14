"""Post-validation, from the misses and false alarms left across the narration development sets
(round s4): causes that recur across sets, fixed as principles of language or of the game.

Each cause is proved in a scene and with words no evaluation set uses: a Breton fishing harbour
in 1890 (no magic), with a net loft, a harbourmaster, a net-mender, gulls on the quay, and a
sailor with a short list of gear. Both sides are shown where a rule could overreach.
"""

from __future__ import annotations

from typing import Any

from bot.guard.postvalidate import postvalidate
from bot.world.scene import Scene


def _scene(**over: Any) -> Scene:
    base: dict[str, Any] = {
        "setting": "Breton fishing harbour, 1890",
        "world_rules": ["no magic or supernatural powers", "nothing invented after 1890"],
        "location": {"name": "Concarneau Quay",
                     "description": "A granite quay stacked with sardine baskets and drying "
                                    "nets, tarred hulls bumping below.",
                     "exits": ["Net Loft", "Rue du Port"],
                     "features": [{"name": "harbour wall", "climbable": False},
                                  {"name": "loft door", "locked": True, "key": "loft key"}]},
        "npcs": [{"name": "Yannick Le Goff", "aliases": ["harbourmaster", "Le Goff"],
                  "abilities": ["seamanship"], "items": ["loft key", "tide table", "pipe"]},
                 {"name": "Maïwenn", "aliases": ["net-mender", "the old woman"],
                  "abilities": ["net mending"], "items": ["netting needle", "ball of twine"]}],
        "items": ["sardine baskets", "coil of tarred rope", "lantern"],
        "creatures": ["gulls on the quay"],
        "player": {"name": "Corentin", "class": "sailor", "hp": 14, "max_hp": 14,
                   "inventory": ["clasp knife", "oilskin coat", "tobacco tin", "6 francs"],
                   "abilities": ["knots", "rowing"]},
        "party": [],
    }
    base.update(over)
    return Scene.from_dict(base)


def _blocked(text: str, scene: Scene | None = None) -> list[str]:
    return [f.kind for f in postvalidate(text, scene or _scene(), [], None)
            if f.severity == "block"]


# --- an uttered charm is a spell ----------------------------------------------------------------

def test_a_murmured_charm_is_casting_where_there_is_no_magic() -> None:
    kinds = _blocked("Maïwenn murmurs her grandmother's charm over the torn net, and the "
                     "twine knots itself.")
    assert "impossible_ability" in kinds or "world_rule" in kinds


def test_spoken_healing_words_are_casting() -> None:
    kinds = _blocked("You speak the healing words over Le Goff's cut thumb.")
    assert "impossible_ability" in kinds or "world_rule" in kinds


def test_a_kind_of_persons_curse_is_casting_but_a_plain_curse_is_swearing() -> None:
    kinds = _blocked("Le Goff mutters a sea-witch's curse at the departing boat.")
    assert "impossible_ability" in kinds or "world_rule" in kinds
    assert _blocked("Le Goff mutters a curse at the departing boat.") == []


def test_whispering_to_a_lucky_charm_utters_no_charm() -> None:
    kinds = _blocked("Maïwenn whispers to the lucky charm on her netting needle and sings a "
                     "charming old song.")
    assert "impossible_ability" not in kinds and "world_rule" not in kinds


# --- a name before a noun, after adjectives, modifies it ----------------------------------------

def test_a_name_after_adjectives_modifies_the_noun_that_follows() -> None:
    from bot.guard.postvalidate import reading_for
    r = reading_for("You row out to the old Kerity lighthouse on the point.", _scene())
    texts = [p.text(r) for p in r.phrases]
    assert "the old Kerity lighthouse" in texts


def test_walking_to_a_named_building_elsewhere_is_an_invented_location() -> None:
    assert "invented_location" in _blocked(
        "You stroll along the quay to the crumbling Penmarc'h chapel.")


def test_a_name_after_a_noun_still_stands_beside_it() -> None:
    from bot.guard.postvalidate import reading_for
    r = reading_for("The harbourmaster Le Goff lights his pipe.", _scene())
    assert not any(p.text(r) == "The harbourmaster Le Goff" for p in r.phrases)


# --- a route goes on after "and" and a direction ------------------------------------------------

def test_a_route_that_turns_after_and_is_followed_to_its_end() -> None:
    assert "invented_location" in _blocked(
        "You cross the Rue du Port and down into the cannery office below the fish market.")


def test_a_route_that_turns_back_into_the_scene_is_fine() -> None:
    assert "invented_location" not in _blocked(
        "You walk the length of the Rue du Port and back onto the quay.")


# --- taking someone somewhere takes the player there --------------------------------------------

def test_ushering_someone_somewhere_is_going_there() -> None:
    assert "invented_location" in _blocked("You usher Maïwenn into the cannery office.")


def test_ushering_someone_through_an_exit_is_fine() -> None:
    assert "invented_location" not in _blocked("You usher Maïwenn into the Net Loft.")


# --- what a hand does, its owner does -----------------------------------------------------------

def test_what_a_named_persons_hand_comes_out_with_must_be_theirs() -> None:
    kinds = _blocked("Le Goff's hand slides under the bench and comes out with a brass "
                     "sextant, which he sets against your ribs.")
    assert "invented_item" in kinds


def test_a_hand_coming_out_with_its_owners_own_thing_is_fine() -> None:
    assert "invented_item" not in _blocked(
        "Le Goff's hand slides into his coat and comes out with the tide table.")


# --- a painted beast is a picture ---------------------------------------------------------------

def test_a_painted_gull_is_a_likeness_not_a_beast() -> None:
    assert "invented_creature" not in _blocked(
        "Maïwenn paints a cormorant on the bow of the dinghy.")


def test_a_beast_laid_down_in_a_few_strokes_is_drawn() -> None:
    assert "invented_creature" not in _blocked(
        "With a stub of charcoal Maïwenn sets a heron on the sail in three deft strokes.")


def test_a_beast_drawn_out_of_something_is_a_beast() -> None:
    assert "invented_creature" in _blocked("Le Goff draws a conger eel from the lobster pot.")


# --- what the player handles must be the player's ----------------------------------------------

def test_what_comes_out_of_your_boot_is_carried_whatever_its_word() -> None:
    assert "invented_item" in _blocked("You pull a rusty nail out of your boot and hold it up.")


def test_your_own_knife_out_of_your_coat_is_fine() -> None:
    assert "invented_item" not in _blocked(
        "You pull the clasp knife out of your oilskin coat and cut the twine.")


def test_a_match_is_struck_by_the_head_of_its_phrase() -> None:
    assert "invented_item" in _blocked("You strike a wax vesta match on the bollard.")
    assert "invented_item" not in _blocked("Le Goff strikes a heavy blow on the bollard.")


def test_a_thing_hidden_in_your_coat_is_yours_so_must_be_on_your_sheet() -> None:
    assert "invented_item" in _blocked(
        "You finger the little derringer hidden in your oilskin coat.")


def test_your_own_thing_tucked_in_your_coat_is_fine() -> None:
    assert "invented_item" not in _blocked(
        "You feel the tobacco tin tucked in your oilskin coat.")


def test_a_thing_named_by_its_metal_is_not_made_by_the_players_doing() -> None:
    assert "invented_item" in _blocked("You set a battered pewter teapot on the bollard.")


def test_the_players_own_doing_still_makes_plain_things() -> None:
    assert "invented_item" not in _blocked("You tie a neat bowline around the bollard.")


# --- whose command is obeyed; fire that comes back ----------------------------------------------

def test_what_obeys_your_command_is_your_power() -> None:
    kinds = _blocked("The gulls rise as one and wheel out over the harbour at your command.")
    assert "impossible_ability" in kinds or "world_rule" in kinds


def test_a_wick_that_bursts_back_into_flame_unlit_is_magic() -> None:
    kinds = _blocked("Maïwenn pinches the lantern wick and it bursts back into flame.")
    assert "impossible_ability" in kinds or "world_rule" in kinds


def test_a_lantern_lit_that_bursts_back_into_flame_is_fine() -> None:
    assert _blocked("You light the lantern and it bursts back into flame.") == []


# --- a garment handed over changes hands --------------------------------------------------------

def test_a_garment_an_npc_hands_you_must_be_theirs() -> None:
    assert "invented_item" in _blocked("Maïwenn presses a knitted woollen scarf into your hands.")


def test_a_garment_an_npc_wears_is_colour() -> None:
    assert "invented_item" not in _blocked("Maïwenn tightens the knitted scarf at her throat.")


def test_a_gesture_handed_over_is_no_thing() -> None:
    assert "invented_item" not in _blocked("Le Goff gives you a nod and a crooked smile.")


# --- "It's X" at the door; a beast's word as a surname ------------------------------------------

def test_its_so_and_so_names_someone_who_is_there() -> None:
    assert "absent_npc" in _blocked("Someone knocks and you turn. It's Goulven Tanguy, cap in hand.")


def test_its_weather_names_no_one() -> None:
    assert _blocked("You glance up. It's raining hard on the quay.") == []


def test_a_beasts_word_after_a_given_name_is_a_surname() -> None:
    kinds = _blocked("Jakez Fox steps onto the quay and tips his cap.")
    assert "absent_npc" in kinds and "invented_creature" not in kinds


def test_a_beast_named_by_english_words_is_still_a_beast() -> None:
    assert "invented_creature" in _blocked("A Grey Wolf pads along the quay.")


# --- a climb up "its face" goes up the feature named before -------------------------------------

def test_walking_straight_up_its_face_climbs_the_feature_named_before() -> None:
    assert "physics" in _blocked(
        "You sprint at the harbour wall, plant a boot on the wet granite and walk straight up "
        "its face to the top.")


def test_walking_up_the_rue_du_port_is_no_climb() -> None:
    assert "physics" not in _blocked(
        "You leave the harbour wall behind and walk straight up the Rue du Port.")


# --- eyes that flicker to an unearthly colour ---------------------------------------------------

def test_eyes_that_flicker_white_are_uncanny_where_there_is_no_magic() -> None:
    kinds = _blocked("Le Goff's eyes flicker a pale silver as he stares at the tide.")
    assert "impossible_ability" in kinds or "world_rule" in kinds


def test_eyes_that_flicker_towards_the_door_are_a_glance() -> None:
    assert _blocked("Le Goff's eyes flicker towards the loft door.") == []


# --- frost that spreads over a wrist or a sleeve ------------------------------------------------

def test_frost_spreading_across_a_sleeve_from_a_touch_is_uncanny() -> None:
    kinds = _blocked("Maïwenn grips your arm and frost creeps across your sleeve.")
    assert "impossible_ability" in kinds or "world_rule" in kinds


def test_frost_on_the_quay_is_weather() -> None:
    assert _blocked("Frost spreads across the granite of the quay as the night deepens.") == []


# --- a story noun inside a simile compares; the sentence goes on --------------------------------

def test_a_dream_in_a_simile_does_not_mute_the_rest_of_the_sentence() -> None:
    assert "invented_location" in _blocked(
        "The crossing passes like a dream of spray and gulls, and at last the towers of "
        "Saint-Malo rise before you.")


def test_a_tale_of_a_city_still_mutes_what_it_tells() -> None:
    assert "invented_location" not in _blocked(
        "Le Goff tells a tale of the towers of Saint-Malo that rise from the fog.")


# --- a route through a way goes on to where it leads --------------------------------------------

def test_a_route_up_through_a_hatch_onto_somewhere_arrives_there() -> None:
    assert "invented_location" in _blocked(
        "You take the ladder and keep climbing, up through the trapdoor onto the customs house "
        "roof.")


def test_a_route_through_a_doorway_into_an_exit_is_fine() -> None:
    assert "invented_location" not in _blocked(
        "You walk through the low doorway into the Net Loft.")


# --- a thing fastened somewhere is said to be there ---------------------------------------------

def test_a_watch_chained_to_someones_waistcoat_is_theirs() -> None:
    assert "invented_item" in _blocked(
        "Le Goff glances at the silver pocket watch chained to his waistcoat.")


def test_a_thing_bolted_beside_a_door_must_be_in_the_place() -> None:
    assert _kinds_any("Maïwenn taps the brass barometer bolted beside the loft door.",
                      "invented_item")


def test_the_places_own_lantern_lashed_to_a_post_is_fine() -> None:
    assert "invented_item" not in _blocked("Le Goff squints at the lantern lashed to the post.")


def _kinds_any(text: str, kind: str) -> bool:
    return any(f.kind == kind for f in postvalidate(text, _scene(), [], None))
