"""Timeline events composed from the notes they come before: who brings the news (a lead)
and what it is about (a topic naming the person, the place and the time those notes speak
of), so an event leads to its notes and no two events of a book share a sentence.

A fixed list of whole sentences ran out within a book (18 templates for 87 events a tudor
book: 68 repeated). A lead and a topic are drawn apart: 20 leads x 10 topics give 200
sentences, and a book takes the leads and topics it has used least first, so the same
words do not come back case after case. An event reports, it never states a fact: "the
cook asks for a word with the Inspector about where Mrs. White was at dinner", never "the
cook saw Mrs. White at dinner", which could contradict a note.
"""

from __future__ import annotations

import random
import re
from collections import Counter

from .phrases import cap, fill

# each lead reads with any topic after it ({about} begins "about"); none says "their",
# since a lead's {who} may be a suspect whose sex the reader knows; none harks back to an
# earlier talk ("a second time", "a new story"): the book may not have told one
LEADS = ["{who} asks for a word with the Inspector {about}.", "The Inspector takes {who} aside to ask {about}.",
         "{who} knocks at the Inspector's door with a question {about}.", "{who} writes the Inspector a note {about}.",
         "{who} telephones from the village with news {about}.", "The Inspector sends for {who} and asks {about}.",
         "{who} stops the Inspector on the stairs to talk {about}.", "{who} offers the Inspector a story {about}.",
         "{who} has remembered something {about}.", "Over a late cup of tea, {who} tells the Inspector {about}.",
         "{who} is overheard whispering {about}.", "{who} comes back from the village with gossip {about}.",
         "{who} will not stop talking {about}.", "{who} turns pale when asked {about}.",
         "{who} hands the Inspector a page of notes {about}.", "{who} sends the Inspector word {about}.",
         "{who} asks, a little too casually, {about}.", "{who} is sent for and questioned closely {about}.",
         "{who} breaks a long silence {about}.", "{who} catches the Inspector at the front door to speak {about}."]
# what the notes after the event speak of: (topic, the slots it needs from them)
# (no two alike once their slots are taken out: told() tells them apart by their fixed words)
# No topic names two of a person, a place and a time, and no suspect brings news of a place or
# a time: the event does not know the answer, and "Basil Crane offers a story about what went
# on in the Library at eight o'clock" named the murderer, the room and the hour together.
TOPICS = [("about {person}", ("person",)), ("about the state of {place}", ("place",)),
          ("about who came and went {where}", ("place",)), ("about {person}'s movements", ("person",)),
          ("about where {person} had been all day", ("person",)), ("about what went on {where}", ("place",)),
          ("about who was up and about {when}", ("time",)), ("about the comings and goings {when}", ("time",)),
          ("about who had a key to {place}", ("place",)), ("about the last time anyone saw {person}", ("person",))]
# who brings the news when it is not the person the notes name
INFORMANTS = {
    "house": ["the cook", "the housekeeper", "the gardener", "the chauffeur", "a housemaid", "the groom",
              "the boot boy", "the lady's maid", "the gamekeeper", "the second footman", "the kitchen maid",
              "the night porter"],
    "village": ["the vicar", "the postmistress", "the publican", "a stallholder", "the churchwarden",
                "the schoolmistress", "the village constable", "a farmer's boy", "the baker", "the sexton",
                "the verger", "the doctor's wife"],
}


def composites() -> list[str]:
    """Every event sentence as a template, lead by topic (what a book records as told)."""
    return [lead.replace("{about}", topic) for lead in LEADS for topic, _ in TOPICS]


_PARTS = {lead.replace("{about}", topic): (lead, topic) for lead in LEADS for topic, _ in TOPICS}
_NEEDS = dict(TOPICS)


def compose(rng: random.Random, words: list[dict[str, str]], taken: set[str], crime: str) -> list[str]:
    """One event per entry of `words` (event_words: person, place, where, when, and `named`,
    the slots the step's notes name). No lead, topic or informant twice in a case; across
    the book (`taken`, not changed) no sentence twice while the 200 last, and the least used
    leads and topics first."""
    told = [t for t in taken if t in _PARTS]
    leads = Counter(_PARTS[t][0] for t in told)
    topics = Counter(_PARTS[t][1] for t in told)
    people = rng.sample(INFORMANTS["village" if crime == "mischief" else "house"], len(INFORMANTS["house"]))
    out: list[str] = []
    here: set[str] = set()
    for mine in words:
        named = set(mine.get("named", "").split())
        options = [t for t in _PARTS if t not in taken and not here & set(_PARTS[t])] or \
            [t for t in _PARTS if not here & set(_PARTS[t])] or list(_PARTS)
        # first a topic the notes fill whole, then the leads and topics the book has used least
        template = min(options, key=lambda t: (len(set(_NEEDS[_PARTS[t][1]]) - named), leads[_PARTS[t][0]],
                                               topics[_PARTS[t][1]], rng.random()))
        here |= set(_PARTS[template])
        # a member of staff brings the news: a suspect's name beside the place or the hour
        # (TOPICS) could be the murderer's beside the crime's, and beside their own name reads oddly
        who = people.pop() if people else rng.choice(INFORMANTS["house"])
        out.append(cap(fill(template, who=who, **{k: v for k, v in mine.items() if k != "named"})))
    return out


def told(text: str) -> set[str]:
    """The event templates `text` was filled from: each sentence matched to the template
    with the most fixed words that fits it whole ("about {person}" also fits a sentence
    told "about {person}'s movements")."""
    out = set()
    for sentence in re.split(r"(?<=[.!?])\s+", " ".join(text.split())):
        fits = [t for t, whole in _WHOLE.items() if whole.fullmatch(sentence)]
        if fits:
            out.add(max(fits, key=lambda t: len(re.sub(r"\{\w+\}", "", t))))
    return out


def _whole(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{\w+\}", template)
    return re.compile(".+?".join(re.escape(p) for p in parts), re.IGNORECASE)


# compiled once: a book reads every told event against all 200 templates
_WHOLE = {t: _whole(t) for t in _PARTS}
