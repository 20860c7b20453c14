"""Player text -> intents, deterministically.

Why no LLM here: the prior art spent three model calls to classify one action, and still missed
secondary steps. Most player input is short and formulaic ("I attack the guard with my sword");
a parser that knows verbs, roles and the scene's names gets it right in well under a millisecond
and identically every time. What it cannot classify comes out as one ``other`` intent with
``ambiguous=True`` (the turn may then spend one structured LLM call on it); non-English input
comes out that way too, never as a block.

The parse, per message:

1. *prepare*: smart quotes unified; quoted speech, Discord markup and OOC asides blanked to
   spaces of equal length (so every token keeps its offset in the original text).
2. *split* into steps at sentence ends, ";", "then", "after that", and at "and" / commas when a
   new verb phrase follows ("I draw my sword and attack" is two steps; "bread and cheese" is not).
3. per step, find the *subject* (I / we / none = the player; the player's name or he/she in
   third-person prose = the player; anyone else = not the player's action, skipped) and the
   *verb* (after "try to", modals, adverbs); the verb's class (lexicon/verbs.py) and the roles
   of the words after it (direct object, "with", "at", "to", "from", "about", purpose "to ...")
   give the action type, target, method and topic.
4. *resolve* each role against the scene (``SceneIndex``): canonical names when found; pronouns
   ("stab him") to the previous step's target; otherwise the player's words, with a guessed
   kind (being, place, item, fixture, direction) that pre-validation uses. Words the hand-made
   vocabularies lack are classed by WordNet (``lexicon/wordclass.py``): a "snake charmer" is
   someone, a "USB stick" a thing to hold, to "haggle" is to talk and to "seep" to move.
5. *commit*: whatever the verb, and even when the verb is unknown (the intent then stays
   ``ambiguous`` for the model, but keeps what it commits to), the words' commitments fill the
   roles the verb's handler left open: a thing claimed as the player's own ("my cell phone", "a
   rose from my coat", "with duct tape") becomes the method; someone the deed is done to or with
   ("I bow to the queen") the target; a locked room entered ("let myself into the cabin", "duck
   under the portcullis") the target feature. Claimed powers (reading minds, breathing fire,
   turning into mist, walking on water, leaping thirty feet, passing through a ceiling) become
   the pseudo-abilities that pre-validation checks against the sheet. Magic need not say "cast":
   a working laid, put or called down ("lay a curse on", "call down a miracle"), a wonder done
   by a supernatural means ("heal myself with a prayer"), an enchanting verb or a prayer that
   does a deed ("beseech the gods to strike him down") is a ``cast`` of that working; vanishing
   and reappearing somewhere is teleportation. People are someone whatever the dictionary knows:
   by relation ("Derek's dad"), by title ("Lieutenant Doyle", "Mr. Darcy" is not "Mr. Darrow")
   or by a word that ends in one for someone ("the archmage"); someone's room ("the King's
   throne room") is a place elsewhere. What happens "in the game" or "in my dream" is not done
   in the scene, and "go berserk" is becoming, not going. A step after the player's name or
   "I" keeps its subject even when its verb is one the tables lack ("*Eirik mutters and sends
   ...*"), so no words the player wrote drop out of the check. "Let fly" is a shot; "give a
   whistle" or "offer a prayer" is a sound or words, not a hand-over; "to <verb> the ..." is a
   purpose whatever the verb; "start the motor" uses it; breathing water, shrinking and a leap
   over a landform or "in one bound" are powers of the body ("size change" in PHYSICS_MODES).
   Whoever is asked or told something ("ask the pandit when ...", "ask the medic to ...") is
   someone by the sentence's shape; a participle or a "that's ..." clause after a noun describes
   it, a state after an object ("shake him awake") names no part of it, "hand over hand" is
   manner; "run a diagnostic" goes nowhere; a thing put into someone's hand is handed over; an
   unknown verb moving a thing along a way to somewhere is a journey; "let the gale lift me" and
   "... and it does" are kept as the player's claim.

Roles in the resulting ``Intent``: ``target`` is what is acted on (the attacked, the addressee,
the destination, the climbed or opened feature, the taken thing, the recipient of a gift, the
seller of a purchase); ``method`` is what is used (weapon, tool, spell, ability; for use_item the
item used); ``topic`` is what is said or asked about (for buy: the goods). ``target_kind`` is
the scene kind when resolved (npc, party, creature, inventory, item, content, npc_item, feature,
exit, location, place, ability) or a guess when not (being, place, item, fixture, direction,
self). ``method_kind`` is item, spell or ability; flight, teleportation and passing through
walls are the abilities "flight", "teleportation" and "phasing"; the other claimed powers are
named in ``lexicon/magic.PHYSICS_MODES`` ("gaseous form", "water walking", "leaping",
"telepathy", "breath weapon", ...).

Where each part lives (imports flow one way, from ``model`` at the bottom to ``message``):
``model`` (the parse's dataclasses), ``clauses`` (steps 1-2 and the language gate), ``parse``
and ``roles`` (step 3), ``resolve`` (step 4), the verbs' handlers (``movement``,
``destinations``, ``talk``, ``combat``, ``things``, ``casting``), ``powers`` (claimed powers
and rites, whatever the verb), ``commit`` (step 5), ``interpret`` (one step to one intent) and
``message`` (``extract``, the whole message).
"""

from bot.guard.intent.message import extract

__all__ = ["extract"]
