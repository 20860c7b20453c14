"""Post-validation generalises, third round: mechanisms, each proved on scenes and phrasings of its
own (none of them a line of a test set), with an honest look-alike beside every violation.

A failed step is judged by whom the narration reaches: the player's missile going into the
target, the target going down, the one bribed pocketing the coins. A title alone names whoever
holds it, and a present surname under a title of the other sex is someone else. A hyphenated
participle describes a noun; "from the folds of your cloak" is one's own gear; "Beneath X, lies a
Y" states that Y is there. Arrivals count past a possessive ("the Baron's private study"), under a
gateway ("beneath the arch of the Sunken Temple") and out onto open ground the scene lacks; being
"through" a locked door is passing it; a feature named after "of" is still the feature climbed. A
beast's moving part is the beast; a coined power name does not hide a druid's wild shape;
"rune-fire" is fire. And: a name spoken inside quotes is not whom a later "his" means; "with a low
whistle" is a sound; a spell's own shield is no item; a simile goes on past its first noun;
"an air by Mr. Haydn" names a composer; "once around" counts, it does not tell the past.
"""

from __future__ import annotations

import copy

import pytest

from bot.evaluation.narration_cases import intents_for
from bot.guard.finding import BLOCK, Finding
from bot.guard.postvalidate import postvalidate
from bot.world.outcome import Outcome
from bot.world.scene import Scene

WHARF = {
    "setting": "low fantasy port city",
    "world_rules": ["no firearms or gunpowder", "only wizards and priests can cast spells"],
    "location": {"name": "Saltgrave Wharf",
                 "description": "Tarred pilings, stacked crates and gulls squabbling over fish "
                                "heads under a grey sky.",
                 "exits": ["Fishmarket Row", "Harbourmaster's Office"],
                 "features": [{"name": "warehouse door", "locked": True, "key": "warehouse key"},
                              {"name": "slimy pilings", "climbable": False},
                              {"name": "cargo crane", "climbable": True}]},
    "npcs": [{"name": "Garrick Vole", "aliases": ["Garrick", "the thug", "dockhand"],
              "abilities": ["cudgel swing"], "items": ["cudgel", "warehouse key"]},
             {"name": "Lord Hargrave", "aliases": ["the harbourmaster", "his lordship",
                                                   "Hargrave"],
              "abilities": [], "items": ["ledger", "brass spyglass", "signet ring"]}],
    "items": ["crates", "coil of hawser", "fish baskets"],
    "creatures": ["a grey wolf", "gulls"],
    "player": {"name": "Mira Thorne", "class": "rogue", "hp": 18, "max_hp": 18,
               "inventory": ["throwing knives", "shortsword", "cloak", "6 silver coins"],
               "abilities": ["sneak attack", "cunning action"]},
    "party": [{"name": "Fenna", "class": "druid", "hp": 14, "max_hp": 14,
               "inventory": ["ash staff"], "abilities": ["wild shape", "briarlash"]},
              {"name": "Quill", "class": "wizard", "hp": 10, "max_hp": 10,
               "inventory": ["spellbook", "quarterstaff"],
               "abilities": ["mage armor", "fire bolt"]}],
}

MANOR = {
    "setting": "Georgian England, 1790",
    "world_rules": ["no magic or supernatural powers", "no technology invented after 1795"],
    "location": {"name": "Ashcombe Drawing Room",
                 "description": "Candlelit panelling, a harpsichord and tall sash windows.",
                 "exits": ["Entrance Hall", "Conservatory"],
                 "features": [{"name": "study door", "locked": True, "key": "study key"},
                              {"name": "marble chimneypiece", "climbable": False}]},
    "npcs": [{"name": "Mrs. Ashcombe", "aliases": ["the hostess", "Mrs. A"], "abilities": [],
              "items": ["fan", "study key"]},
             {"name": "Colonel Brack", "aliases": ["the colonel", "Brack"],
              "abilities": ["swordsmanship"], "items": ["sabre", "snuff box"]}],
    "items": ["harpsichord", "tea service", "card table"],
    "creatures": ["a spaniel"],
    "player": {"name": "Harriet Vane", "class": "governess",
               "inventory": ["shawl", "sketchbook", "pencil case", "2 shillings"],
               "abilities": ["sharp eye", "needlework"]},
    "party": [],
}


