"""What a setting excludes, read from its rules: "no firearms or modern technology" becomes a set
of words (pistol, flintlock, radio, ...) the narration may not put in the scene.

A campaign may list forbidden words outright (``Scene.forbidden``); evaluation scenes only carry
prose rules and a setting name, so those are parsed here into categories: firearms and
explosives, modern technology (anything from the industrial age on), technology newer than a
stated year, and magic. The setting name adds what its genre implies ("medieval fantasy" has no
guns). Whatever the scene itself contains is never forbidden: the scene is the truth.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from bot.guard.lexicon import wordclass as W
from bot.guard.vocabulary import lemma

FIREARMS = frozenset(
    "gun guns pistol pistols handgun handguns musket muskets arquebus flintlock flintlocks "
    "blunderbuss rifle rifles revolver revolvers shotgun shotguns carbine firearm firearms "
    "cannon cannons gunpowder bullet bullets cartridge cartridges grenade grenades bomb bombs "
    "dynamite tnt explosive explosives gunshot gunfire machine-gun musketball derringer "
    "derringers sidearm sidearms six-shooter six-shooters matchlock matchlocks wheellock "
    "wheellocks harquebus musketoon pepperbox fowling-piece howitzer bazooka submachine "
    "tommy-gun luger lugers mauser glock uzi kalashnikov".split())


def gun_word(word: str) -> bool:
    """Any word for a gun by its make: "handgun", "pistol-grip", "flintgun", "scattergun"."""
    w = word.casefold()
    return (len(w) > 4 and w.endswith(("gun", "guns")) and w not in ("shogun", "shoguns")) or \
        w.startswith(("pistol-", "gun-", "rifle-")) or w.endswith(("-pistol", "-pistols",
                                                                  "-rifle", "-rifles"))
EXPLOSIVES = frozenset("gunpowder dynamite tnt explosive explosives bomb bombs grenade grenades "
                       "fuse blasting-powder black-powder".split())
# When an invention came into use; "modern technology" is the industrial age onwards.
TECH_YEARS: dict[str, int] = {
    "chloroform": 1847, "vaporetto": 1881, "railway": 1825, "railroad": 1827,
    "steamboat": 1807, "steamship": 1819, "anaesthetic": 1846, "anesthetic": 1846,
    "morphine": 1817, "stethoscope": 1816, "penicillin": 1928, "x-ray": 1895,
    "telephone": 1876, "phone": 1876, "landline": 1878, "radio": 1895, "television": 1927,
    "tv": 1927, "car": 1886, "automobile": 1886, "truck": 1896, "motorcycle": 1885,
    "locomotive": 1804, "airplane": 1903, "aeroplane": 1903, "helicopter": 1939,
    "computer": 1945, "laptop": 1981, "pc": 1975, "modem": 1958, "pager": 1950,
    "cellphone": 1983, "cell-phone": 1983, "smartphone": 2007, "iphone": 2007, "ipad": 2010,
    "wifi": 1999, "wi-fi": 1999, "internet": 1983, "email": 1971, "e-mail": 1971,
    "website": 1991, "flashlight": 1899, "lightbulb": 1879, "electricity": 1880,
    "electric": 1880, "electrical": 1880, "battery": 1800, "batteries": 1800,
    "wristwatch": 1900, "camera": 1839, "photograph": 1839, "photo": 1839, "radar": 1935,
    "sonar": 1915, "laser": 1960, "robot": 1950, "hologram": 1962, "gps": 2000,
    "bluetooth": 1999, "usb": 1996, "mp3": 1998, "dvd": 1996, "cd": 1982, "cd-rom": 1985,
    "cassette": 1963, "walkman": 1979, "vhs": 1976, "microwave": 1967, "refrigerator": 1913,
    "fridge": 1913, "elevator": 1852, "escalator": 1896, "typewriter": 1868, "neon": 1910,
    "plastic": 1907, "nylon": 1935, "headphones": 1910, "microphone": 1876, "satellite": 1957,
    "rocket": 1926, "jet": 1939, "spaceship": 2100, "starship": 2100, "blaster": 2100,
    "taser": 1974, "keycard": 1975, "barcode": 1974, "bicycle": 1817, "syringe": 1853,
    "antibiotics": 1928, "aspirin": 1899, "zipper": 1913, "skateboard": 1950,
    "subway": 1863, "streetlight": 1880, "lightsaber": 2100, "drone": 2010, "tablet": 2010,
    "selfie": 2013, "emoji": 1999, "app": 2008, "touchscreen": 1982, "e-reader": 2007,
    "webcam": 1994, "floppy": 1971, "printer": 1938, "monitor": 1950, "keyboard": 1950,
    "sunglasses": 1920, "cigarette": 1850, "cigarettes": 1850, "zippo": 1933, "jeans": 1873,
    "t-shirt": 1913, "sneakers": 1917, "ballpoint": 1938, "gramophone": 1887,
    "phonograph": 1877, "zeppelin": 1900, "airship": 1852, "skyscraper": 1885, "taxi": 1907,
    "tractor": 1892, "chainsaw": 1920, "jukebox": 1927, "motorbike": 1885, "van": 1896,
    "radiator": 1855, "telegraph": 1837, "telegram": 1837, "typewriters": 1868,
    "revolver": 1836, "shotgun": 1850, "rifle": 1750, "machine-gun": 1884, "dynamite": 1867,
    "tnt": 1891, "cartridge": 1840, "pistol": 1500, "musket": 1520, "flintlock": 1610,
    # services and brands a narrator drops into dialogue
    "facebook": 2004, "twitter": 2006, "instagram": 2010, "youtube": 2005, "google": 1998,
    "googled": 1998, "myspace": 2003, "wikipedia": 2001, "netflix": 2007, "uber": 2009,
    "tiktok": 2016, "whatsapp": 2009, "skype": 2003, "gmail": 2004, "bitcoin": 2009,
    "hashtag": 2007, "podcast": 2004, "blog": 1999, "texting": 1992, "texted": 1992,
    "smartwatch": 2013, "e-book": 1998, "ebook": 1998, "wifi-enabled": 1999, "online": 1980,
    "cellular": 1983, "transistor": 1947, "walkie-talkie": 1940, "polaroid": 1948,
    "microchip": 1959, "videotape": 1956, "videogame": 1972, "payphone": 1889,
    "stoplight": 1912, "headlights": 1898, "headlight": 1898, "motorcar": 1886,
    "limousine": 1902, "streetcar": 1880, "electrified": 1880, "lightbulbs": 1879,
    "neon-lit": 1910, "digital": 1975, "digitally": 1975, "lcd": 1971, "pixel": 1965,
    "pixels": 1965, "pixelated": 1965, "smartphones": 2007, "cellphones": 1983,
    "touchscreens": 1982, "voicemail": 1980, "selfies": 2013,
}
# Uses that only a later device allows, whatever the device is called: texting someone, a small
# glowing screen held in the hand.
TECH_USES: tuple[tuple[str, int], ...] = (
    (r"\bscroll(?:s|ed|ing)? (?:back )?through (?:\w+ ){0,3}on (?:the|a|an|his|her|your|their) "
     r"(?:\w+ )?(?:screen|display)\b", 1995),
    # what only a screen holds a run of, to be flicked through: "scrolls through snapshots"
    (r"\b(?:scroll|swip)(?:s|ed|e|es|ing)? (?:back )?through (?:\w+ ){0,2}(?:snapshots|photos|selfies|"
     r"messages|texts|notifications|contacts|emails|e-mails|posts|feeds?)\b", 1995),
    (r"\btext(?:s|ed|ing)? (?:him|her|them|you|me|us|back)\b|\b(?:send|sends|sent|sending|"
     r"thumb|thumbs|thumbed|thumbing|tap|taps|tapped|tapping|type|types|typed|typing|fire|fires|"
     r"fired|firing|shoot|shoots|shot|dash|dashes|dashed|punch|punches|punched) (?:out |off )?"
     r"(?:a |an )?(?:quick |short |brief |hasty |two-word |one-word )?text\b|\b(?:a|the) "
     r"(?:quick |short |brief |new )?text (?:on|from|to) (?:your|his|her|their|my) (?:phone|cell)"
     r"\b", 1992),
    (r"\b(?:little|tiny|small|glowing|cracked|lit|bright) (?:lcd |digital )?(?:screen|display)"
     r"\b[^.;!?]{0,40}?\b(?:in (?:your|his|her|their) (?:hand|hands|palm)|glow(?:s|ing)?)\b|"
     r"\b(?:screen|display) (?:glowing|glows|lit|lights up) in (?:your|his|her|their) "
     r"(?:hand|hands|palm)\b", 1985),
)
# The kinds a rule's class word covers (WordNet hyponyms of the classes rules name), for rules
# that forbid a class rather than list its members.
KINDS_OF: dict[str, str] = {
    "radio": "wireless wireless-set transmitter transceiver radiotelegraph radiotelephone "
             "walkie-talkie shortwave",
    "aircraft": "airplane aeroplane biplane monoplane seaplane glider helicopter autogyro "
                "jet airliner",
    "motor vehicle": "car automobile motorcar truck lorry motorcycle motorbike tractor "
                     "snowmobile jeep bus",
    "internal-combustion": "diesel petrol gasoline two-stroke four-stroke",
    "internal combustion": "diesel petrol gasoline two-stroke four-stroke",
    "computer": "laptop mainframe microcomputer terminal",
    "firearm": "gun pistol rifle musket revolver",
    "electricity": "electric electrical dynamo lightbulb",
    "metal": "iron steel brass bronze copper tin pewter lead metallic",
    "horse": "mare mares stallion stallions pony ponies steed steeds colt foal gelding charger "
             "palfrey nag saddle saddled horseback",
    "wheel": "cart carts wagon wagons carriage carriages chariot chariots wheelbarrow",
    "writing": "ink inked paper parchment papyrus scroll written handwriting letters ledger "
               "notebook quill pen pencil tally-sheet",
    "anaesthetic": "chloroform ether laudanum-gas nitrous",
    "anesthetic": "chloroform ether nitrous",
    "antibiotic": "penicillin sulfa streptomycin",
}
# Words that are only technology in a phrase: "tablet computer", not "stone tablet".
TECH_PHRASES: dict[str, int] = {
    "last train": 1830, "next train": 1830, "train station": 1830, "railway station": 1830,
    "steam train": 1804, "steam whistle": 1830,
    "light bulb": 1879, "mobile phone": 1983, "cell phone": 1983, "tablet computer": 2010,
    "stun gun": 1974, "machine gun": 1884, "steam engine": 1712, "credit card": 1950,
    "vending machine": 1880, "social media": 2004, "text message": 1992, "flat screen": 1997,
    "flat-screen": 1997, "smart phone": 2007, "video call": 2003, "power drill": 1895,
    "electric light": 1880, "radar screen": 1935, "street lamp": 1880,
    "battery-powered": 1900, "battery powered": 1900, "battery-operated": 1900,
    "battery operated": 1900, "solar-powered": 1954, "solar powered": 1954,
    "electric torch": 1899, "electric lamp": 1880, "electric lantern": 1900,
    "gas-powered": 1880, "petrol-powered": 1890, "diesel-powered": 1890, "light switch": 1884,
    "electrically powered": 1880, "nuclear-powered": 1954, "power outlet": 1904,
    "plug socket": 1904, "wall socket": 1904, "motor car": 1886, "flip phone": 1996,
    "cell phone": 1983, "phone booth": 1889, "text messages": 1992, "social network": 2004,
}
# Words only ambiguous in ordinary prose; they count only from a campaign's own list.
_AMBIGUOUS_TECH = frozenset({"tablet", "drone", "app", "monitor", "keyboard", "printer",
                             "battery", "batteries", "jet", "van"})
MAGIC = frozenset(
    "magic magical magically spell spells spellcasting sorcery sorcerous wizardry witchcraft "
    "incantation incantations enchantment enchanted enchants hex hexes arcane eldritch mana "
    "supernatural psychic psychically telekinesis telekinetic telepathy telepathic fireball "
    "teleport teleports teleported teleportation conjure conjures conjured conjuring "
    "necromancy sorcerer wizard warlock witch".split())
MODERN_FROM = 1800
INDUSTRIAL_FROM = 1700  # for a medieval world even the first steam engines are modern

_NEGATIVE_RULE = re.compile(
    r"^(?:there (?:is|are) )?no\s+(?P<x>.+)$|^(?P<y>.+?)\s+(?:do|does|did) not exist|"
    r"^(?P<z>.+?)\s+(?:is|are)\s+(?:forbidden|banned|unknown|impossible|not allowed|"
    r"not permitted|outlawed|absent|nonexistent|non-existent)|^without\s+(?P<w>.+)$")
_ONLY_CASTERS = re.compile(
    r"only\s+(?P<who>.+?)\s+(?:can|may|could|are able to|know how to)\s+(?:cast|use|work|"
    r"wield|practi[sc]e|perform|do)\b(?P<what>[^.;]*)")
_YEAR = re.compile(r"(?:newer|later|more recent|invented|made|after|beyond|past|of|from)\s+"
                   r"(?:than\s+)?(?:the\s+)?(?:year\s+)?(?P<year>1\d{3}|20\d{2})\b(?!s)")
# "technology of the late 16th century only", "early 19th-century Japan"
_CENTURY = re.compile(r"\b(?:(?P<part>early|mid|late)[- ])?(?P<n>1[0-9]|20|[1-9])(?:st|nd|rd|th)"
                      r"[- ]century\b")
_SETTING_YEAR = re.compile(r"(?<![\d-])(1[0-9]{3}|2[0-9]{3})(?![\d-]|s\b|\s*(?:bc|bce)\b)")
_DECADE = re.compile(r"\b(?P<d>1[0-9]{2}0|20[0-9]0)s\b|\b(?P<dd>[2-9]0)s\b")
_MEDIEVAL = re.compile(r"medieval|fantasy|feudal|viking|ancient|bronze age|iron age|dark ages|"
                       r"sword and sorcery|arthurian|mythic|elven|dwarven|classical|roman|"
                       r"greek|egyptian|biblical|arabesque|wuxia|samurai|sengoku")
_EARLY_MODERN = re.compile(r"pirate|age of sail|renaissance|colonial|musketeer|buccaneer|"
                           r"1[5-7]th century|elizabethan|baroque|golden age of piracy")
_INDUSTRIAL = re.compile(r"victorian|steampunk|wild west|western|frontier|gaslight|"
                         r"19th century|regency|edwardian")


@dataclass(frozen=True, slots=True)
class SettingRules:
    forbidden: dict[str, str]  # lemma -> why ("firearms", "modern technology", ...)
    phrases: dict[str, str]  # multiword term -> why
    magic_forbidden: bool
    casters: frozenset[str] | None  # classes that may cast; None: the usual ones
    explicit: frozenset[str]  # reasons that come from a written rule, not from the genre
    phrase_pattern: re.Pattern[str] | None = field(default=None, compare=False)
    uses: tuple[tuple[re.Pattern[str], str], ...] = field(default=(), compare=False)

    def why(self, word: str) -> str | None:
        found = self.forbidden.get(word) or self.forbidden.get(lemma(word))
        if found is None and gun_word(word):
            return self.forbidden.get("gun")  # a gun by any make, where guns are excluded
        return found


DEFAULT_CASTERS = frozenset(
    "mage wizard sorcerer sorceress warlock witch cleric priest priestess druid bard paladin "
    "shaman necromancer enchanter enchantress magician conjurer archmage runepriest "
    "spellcaster oracle mystic".split())


_ASIDE = re.compile(r"\(([^()]*)\)")
_DENIED = re.compile(r"^(?:no|not|without)\s+(.+)$")


def _asides(rule: str) -> tuple[str, list[str]]:
    """A rule without its parenthesised asides, and the asides. An aside is read for what it is
    to the rule: examples of a forbidden class, things it names as forbidden, or (after a limit in
    time) what the world of that time has, which the rule's list must not ban."""
    asides = _ASIDE.findall(rule)
    if not asides:
        return rule, []
    return " ".join(_ASIDE.sub(" ", rule).split()), [a for a in asides if a.strip()]


