"""Round s4 of the dialogue verifier: honest retellings it rejected as not what their block says.
Figures read out in groups are one figure; a claim opening with a pronoun goes on about the claim
before it; a name or number no claim holds is no other claim's thing; a thing swapped after the
word that describes it is still caught. Each retelling is paired with a near invented variant that
is still rejected."""

from __future__ import annotations

from bot.dialogue.entailment import OVERLAP
from bot.dialogue.rendering import misbound
from bot.dialogue.words import names_in, raw_tokens
from tests.dialogue_checks import kinds, verdict_on


def _supported(premise: str, claim: str, names: frozenset[str] | None = None) -> bool:
    names = names_in(f"{premise} {claim}") if names is None else names
    return OVERLAP.score(premise, claim, loose=True, names=names) >= OVERLAP.threshold


def test_figures_read_out_in_groups_are_one_figure() -> None:
    assert raw_tokens("one-one-two") == ("112",)
    assert raw_tokens("forty-four seventy-one") == ("4471",)
    assert raw_tokens("nine fifty-five") == ("955",)
    assert raw_tokens("nineteen twelve") == ("1912",)
    assert raw_tokens("one point three two") == ("1.32",)
    # counts still add up as English counts them
    assert raw_tokens("twenty five") == ("25",)
    assert raw_tokens("two hundred and twelve") == ("212",)
    assert raw_tokens("twenty-one hundred") == ("2100",)
    assert raw_tokens("three thousand five hundred and twenty") == ("3520",)


_DEPOT = "Bus depot log. Bay 3: coach 2217 to Leeds, held for brake check. Bay 5: coach 2240 to York, left on time."


def test_a_coach_number_said_in_groups_is_its_number() -> None:
    assert _supported(_DEPOT, "Coach twenty-two seventeen to Leeds was held for a brake check")
    assert not _supported(_DEPOT, "Coach twenty-two forty to Leeds was held for a brake check")  # York's coach
    assert not _supported(_DEPOT, "Coach twenty-two eighteen to Leeds was held for a brake check")  # no such coach


_SMITHY = {"name": "Hild", "persona": "The smith's wife at Oxbridge forge."}
_FORGE = [{"id": "E1", "type": "ledger",
           "text": "Forge book. Horseshoes for the Lacey farm: 12, paid. Gate hinges for the mill: 4, unpaid."}]


def test_a_claim_opening_with_a_pronoun_is_about_the_claim_before_it() -> None:
    assert not misbound("The Lacey farm ordered twelve horseshoes, every one paid for.", ["lacey", "12"],
                        ["The Lacey farm ordered 12 horseshoes", "They were paid for", "the mill's 4 hinges are unpaid"],
                        names_in("Lacey"), frozenset())
    # said of the other record, still misbound
    assert misbound("The mill's hinges are paid for.", ["mill"],
                    ["The Lacey farm's horseshoes are paid", "the mill ordered 4 hinges"],
                    frozenset({"lacey", "mill"}), frozenset())


def test_a_name_no_claim_holds_is_no_other_claims_thing() -> None:
    sources = [{"id": "E1", "type": "ledger", "text": "Arrivals, March. Tue 5 Mar: steamer Orinoco (RMSP) from "
                "Southampton, 40 passengers, mail. Fri 8 Mar: barque Esk from Leith, 300 tons coal."}]
    said = "The Orinoco, the RMSP steamer, came in from Southampton on Tuesday the fifth, with forty passengers."
    v = verdict_on(said, [("the steamer Orinoco came from Southampton on Tuesday 5 March", "E1"),
                          ("she carried 40 passengers", "E1")],
                   npc={"name": "Tomas", "persona": "Harbour clerk."}, sources=sources, question="Who came in?")
    assert "not_entailed" not in kinds(v)
    claims = ["the steamer Orinoco came from Southampton", "the barque Esk brought coal from Leith"]
    names = frozenset({"orinoco", "esk", "southampton", "leith", "rmsp"})
    assert not misbound("The Orinoco, the RMSP steamer, came from Southampton", ["orinoco", "rmsp", "southampton"],
                        claims, names, frozenset())
    # the unheld name leaves the clause about the Esk, of which no claim says "steamer"
    assert misbound("The Esk, the RMSP steamer, brought coal", ["esk", "rmsp"], claims, names, frozenset())


_PAWN = "Found in the tenant's drawer: a pawn receipt, Marsh Lane Loans, No. 812, for a silver snuffbox."


def test_a_thing_swapped_after_the_word_that_describes_it_is_caught() -> None:
    assert _supported(_PAWN, "The pawn receipt is for a silver snuffbox")
    assert not _supported(_PAWN, "The pawn receipt is for a silver ring")
    assert not _supported(_PAWN, "The pawn receipt is for a silver bracelet")