@pytest.fixture()
def wharf() -> Scene:
    return Scene.from_dict(copy.deepcopy(WHARF))


@pytest.fixture()
def manor() -> Scene:
    return Scene.from_dict(copy.deepcopy(MANOR))


def check(text: str, scene: Scene, action: str | None = None,
          outcome: dict | None = None) -> list[Finding]:
    intents = intents_for(action, scene) if action else []
    decided = Outcome.from_eval(outcome) if outcome is not None else None
    return postvalidate(text, scene, intents, decided)


def blocked(findings: list[Finding]) -> set[str]:
    return {f.kind for f in findings if f.severity == BLOCK}


MISS = {"success": False, "roll": 4}


# --- a failed step, judged by whom it reaches ---------------------------------------------------

@pytest.mark.parametrize("text", [
    "Your knife takes Garrick high in the shoulder, and he reels back against the crates.",
    "The blade flickers across the gap and buries itself in Garrick's thigh.",
    "Garrick grunts once, then crumples onto the tarred planks.",
])
def test_a_miss_that_reaches_the_npc_is_a_hit(wharf: Scene, text: str) -> None:
    found = check(text, wharf, "I throw a knife at Garrick", MISS)
    assert "outcome_mismatch" in blocked(found)


@pytest.mark.parametrize("text", [
    "Your knife catches the wolf behind the ear and it drops into the shallows.",
    "The knife sinks into the wolf's flank.",
])
def test_a_miss_that_reaches_the_creature_is_a_hit(wharf: Scene, text: str) -> None:
    found = check(text, wharf, "I throw a knife at the grey wolf", MISS)
    assert "outcome_mismatch" in blocked(found)


@pytest.mark.parametrize("text", [
    "Your knife hisses past Garrick's ear and thunks into a crate behind him.",
    "Garrick drops behind the crates as your knife rattles off a piling.",
    "Your knife clatters short of the wolf, which bares its teeth and backs away.",
    "Garrick twists aside; your knife spins away into the harbour.",
])
def test_a_miss_told_as_a_miss_is_fine(wharf: Scene, text: str) -> None:
    target = "the grey wolf" if "wolf" in text else "Garrick"
    found = check(text, wharf, f"I throw a knife at {target}", MISS)
    assert "outcome_mismatch" not in blocked(found)


def test_the_one_bribed_takes_the_coins_after_a_failed_bribe(wharf: Scene) -> None:
    action = "I bribe the harbourmaster with my silver coins"
    bad = "Lord Hargrave glances about, then pockets the coins and waves you on."
    ok = "Lord Hargrave pushes the coins back across the desk. 'Put those away, madam.'"
    assert "outcome_mismatch" in blocked(check(bad, wharf, action, MISS))
    assert not blocked(check(ok, wharf, action, MISS))


def test_a_successful_bribe_may_be_pocketed(wharf: Scene) -> None:
    text = "Lord Hargrave pockets the coins without a word and looks the other way."
    found = check(text, wharf, "I bribe the harbourmaster with my silver coins",
                  {"success": True, "roll": 17})
    assert "outcome_mismatch" not in blocked(found)


# --- people: titles and surnames ----------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "The colonel straightens as the Duchess herself glides in from the hall.",
    "Mrs. Ashcombe curtseys low: the Archbishop has arrived and strides across the carpet.",
])
def test_a_title_no_one_present_holds_is_someone_absent(manor: Scene, text: str) -> None:
    assert "absent_npc" in blocked(check(text, manor))


def test_a_title_someone_present_holds_is_them(manor: Scene) -> None:
    text = "The Colonel bows stiffly and offers Mrs. Ashcombe his arm."
    assert not blocked(check(text, manor))


def test_a_present_surname_under_the_other_sexs_title_is_someone_else(manor: Scene,
                                                                      wharf: Scene) -> None:
    assert "absent_npc" in blocked(check("Mr. Ashcombe strides in and demands his supper.",
                                         manor))
    assert "absent_npc" in blocked(check("Lady Hargrave sweeps along the quay toward you.",
                                         wharf))
    assert not blocked(check("Mrs. Ashcombe strides in and demands her supper.", manor))
    assert not blocked(check("Lord Hargrave sweeps along the quay toward you.", wharf))


