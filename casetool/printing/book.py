"""What every printed component of a casebook agrees on: who has a wheel, which clues
the inspector's notepad holds, and how an attribute value prints.

The casebook's pages (casetool.render), the decoders (casetool.decoders), `casetool
wheels` and the preview server all ask these questions; answering them here keeps those
layers from importing one another.
"""

from __future__ import annotations

from ..load.model import Attribute, Clue, Setting

NOTEPAD_KINDS = ("note", "testimony")  # read from the notepad (seed 004), not printed on the page

# Millimetres of an event card's content box (templates/decoders/decoders.css, .card: 86 mm
# less 4 mm padding each side), and what each part of it takes, measured on printed cards.
# A stage that releases more than one card holds goes on several cards, so no number box
# is cut off by the card's edge; the mystery page names the same cards.
CARD_ROOM_MM = 77.5                  # 78 mm, less half a millimetre to spare
HEADING_LINE_MM, HEADING_CHARS = 3.2, 31      # "MYSTERY 2 · THE POSTPONED SIGNING", small capitals
STAGE_MM = 8.5                       # "At the start", "Event 3"
EVENT_LINE_MM, EVENT_CHARS, EVENT_GAP_MM = 4.3, 40, 3.0   # the event's italic text
SPEAKER_LINE_MM, SPEAKER_CHARS, SPEAKER_GAP_MM = 3.6, 36, 2.0  # "Ashe the Butler has something to tell you."
RELEASE_MM = 18.5                    # a "Read note" line and its number box
RELEASE_UNDER_SPEAKER_MM = 17.5      # the same, right under the speaker's line


def wheel_characters(setting: Setting) -> list[dict]:
    """Characters with a wheel, in setting order, each with the short name the index prints."""
    chars = [c for c in setting.characters.values() if c.wheel]
    shorts = [c.name.split()[-1] for c in chars]
    return [{"id": c.id, "name": c.name, "short": s if shorts.count(s) == 1 else c.name}
            for c, s in zip(chars, shorts, strict=True)]


def on_notepad(clue: Clue, wheel_ids: set[str]) -> bool:
    """A note or testimony of a character without a wheel: the notepad holds it."""
    return clue.kind in NOTEPAD_KINDS and not clue.synthetic and clue.speaker not in wheel_ids


def card_chunks(releases: list[tuple[str, str]], event: str | None, heading: str = "") -> list[int]:
    """How many of a stage's releases ((speaker's printed name, kind), in order) go on each
    of its event cards; the first card also carries the event's text. `heading`: the
    cards' "Mystery N · Title". A stage with no release still gets its one card."""
    top = HEADING_LINE_MM * _lines(heading, HEADING_CHARS) + STAGE_MM
    chunks = [0]
    room, last = CARD_ROOM_MM - top - (EVENT_GAP_MM + EVENT_LINE_MM * _lines(event, EVENT_CHARS) if event else 0.0), None
    for who in releases:
        speaks = chunks[-1] == 0 or who != last
        need = RELEASE_UNDER_SPEAKER_MM + _speaker_mm(who) if speaks else RELEASE_MM
        if chunks[-1] and need > room:
            chunks.append(0)
            room, need = CARD_ROOM_MM - top, RELEASE_UNDER_SPEAKER_MM + _speaker_mm(who)
        chunks[-1] += 1
        room, last = room - need, who
    return chunks


def card_heading(number: int, title: str) -> str:
    """What the top of each of a mystery's event cards says (templates/decoders/cards.html)."""
    return f"Mystery {number} \u00b7 {title}"


def release_sentence(speaker: str, kind: str, count: int) -> str:
    """The line above a card's "Read note" boxes: who has written or has to tell how much."""
    if kind == "testimony":
        return f"{speaker} has something to tell you." if count == 1 else f"{speaker} has {count} things to tell you."
    return f"{speaker} has written a note." if count == 1 else f"{speaker} has written {count} notes."


def notepad_speaker(setting: Setting, speaker: str | None) -> str:
    """The name a note is signed with in the notepad and on its card."""
    return setting.person_name(speaker) if speaker in setting.characters else "Note"


def _speaker_mm(who: tuple[str, str]) -> float:
    longest = release_sentence(who[0], who[1], 9)
    return SPEAKER_GAP_MM + SPEAKER_LINE_MM * _lines(longest, SPEAKER_CHARS)


def _lines(text: str | None, per_line: int) -> int:
    return max(1, -(-len(" ".join((text or "").split())) // per_line))


def value_text(value, setting: Setting | None = None, attribute: Attribute | None = None) -> str:
    """An attribute value as a table cell prints it.

    An item-valued attribute (`items: room`) names its items as the players know them
    ("Dining Room", not "dining_room"), given the setting and the attribute. No value
    (a decided fact, `unknown: true`) is a blank for the player to fill in."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(v, setting, attribute) for v in value) or "none"
    if setting is not None and attribute is not None and attribute.category in setting.categories:
        item = setting.categories[attribute.category].item(str(value))
        if item is not None:
            return item.name
    return str(value).replace("_", " ")
