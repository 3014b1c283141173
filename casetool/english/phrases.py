"""Natural clue texts from templates.

A setting may carry `templates:` (schemas/setting.schema.json describes every key); what
it leaves out comes from the built-in defaults below, which know the common attribute
names of the sample settings (gender, hair, hobbies, wings, daylight, ...). Everything
here is plain string work: a clause such as "the culprit has red hair" is built from a
subject ("the culprit") and a predicate phrase ("has {value} hair").
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from ..load.model import Attribute, Category, Item, Setting

# ---- built-in defaults ---------------------------------------------------------
SUBJECTS = {
    "suspect": "the culprit", "culprit": "the culprit", "character": "the culprit",
    "weapon": "the weapon", "object": "the stolen object", "scene": "the hiding place",
    "place": "the crime", "room": "the crime", "time": "the crime", "motive": "the motive",
}
# what the culprit does when the answer's item of a category is this one, where that is a
# deed of theirs: the scene is where they lie low ("if the culprit gardens, they are lying
# low at the Parade", not "..., then the hiding place is the Parade"): [holds, does not hold]
# for an item, then for a kind of item said as "is <state>" ("is on wheels"): a thing that is so,
# never a place ('is not lying low anywhere on wheels' read as no place on wheels, hampshire)
DEEDS = {"scene": ["is lying low {where}", "is not lying low {where}",
                   "is lying low in something {state}", "is not lying low in anything {state}"]}
ITEM_PHRASES = {
    "suspect": ["is {item}", "is not {item}"],
    "weapon": ["was {item}", "was not {item}"],
    "object": ["was {item}", "was not {item}"],
    "scene": ["is {item}", "is not {item}"],
    "place": ["happened {where}", "did not happen {where}"],
    "room": ["happened {where}", "did not happen {where}"],
    "time": ["happened {when}", "did not happen {when}"],
}
ORDER_PHRASES = {"time": ["happened before {item}", "happened after {item}"]}
ATTRIBUTES = {
    "gender": {"male": ["is a man", "is not a man"], "female": ["is a woman", "is not a woman"]},
    "hair": ["has {value} hair", "does not have {value} hair"],
    "eyes": ["has {value} eyes", "does not have {value} eyes"],
    "glasses": ["wears glasses", "does not wear glasses"],
    "age": {"young": ["is young", "is not young"], "middle_aged": ["is middle-aged", "is not middle-aged"],
            "elderly": ["is elderly", "is not elderly"]},
    # a pastime as a person says it, never a bare verb ("the culprit gardens", "... fishes")
    "hobbies": {"chess": ["plays chess", "does not play chess"],
                "painting": ["paints watercolours", "does not paint watercolours"],
                "gardening": ["keeps a garden", "does not keep a garden"], "music": ["plays music", "does not play music"],
                "riding": ["rides horses", "does not ride horses"], "fishing": ["goes fishing", "does not go fishing"],
                "*": ["enjoys {value}", "does not enjoy {value}"]},
    "height": {"average": ["is of average height", "is not of average height"], "*": ["is {value}", "is not {value}"]},
    "hand": ["writes with the {value} hand", "does not write with the {value} hand"],
    "weight": {"medium": ["was of medium weight", "was not of medium weight"], "*": ["was {value}", "was not {value}"]},
    "material": ["was made of {value}", "was not made of {value}"],
    "group": {"antique": ["was one of the antiques", "was not one of the antiques"],
              "desk": ["was a desk accessory", "was not a desk accessory"],
              "jewelry": ["was a piece of jewelry", "was not a piece of jewelry"],
              "*": ["was in the {value} group", "was not in the {value} group"]},
    "indoor": ["happened indoors", "happened outdoors"],
    "floor": {"grass": ["happened on the grass", "did not happen on the grass"],
              "wood": ["happened on a wooden floor", "did not happen on a wooden floor"],
              "*": ["happened on a {value} floor", "did not happen on a {value} floor"]},
    "wings": ["happened in the {value} wing", "did not happen in the {value} wing"],
    "vehicle": ["is on wheels", "is not on wheels"],
    "daylight": ["happened in daylight", "happened in the dark"],
    "meal": ["happened at a meal", "did not happen at a meal"],
    "code": {"colour": ["has a {value} corner", "has no {value} corner"],
             "number": ["shows the number {value}", "does not show the number {value}"]},
}
GROUPS = {"gender": {"male": "the men", "female": "the women"}}
NOTES = ["{Clause}."]
INSPECTOR = {
    "truthful": ["I have checked every story twice. All of the witnesses are telling the truth today.",
                 "Every witness has told me the plain truth.",
                 "Nobody is lying to us this time; every statement holds."],
    "liar": ["Don't believe a word {name} says.", "It always surprises me that {name} tells so many lies.",
             "{name} has been leading us all a merry dance today."],
}
PLAYERS = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
COUNTER = "Counter {n}. {Clause}."
@dataclass
class Templates:
    """A setting's `templates:`, over the built-in defaults."""
    raw: dict = field(default_factory=dict)

    def get(self, key: str, default):
        value = self.raw.get(key)
        return default if value is None else value

    def subject(self, cat: Category) -> str:
        return self.get("subjects", {}).get(cat.id) or SUBJECTS.get(cat.id) or f"the {cat.label.lower()}"

    def item_phrases(self, cat: Category) -> list[str]:
        return self.get("items", {}).get(cat.id) or ITEM_PHRASES.get(cat.id) or ["is {item}", "is not {item}"]

    def where(self, setting: Setting, item_id: str) -> str:
        """'in the Library', or the setting's own phrase (`templates: places:`, e.g. 'on the Jetty')."""
        return self.get("places", {}).get(item_id) or f"in {item_name(setting, item_id)}"

    def when(self, setting: Setting, item_id: str) -> str:
        """'at dusk', or the setting's own phrase (`templates: times:`, e.g. 'in the late morning')."""
        return self.get("times", {}).get(item_id) or f"at {self.moment(setting, item_id)}"

    def moment(self, setting: Setting, item_id: str) -> str:
        """An item of an ordered category (a time) as it reads after 'before', 'after' or
        'until': the setting's `templates: moments:` ('nightfall'), else its `times:` phrase
        without the preposition ('in the late morning' -> 'the late morning'), else the name
        in lower case ('Eight o'clock' -> 'eight o'clock'): never a capitalised time name
        mid-sentence."""
        own = self.get("moments", {}).get(item_id)
        if own:
            return own
        when = self.get("times", {}).get(item_id)
        if when:
            return re.sub(r"^(at|in|on|during)\s+", "", when)
        item = setting.find_item(item_id)
        name = setting.item_name(item_id)
        ordered = item is not None and setting.categories[item.category].ordered
        return name.lower() if ordered else item_name(setting, item_id)

    def order_phrases(self, cat: Category) -> list[str]:
        return self.get("order", {}).get(cat.id) or ORDER_PHRASES.get(cat.id) or ["came before {item}", "came after {item}"]

    def attribute_phrases(self, cat: Category, attr: str, value) -> list[str] | None:
        """[holds, does not hold] for `value` of `attr`, or None when only a generic phrase fits."""
        own = self.get("attributes", {})
        spec = own.get(f"{cat.id}.{attr}") or own.get(attr) or ATTRIBUTES.get(attr)
        if spec is None:
            return None
        if isinstance(spec, dict):
            if attr == "code" and "colour" in spec:
                spec = spec["number"] if isinstance(value, int) and not isinstance(value, bool) else spec["colour"]
            else:
                spec = spec.get(str(value)) or spec.get("*")
        return list(spec) if spec else None

    def group_noun(self, attr: str, value) -> str | None:
        spec = self.get("groups", {}).get(attr) or GROUPS.get(attr) or {}
        return spec.get(str(value))

    def pick(self, rng: random.Random, key: str, default: list[str]) -> str:
        options = self.get(key, default)
        return rng.choice(options) if isinstance(options, list) else options