def test_someone_after_as_who_acts_is_present(wharf: Scene) -> None:
    text = "Garrick spits into the water as a woman in a tarred coat climbs up from the boats."
    assert "absent_npc" in blocked(check(text, wharf))
    ok = "Garrick, rigged out as a sailor in a borrowed coat, keeps his eyes on you."
    assert "absent_npc" not in blocked(check(ok, wharf))


def test_a_composer_named_after_by_is_not_in_the_room(manor: Scene) -> None:
    text = "Mrs. Ashcombe plays a rondo by Mr. Clementi while the spaniel dozes by the fire."
    assert not blocked(check(text, manor))


def test_a_name_spoken_in_quotes_is_not_the_next_his(manor: Scene) -> None:
    text = ("The colonel inclines his head. \"Your servant, Miss Vane.\" He offers his arm, "
            "his sabre tapping against his boot.")
    assert not blocked(check(text, manor))


# --- things ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Garrick draws a silver-chased dirk from the folds of his coat.",
    "You slip a bone-handled razor from the lining of your cloak.",
])
def test_things_from_the_folds_of_ones_gear_must_be_ones_own(wharf: Scene, text: str) -> None:
    assert "invented_item" in blocked(check(text, wharf))


def test_ones_own_thing_from_the_folds_of_ones_gear_is_fine(wharf: Scene) -> None:
    text = "You slip a throwing knife from the folds of your cloak."
    assert not blocked(check(text, wharf))


def test_what_lies_where_the_sentence_opens_must_exist(manor: Scene) -> None:
    bad = "Inside the pencil case, under the stubs, lies a tiny gold locket."
    assert "invented_item" in blocked(check(bad, manor))


def test_a_sound_made_with_an_adjective_is_no_thing(wharf: Scene) -> None:
    text = "Garrick lowers his cudgel with a long, low whistle and steps back."
    assert not blocked(check(text, wharf))


def test_a_spells_own_armour_is_no_item(wharf: Scene) -> None:
    text = "Quill's mage armor shimmers into being around him just as Garrick swings."
    assert "invented_item" not in blocked(check(text, wharf))


@pytest.mark.parametrize("word", ["matchlock", "scattergun", "derringer"])
def test_guns_by_any_name_break_a_gunless_world(wharf: Scene, word: str) -> None:
    text = f"Garrick levels a {word} at your chest."
    assert blocked(check(text, wharf)) & {"world_rule", "invented_item"}
    assert "world_rule" in blocked(check(text, wharf))


# --- places and bodies --------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "You hurry up Fishmarket Row and pass beneath the arch of the Sunken Temple.",
    "You shoulder through the crowd and come out in the Baron's private study.",
    "You slip between the crates and tumble out onto a moonlit vineyard terrace.",
])
def test_arrivals_the_scene_does_not_have(wharf: Scene, text: str) -> None:
    assert "invented_location" in blocked(check(text, wharf))


@pytest.mark.parametrize("text", [
    "You hurry along the quay and duck into Fishmarket Row.",
    "You step into the Harbourmaster's Office, out of the wind.",
    "You pass beneath the cargo crane and stop by the fish baskets.",
])
def test_arrivals_at_exits_or_here_are_fine(wharf: Scene, text: str) -> None:
    assert "invented_location" not in blocked(check(text, wharf))


def test_being_through_a_locked_door_is_passing_it(wharf: Scene) -> None:
    bad = "The warehouse door is barred and locked, yet you lean on it and you're through it."
    assert "physics" in blocked(check(bad, wharf))
    ok = ("Garrick unlocks the warehouse door with his key, and a moment later you're through "
          "it and into the dark.")
    assert "physics" not in blocked(check(ok, wharf))


def test_climbing_a_part_of_an_unclimbable_feature(wharf: Scene) -> None:
    bad = "You clamber up the barnacled timbers of the slimy pilings and onto the pier cap."
    assert "physics" in blocked(check(bad, wharf))
    ok = "You clamber up the iron ribs of the cargo crane and look out over the harbour."
    assert "physics" not in blocked(check(ok, wharf))


# --- creatures and powers -----------------------------------------------------------------------

