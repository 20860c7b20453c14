"""The house rules as numbers, in one place so a game master can read and tune them.

The figures follow the spirit of fifth-edition play at first level, simplified so that every
outcome is one d20 check or one damage roll a player can follow in a single sentence:

- An attack is d20 + the character's attack bonus against the target's armour class. A natural 20
  always hits and doubles the damage dice; a natural 1 always misses.
- Damage is the weapon's die from the campaign's item catalogue, at least 1. Without a weapon a
  character hits for ``UNARMED_DAMAGE``; an item that is not a weapon hits for
  ``IMPROVISED_DAMAGE``.
- ``power attack`` trades accuracy for force: ``POWER_ATTACK_TO_HIT`` to hit and
  ``POWER_ATTACK_DAMAGE`` damage.
- ``sneak attack`` adds ``SNEAK_ATTACK_DICE`` to the first hit of the turn only (later hits in the
  same turn do not add it again); on a critical hit those dice are doubled like the weapon's.
- Creatures (the strings in a location's ``creatures``) have no sheet: they are attacked against
  ``CREATURE_AC`` and their hit points are not tracked.
- An NPC the player attacked (hit or missed) that is still standing strikes back once at the end
  of the turn: d20 + its ``attack_bonus`` against the player's AC, with the weapon its sheet
  names (else the first weapon it carries, else bare hands), and trusts the attacker
  ``ATTACK_TRUST`` less. A player at 0 HP is down: they can talk or rest, nothing else, until
  healed.
- Checks that are not attacks use a flat bonus and a difficulty: picking a lock is a rogue's
  trained skill (d20 + ``PICK_LOCK_BONUS`` vs ``PICK_LOCK_DC``); climbing something climbable is
  a modest test anyone can pass (d20 + ``CLIMB_BONUS`` vs ``CLIMB_DC``).
- Healing never raises hit points above the maximum; the healed figure is what was restored.
  ``second wind`` may be used once between rests (the flag ``SECOND_WIND_FLAG`` + player id);
  resting restores ``REST_HEALING`` and makes second wind available again. A night's lodging
  (an item of kind ``service`` such as "room for the night") costs its price and restores the
  character to full hit points; nothing is added to the inventory.
- Selling: a merchant (an NPC who ``sells`` anything) buys an item from a player for
  ``SALE_SHARE`` of what the merchant asks for it (its price in their ``sells``), or, for goods they
  do not stock, of the item's catalogue ``value``; rounded down, but at least 1 gold. An item with
  neither price nor value, or priced at nothing, is not bought. A sale never fetches more than the
  merchant asks, so buying and selling back cannot make gold.
- Containers (``contains`` in the location, or kind ``container`` in the catalogue) are too heavy
  to carry off: take what is inside them instead.
"""

from __future__ import annotations

UNARMED_DAMAGE = "1d2"
IMPROVISED_DAMAGE = "1d4"
UNARMED_WORDS = ("fist", "fists", "hands", "bare hands", "bare fists", "unarmed", "punch", "kick", "feet")

POWER_ATTACK_TO_HIT = -2
POWER_ATTACK_DAMAGE = 3
SNEAK_ATTACK_DICE = "1d6"

CREATURE_AC = 10
NPC_ATTACK_BONUS = 2  # an NPC whose sheet gives none
ATTACK_TRUST = 30  # the trust an NPC loses in whoever attacks it, once a turn
WHILE_DOWN = ("talk", "rest")  # what a character at 0 HP may still do

PICK_LOCK_BONUS = 4
PICK_LOCK_DC = 12
PICK_LOCK_TOOLS = "thieves' tools"
CLIMB_BONUS = 2
CLIMB_DC = 10
# Lifting a thing off someone unseen: d20 + bonus (a rogue's trade) against the DC.
SALE_SHARE = 0.5  # of the merchant's price, or of the item's catalogue value
STEAL_DC = 15
STEAL_BONUS = {"rogue": 5}
STEAL_WORDS = frozenset("steal steals stole pickpocket pickpockets pinch filch pilfer lift lifts swipe "
                        "swipes snatch snatches nick palm palms".split())

MAGIC_MISSILE_DARTS = 3
MAGIC_MISSILE_DART = "1d4+1"  # per dart: 3 darts are 3d4+3 together, and never miss
CURE_WOUNDS_HEALING = "1d8+2"
SECOND_WIND_HEALING = "1d10+1"
REST_HEALING = "1d4"
SECOND_WIND_FLAG = "second_wind_used:"  # + player id; True until the next rest

# Names the rules give meaning to, compared case-insensitively.
POWER_ATTACK = "power attack"
SNEAK_ATTACK = "sneak attack"
SECOND_WIND = "second wind"
PICK_LOCK = "pick lock"
MAGIC_MISSILE = "magic missile"
CURE_WOUNDS = "cure wounds"
FLAVOUR_SPELLS = ("bless", "light", "mage hand")  # succeed; no mechanical effect yet
ATTACK_ABILITIES = (POWER_ATTACK, SNEAK_ATTACK)
