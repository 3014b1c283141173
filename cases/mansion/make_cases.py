"""Write the mansion sample casebooks (small, medium, large): a seeded world on the board,
then clues true in it, added until casetool proves the whole world unique (a clue the
other world breaks each time), then thinned while it stays unique. Rerun to regenerate:
python cases/mansion/make_cases.py (same seeds, same files)."""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import yaml
from casetool.load.project import load_paths
from casetool.solver.budget import Budget
from casetool.solver.session import Session

HERE = Path(__file__).resolve().parent

ROOMS = {  # id: (name, wing, neighbours)
    "hall": ("Hall", "east", ["library", "dining_room", "ballroom"]),
    "library": ("Library", "east", ["hall", "study"]),
    "dining_room": ("Dining Room", "west", ["hall", "kitchen", "ballroom"]),
    "kitchen": ("Kitchen", "west", ["dining_room", "cellar"]),
    "study": ("Study", "east", ["library", "conservatory"]),
    "ballroom": ("Ballroom", "west", ["hall", "dining_room", "conservatory"]),
    "conservatory": ("Conservatory", "east", ["study", "ballroom"]),
    "cellar": ("Cellar", "west", ["kitchen"]),
}
SUSPECTS = {"ashby": "Colonel Ashby", "bellamy": "Mrs Bellamy", "crane": "Dr Crane",
            "dunmore": "Lady Dunmore", "everett": "Mr Everett"}
WEAPONS = {"candlestick": "Candlestick", "rope": "Rope", "dagger": "Dagger", "wrench": "Wrench",
           "revolver": "Revolver"}
TIMES = {"six": "six o'clock", "seven": "seven o'clock", "eight": "eight o'clock", "nine": "nine o'clock",
         "ten": "ten o'clock", "eleven": "eleven o'clock", "midnight": "midnight", "one": "one o'clock"}
MOTIVES = ["greed", "revenge", "jealousy"]

SIZES = {  # folder: (rooms, suspects, weapons, times, motive counts, seed, title)
    "small": (4, 3, 3, 6, {"greed": 1, "revenge": 1, "jealousy": 1}, 3, "A Quiet Evening"),
    "medium": (6, 4, 4, 7, {"greed": 2, "revenge": 1, "jealousy": 1}, 5, "The Long Night"),
    "large": (8, 5, 5, 8, {"greed": 2, "revenge": 2, "jealousy": 1}, 8, "Midnight at Ashdown"),
}


def setting_doc(n_rooms, n_sus, n_weap, n_times, counts) -> dict:
    rooms = list(ROOMS)[:n_rooms]
    return {
        "setting": "mansion", "title": "Murder at Ashdown House",
        "rules": ("Ashdown House is a board of rooms; from one hour to the next every guest, weapon and Lord "
                  "Ashdown himself stays put or moves to a room next door, and nobody leaves the house. A weapon "
                  "only moves when a guest carries it. Lord Ashdown lay where he was killed from then on, and at "
                  "the moment of the murder the murderer was the only guest with him. Every guest had one motive; "
                  "find the murderer, the weapon, the room and the hour."),
        "answer": ["suspect", "weapon", "room", "time"], "culprit": "suspect",
        "categories": {
            "suspect": {"label": "Suspect", "attributes": {
                "motive": {"label": "Motive", "values": MOTIVES, "unknown": True, "counts": counts}},
                "items": {s: {"name": SUSPECTS[s]} for s in list(SUSPECTS)[:n_sus]}},
            "weapon": {"label": "Weapon", "items": {w: {"name": WEAPONS[w]} for w in list(WEAPONS)[:n_weap]}},
            "victim": {"label": "Victim", "items": {"ashdown": {"name": "Lord Ashdown"}}},
            "wing": {"label": "Wing", "items": {"east": {"name": "East wing"}, "west": {"name": "West wing"}}},
            "room": {"label": "Room", "attributes": {
                "wing": {"label": "Wing", "items": "wing"},
                "adjacent": {"label": "Next to", "items": "room", "multi": True}},
                "items": {r: {"name": ROOMS[r][0], "wing": ROOMS[r][1],
                              "adjacent": [x for x in ROOMS[r][2] if x in rooms]} for r in rooms}},
            "time": {"label": "Time", "ordered": True,
                     "items": {t: {"name": TIMES[t].capitalize()} for t in list(TIMES)[:n_times]}},
        },
        "characters": {"notes": {"name": "The narrator", "role": "narrator"},
                       "hale": {"name": "Inspector Hale", "role": "inspector"}},
        "liar_rule": "none",
        "timeline": {"people": "suspect", "places": "room", "times": "time", "moves": "adjacent",
                     "objects": ["weapon"], "victim": "victim"},
    }