def test_a_beasts_moving_part_is_the_beast(wharf: Scene) -> None:
    bad = "The water heaves, and a shark fin slices along the pilings toward your boots."
    assert "invented_creature" in blocked(check(bad, wharf))
    ok = "A wolf pelt hangs from a nail by the office door."
    assert "invented_creature" not in blocked(check(ok, wharf))


def test_once_around_counts_and_does_not_tell_the_past(wharf: Scene) -> None:
    text = "A bat flutters out of the crate, circles once around your head and is gone."
    assert "invented_creature" in blocked(check(text, wharf))


def test_a_druids_wild_shape_is_the_druid_whatever_her_other_powers(wharf: Scene) -> None:
    text = "Fenna drops to all fours; her shape swells, and where she stood a brown bear shakes "\
           "its shaggy head."
    assert "invented_creature" not in blocked(check(text, wharf))


def test_compound_fire_is_fire(wharf: Scene) -> None:
    bad = "Garrick snarls, and a wave of witch-fire rolls out from his cudgel across the planks."
    assert "impossible_ability" in blocked(check(bad, wharf))
    ok = "Quill snaps his fingers and a bolt of fire streaks from his hand toward Garrick."
    assert "impossible_ability" not in blocked(check(ok, wharf))


def test_a_simile_goes_on_past_its_first_noun(wharf: Scene) -> None:
    text = "Garrick watches you like a hawk above a field mouse, his cudgel loose in his grip."
    assert "invented_creature" not in blocked(check(text, wharf))
    bad = "A hawk drops out of the grey sky and snatches a field mouse from the planks."
    assert "invented_creature" in blocked(check(bad, wharf))


# --- found by probing fresh scenes: more mechanisms, both sides ----------------------------------

FRONTIER = {
    "setting": "American frontier, 1875",
    "world_rules": ["no magic or supernatural powers", "no technology invented after 1880"],
    "location": {"name": "Red Mesa Trading Post",
                 "description": "A plank counter, shelves of tinned goods and a cold stove.",
                 "exits": ["Stage Road", "Corral"],
                 "features": [{"name": "cash drawer", "locked": True, "key": "drawer key"},
                              {"name": "adobe chimney", "climbable": False}]},
    "npcs": [{"name": "Silas Penrose", "aliases": ["the trader", "Penrose"], "abilities": [],
              "items": ["drawer key", "ledger", "scattershot shotgun"]},
             {"name": "Nettie", "aliases": ["the girl"], "abilities": [], "items": ["broom"]}],
    "items": ["tinned peaches", "coil of lariat", "barrel of flour", "pot-bellied stove"],
    "creatures": ["a tabby cat"],
    "player": {"name": "Wade Corliss", "class": "drifter",
               "inventory": ["Colt revolver", "bedroll", "canteen", "$9"],
               "abilities": ["quick draw", "tracking"]},
    "party": [{"name": "Doc Hale", "class": "surgeon", "inventory": ["medical bag"],
               "abilities": ["set bone", "stitch wounds"]}],
}


@pytest.fixture()
def frontier() -> Scene:
    return Scene.from_dict(copy.deepcopy(FRONTIER))


def test_a_sign_then_a_thing_moving_like_a_living_thing_is_a_power(frontier: Scene) -> None:
    bad = "Penrose mutters under his breath and the coil of lariat uncoils and creeps toward you."
    assert blocked(check(bad, frontier)) & {"impossible_ability", "world_rule"}
    ok = "Penrose mutters under his breath and the coil of lariat slips off its peg to the floor."
    assert not blocked(check(ok, frontier))


def test_passing_through_anything_as_if_it_were_mist_is_physics(frontier: Scene) -> None:
    bad = "You stroll through the barrel of flour as though it were smoke."
    assert "physics" in blocked(check(bad, frontier))


def test_it_bursting_into_flame_is_whose_the_thing_is(frontier: Scene) -> None:
    bad = "Penrose lifts his ledger, and it bursts into crackling green flame in his hands."
    assert blocked(check(bad, frontier)) & {"impossible_ability", "world_rule"}
    ok = "Penrose lights the stove; it bursts into flame and he shuts the little iron door."
    assert not blocked(check(ok, frontier))


