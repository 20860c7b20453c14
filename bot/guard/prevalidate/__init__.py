"""Can this happen from this scene? Checked before the dice, before the model.

Why before: an impossible action that reaches the narrator invites it to make the action
possible (the prior art's warrior who "pulls out a magic staff" got one). Blocked here, the
player gets a plain reason instead ("You don't have a staff.") and no model is called.

What blocks, by finding kind (FORMAT.md): ``no_item`` (using or drawing an item the player does
not hold; someone else's item is not theirs), ``no_ability`` (a spell or power the sheet and
class do not give), ``physics`` (flight, teleportation, passing through walls without an ability
for it), ``target`` (attacking, addressing, giving to someone absent), ``location`` (going
somewhere that is not an exit), ``environment`` (climbing the unclimbable, opening what is locked
without its key). Everything else is allowed: it may still fail in the dice.

An unrecognised verb does not mean "unchecked": its intent stays ambiguous, but what its words
commit to (a thing claimed as one's own, someone addressed, a locked room entered) is checked at
the confidence of that commitment (``_commitments``). Whether a missing thing is something one
would have to hold is decided by the hand-made vocabularies first, then by WordNet's class of
the word ("dynamite", "blanket", "rose" are; "turn", "nerve", "hat" are not).

Whatever the noun, a thing the words draw or produce ("whip out a switchblade"), keep on the
player ("the toy in my pocket"), fight with ("hurl a firebomb") or hand over ("hand him a bottle
of brandy") must be held, unless it lies here, is poured here, or comes out of a held bag or kit
the sheet does not itemise; money by any name is paid from the purse, up to what it holds; a
named kind ("a tommy gun") is not satisfied by another kind of its family.

Some commitments are strong enough to check in the words themselves, whatever the parser made of
the verb (a fresh set of phrasings showed that checks hung on a recognised verb do not
generalise): a capitalised name the scene lacks, given a title or a word for a person, addressed,
served, knelt to or attacked (``_named_signals``); a named place, a vehicle taken or a distance
covered as a destination, unless the way goes out through an exit; "my" before equipment the
sheet lacks (``_claimed_gear``); a powered kind of a thing that is here ("the motor sledge");
powers described by what they do (effects made, great forces commanded, minds bent or read,
wonders worked by a touch or a word, sight or strength through stone, speed past horses, energy
drawn in to heal, the setting's own word for its magic, a spell named mid-sentence:
``_power_signals``), and powers told only by their effect (weightless drift, space folded, a
palm laid on flesh that heals, the wind bidden "and it does": ``wonders``). Each is skipped when the words only speak of the thing ("ask her about
Captain Vane"), seek it, or are someone else's deed ("Anselm, cast ...").

A journey carried on past an exit ("go out the tunnel then ski over to the base") is judged from
here unless it rides that exit on ("take the lift and ride it down"); going outside where a world
rule says no one goes without some gear, holding none, is barred (``exposure``); a one-word
trained skill another has ("surgery") is claimed by its own doing ("operate on his hand"); a trade
another plies with a tool of their own ("weld" beside the mechanic's welding torch) needs that tool;
"my" before the name of another's thing, even its first word alone ("my sawn-off"), claims it; the
scene's letters are compared as a player types them ("seidr" for "seiðr").

The guard errs towards allowing: a word it does not know never blocks on its own, and a finding
the parse is unsure of (third-person prose, an unknown noun merely mentioned) comes out as
``warn``, which is logged but not enforced. A false block costs a player their turn; a miss
costs at worst a failed roll.
"""

from bot.guard.prevalidate.steps import check_text, first_block, prevalidate
from bot.guard.prevalidate.wording import BLOCK_AT

__all__ = ["BLOCK_AT", "check_text", "first_block", "prevalidate"]
