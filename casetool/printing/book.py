"""What every printed component of a casebook agrees on: who has a wheel, which clues
the inspector's notepad holds, and how an attribute value prints.

The casebook's pages (casetool.render), the decoders (casetool.decoders), `casetool
wheels` and the preview server all ask these questions; answering them here keeps those
layers from importing one another.
"""

from __future__ import annotations

from ..model import Attribute, Clue, Setting

NOTEPAD_KINDS = ("note", "testimony")  # read from the notepad (seed 004), not printed on the page

# Millimetres of an event card's height (templates/decoders/decoders.css, .card): what is
# left for its releases once the heading and the count are set, and what each takes. A
# stage that releases more than one card holds goes on several cards, so no number box is
# cut off by the card's edge; the mystery page names the same cards.
CARD_ROOM_MM = 63.0
RELEASE_MM = 19.0        # a "Read note" line and its number box
SPEAKER_MM = 5.0         # "Inspector Hale has written 2 notes.", once per speaker
EVENT_LINE_MM, EVENT_CHARS, EVENT_GAP_MM = 4.3, 38, 3.0  # the event's italic text


def wheel_characters(setting: Setting) -> list[dict]:
    """Characters with a wheel, in setting order, each with the short name the index prints."""
    chars = [c for c in setting.characters.values() if c.wheel]
    shorts = [c.name.split()[-1] for c in chars]
    return [{"id": c.id, "name": c.name, "short": s if shorts.count(s) == 1 else c.name}
            for c, s in zip(chars, shorts, strict=True)]


def on_notepad(clue: Clue, wheel_ids: set[str]) -> bool:
    """A note or testimony of a character without a wheel: the notepad holds it."""
    return clue.kind in NOTEPAD_KINDS and not clue.synthetic and clue.speaker not in wheel_ids


def card_chunks(releases: list[tuple[str, str]], event: str | None) -> list[int]:
    """How many of a stage's releases ((speaker, kind), in order) go on each of its event
    cards; the first card also carries the event's text. A stage with no release still
    gets its one card."""
    chunks = [0]
    room, last = CARD_ROOM_MM - _event_mm(event), None
    for who in releases:
        need = RELEASE_MM + (SPEAKER_MM if chunks[-1] == 0 or who != last else 0.0)
        if chunks[-1] and need > room:
            chunks.append(0)
            room, need = CARD_ROOM_MM, RELEASE_MM + SPEAKER_MM
        chunks[-1] += 1
        room, last = room - need, who
    return chunks


def _event_mm(event: str | None) -> float:
    if not event:
        return 0.0
    return EVENT_GAP_MM + EVENT_LINE_MM * -(-len(" ".join(event.split())) // EVENT_CHARS)


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