def test_a_weapon_glowing_uncannily_is_a_power(frontier: Scene) -> None:
    bad = "Your Colt revolver starts to glow a cold, eerie green in its holster."
    assert blocked(check(bad, frontier)) & {"impossible_ability", "world_rule"}
    ok = "Your Colt revolver gleams dully in the lamplight as you set it on the counter."
    assert not blocked(check(ok, frontier))


def test_a_wound_closing_in_a_glow_is_a_power_and_the_healer_is_not_the_healed(
        frontier: Scene) -> None:
    bad = "Doc Hale cups your torn hand, and the gash knits closed in a soft white glow."
    assert blocked(check(bad, frontier)) & {"impossible_ability", "world_rule"}
    ok = "Doc Hale cleans the gash in your hand and stitches it closed; it will scar."
    assert not blocked(check(ok, frontier))


def test_a_thing_lifting_into_the_air_by_itself(frontier: Scene) -> None:
    bad = "You stare hard at the tinned peaches and they rise slowly into the air."
    assert blocked(check(bad, frontier)) & {"impossible_ability", "world_rule"}


def test_something_with_scales_or_fur_is_a_beast(frontier: Scene) -> None:
    bad = "Something long and scaly slides out from under the stove and into the shadows."
    assert check(bad, frontier)  # reported (a warning: the scene has no such creature)
    ok = "Something clatters behind the stove; the tabby cat stalks over to look."
    assert "invented_creature" not in blocked(check(ok, frontier))


def test_handing_over_by_laying_it_down_for_you(frontier: Scene) -> None:
    bad = "Penrose reaches down and lays a pearl-handled razor on the counter for you."
    assert "invented_item" in blocked(check(bad, frontier))


def test_a_ships_name_after_of_is_no_creature(frontier: Scene) -> None:
    text = "Major Thorne of the Black Horse Cavalry rides up to the corral and dismounts."
    assert "absent_npc" in blocked(check(text, frontier))


def test_an_absent_owner_who_then_comes_in(frontier: Scene) -> None:
    bad = "Sheriff Tolliver's voice booms from the road, and then he strides in, spurs jangling."
    assert "absent_npc" in blocked(check(bad, frontier))
    ok = "Sheriff Tolliver's wanted poster flaps on the wall; Penrose says he rode out Monday."
    assert "absent_npc" not in blocked(check(ok, frontier))


def test_a_failed_deception_believed_all_the_same(frontier: Scene) -> None:
    action = "I convince Penrose that I am a Pinkerton agent"
    bad = "Penrose swallows the story whole and fetches the ledger for you."
    ok = "Penrose squints at you, unconvinced, and keeps one hand near the shotgun."
    assert "outcome_mismatch" in blocked(check(bad, frontier, action, MISS))
    assert not blocked(check(ok, frontier, action, MISS))


def test_a_blade_leaving_a_wound_on_a_miss(frontier: Scene) -> None:
    action = "I slash at Penrose with my knife"
    bad = "Penrose is too slow. Your knife leaves a long gash across his forearm."
    assert "outcome_mismatch" in blocked(check(bad, frontier, action, MISS))
    ok = "Penrose is quicker than he looks; your knife only grazes his sleeve."
    assert "outcome_mismatch" not in blocked(check(ok, frontier, action, MISS))


def test_a_failed_hack_at_a_lock_that_gives_all_the_same(frontier: Scene) -> None:
    action = "I hack at the cash drawer's lock with my knife"
    bad = "You hack at the lock twice and the cash drawer springs open."
    assert blocked(check(bad, frontier, action, MISS)) & {"outcome_mismatch", "physics"}


@pytest.mark.parametrize("text", [
    "You walk past the cash drawer and lean on the counter; it is locked, and Penrose smirks.",
    "Lady Luck is not on your side tonight, Penrose chuckles, sweeping up the cards.",
    "Nettie hums a waltz by Mr. Strauss as she sweeps around the stove.",
    "Penrose opens his ledger, and from between its pages drops a pressed prairie rose.",
    "Nettie lifts the lid of the stove and plays a few notes on a comb and paper.",
    "The coil of lariat snakes across the floor where Nettie kicked it.",
    "Doc Hale sets the bone with a grunt of effort; it will heal in six weeks.",
])
def test_honest_lookalikes_found_by_probing(frontier: Scene, text: str) -> None:
    assert not blocked(check(text, frontier))


