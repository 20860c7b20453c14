"""Stock lines an NPC falls back on, in its own voice: not knowing, not telling, a greeting, a nod.

They are the last rung of the repair ladder and the offline answer when there is nothing to cite,
so each one must state no fact (a test classifies every line). The NPC's ``style`` text from the
campaign file picks the register: slang for a 90s hacker, plain speech otherwise; "lowercase"
lower-cases everything.
"""

from __future__ import annotations

from dataclasses import dataclass

@dataclass(frozen=True, slots=True)
class Voice:
    lowercase: bool = False
    slang: bool = False
    terse: bool = False

    @classmethod
    def of(cls, style: str) -> Voice:
        s = style.casefold()
        return cls(
            lowercase="lowercase" in s or "lower case" in s or "lower-case" in s,
            slang=any(w in s for w in ("slang", "street", "hacker", "jargon", "leet")),
            terse=any(w in s for w in ("terse", "curt", "blunt", "few words", "clipped")),
        )

    def say(self, text: str) -> str:
        return text.lower() if self.lowercase else text


_DONT_KNOW = {
    True: ("never heard of {topic}. can't help you there.", "{topic}? no clue, man.",
           "dunno anything about {topic}. ask someone else."),
    False: ("I don't know anything about {topic}.", "Never heard of {topic}, I'm afraid.",
            "{topic}? I can't help you there."),
}
_DONT_KNOW_PLAIN = {
    True: ("dunno. can't help you there.", "no clue, man.", "can't say. ask someone else."),
    False: ("I don't know.", "I can't say, I'm afraid.", "I can't help you there."),
}
_REFUSE = {
    True: ("not telling you that. not yet.", "that's none of your business, newbie.", "no comment."),
    False: ("I'd rather not say.", "Not your concern. Not yet.", "I won't say, not to you."),
}
_GREET = {
    True: ("yeah? what do you want?", "sup. make it quick.", "what?"),
    False: ("Well? What can I do for you?", "Yes?", "What is it?"),
}
_ACKNOWLEDGE = {
    True: ("heh. noted.", "uh huh.", "whatever you say."),
    False: ("Is that so.", "Mm. Noted.", "If you say so."),
}
OPENERS = {True: ("yeah.", "heh.", "ok."), False: ("Well.", "Hm.", "Aye.")}
CLOSERS = {True: ("don't spread it around.", "that's all you get.", ""), False: ("", "That's all I know.", "")}


def _pick(options: tuple[str, ...], seed: int) -> str:
    return options[seed % len(options)]


def dont_know(style: str, topic: str = "", seed: int = 0) -> str:
    voice = Voice.of(style)
    if topic:
        return voice.say(_pick(_DONT_KNOW[voice.slang], seed).format(topic=topic))
    return voice.say(_pick(_DONT_KNOW_PLAIN[voice.slang], seed))


def refuse(style: str, seed: int = 0) -> str:
    voice = Voice.of(style)
    return voice.say(_pick(_REFUSE[voice.slang], seed))


def greet(style: str, seed: int = 0) -> str:
    voice = Voice.of(style)
    return voice.say(_pick(_GREET[voice.slang], seed))


def acknowledge(style: str, seed: int = 0) -> str:
    """A reply to a remark that asks nothing ("thanks", "I like your monitors")."""
    voice = Voice.of(style)
    return voice.say(_pick(_ACKNOWLEDGE[voice.slang], seed))