def _list_words(text: str) -> list[str]:
    parts = re.split(r",|\band\b|\bor\b|/", text)
    out = []
    for p in parts:
        p = p.strip().strip(".")
        for prefix in ("the ", "a ", "an "):
            if p.startswith(prefix):
                p = p[len(prefix):]
        if p:
            out.append(p)
    return out


def parse_setting(setting: str, world_rules: list[str], forbidden: list[str],
                  grounded: frozenset[str] = frozenset()) -> SettingRules:
    """Turn a scene's setting, rules and forbidden list into the words it excludes.

    ``grounded``: lemmas of everything the scene contains; those are never forbidden."""
    base = _parse(setting, tuple(world_rules), tuple(forbidden))
    banned = {k: v for k, v in base.forbidden.items() if k not in grounded}
    phrases = {k: v for k, v in base.phrases.items() if k not in grounded}
    pattern = (re.compile(r"\b(?:" + "|".join(re.escape(p) for p in sorted(phrases, key=len,
                                                                           reverse=True))
                          + r")\b") if phrases else None)
    return SettingRules(forbidden=banned, phrases=phrases, magic_forbidden=base.magic_forbidden,
                        casters=base.casters, explicit=base.explicit, phrase_pattern=pattern,
                        uses=base.uses)


# A denied thing's qualifier of place or time, which says where the rule holds, not what it
# forbids: "no steamships in this harbour yet", "no horses inside the city walls".
_QUALIFIER = re.compile(r"\s+(?:(?:in|inside|within|aboard|on|at|near|around)\s+(?:this|the|these|"
                        r"our)\b.*|here\b.*|yet\b.*|anymore\b.*)$")