CHAPEL = {
    "setting": "grim fantasy",
    "world_rules": ["no firearms", "only witches and priests can cast spells"],
    "location": {"name": "Saint Odo's Undercroft",
                 "description": "Low vaults, bone niches and a rusted iron gate.",
                 "exits": ["Nave Stair", "Ossuary"],
                 "features": [{"name": "ossuary grate", "locked": True, "key": "bone key"},
                              {"name": "stained glass lancet", "climbable": False},
                              {"name": "tithe chest", "locked": True, "key": "tithe key"}]},
    "npcs": [{"name": "Brother Alric", "aliases": ["the monk", "Alric"], "abilities": [],
              "items": ["bone key", "tithe key", "rosary"]}],
    "items": ["bone niches", "tallow candles", "rope"],
    "creatures": ["a lame crow"],
    "player": {"name": "Sera", "class": "sellsword",
               "inventory": ["falchion", "buckler", "flint and steel"],
               "abilities": ["cleave"]},
    "party": [],
}


@pytest.fixture()
def chapel() -> Scene:
    return Scene.from_dict(copy.deepcopy(CHAPEL))


def test_a_dozen_more_of_a_creature_the_scene_has_one_of(chapel: Scene) -> None:
    bad = "The lame crow caws, and twenty more come wheeling down the nave stair."
    assert "invented_creature" in blocked(check(bad, chapel))
    ok = "The lame crow caws twice more and hops along a bone niche."
    assert "invented_creature" not in blocked(check(ok, chapel))


def test_an_animals_possessive_part_is_the_animal(chapel: Scene) -> None:
    bad = "A boar's tusks scrape the flagstones behind you."
    assert "invented_creature" in blocked(check(bad, chapel))


def test_a_beast_known_by_its_traces_is_not_here(chapel: Scene) -> None:
    text = "Scratches on the flagstones show where the rats gnawed at the tallow candles."
    assert "invented_creature" not in blocked(check(text, chapel))


def test_a_locked_grate_that_swings_wide_when_shoved(chapel: Scene) -> None:
    bad = "You put your weight against the ossuary grate and it swings wide."
    assert "physics" in blocked(check(bad, chapel))
    ok = "Brother Alric turns the bone key in the ossuary grate and it swings wide."
    assert "physics" not in blocked(check(ok, chapel))


def test_pulling_oneself_through_what_cannot_be_climbed(chapel: Scene) -> None:
    bad = "You jump and catch the sill of the stained glass lancet, pulling yourself through it."
    assert "physics" in blocked(check(bad, chapel))


def test_a_failed_plea_answered_with_what_was_asked_for(chapel: Scene) -> None:
    action = "I persuade the monk to give me the tithe key"
    bad = "Alric sighs, won over, and hands you the tithe key."
    ok = "Alric shakes his head and hands you a tallow candle instead. 'Light, not keys.'"
    assert "outcome_mismatch" in blocked(check(bad, chapel, action, MISS))
    assert "outcome_mismatch" not in blocked(check(ok, chapel, action, MISS))


def test_putting_in_at_a_place_the_scene_lacks(wharf: Scene) -> None:
    bad = "You row out past the harbour mouth and put in at the quay of Vell's Landing."
    assert "invented_location" in blocked(check(bad, wharf))


def test_what_comes_out_of_a_scene_container_is_only_doubtful(chapel: Scene) -> None:
    text = "Brother Alric unlocks the tithe chest and hands you a sack of barley."
    assert not blocked(check(text, chapel))
    bad = "Brother Alric unlocks the tithe chest and hands you a jewelled golden chalice."
    assert "invented_item" in blocked(check(bad, chapel))


def test_barnacles_and_limpets_are_the_surface_they_grow_on(wharf: Scene) -> None:
    text = "Barnacles crust the slimy pilings and cut your palms as you feel along them."
    assert "invented_creature" not in blocked(check(text, wharf))


# --- a failed step whose own goal is told as reached -------------------------------------------