class World:
    """A random world that keeps the board's rules, and its crime."""

    def __init__(self, setting: dict, rng: random.Random):
        cats = setting["categories"]
        self.rooms = list(cats["room"]["items"])
        self.adj = {r: cats["room"]["items"][r]["adjacent"] for r in self.rooms}
        self.people, self.weapons = list(cats["suspect"]["items"]), list(cats["weapon"]["items"])
        self.times = list(cats["time"]["items"])
        counts = cats["suspect"]["attributes"]["motive"]["counts"]
        while True:
            if self._try(rng):
                break
        motives = [m for m, n in counts.items() for _ in range(n)]
        rng.shuffle(motives)
        self.motive = dict(zip(self.people, motives, strict=True))

    def _try(self, rng) -> bool:
        T = len(self.times)
        self.at = {}
        for p in self.people:
            z = rng.choice(self.rooms)
            for t in range(T):
                if t and rng.random() < 0.6:
                    z = rng.choice(self.adj[z])
                self.at[(p, t)] = z
        for w in self.weapons:
            z = rng.choice(self.rooms)
            for t in range(T):
                if t:
                    carriers = [p for p in self.people if self.at[(p, t - 1)] == z and self.at[(p, t)] != z]
                    if carriers and rng.random() < 0.5:
                        z = self.at[(rng.choice(carriers), t)]
                self.at[(w, t)] = z
        crimes = [(p, t, w) for t in range(1, T - 1) for p in self.people for w in self.weapons
                  if self.at[(w, t)] == self.at[(p, t)]
                  and all(self.at[(q, t)] != self.at[(p, t)] for q in self.people if q != p)]
        if not crimes:
            return False
        p, t, w = rng.choice(crimes)
        self.crime = {"suspect": p, "weapon": w, "room": self.at[(p, t)], "time": self.times[t]}
        z = self.at[(p, t)]
        for u in range(t, T):
            self.at[("ashdown", u)] = z
        for u in range(t - 1, -1, -1):
            if rng.random() < 0.5:
                z = rng.choice(self.adj[z])
            self.at[("ashdown", u)] = z
        return True

    def cells(self):
        return {(x, self.times[t]): z for (x, t), z in self.at.items()}


def candidates(world: World, setting: dict) -> list[tuple[str, str, str]]:
    """(means, text, speaker) of clues true in the world."""
    cats = setting["categories"]
    name = {**{k: v["name"] for c in ("suspect", "weapon", "victim", "room") for k, v in cats[c]["items"].items()}}
    hour = {t: TIMES[t] for t in world.times}
    cells = world.cells()
    out = []
    people = world.people
    def noun(x):   # "The rope", "Dr Crane"
        return f"The {name[x].lower()}" if x in world.weapons else name[x]

    for (x, t), z in cells.items():
        out.append((f"at({x}, {t}) == {z}", f"{noun(x)} was in the {name[z]} at {hour[t]}.", "notes"))
        for other in world.rooms:
            if other != z:
                out.append((f"at({x}, {t}) != {other}", f"{noun(x)} was not in the {name[other]} at {hour[t]}.", "notes"))
    for t in world.times:
        for i, a in enumerate(people + world.weapons):
            for b in people[:]:
                if a == b or (a in people and people.index(b) < i):
                    continue
                same = cells[(a, t)] == cells[(b, t)]
                verb = "was with" if same else "was not with"
                if a in world.weapons:
                    text = f"The {name[a].lower()} {'was' if same else 'was not'} in the same room as {name[b]} at {hour[t]}."
                else:
                    text = f"{name[a]} {verb} {name[b]} at {hour[t]}."
                out.append((f"at({a}, {t}) {'==' if same else '!='} at({b}, {t})", text, "notes"))
        for z in world.rooms:
            if all(cells[(p, t)] != z for p in people):
                out.append((f"no p in suspect: at(p, {t}) == {z}", f"Nobody was in the {name[z]} at {hour[t]}.", "notes"))
    for p in people:
        m = world.motive[p]
        out.append((f"{p}.motive == {m}", f"{name[p]}'s motive was {m}.", "hale"))
        for o in MOTIVES:
            if o != m:
                out.append((f"{p}.motive != {o}", f"{name[p]} had no motive of {o}.", "hale"))
    m = world.motive[world.crime["suspect"]]
    out.append((f"suspect.motive == {m}", f"The murderer acted out of {m}.", "hale"))
    for w in world.weapons:
        if w != world.crime["weapon"]:
            out.append((f"weapon != {w}", f"The {name[w].lower()} was not the weapon: it is spotless.", "hale"))
    crime = world.times.index(world.crime["time"])
    for i, t in enumerate(world.times):
        if i < crime:
            out.append((f"time > {t}", f"Lord Ashdown was still alive at {hour[t]}.", "hale"))
        if i >= crime:
            out.append((f"time <= {t}", f"Lord Ashdown was dead by {hour[t]}.", "hale"))
    return out