CRIMES = ("murder", "theft", "mischief")


def crime(setting: Setting, templates: Templates) -> str:
    """murder, theft or mischief: `templates: crime:`, else a murder when the answer has a
    weapon, a theft when a timeline's answer has a stolen object, else mischief."""
    own = templates.get("crime", None)
    if own in CRIMES:
        return own
    if "weapon" in setting.answer:
        return "murder"
    if setting.timeline and any(c not in (setting.timeline.people, setting.timeline.places, setting.timeline.times)
                                for c in setting.answer):
        return "theft"
    return "mischief"


ROLES = {"murder": "the murderer", "theft": "the thief"}


def voiced(setting: Setting) -> Templates:
    """The setting's templates, the culprit called by the crime ('the thief was a man', 'the
    murderer is not Dr. Sable'; mischief keeps 'the culprit') unless `subjects:` names them:
    the words the generator writes clues with, so a page's conclusions speak as its clues do."""
    raw = dict(setting.templates or {})
    role = ROLES.get(crime(setting, Templates(raw)))
    subjects = dict(raw.get("subjects") or {})
    if role and setting.culprit and setting.culprit not in subjects:
        raw["subjects"] = {**subjects, setting.culprit: role}
    return Templates(raw)


PREPOSITIONS = frozenset({"in", "at", "on", "by", "during", "before", "after", "from", "near", "inside"})


