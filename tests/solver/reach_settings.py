"""Settings for the language-reach tests (witness lists, exactly_one, lies/holds of a
term, numbers, steps along an order, item-valued attributes): a small board, and the
parts random clues over it are drawn from."""

from hypothesis import strategies as st

SUSPECTS, ROOMS, TIMES = ["amy", "bob", "cal"], ["hall", "study", "attic"], ["dawn", "noon", "dusk"]
WITNESSES = ["amy", "bob", "cal", "dot"]


def clue_parts(draw):
    """Two suspects, a room, a time, a number, a comparison and a step along the times."""
    s, s2 = draw(st.sampled_from(SUSPECTS)), draw(st.sampled_from(SUSPECTS))
    r, t = draw(st.sampled_from(ROOMS)), draw(st.sampled_from(TIMES))
    n, op = draw(st.integers(0, 5)), draw(st.sampled_from(["<", ">", "==", "!=", "<=", ">="]))
    return s, s2, r, t, n, op, draw(st.sampled_from(["+ 1", "- 1", "+ 2"]))

BOARD = """
setting: board
title: A Board
answer: [suspect, weapon, room, time]
culprit: suspect
categories:
  suspect:
    attributes:
      hair: {values: [gray, red]}
      height: {type: number}
      likes: {values: [gray, red, blue], multi: true}
    items:
      amy: {name: Amy, hair: gray, height: 3, likes: [red]}
      bob: {name: Bob, hair: red, height: 2, likes: [gray, blue]}
      cal: {name: Cal, hair: gray, height: 1, likes: []}
  weapon:
    attributes:
      weight: {type: number, values: [1, 2, 3, 4]}
    items:
      rope: {name: Rope, weight: 1}
      pipe: {name: Pipe, weight: 3}
  wing:
    items:
      east: {name: East wing}
      west: {name: West wing}
  room:
    attributes:
      size: {type: number}
      adjacent: {items: room, multi: true}
      wing: {items: wing}
    items:
      hall: {name: Hall, size: 2, adjacent: [study], wing: east}
      study: {name: Study, size: 1, adjacent: [hall, attic], wing: east}
      attic: {name: Attic, size: 3, adjacent: [study], wing: west}
  time:
    ordered: true
    items:
      dawn: {name: Dawn}
      noon: {name: Noon}
      dusk: {name: Dusk}
characters:
  amy: {name: Amy, role: witness, item: amy}
  bob: {name: Bob, role: witness, item: bob}
  cal: {name: Cal, role: witness, item: cal}
  dot: {name: Dot, role: witness}
  brown: {name: Inspector Brown, role: inspector}
liar_rule: inspector
timeline: {people: suspect, places: room, times: time}
"""

TRAITS = """
setting: traits
title: Traits
answer: [suspect]
culprit: suspect
categories:
  suspect:
    attributes:
      hair: {values: [gray, red]}
    items:
      amy: {name: Amy, hair: gray}
      bob: {name: Bob, hair: red}
      cal: {name: Cal, hair: gray}
characters:
  amy: {name: Amy, role: witness, item: amy}
  bob: {name: Bob, role: witness, item: bob}
  cal: {name: Cal, role: witness, item: cal}
  brown: {name: Inspector Brown, role: inspector, item: cal}
liar_rule: inspector
"""

CARDS = """
setting: deck
title: A Deck
answer: [suspect, weapon]
culprit: suspect
cards: true
categories:
  suspect:
    items:
      amy: {name: Amy}
      bob: {name: Bob}
      cal: {name: Cal}
  weapon:
    attributes:
      heavy: {type: bool}
    items:
      rope: {name: Rope, heavy: false}
      pipe: {name: Pipe, heavy: true}
      axe: {name: Axe, heavy: true}
"""


def case(setting: str, clues: list, solution: dict, **extra) -> dict:
    doc = {"case": 1, "title": "T", "setting": setting, "story": "S.", **extra,
           "clues": [{"id": f"c{i}", "text": "t", **c} for i, c in enumerate(clues, 1)],
           "solution": {**solution, "text": "x"}}
    return doc

MOTIVES = """
setting: motives
title: Motives
answer: [suspect, room]
culprit: suspect
categories:
  suspect:
    attributes:
      hair: {values: [gray, red]}
      motive: {values: [greed, revenge, fear], unknown: true, counts: {greed: 2, revenge: 1, fear: 1}}
      hideout: {items: room, unknown: true}
    items:
      amy: {name: Amy, hair: gray}
      bob: {name: Bob, hair: red}
      cal: {name: Cal, hair: gray}
      dan: {name: Dan, hair: red}
  room:
    ordered: true
    items:
      hall: {name: Hall}
      study: {name: Study}
      attic: {name: Attic}
characters:
  amy: {name: Amy, role: witness, item: amy}
  bob: {name: Bob, role: witness, item: bob}
liar_rule: inspector
"""

# A board with objects and a victim: hall - study - attic in a row.
MANOR = """
setting: manor
title: A Manor
answer: [suspect, weapon, room, time]
culprit: suspect
categories:
  suspect:
    items:
      amy: {name: Amy}
      bob: {name: Bob}
  weapon:
    items:
      rope: {name: Rope}
      pipe: {name: Pipe}
  victim:
    items:
      lord: {name: The Lord}
  room:
    attributes:
      adjacent: {items: room, multi: true}
    items:
      hall: {name: Hall, adjacent: [study]}
      study: {name: Study, adjacent: [hall, attic]}
      attic: {name: Attic, adjacent: [study]}
  time:
    ordered: true
    items:
      dawn: {name: Dawn}
      noon: {name: Noon}
      dusk: {name: Dusk}
characters:
  amy: {name: Amy, role: witness, item: amy}
  bob: {name: Bob, role: witness, item: bob}
liar_rule: none
timeline: {people: suspect, places: room, times: time, moves: adjacent, objects: [weapon], victim: victim}
"""
