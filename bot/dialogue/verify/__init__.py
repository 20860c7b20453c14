"""Check an NPC's answer against the evidence it was given, deterministically.

The model's citations are a map, not the truth: what ships is the speech, so every sentence of the
speech is checked, and so is every claim of the citation list. Findings, all of layer
``dialogue``:

- ``invalid_source``: a cited id is not one of the blocks;
- ``self_misuse``: ``[self]`` backs a fact about the world (it may back only feelings, opinions and
  what the persona says of the NPC): a name, number or date the persona does not hold, or what a
  document says;
- ``not_entailed``: the cited block does not say it, nor does the whole source when the block was a
  capped snippet (retrieval-augmented verification), or it says the opposite;
- ``uncited``: a factual sentence carries no citation and nothing backs it; a warning only for a
  musing that touches nothing the NPC knows or was asked and tells of no event ("the sand keeps
  its secrets"; a story the player asked for), or that a block does back; informational when the
  NPC's own persona says it. A fragment adding to a cited list ("And rum for the keeper.") is
  held to it as a statement; a denial of what no document mentions ("the tomatoes don't
  complain") needs no citation;
- ``trust_leak``: words found only in a document withheld from this player appear (a name or
  number; two words in a short sentence), a value the withheld document quotes is said ('canary
  yellow', in any order), the sentence retells the withheld document (it supports the sentence,
  nothing shareable does), or the withheld document is cited;
- ``unknown_topic``: the speech asserts something about a topic nothing the NPC has mentions, or
  (warning) answers such a topic without saying it does not know.

The citation list is checked strictly and the speech faithfully: each claim against the block it
cites (with retrieval over the whole document, and numbers the claim works out from it: a total, a
remainder, a delay, ``bot.dialogue.arithmetic``), and each speech sentence either against its
blocks or, when the block does not say it in so many words, as a rendering of the supported
claims mapped to it (``bot.dialogue.rendering``): the same names, numbers, colours, days and
directions, the same polarity, nothing added, in whatever voice the NPC speaks. A sentence is
mapped to the claims it holds most of, to a claim whose names and numbers are all its own, or,
for a claim said in other words, to the statement sharing most with it read loosely.

Terse records are read in full before they are judged (``bot.dialogue.ellipsis``: "Mining crews
draw 4." after "each crew member draws 3 ration packs per day"), a claim that places a time, day or
month inside or outside a span is held to the span (``bot.dialogue.ranges``), and ``[self]`` backs
the speaker's feelings and views as such ("I regret his late habits", "in my view the coach is as
safe as any") when they carry no figure and no document states them.

A fact cited to the wrong block is still a blocking finding (the answer broke the rule), but
``grounded_elsewhere`` names the block that says it, so fail-closed keeps the sentence, cited right,
instead of stripping it. A true fact that merely forgot its citation is a warning when the answer cites
its block elsewhere and it names or numbers nothing the claims do not: nothing false would be posted
(strict mode repairs it the same way); one from a block the answer never cites, or one giving a
name, number or date no claim vouches for, is blocking, as the citation list is what vouches for
the answer (fail-closed still keeps it, citing its block). What is checked is what a sentence states: a cited sentence is
held to its factual clauses (a greeting or an order around a fact needs no document), and an
uncited one is flagged only when it reads as a statement about the world (``bot.dialogue.claims``).

The check is a package: ``answer`` runs the passes, ``mapping`` places each claim of the citation
list on the sentences it backs, ``judge`` decides what a block supports, ``leaks`` reads what a
sentence gives away from a withheld document and ``backing`` chooses the finding a statement
nothing backs gets, all writing the records of ``verdict``.
"""

from bot.dialogue.verify.answer import audit, verify
from bot.dialogue.verify.verdict import KINDS, LAYER, Add, Verdict

__all__ = ["KINDS", "LAYER", "Add", "Verdict", "audit", "verify"]
