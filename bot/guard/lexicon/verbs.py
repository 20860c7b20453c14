"""Verbs, by what they make a sentence do.

Each verb lemma maps to a *verb class*; the parser turns a class plus the roles of the words
around the verb into one of the intent action types. Classes are finer than action types where
the objects decide: "use" becomes cast, ability or use_item depending on what is used; "throw"
is an attack ("at the wolf"), a gift ("to Greta") or a spell ("a fireball").
"""

from __future__ import annotations

from functools import lru_cache

from bot.guard.lexicon.words import verb_stems


def _table(spec: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for cls, words in spec.items():
        for w in words.split():
            out.setdefault(w, cls)
    return out


VERBS: dict[str, str] = _table(
    {
        "attack": """
            attack strike hit stab slash slice cut hack chop smash bash punch kick headbutt
            lunge charge swing thrust skewer impale behead decapitate kill murder slay assault
            fight tackle grapple wrestle choke strangle throttle smite cleave pummel beat lash
            spear pierce jab swipe bludgeon maul gore stomp elbow backhand slap crush shank
            snipe ambush engage duel clobber wallop whack thump stomp bite claw rake sever
            execute eviscerate gut disembowel batter hammer club whip cudgel bonk brain
            knock bludgeon assail savage strangle garrote trip sweep headlock suplex body-slam
            burn freeze zap shock electrocute poison blind blast riposte counterattack parry
            retaliate
            """,
        "shoot": "shoot fire loose volley snipe",
        "throw": "throw hurl toss fling lob pitch chuck launch splash sprinkle pour douse",
        "talk": """
            talk speak chat converse ask tell say greet whisper shout yell call question dial
            interrogate inquire enquire beg plead persuade convince intimidate threaten flirt
            negotiate haggle bargain barter introduce thank compliment insult taunt mock
            apologize apologise explain reply respond answer warn request gossip joke lie bluff
            deceive charm salute address hail beckon summon-over praise flatter console comfort
            reassure encourage urge demand command instruct inform remind confess confront
            accuse challenge invite propose suggest recruit hire-on chatter holler scream cry
            mutter murmur mumble grumble growl bark roar sing recite pray-to hiss snarl query
            petition implore entreat cajole coax seduce woo quiz consult discuss debate argue
            sweet-talk smooth-talk schmooze sweettalk
            """,
        "order": "order",
        "move": """
            disengage paddle canoe squeeze wriggle go come emerge walk run head travel move leave exit enter return proceed step stroll wander
            march sprint dash hurry rush flee retreat escape creep tiptoe descend ascend
            journey ride sail row swim withdraw depart venture continue cross hike trek
            scurry scramble slip slink sneak skulk jog trot gallop advance pass navigate
            shuffle stumble limp crawl dive plunge wade drift hop bolt scuttle storm stride
            saunter amble mosey meander roam rove backtrack circle reposition relocate
            disembark embark board dismount mount drive steer
            """,
        "approach": "approach follow pursue chase tail shadow join accompany",
        "fly": "fly soar levitate hover float glide",
        "teleport": "teleport blink reappear rematerialize rematerialise materialize materialise",
        "phase": "phase",
        "climb": "climb scale clamber shimmy",
        "take": """
            take grab pick snatch pocket collect gather loot pilfer seize fetch retrieve nab
            pinch acquire borrow swipe-up obtain procure scoop palm salvage recover lift get
            """,
        "steal": "steal pickpocket rob mug burgle plunder",
        "give": "give hand offer pass donate lend present pay tip deliver slide bestow return-to bribe show display flash",
        "buy": "buy purchase rent hire",
        "sell": "sell pawn",
        "examine": """
            look examine inspect search study check investigate observe peer scan survey
            watch listen smell sniff glance peek scout eye assess appraise scrutinize
            scrutinise analyze analyse ponder consider recall remember identify sense
            taste touch feel browse explore rummage frisk probe spy view gaze stare notice
            read see hear overhear
            """,
        "rest": "rest sleep nap relax meditate camp recuperate recover doze slumber",
        "use": "use employ activate invoke utilize utilise apply trigger channel unleash call-upon",
        "ready": "draw unsheathe sheathe wield brandish ready equip produce raise grip clutch hold flourish unsling nock string load aim point level bare",
        "consume": "drink quaff sip eat consume swallow chug gulp down munch devour nibble taste-of imbibe",
        "light": "light ignite kindle",
        "wear": "wear don",
        "play": "play strum pluck",
        "open": "open unbar unlatch unseal uncork try",
        "unlock": "unlock unbolt",
        "force": "force pry prise prize kick-open break shoulder ram breach jimmy bust",
        "push": "push shove pull drag flip topple tip overturn heave roll slide-over bring yank tug",
        "cast": "cast",
        "summon": "summon conjure",
        "heal": "heal cure mend bandage",
        "hide": "hide crouch duck dodge cower take-cover",
        "turn": "turn transform shapeshift become morph",
        "jump": "jump leap vault",
        "benign": """
            wait sit stand kneel bow nod wave smile grin laugh chuckle giggle shrug sigh weep
            dance whistle hum clap cheer toast drum tap lean stretch yawn blink breathe think
            ponder wonder hesitate pause linger stay remain keep settle lounge lie sprawl
            order-food wipe clean polish sharpen repair tidy sweep write draw-map sketch note
            count prepare practice practise train exercise pray worship bless-myself cross
            fidget scratch rub brush comb wash bathe shave dress undress change pack unpack
            tie untie fold unfold bury dig plant water feed pet stroke hug kiss shake help
            assist inspire encourage-ally put place set drop stash stow hang attach fasten wrap
            cover tuck shine lower lay plug unplug insert connect disconnect
            """,
    }
)
# A verb in the base form of another class when it starts these multi-word phrases.
PHRASAL: dict[tuple[str, str], str] = {
    ("pick", "up"): "take",
    ("pull", "out"): "ready",
    ("take", "out"): "ready",
    ("whip", "out"): "ready",
    ("bring", "out"): "ready",
    ("get", "out"): "ready",
    ("reach", "for"): "ready",
    ("put", "on"): "wear",
    ("look", "for"): "examine",
    ("hand", "over"): "give",
    ("pay", "for"): "buy",
    ("back", "off"): "move",
    ("get", "away"): "move",
    ("back", "away"): "move",
    ("set", "off"): "move",
    ("head", "out"): "move",
    ("head", "off"): "move",
    ("make", "way"): "move",
    ("kick", "open"): "force",
    ("kick", "down"): "force",
    ("kick", "in"): "force",
    ("break", "down"): "force",
    ("break", "open"): "force",
    ("bash", "open"): "force",
    ("bash", "down"): "force",
    ("smash", "open"): "force",
    ("pry", "open"): "force",
    ("force", "open"): "force",
    ("knock", "on"): "benign",
    ("knock", "down"): "attack",
    ("knock", "out"): "attack",
    ("lie", "down"): "rest",
    ("sit", "down"): "benign",
    ("log", "in"): "use",  # "log into the BBS", "dial into the board": working a machine
    ("log", "into"): "use",
    ("log", "on"): "use",
    ("log", "onto"): "use",
    ("dial", "in"): "use",
    ("dial", "into"): "use",
    ("jack", "in"): "use",
    ("jack", "into"): "use",
    ("call", "out"): "talk",
    ("cry", "out"): "talk",
    ("speak", "up"): "talk",
    ("chat", "up"): "talk",
    ("take", "cover"): "hide",
    ("take", "aim"): "benign",
    ("go", "invisible"): "turn",
    ("let", "fly"): "shoot",
    ("open", "fire"): "shoot",
    ("get", "up"): "benign",
    ("stand", "up"): "benign",
    ("wake", "up"): "benign",
    ("give", "up"): "benign",
    ("look", "around"): "examine",
    ("turn", "around"): "benign",
}
# "take a swing", "take a short rest": the noun decides what taking does.
TAKE_IDIOMS: dict[str, str] = {
    "swing": "attack", "stab": "attack", "shot": "shoot", "jab": "attack", "swipe": "attack",
    "crack": "attack", "whack": "attack", "potshot": "shoot", "rest": "rest", "nap": "rest",
    "break": "rest", "breather": "rest", "breath": "benign", "seat": "benign",
    "look": "examine", "peek": "examine", "glance": "examine", "gander": "examine",
    "sip": "consume", "drink": "consume", "swig": "consume", "gulp": "consume", "bite": "consume",
    "swallow": "consume", "step": "move", "walk": "move", "stroll": "move", "turn": "benign",
    "cover": "hide", "aim": "benign", "moment": "benign", "deep": "benign",
}

IRREGULAR: dict[str, str] = {
    "drew": "draw", "drawn": "draw", "drank": "drink", "drunk": "drink", "threw": "throw",
    "thrown": "throw", "took": "take", "taken": "take", "gave": "give", "given": "give",
    "spoke": "speak", "spoken": "speak", "told": "tell", "went": "go", "gone": "go",
    "goes": "go", "ran": "run", "struck": "strike", "stricken": "strike", "swung": "swing",
    "shot": "shoot", "said": "say", "says": "say", "sat": "sit", "slept": "sleep",
    "fought": "fight", "bought": "buy", "sold": "sell", "brought": "bring", "left": "leave", "stole": "steal",
    "stolen": "steal", "flew": "fly", "flown": "fly", "flies": "fly", "rode": "ride",
    "ridden": "ride", "slid": "slide", "crept": "creep", "leapt": "leap", "knelt": "kneel",
    "got": "get", "gotten": "get", "stood": "stand", "broke": "break", "broken": "break",
    "wore": "wear", "worn": "wear", "held": "hold", "drove": "drive", "bit": "bite",
    "bitten": "bite", "hid": "hide", "hidden": "hide", "sought": "seek", "swam": "swim",
    "swum": "swim", "fled": "flee", "led": "lead", "lit": "light", "found": "find",
    "made": "make", "came": "come", "saw": "see", "seen": "see", "rose": "rise",
    "risen": "rise", "began": "begin", "begun": "begin", "sang": "sing", "sung": "sing",
    "wrote": "write", "written": "write", "ate": "eat", "eaten": "eat", "shook": "shake",
    "strode": "stride", "slew": "slay", "slain": "slay", "clung": "cling", "flung": "fling",
    "hung": "hang", "lay": "lie", "lain": "lie", "sank": "sink", "sunk": "sink",
    "spun": "spin", "swept": "sweep", "tore": "tear", "torn": "tear", "woke": "wake",
    "bore": "bear", "born": "bear", "dug": "dig", "fed": "feed", "felt": "feel",
    "kept": "keep", "knew": "know", "meant": "mean", "met": "meet", "paid": "pay",
    "sent": "send", "spent": "spend", "stuck": "stick", "taught": "teach", "thought": "think",
    "understood": "understand", "won": "win", "wound": "wind", "hit": "hit", "cast": "cast",
    "cut": "cut", "put": "put", "set": "set", "let": "let", "read": "read", "shut": "shut",
    "quit": "quit", "split": "split", "spread": "spread", "thrust": "thrust", "burst": "burst",
    "dealt": "deal", "heard": "hear", "leant": "lean", "dreamt": "dream", "knelt ": "kneel",
    "does": "do", "did": "do", "done": "do", "has": "have", "had": "have", "is": "be",
    "are": "be", "was": "be", "were": "be", "am": "be", "been": "be", "unleashes": "unleash",
    "sprang": "spring", "sprung": "spring", "slung": "sling", "strove": "strive",
    "smote": "smite", "smitten": "smite", "dove": "dive", "forsook": "forsake",
    "laid": "lay", "lays": "lay",
}
# Participles and other forms the suffix rules would get wrong.
_NOT_VERBS = frozenset({"during", "thing", "nothing", "something", "anything", "everything",
                        "ceiling", "king", "ring", "string", "sling", "wing", "sing", "bring",
                        "evening", "morning", "building", "clothing", "pudding", "darling",
                        "wedding", "bedding", "sibling", "duckling", "viking", "inkling",
                        "bed", "red", "shed", "sled", "hundred", "sacred", "kindred",
                        "wicked", "naked", "rugged", "ragged", "crooked", "beloved", "learned",
                        "aged", "blessed", "cursed", "jagged", "hatred", "bled", "fled ", "led ",
                        "weed", "seed", "feed", "need", "speed", "deed", "steed", "creed",
                        "reed", "breed", "greed", "tweed", "guards", "orders"})


@lru_cache(maxsize=8192)
def verb_lemma(word: str) -> str | None:
    """The base form of a verb the table knows, or None: "stabbed" -> "stab", "drew" -> "draw"."""
    w = word.casefold().replace("’", "'")
    if w in IRREGULAR:
        base = IRREGULAR[w]
        return base
    if w in VERBS:
        return w
    if w in _NOT_VERBS:
        return None
    cands = verb_stems(w)
    if w.endswith("ying") and len(w) > 4:
        cands.append(w[:-4] + "ie")  # "lying" -> "lie"
    for c in cands:
        if c in VERBS or c in IRREGULAR.values():
            return c
    return None


PREPOSITIONS = frozenset(
    {
        "with", "using", "at", "to", "toward", "towards", "into", "onto", "on", "upon", "in",
        "inside", "within", "from", "for", "about", "regarding", "concerning", "through",
        "thru", "over", "under", "underneath", "beneath", "below", "above", "across", "past",
        "behind", "beside", "besides", "near", "around", "against", "off", "out", "up", "down",
        "along", "by", "between", "via", "like", "as", "until", "till", "while", "before",
        "after", "so", "because", "if", "whether", "when", "where", "how", "why", "what",
        "who", "whom", "which", "than", "unless", "without", "beyond", "outside", "among",
        "amongst", "throughout", "alongside", "atop", "aboard", "round", "that", "since",
    }
)
# Words right after a verb that belong to it ("pick up", "pull out", "head down").
# Verbs of becoming part of what one enters: into or through solid matter, that is passing through it
# ("melt through the wall", "sink into the stone floor"); a verb of going only with such a way.
MERGING = frozenset("melt meld merge sink seep dissolve phase fade pass sift ooze".split())
# Words of manner between a verb of going and its way: "straight onto", "right through".
MANNER_OF_WAY = frozenset({"straight", "right", "directly", "instantly", "clean", "bodily"})
PARTICLES = frozenset({"up", "out", "down", "off", "over", "forth", "away", "back", "around", "along", "in", "aside", "on"})
# Words that end a noun phrase and open a clause of their own.
SUBORDINATORS = frozenset(
    {"while", "before", "after", "so", "because", "if", "whether", "when", "where", "how",
     "why", "what", "who", "whom", "which", "until", "till", "unless", "that", "since", "as",
     "though", "although", "whereas", "once"}
)
# Leading words to skip before a clause's verb.
MODALS = frozenset(
    {"will", "shall", "would", "can", "could", "may", "might", "must", "should", "do", "does",
     "did", "am", "is", "are", "was", "were", "be", "gonna", "wanna", "gotta", "'ll", "ll",
     "'d", "d", "'m", "m", "'ve", "ve", "have", "has", "had", "and", "then", "now",
     "also", "just", "again", "still", "once", "first", "next", "finally", "so", "but",
     "instead", "meanwhile", "soon", "later", "even", "too", "very", "really", "all", "both",
     "together", "quick", "simply", "immediately", "please", "let", "lets", "let's", "ok",
     "okay", "alright", "well", "oh", "ah", "hmm", "um", "uh", "yes", "right", "sure",
     "fine", "anyway", "afterwards", "afterward", "thereafter", "suddenly", "quietly",
     "further", "eventually", "already", "yet", "ever", "always", "gently",
     "hastily", "boldly"}
)
# "try to", "want to": skipped together with the "to" that follows them.
TRY_VERBS = frozenset(
    {"try", "attempt", "want", "decide", "begin", "start", "proceed", "manage", "continue",
     "need", "intend", "plan", "hope", "prepare", "mean", "like", "love", "wish", "choose",
     "going", "able", "about", "opt", "rush", "hurry", "move", "go", "come", "dare", "seek",
     "struggle", "strive", "aim", "endeavor", "endeavour", "resolve", "offer", "ask", "get",
     "use", "make", "reach", "turn", "lean", "step", "pause"}
)
_TRY_FORMS: dict[str, str] = {}
for _w in TRY_VERBS:
    for _f in (_w, _w + "s", _w + "ed", _w + "d", _w + "ing", _w[:-1] + "ies" if _w.endswith("y") else _w,
               _w[:-1] + "ied" if _w.endswith("y") else _w, _w[:-1] + "ing" if _w.endswith("e") else _w):
        _TRY_FORMS.setdefault(_f, _w)
_TRY_FORMS.update({"tries": "try", "tried": "try", "trying": "try", "began": "begin", "begun": "begin",
                   "went": "go", "goes": "go", "came": "come", "made": "make", "got": "get"})


def try_verb(word: str) -> str | None:
    """ "tries" -> "try" when the word is one of the verbs that take a "to" + verb after them."""
    return _TRY_FORMS.get(word.casefold())


SUBJECT_FIRST = frozenset({"i", "we", "me", "i'm", "i'll", "i'd", "i've", "we're", "we'll", "let's", "lets", "im", "ill"})
SUBJECT_THIRD = frozenset({"he", "she", "they", "he's", "she's", "they're", "he'll", "she'll", "they'll", "xe", "ze"})
NEGATIONS = frozenset({"not", "never", "don't", "dont", "doesn't", "doesnt", "didn't", "didnt", "won't", "wont", "can't", "cant", "cannot", "shouldn't", "wouldn't", "mustn't", "no"})
PRONOUNS_BEING = frozenset({"him", "her", "them", "he", "she", "they", "himself", "herself", "themselves"})
PRONOUNS_THING = frozenset({"it", "itself", "this", "that", "one"})
PRONOUNS_SELF = frozenset({"me", "myself", "self", "ourselves", "us"})