def case_doc(number, title, story, clues, solution) -> dict:
    return {"case": number, "title": title, "setting": "mansion", "story": story, "unique": "world",
            "clues": [{"id": f"c{i:02d}", "speaker": s, "kind": "fact" if s == "notes" else "note", "text": text,
                       "means": means} for i, (means, text, s) in enumerate(clues, 1)],
            "solution": {**solution, "text": solution_text(solution)}}


def solution_text(sol) -> str:
    return (f"Follow every guest and weapon hour by hour: only {SUSPECTS[sol['suspect']]} was ever alone with "
            f"Lord Ashdown where he lay, in the {ROOMS[sol['room']][0]} at {TIMES[sol['time']]}, with the "
            f"{WEAPONS[sol['weapon']].lower()} there too.")


def dump(doc) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


def load_case(setting: dict, doc: dict):
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "setting.yaml").write_text(dump(setting))
        (Path(tmp) / "001.yaml").write_text(dump(doc))
        loaded = load_paths([Path(tmp)])
    errors = [d for d in loaded.diagnostics if d.is_error]
    assert not errors, [d.text() for d in errors]
    return loaded.cases[0]


def other(setting, world: World, clues) -> dict | None:
    """Another world (or answer) than the true one under these clues, or None."""
    case = load_case(setting, case_doc(1, "t", "s", clues, world.crime))
    session = Session.open(case, Budget(120))
    c = session.compiled
    cells = world.cells()
    flips = [~cell[cells[k]] for k, cell in c.loc.items()]
    flips += [~cell[world.motive[item]] for (item, _), cell in c.facts.items()]
    flips += [~c.answer[k][v] for k, v in world.crime.items()]
    if not session.feasible(session.clue_lits([x.id for x in case.clues]) + [session.unless(flips)]):
        return None
    return session.world()


def holds(means: str, w2: dict, world: World) -> bool:
    """Is a candidate clue true in the other world w2? (only the forms candidates() writes)"""
    loc, facts, ans = w2["loc"], w2["facts"], w2["answer"]
    tokens = means.replace("(", " ").replace(")", " ").replace(",", " ").split()
    if means.startswith("at(") and means.count("at(") == 2:
        a, t, op, b = tokens[1], tokens[2], tokens[3], tokens[5]
        return (loc[(a, t)] == loc[(b, t)]) == (op == "==")
    if means.startswith("at("):
        x, t, op, z = tokens[1:5]
        return (loc[(x, t)] == z) == (op == "==")
    if means.startswith("no p"):
        t, z = tokens[6], tokens[8]
        return all(loc[(p, t)] != z for p in world.people)
    if means.startswith("weapon"):
        return ans["weapon"] != tokens[2]
    if means.startswith("time"):
        op, t = tokens[1], tokens[2]
        i, j = world.times.index(ans["time"]), world.times.index(t)
        return i > j if op == ">" else i <= j
    owner, _, op, m = means.replace(".", " ").split()
    value = facts[(ans["suspect"], "motive")] if owner == "suspect" else facts[(owner, "motive")]
    return (value == m) == (op == "==")


def make(folder: str) -> None:
    n_rooms, n_sus, n_weap, n_times, counts, seed, title = SIZES[folder]
    rng = random.Random(seed)
    setting = setting_doc(n_rooms, n_sus, n_weap, n_times, counts)
    world = World(setting, rng)
    pool = candidates(world, setting)
    rng.shuffle(pool)
    chosen: list = []
    while (w2 := other(setting, world, chosen)) is not None:
        broken = [c for c in pool if c not in chosen and not holds(c[0], w2, world)]
        assert broken, (w2["answer"], world.crime)
        chosen.append(broken[0])
    for clue in list(chosen):   # thin out: drop what the others already force
        trial = [c for c in chosen if c != clue]
        if other(setting, world, trial) is None:
            chosen = trial
    order = {c: i for i, c in enumerate(sorted(chosen, key=lambda c: (c[2] != "notes", c[0])))}
    chosen.sort(key=order.get)
    out = HERE / folder
    out.mkdir(exist_ok=True)
    story = ("Lord Ashdown was found dead in his own house. The guests drifted from room to room all "
             "evening, and so, it seems, did the weapons.")
    files = {"setting.yaml": setting,
             "casebook.yaml": {"casebook": f"mansion-{folder}", "title": f"Ashdown House: {title}", "setting": "mansion",
                               "intro": "A board game of a house: follow every guest and every weapon hour by hour.",
                               "cases": ["001-lord-ashdown.yaml"], "seed": seed},
             "001-lord-ashdown.yaml": case_doc(1, title, story, chosen, world.crime)}
    schema = {"setting.yaml": "setting", "casebook.yaml": "casebook", "001-lord-ashdown.yaml": "case"}
    for name, doc in files.items():
        head = f"# yaml-language-server: $schema=../../../schemas/{schema[name]}.schema.json\n"
        (out / name).write_text(head + dump(doc))
    print(folder, len(chosen), "clues", world.crime)


if __name__ == "__main__":
    for folder in sys.argv[1:] or SIZES:
        make(folder)