@pytest.mark.parametrize(("action", "bad", "ok"), [
    ("I pick the lock of the tithe chest",
     "Your picks scrape and probe; at last the tumblers drop into place and the lid swings up.",
     "Your picks scrape and probe, but a pin snaps and the lid stays shut."),
    ("I sneak past the monk",
     "You pad along the wall behind Brother Alric and reach the stair unseen.",
     "You pad along the wall, but your buckler scrapes stone and Alric turns."),
    ("I climb the rope to the gallery",
     "Hand over hand you go, and at last you reach the top, chest heaving.",
     "Halfway up, your grip fails and you slide back to the flagstones."),
    ("I search the bone niches for a hidden lever",
     "You run your hands along the niches and find it at once: a lever behind a skull.",
     "You run your hands along the niches but turn up nothing but dust and old bone."),
    ("I jump over the open grave",
     "You take a run at the grave and clear it easily, landing on the far side.",
     "You take a run at the grave, but your heel skids and you teeter on the edge."),
    ("I intimidate the monk into stepping aside",
     "Alric pales, backs down and shuffles out of your way.",
     "Alric folds his arms and does not move an inch."),
])
def test_a_failed_steps_goal_told_as_reached(chapel: Scene, action: str, bad: str,
                                              ok: str) -> None:
    assert "outcome_mismatch" in blocked(check(bad, chapel, action, MISS))
    assert "outcome_mismatch" not in blocked(check(ok, chapel, action, MISS))


def test_a_reached_goal_is_fine_when_the_step_succeeds(chapel: Scene) -> None:
    text = "You pad along the wall behind Brother Alric and reach the stair unseen."
    found = check(text, chapel, "I sneak past the monk", {"success": True, "roll": 17})
    assert "outcome_mismatch" not in blocked(found)


def test_a_target_crying_out_on_a_miss_is_only_doubtful(chapel: Scene) -> None:
    text = "The lame crow shrieks as your boot swings at it, and flaps up onto a niche."
    found = check(text, chapel, "I kick the lame crow", MISS)
    assert "outcome_mismatch" not in blocked(found)
    assert any(f.kind == "outcome_mismatch" for f in found)


def test_stepping_aside_after_a_failed_threat_is_only_doubtful(chapel: Scene) -> None:
    text = "Alric pales, mumbles an apology and steps aside."
    found = check(text, chapel, "I intimidate the monk into stepping aside", MISS)
    assert "outcome_mismatch" not in blocked(found)
    assert any(f.kind == "outcome_mismatch" for f in found)


def test_paying_more_than_one_carries(frontier: Scene) -> None:
    bad = "You slap a fifty-dollar note on the counter and tell Penrose to keep the change."
    assert "invented_item" in blocked(check(bad, frontier))
    ok = "You slap five dollars on the counter and tell Penrose to keep the change."
    assert not blocked(check(ok, frontier))
    told = "Penrose mentions that the last drifter paid him a hundred dollars for the mule."
    assert not blocked(check(told, frontier))


def test_another_given_name_on_a_present_surname_is_someone_else(manor: Scene) -> None:
    bad = "Edmund Ashcombe strides in from the hall, still in his riding boots."
    assert "absent_npc" in blocked(check(bad, manor))
    ok = "Mrs. Ashcombe strides in from the hall, still in her riding boots."
    assert not blocked(check(ok, manor))


@pytest.mark.parametrize(("action", "text"), [
    ("I climb the bone niches",
     "You reach the top of the lowest niche, then the mortar crumbles and you slide back down."),
    ("I persuade the monk to give me the tithe key",
     "Alric smiles thinly and agrees only to pray for you."),
    ("I search the bone niches for a hidden lever",
     "You find the niches solid and the mortar undisturbed; there is no lever here."),
    ("I kick the lame crow",
     "Your boot thuds into the flagstones where the crow stood a heartbeat ago."),
    ("I throw my falchion at the monk",
     "The falchion spins past and shatters a lamp behind Brother Alric."),
])
def test_failures_told_as_failures_are_fine(chapel: Scene, action: str, text: str) -> None:
    assert "outcome_mismatch" not in blocked(check(text, chapel, action, MISS))


def test_a_dead_beast_is_a_thing(chapel: Scene) -> None:
    text = "Among the bones lies a dead rat, stiff and grey."
    assert "invented_creature" not in blocked(check(text, chapel))