def one_preposition(words: list[str]) -> list[str]:
    """A list whose phrases share a preposition says it once: ['in the Hall', 'in the Lounge']
    -> ['in the Hall', 'the Lounge'] ('in the Hall or the Lounge', not 'in the Hall or in the Lounge').
    Only over things named with an article or a name: a bare time keeps its own ('at dinner or
    at night'; 'at dinner or night' read as one time, tudor, issue 24)."""
    heads = {w.split(" ", 1)[0] for w in words}
    if len(words) > 1 and len(heads) == 1 and heads <= PREPOSITIONS and all(_named(w) for w in words):
        return [words[0]] + [w.split(" ", 1)[1] for w in words[1:]]
    return words


def _named(phrase: str) -> bool:
    """Does the phrase go on, past its preposition, with an article or a capitalised name ('in
    the Hall', 'at Kew'), which stands alone after the 'or'?"""
    rest = phrase.split(" ", 1)[1] if " " in phrase else ""
    return bool(rest) and (rest[0].isupper() or rest.split(" ", 1)[0] in ("the", "a", "an"))


# ---- names --------------------------------------------------------------------
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
           "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def number_word(value) -> str:
    """A small count or measure as a word ('three pounds'); larger ones stay figures."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < len(NUMBERS):
        return NUMBERS[value]
    return value_word(value)


def value_word(value) -> str:
    return str(value).replace("_", "-") if not isinstance(value, bool) else ("yes" if value else "no")


def attribute_value(setting: Setting, attr: Attribute, value) -> str:
    """A value of `attr` as a sentence says it: an item by name ("next to the Kitchen", not
    "next to kitchen"), a measure as a word ("three paces across"), else the value's word."""
    if attr.category:
        return item_name(setting, str(value))
    return number_word(value) if attr.kind == "number" else value_word(value)


def the_item(cat: Category, item_id: str) -> Item:
    """One of the category's own items: the id comes from the category, or from a world
    drawn from it, so a miss is a bug (Category.item answers None for it)."""
    item = cat.item(item_id)
    assert item is not None, f"{item_id!r} is not an item of {cat.id!r}"
    return item


def item_name(setting: Setting, item_id: str, people: str | None = None) -> str:
    """An item's name inside a sentence: persons and times as they are, things with an article."""
    item = setting.find_item(item_id)
    name = setting.item_name(item_id)
    if item is not None and (item.category == people or setting.categories[item.category].ordered):
        return name
    for article in ("The ", "A ", "An "):
        if name.startswith(article):
            return article.lower() + name[len(article):]
    return f"the {name}"


def join_or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def join_and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def articles(text: str) -> str:
    """'a orange corner' -> 'an orange corner'."""
    return re.sub(r"\b([Aa]) (?=[aeiouAEIOU])", r"\1n ", text)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Keep(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def fill(template: str, **values) -> str:
    """str.format that leaves unknown {placeholders} as they are (templates come from authors)."""
    try:
        return template.format_map(_Keep(values))
    except (ValueError, IndexError, AttributeError):
        return template


def frame(template: str, clause: str, **more) -> str:
    """Put a clause into a sentence frame: {clause} as is, {Clause} capitalised."""
    return fill(template, clause=clause, Clause=cap(clause), **more)
