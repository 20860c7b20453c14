"""Errors a game master sees when a campaign file is wrong or missing."""

from __future__ import annotations


class CampaignError(Exception):
    """A campaign could not be loaded. ``problems`` holds one line per problem, each naming the
    file, the path inside it and what is wrong, e.g. ``campaigns/x.yaml: npcs[2].items: expected
    a list``."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems) if self.problems else "invalid campaign")


class UnknownCampaign(CampaignError):
    def __init__(self, name: str, known: list[str]):
        hint = f" (known: {', '.join(known)})" if known else ""
        super().__init__([f"no campaign named {name!r}{hint}"])
        self.name = name
        self.known = known