def _unqualified(term: str) -> str:
    """The denied thing without its qualifier, when what is left is a concrete thing (a vehicle,
    a beast, an object): "no sound in the vacuum" keeps its words, since a sound is no thing."""
    cut = _QUALIFIER.sub("", term)
    if cut == term or not cut.strip():
        return term
    head = cut.split()[-1]
    if W.first_class(head) in ("T", "V", "A", "O", "G", "S", "F", "D", "C"):
        return cut
    return term


# Where a rule's clauses part: a semicolon, a colon, a full stop, and a comma that opens a
# denial of its own ("flintlocks and cannon, no steam engines or revolvers") outside an aside.
_CLAUSE_BREAK = re.compile(r"[;:]|\.\s|,\s*(?=(?:no|never|nothing)\b)(?![^()]*\))")


@lru_cache(maxsize=256)
def _parse(setting: str, world_rules: tuple[str, ...], forbidden: tuple[str, ...]
           ) -> SettingRules:
    banned: dict[str, str] = {}
    phrases: dict[str, str] = {}
    explicit: set[str] = set()
    magic_forbidden = False
    casters: set[str] | None = None
    cutoff: int | None = None
    modern = False
    firearms = False
    s = setting.lower()

    def add(word: str, why: str) -> None:
        word = word.strip().lower()
        if not word or word in ("they", "it", "them", "these", "those", "this", "that", "such"):
            return  # "...: they are unknown in the Andes" names nothing new
        if " " in word:
            phrases.setdefault(word, why)
            head, _, last = word.rpartition(" ")
            phrases.setdefault(f"{head} {lemma(last)}", why)  # "no steam engines": nor one
        else:
            banned.setdefault(word, why)
            banned.setdefault(lemma(word), why)

    clauses = [c.strip() for rule in world_rules
               for c in re.split(_CLAUSE_BREAK, rule.lower()) if c.strip()]
    for rule in clauses:
        r = rule.lower().strip().rstrip(".")
        m = _ONLY_CASTERS.search(r)
        if m:
            what = m.group("what")
            if re.search(r"spell|magic|sorcery|miracle|ritual|power", what) or not what.strip():
                casters = casters or set()
                for who in _list_words(m.group("who")):
                    casters.add(lemma(who.split()[-1]))
                    casters.add(lemma(who.replace(" ", "-")))
            continue
        y = _YEAR.search(r)
        if y and re.search(r"technolog|tech\b|device|machine|invention|gadget", r):
            year = int(y.group("year"))
            cutoff = year if cutoff is None else min(cutoff, year)
            explicit.add("technology of a later time")
        century = _CENTURY.search(r)
        if not y and century and re.search(r"technolog|tech\b|device|machine|invention", r):
            end = (int(century.group("n")) - 1) * 100 + {"early": 33, "mid": 66}.get(
                century.group("part") or "", 99)
            cutoff = end if cutoff is None else min(cutoff, end)
            explicit.add("technology of a later time")
        era = _DECADE.search(r)
        if not y and era and re.search(r"technolog|tech\b|device|machine|invention|gadget", r):
            # "technology of the 1940s only": nothing from a later decade
            year = (int(era.group("d")) if era.group("d") else 1900 + int(era.group("dd"))) + 9
            cutoff = year if cutoff is None else min(cutoff, year)
            explicit.add("technology of a later time")
        main, asides = _asides(r)
        neg = _NEGATIVE_RULE.match(main)
        if not neg:
            continue
        body = next(g for g in neg.groups() if g)
        terms = _list_words(body)
        for aside in asides:
            for term in _list_words(aside):
                denied = _DENIED.match(term)
                if denied:  # "(no smartphones, no wifi)": forbidden in the aside's own words
                    terms.append(denied.group(1))
                elif not (y or century or era):  # "no firearms (muskets, pistols)": the class's examples
                    terms.append(term)
                # else "no technology beyond the late 1990s (pagers, payphones)": what that time had
        for term in terms:
            t = _unqualified(term.strip())
            words = t.split()
            if re.search(r"firearm|\bguns?\b|gunpowder|black powder|pistol|musket", t):
                firearms = True
                explicit.add("firearms")
            if re.search(r"explosive|gunpowder|black powder|dynamite|bomb", t):
                for w in EXPLOSIVES:
                    add(w, "explosives")
                explicit.add("explosives")
            if re.search(r"modern|technolog|electronic|electricit|machine|industrial", t) \
                    and not (y or century or era):  # "beyond the late 1990s" is a cutoff, not "modern"
                modern = True
                explicit.add("modern technology")
            if re.search(r"magic|spell|sorcery|wizardry|witchcraft|supernatural|psychic|"
                         r"arcane|miracle", t) and not re.search(
                             r"except|unless|save for|other than|but for|outside", r):
                magic_forbidden = True
                explicit.add("magic")
            # the rule's own words ("no dragons", "no horses") are forbidden as written
            if len(words) <= 3 and not re.search(r"technolog|modern|magic|supernatural|power|"
                                                 r"newer|older|than|except|unless", t):
                add(t, t)
                # a class forbids its kinds: "no radio" is no wireless set, "no internal-
                # combustion engines" no diesel
                for cls, kinds in KINDS_OF.items():
                    if re.search(r"\b" + re.escape(cls), t):
                        for k in kinds.split():
                            add(k, t)
    medieval = bool(_MEDIEVAL.search(s))
    dated = _SETTING_YEAR.search(s)
    dm = _DECADE.search(s)
    # a genre word implies its era only when the setting gives no date of its own: a "pirate radio
    # station, 1980s" is no age of sail, and a "space western, 2291" no frontier of 1880
    undated = not dated and not dm
    if medieval:
        firearms = True
        modern = True
    elif _EARLY_MODERN.search(s) and undated:
        modern = True
    elif _INDUSTRIAL.search(s) and undated:
        cutoff = cutoff if cutoff is not None else 1900
    if dated and not dm:
        # "Los Angeles, 1947": what the world has is what that year had
        year = int(dated.group(1))
        cutoff = year if cutoff is None else min(cutoff, year)
    if dm:
        decade = int(dm.group("d")) if dm.group("d") else 1900 + int(dm.group("dd"))
        cutoff = decade + 9 if cutoff is None else min(cutoff, decade + 9)
    if firearms:
        for w in FIREARMS:
            add(w, "firearms")
    if modern:
        since = INDUSTRIAL_FROM if medieval else MODERN_FROM
        for w, year in TECH_YEARS.items():
            if year >= since and w not in _AMBIGUOUS_TECH:
                add(w, "modern technology")
        for p, year in TECH_PHRASES.items():
            if year >= since:
                add(p, "modern technology")
    uses: list[tuple[re.Pattern[str], str]] = []
    if modern or cutoff is not None:
        since = INDUSTRIAL_FROM if medieval else MODERN_FROM
        for pattern, year in TECH_USES:
            if modern and year >= since:
                uses.append((_compiled(pattern), "modern technology"))
            elif cutoff is not None and year > cutoff:
                uses.append((_compiled(pattern), f"technology from after {cutoff}"))
    if cutoff is not None:
        for w, year in TECH_YEARS.items():
            if year > cutoff and w not in _AMBIGUOUS_TECH:
                add(w, f"technology from after {cutoff}")
        for p, year in TECH_PHRASES.items():
            if year > cutoff:
                add(p, f"technology from after {cutoff}")
    for word in forbidden:
        add(word, "forbidden by the setting")
        explicit.add("forbidden by the setting")
    if magic_forbidden:
        for w in MAGIC:
            add(w, "magic")
    return SettingRules(
        forbidden=banned, phrases=phrases, magic_forbidden=magic_forbidden,
        casters=frozenset(casters) if casters is not None else None,
        explicit=frozenset(explicit), uses=tuple(uses),
    )


@lru_cache(maxsize=64)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)
