"""Powers used by someone who does not have them: a warrior casting a spell, a guard with a ball of
fire between his palms, a fighter speaking a word of power, a hacker reading minds.

Magic is recognised by what it does in prose, with or without spell words: fire, light or frost
from hands or weapons, things moving by themselves, the sea falling still at a word, a song
sinking into minds, a wound closing under a touch, eyes burning a colour no eye has. It is then
attributed to whoever does it: the owner of the hands, the subject of the clause, the one whose
word nature obeys. The scene decides who may: the classes the world rules allow, or nobody when
the setting has no magic; and a caster only for what one of their abilities does (a nun who
blesses and turns undead raises no wall of fire), by the kind of magic the words describe. The
hearth's fire and a storm's lightning have no caster and are colour.

The signs of magic come in three families, ``spell_signs`` (casting and the elements),
``motion_signs`` (things moving unaided, nature obeying) and ``mind_body_signs`` (minds, bodies,
wounds, visions), with ``marvels`` for those read from phrases rather than patterns; ``actors``
says who works each and ``judgement`` whether they may, all over the kinds of magic in ``kinds``.
``check`` runs them.
"""

from bot.guard.narration_checks.abilities.check import AbilityCheck
from bot.guard.narration_checks.abilities.kinds import ability_kinds, effect_kinds

__all__ = ["AbilityCheck", "ability_kinds", "effect_kinds"]
