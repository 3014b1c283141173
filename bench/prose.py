"""Measure how generated clue texts read: the share of clues by form, logic notation, raw setting words.

Run: python bench/prose.py [--count 200] [--attempts 20] [-j 2] [--show 0] [--kinds liars] [--levels hard]

Cases are drawn over every sample setting in cases/ that `generate` supports, every kind it
supports there and every level it offers, seeds 1, 2, ... taken round-robin until `--count`
cases are asked for (34 setting x kind x level cells today, so 200 asks about 6 seeds a
cell). Each clue the cases print is judged on its own, from its meaning (the IR) and its
words, independently of the generator's own catalogue, so a case from an older generator is
judged the same way:

* form: observation (a positive fact), negation, list ("X or Y" / "neither X nor Y" over one
  category), either/or (two conditions), conditional, comparison (an order), count,
  whereabouts (timeline), liar (who lies), identification (the locator, a given fact),
  card (a glimpse of a hand), suggestion (a card log line) - or a notation form;
* notation (target 0): an exclusive or, a both-or-neither, a disjunction with a negated side,
  a conjunction holding a disjunction, a count over statements, or a text marker ("but not
  both", "both true or both false", "exactly one of these", "if and only if", "either ...
  not ... or ... not");
* raw setting words (target 0): an id or value with an underscore, a capitalised time name
  in mid-sentence, a bare number that is not a counter's or a card's printed number
  ("a room of size 3"), "a grass floor" or "a wood floor";
* padding (target 0): a clue a side of whose either/or or conditional one other clue of the
  case, which cannot be a lie, settles outright (lint L014, lint/padding.py, by the solver);
* said the long way (target 0): a list that names one value, or its denial, the long way, and
  an either/or over one category naming two kinds of thing (lint L015, L016);
* conditionals: their share of clues per kind and per level, and the cases with more than
  two (published casebooks use few);
* narrator forms, per kind and level: a conditional said as a narrator's "If A, then B", an
  either/or over two categories said as "Either A, or B" (two clauses, two subjects), and
  the same logic said as an observation of one person ("Whoever used the telescope struck
  in the Orchard", "The murderer either used the atlas or struck on the Jetty"), judged from
  the words.

* liars' statements reported as true (target 0): a solution-page step that reads the words
  of someone who lies in the case's world (the declared liars; under the culprit rule the
  culprit) and says what they tell us without turning them round ("X is lying, so the
  opposite of ..."), supposing, or hedging ("whether or not X is lying");
* page steps told as a result only (target 0): a sentence of the printed solution page (a
  board night unique as a whole: the hour-by-hour page) that sums several
  clues up with no argument ("whether or not X is lying, A and B together tell us that ...",
  "put A beside B", "taken with", "read side by side", "it takes N clues together", a card
  step's "Together, these tell us");
* conditionals whose premise the answer makes false (target 0): true of nobody ("Whoever
  struck in the Hall ..." of a crime in the Cellar), so a page can only read them backwards
  (EDITOR.md item 2); judged on the answer alone;
* how pages repeat themselves (EDITOR.md item 7): "tells us" per page, pages whose last
  sentence closes on "which leaves only", pages with three sentences opening alike;
* hint --known on wrong beliefs (target: all flagged): per case, each answer category
  believed to be a wrong item, all of them at once (as "plum, scene bus"), and, where
  someone lies, that a liar tells the truth; a hint is flagged when it says the belief does
  not follow from the clues and (at level 2) names every wrong part (never "You know
  everything").

`--show N` prints N examples of each notation form and raw word found. Figures are recorded
in bench/README.md ("Prose").
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_SOURCES: dict = {}


def cells() -> list[tuple[str, str, str]]:
    """(setting folder, kind, level) for every sample setting, supported kind, offered level."""
    from casetool.generate.source import load_source, offered_levels, supported_kinds
    out = []
    for path in sorted((ROOT / "cases").glob("**/setting.yaml")):
        src, _ = load_source(path.parent)
        if src is None:
            continue
        for kind, why in supported_kinds(src.setting).items():
            if not why:
                out += [(str(path.parent), kind, level) for level in offered_levels(src.setting, kind)]
    return out


def source(folder: str):
    from casetool.generate.source import load_source
    if folder not in _SOURCES:
        _SOURCES[folder] = load_source(Path(folder))[0]
    return _SOURCES[folder]


def one(job: tuple) -> dict:
    """Generate one case and judge its clues: a dict of rows."""
    from casetool.generate.engine import GenerateFailed, Request, generate
    from casetool.generate.writer import schema_line
    folder, kind, level, seed, attempts = job
    src = source(folder)
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            got = generate(Request(src, seed, kind, level, max_attempts=attempts,
                                   schema=schema_line("case", Path(tmp))))
    except GenerateFailed:
        return {"ok": False, "job": job, "seconds": time.perf_counter() - start}
    except Exception as exc:   # a refusal (a G-code) or a bug: counted, not fatal to the run
        return {"ok": False, "job": job, "error": f"{type(exc).__name__}: {exc}"[:300],
                "seconds": time.perf_counter() - start}
    rows = [judge(got.case, clue) for clue in got.case.clues]
    pads = {p.clue: p.by for p in padded(got.case)}
    for row, clue in zip(rows, got.case.clues, strict=True):
        row["padded_by"] = pads.get(clue.id, "")
    pages, hints = page_and_hints(got.case)
    return {"ok": True, "job": job, "rows": rows, "pages": pages, "hints": hints,
            "seconds": time.perf_counter() - start}


def judge(case, clue) -> dict:
    text = " ".join(clue.text.split())
    shape = form(case, clue)
    return {"text": text, "form": shape, "notation": notation(clue, text), "raw": raw_words(case, text),
            "long": long_way(case, clue), "narrator": narrator(clue, text, shape),
            "empty_premise": empty_premise(case, clue)}


def empty_premise(case, clue) -> bool:
    """A conditional whose premise the answer makes false ("Whoever struck in the Hall did so after
    eight o'clock" of a crime in the Cellar): true of nobody, a page can only read it backwards
    (EDITOR.md item 2). Judged on the answer alone; a premise that needs more of the world (who
    was where) is not judged."""
    from casetool.language import ir
    from casetool.language.evaluate import Evaluator, Unknown, answer_only
    if clue.expr is None or clue.synthetic or not isinstance(clue.expr, ir.Implies):
        return False
    try:
        return not Evaluator(case.setting).holds(clue.expr.left, answer_only(dict(case.solution)))
    except (Unknown, KeyError):
        return False


# ---- narrator conditionals and cross-category either/ors (issue 24, hard and fiendish) ------
IF_THEN = re.compile(r"\bif\b[^.;:]*,\s*(then\b)?", re.I)
TWO_CLAUSES = re.compile(r"\beither\b[^.;:]*,\s*or\b", re.I)


def narrator(clue, text: str, shape: str) -> str:
    """How a conditional or an either/or over two categories is said, judged from its words:
    'if-then' (a narrator's "If A, then B"), 'either-or' ("Either the weapon was X, or the
    crime happened in Y": two clauses with two subjects), 'observation' (the same logic said
    of one person or thing: "Whoever used the telescope struck in the Orchard", "The
    murderer either used the atlas or struck on the Jetty"), or '' for any other clue (an
    either/or over one category's things is a list and reads as one)."""
    from casetool.language import ir
    if shape == "conditional":
        return "if-then" if IF_THEN.search(text) else "observation"
    if shape != "either/or" or clue.expr is None:
        return ""
    cats = {n.category for n in ir.walk(clue.expr) if isinstance(n, ir.AnswerRef)}
    if len(cats) < 2:
        return ""
    return "either-or" if TWO_CLAUSES.search(text) else "observation"


def padded(case) -> list:
    from casetool.lint.padding import padded as found
    return found(case)


def long_way(case, clue) -> str:
    """'list' or 'mixed either' when the clue is a shape no wording saves (lint L015, L016), or ''."""
    from casetool.english.forms import long_list, mixed_either
    if clue.expr is None or clue.synthetic:
        return ""
    return "list" if long_list(case.setting, clue.expr) else "mixed either" if mixed_either(clue.expr) else ""


# ---- forms ------------------------------------------------------------------------------
def _op(node) -> str:
    op = getattr(node, "op", "")
    return str(getattr(op, "value", op))


def _negative(node) -> bool:
    from casetool.language import ir
    return isinstance(node, ir.Not) or (isinstance(node, ir.Compare) and _op(node) == "!=")


def _statement_count(node) -> bool:
    """A count whose conditions are not one property of several things (codes: 'none of the
    cards has a 4') but a list of statements ('exactly one of these is true: ...')."""
    from casetool.language import ir
    shapes = set()
    for arg in node.args:
        if isinstance(arg, ir.Has) and isinstance(arg.term, ir.AttrOf):
            shapes.add(("has", arg.term.attribute, repr(arg.value)))
        else:
            return True
    return len(shapes) != 1


def notation(clue, text: str) -> str:
    """The notation form a clue is in, or ''."""
    # the markers the generator's writer and lint refuse, so the bench counts the same forms
    from casetool.english.forms import NOTATION
    from casetool.language import ir
    for name, pattern in NOTATION:
        if pattern.search(text):
            return name
    expr = clue.expr
    if expr is None or clue.synthetic:   # a suggestion or a hand: the log's words, not a formula
        return ""
    if any(isinstance(n, (ir.At, ir.Together, ir.Quant)) for n in ir.walk(expr)):
        return ""                        # whereabouts: "nobody was in the Hall or the Study" is a scene
    for node in ir.walk(expr):
        if isinstance(node, ir.Xor):
            return "exclusive or"
        if isinstance(node, ir.Iff):
            return "both or neither"
        if isinstance(node, ir.Or) and any(_negative(a) for a in node.args):
            return "disjunction with a negated side"
        if isinstance(node, ir.And) and any(isinstance(a, ir.Or) for a in node.args):
            return "conjunction holding a disjunction"
        if isinstance(node, ir.Count) and _statement_count(node):
            return "count over statements"
        if isinstance(node, ir.Not) and isinstance(node.arg, (ir.Or, ir.And)) and not _one_category(node.arg):
            return "negated disjunction"
    return ""


def _one_category(node) -> bool:
    """An 'or' of items of one category ('neither the atlas nor the anchor')."""
    from casetool.language import ir
    cats = {n.category for n in ir.walk(node) if isinstance(n, ir.AnswerRef)}
    attrs = {n.attribute for n in ir.walk(node) if isinstance(n, ir.AttrOf)}
    return len(cats) == 1 and len(attrs) <= 1


def form(case, clue) -> str:
    from casetool.language import ir
    if clue.synthetic:
        return "suggestion" if clue.id.startswith("suggestion") else "card"
    expr = clue.expr
    nodes = list(ir.walk(expr)) if expr is not None else []
    kinds = {type(n) for n in nodes}
    if kinds & {ir.At, ir.Together, ir.Quant} or any(isinstance(n, ir.Quant) for n in nodes):
        return "whereabouts"
    if kinds & {ir.Lies, ir.Liars, ir.LiesOf}:
        return "liar"
    if kinds & {ir.Holds, ir.HoldsOf}:
        return "card"
    if kinds & {ir.Xor, ir.Iff}:
        return "notation"
    if ir.Implies in kinds:
        return "conditional"
    if ir.Count in kinds:
        return "count"
    if ir.Or in kinds:
        return "list" if _one_category(expr) else "either/or"
    if isinstance(expr, ir.Not) and isinstance(expr.arg, ir.Or):
        return "list"
    if any(isinstance(n, ir.Compare) and _op(n) in ("<", ">", "<=", ">=") for n in nodes):
        return "comparison"
    if isinstance(expr, ir.Compare) and isinstance(expr.left, ir.AnswerRef) and isinstance(expr.right, ir.ItemConst):
        return "negation" if _op(expr) == "!=" else "identification"
    return "negation" if _negative(expr) else "observation"


# ---- raw setting words -----------------------------------------------------------------
def raw_words(case, text: str) -> list[str]:
    """Setting words printed raw in `text`."""
    setting = case.setting
    out: list[str] = []
    ids = {i.id for i in setting.all_items()} | {str(v) for c in setting.categories.values()
                                                 for a in c.attributes.values() for v in a.values}
    for word in re.findall(r"\b[a-z]+(?:_[a-z0-9]+)+\b", text):
        if word in ids:
            out.append(f"id {word}")
    times = [c for c in setting.categories.values() if c.ordered or
             (setting.timeline and c.id == setting.timeline.times)]
    sentences = re.split(r"(?<=[.!?:;])\s+", text)
    for cat in times:
        for item in cat.items:
            name = item.name
            if not name[:1].isupper():
                continue
            for sentence in sentences:
                for m in re.finditer(re.escape(name), sentence):
                    if m.start() > 0:
                        out.append(f"time {name!r} mid-sentence")
    for sentence in sentences:
        body = re.sub(r"^Counter \d+\.?", "", sentence)
        for m in re.finditer(r"\b\d+\b", body):
            before = body[:m.start()].split()[-1:] or [""]
            if before[0].lower() not in ("number", "wheel"):
                out.append(f"number {body[max(0, m.start() - 20):m.end() + 10]!r}")
    if re.search(r"\ba (grass|wood) floor\b", text):
        out.append("a <material> floor")
    return out


# ---- solution pages and hints -------------------------------------------------------------
# how a sentence may read a liar's words: turned round, supposed, or either way
HEDGES = re.compile(r"opposite of|[Ww]hether or not|\b[Ss]uppose\b|cannot be true|could not (?:all |both )?be true|"
                    r"one of them must be telling the truth|[Tt]urned round")
# a step told as its result only, several clues summed up with no argument a player can follow
RESULT_ONLY = re.compile(r"[Ww]hether or not|together tell|[Pp]ut the .{0,400}? beside |[Rr]ead side by side|[Tt]aken with|"
                         r"clues together|Together(?: with what we already know)?, these tell us")


def liars(case) -> set[str] | None:
    """Who lies in the case's world, from the declared solution (None: not declared)."""
    setting = case.setting
    if case.effective_liar_rule.kind == "culprit":
        culprit = case.solution.get(setting.culprit or "")
        return {cid for cid, ch in setting.characters.items() if ch.item and ch.item == culprit}
    return set(case.solution_liars) if case.solution_liars is not None else None


def page_and_hints(case) -> tuple[list[dict], list[dict]]:
    """The page's steps that read a liar's words (and whether each is reported as true), and
    the hints on wrong beliefs (and whether each is flagged)."""
    from casetool.english.solution import page_sentences
    from casetool.explain.steps import explain_case
    explanation = explain_case(case, 60)
    lying = liars(case) or set()
    printed = printed_page(case, explanation)
    pages = [{"sentence": s, "result_only": True} for s in printed if RESULT_ONLY.search(s)]
    pages.append({"voice": page_voice(printed)})
    for step, sentence in zip(explanation.steps, page_sentences(explanation), strict=True):
        for who in sorted({c.speaker for c in case.clues if c.id in step.clues and c.speaker in lying}):
            name = case.setting.person_name(who)
            # 'X is lying: ...', 'X is the murderer and so is lying: ...' (the setting's role word)
            said = HEDGES.search(sentence) or re.search(
                rf"{re.escape(name)} (is lying|lied|is the [\w ]+? and so (?:is lying|lies))|"
                rf"[Aa]s the [\w ]+?, {re.escape(name)} (?:is lying|lies)", sentence)
            pages.append({"sentence": sentence, "as_true": not said})
    return pages, [hint_row(case, explanation, known, parts) for known, parts in wrong_beliefs(case)]


def page_voice(sentences: list[str]) -> dict:
    """How a page repeats itself (EDITOR.md item 7, "the same three connectives in every page"):
    its sentences, its "tells us", its most used sentence opening (the first two words), and
    whether its last sentence closes on "which leaves only"."""
    openings = Counter(" ".join(s.split()[:2]) for s in sentences if len(s.split()) > 2)
    top = openings.most_common(1)[0] if openings else ("", 0)
    return {"sentences": len(sentences), "tells_us": sum(s.count("tells us") for s in sentences),
            "opening": top, "leaves_only": bool(sentences) and "which leaves only" in sentences[-1]}


def printed_page(case, explanation) -> list[str]:
    """The sentences of the page the case prints: a board night unique as a whole is told hour
    by hour (english/board_solution.py, as `generate` stores it), any other case step by step."""
    from casetool.english.board_solution import board_page
    from casetool.english.solution import page_sentences
    board = board_page(case) if case.unique == "world" and case.effective_liar_rule.kind == "none" else None
    if board is None:
        return page_sentences(explanation)
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", " ".join(board.split()))


def wrong_beliefs(case) -> list[tuple[str, list[str]]]:
    """(--known text, the words each wrong part is named by) for the beliefs asked."""
    setting = case.setting
    out = []
    parts = []
    for cid in setting.answer:   # a wrong part is named by its item, in whatever words the hint uses
        item = next(i for i in setting.categories[cid].ids if i != case.solution[cid])
        said = re.sub(r"^(The|A|An) ", "", setting.item_name(item))
        out.append((f"{cid} {item}", [said]))
        parts.append((f"{cid} {item}", said))
    if len(parts) > 1:
        out.append((", ".join(k for k, _ in parts), [w for _, w in parts]))
    for who in sorted(liars(case) or ()):
        out.append((f"{who} truthful", [f"{setting.person_name(who)} tells the truth"]))
    return out


def hint_row(case, explanation, known: str, parts: list[str]) -> dict:
    from casetool.english.hints import hint, parse_known
    facts, unknown = parse_known(case, known)
    assert not unknown, (known, unknown)
    text = hint(explanation, facts, 2)   # level 1 says which categories; level 2 names each wrong part
    flagged = text.startswith("Some") and "does not follow from the clues" in text \
        and all(p.lower() in text.lower() for p in parts)
    return {"known": known, "text": text, "flagged": flagged}


# ---- the run ------------------------------------------------------------------------
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200, help="cases to ask for (default 200)")
    ap.add_argument("--attempts", type=int, default=20, help="drafts per case (default 20)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--show", type=int, default=3, help="examples shown per notation form and raw word")
    ap.add_argument("--books", type=int, default=0, help="instead: N-case books of hampshire, tudor, grange, murdle; count repeated sentence skeletons")
    ap.add_argument("--level", help="with --books: every case of the book at this level (default: the book's spread)")
    ap.add_argument("--only", help="with --books: these settings only, comma-separated")
    ap.add_argument("--kinds", help="only the cells of these kinds, comma-separated (e.g. liars)")
    ap.add_argument("--levels", help="only the cells of these levels, comma-separated (e.g. hard,fiendish)")
    args = ap.parse_args()
    if args.books:
        return print_skeletons(args.books, args.jobs, level=args.level,
                               books=tuple(args.only.split(",")) if args.only else BOOKS)
    grid = [c for c in cells() if (not args.kinds or c[1] in args.kinds.split(","))
            and (not args.levels or c[2] in args.levels.split(","))]
    jobs = [(*grid[k % len(grid)], k // len(grid) + 1, args.attempts) for k in range(args.count)]
    start = time.perf_counter()
    if args.jobs <= 1:
        results = [one(j) for j in jobs]
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(one, jobs, chunksize=1))
    wall = time.perf_counter() - start
    done = [r for r in results if r["ok"]]
    rows = [row for r in done for row in r["rows"]]
    forms = Counter(row["form"] for row in rows)
    notes = Counter(row["notation"] for row in rows if row["notation"])
    raws = Counter(w.split(" ", 1)[0] for row in rows for w in row["raw"])
    print(f"## Prose: {len(done)} cases of {len(results)} asked ({len(grid)} setting x kind x level cells), "
          f"{len(rows)} clues, {wall:.0f} s wall with {args.jobs} workers\n")
    print("| form | clues | share |")
    print("|---|---|---|")
    for name, n in forms.most_common():
        print(f"| {name} | {n} | {100 * n / max(1, len(rows)):.1f}% |")
    n_notation = sum(notes.values())
    n_raw = sum(1 for row in rows if row["raw"])
    print(f"\nnotation forms (target 0): {n_notation} clues ({100 * n_notation / max(1, len(rows)):.1f}%)"
          + (": " + ", ".join(f"{k} {v}" for k, v in notes.most_common()) if notes else ""))
    print(f"raw setting words (target 0): {n_raw} clues" + (": " + ", ".join(f"{k} {v}" for k, v in raws.most_common())
                                                          if raws else ""))
    print_padding(done, rows, args.show)
    result_only = [{**row, "cell": f"{Path(r['job'][0]).name} {r['job'][1]}"} for r in done for row in r["pages"]
                   if row.get("result_only")]
    pages = [row for r in done for row in r["pages"] if "as_true" in row]
    as_true = [row for row in pages if row["as_true"]]
    hints = [row for r in done for row in r["hints"]]
    missed = [row for row in hints if not row["flagged"]]
    print(f"liars' statements reported as true (target 0): {len(as_true)} of {len(pages)} page steps "
          f"that read a liar's words")
    print(f"hint --known on wrong beliefs flagged (target all): {len(hints) - len(missed)} of {len(hints)}")
    print(f"page steps told as a result only (target 0): {len(result_only)} ('whether or not', 'together tell us', "
          f"'put A beside B', 'taken with', 'read side by side', 'N clues together')"
          + (": " + ", ".join(f"{k} {v}" for k, v in Counter(row["cell"] for row in result_only).most_common())
             if result_only else ""))
    print_voice(done, rows, args.show)
    failed = [r for r in results if not r["ok"]]
    if failed:
        why = Counter((Path(r["job"][0]).name, r["job"][1], r["job"][2], r.get("error", "no case in the attempts"))
                      for r in failed)
        print(f"\nnot generated: {len(failed)}")
        for (name, kind, level, err), n in sorted(why.items()):
            print(f"  {name} {kind} {level}: {n} ({err})")
    if args.show:
        print()
        for name in notes:
            for row in [r for r in rows if r["notation"] == name][:args.show]:
                print(f"  notation [{name}]: {row['text']}")
        for row in as_true[:args.show]:
            print(f"  liar as true: {row['sentence']}")
        for row in result_only[:args.show]:
            print(f"  result only: {row['sentence'][:300]}")
        for row in missed[:args.show]:
            print(f"  hint not flagged [--known {row['known']}]: {row['text']}")
        shown: Counter[str] = Counter()
        for row in rows:
            for w in row["raw"]:
                key = w.split(" ", 1)[0]
                if shown[key] < args.show:
                    shown[key] += 1
                    print(f"  raw [{w}]: {row['text']}")


def print_voice(done: list[dict], rows: list[dict], show: int) -> None:
    """Conditionals of an empty premise, and how pages repeat themselves (targets 0)."""
    empty = [row for row in rows if row["empty_premise"]]
    conditionals = [row for row in rows if row["form"] == "conditional"]
    print(f"conditionals whose premise the answer makes false (target 0): {len(empty)} of {len(conditionals)}")
    voices = [row["voice"] for r in done for row in r["pages"] if "voice" in row]
    if voices:
        tells = [v["tells_us"] for v in voices]
        print(f"pages: {len(voices)}; 'tells us' {sum(tells)} ({sum(tells) / len(voices):.1f} a page, at most "
              f"{max(tells)}); pages closing on 'which leaves only' {sum(v['leaves_only'] for v in voices)}; "
              f"pages opening 3+ sentences alike {sum(v['opening'][1] >= 3 for v in voices)}")
    for row in empty[:show]:
        print(f"  empty premise: {row['text']}")


def print_padding(done: list[dict], rows: list[dict], show: int) -> None:
    """Padding and the long way (targets 0), and the conditionals per kind and level."""
    pads = [row for row in rows if row["padded_by"]]
    cases = sum(1 for r in done if any(row["padded_by"] for row in r["rows"]))
    long = Counter(row["long"] for row in rows if row["long"])
    print(f"padded clues (target 0): {len(pads)} in {cases} cases")
    print("said the long way (target 0): " + (", ".join(f"{k} {v}" for k, v in long.most_common()) or "0"))
    for name, at in (("kind", 1), ("level", 2)):
        print(f"\n| {name} | cases | clues | conditionals | share | cases with more than 2 |")
        print("|---|---|---|---|---|---|")
        for value in sorted({r["job"][at] for r in done}):
            mine = [r for r in done if r["job"][at] == value]
            clues = [row for r in mine for row in r["rows"]]
            conds = sum(row["form"] == "conditional" for row in clues)
            many = sum(1 for r in mine if sum(row["form"] == "conditional" for row in r["rows"]) > 2)
            print(f"| {value} | {len(mine)} | {len(clues)} | {conds} | {100 * conds / max(1, len(clues)):.1f}% | {many} |")
    print_narrator(done, show)
    for row in pads[:show]:
        print(f"  padded [by {row['padded_by']}]: {row['text']}")
    for row in [r for r in rows if r["long"]][:show]:
        print(f"  long way [{row['long']}]: {row['text']}")
    print()


def print_narrator(done: list[dict], show: int) -> None:
    """Narrator conditionals ("If A, then B") and cross-category either/ors ("Either A, or B")
    per kind and level, beside the same logic said as an observation; examples of each."""
    print("\n| kind | level | cases | clues | if-then | share | either A, or B | share | "
          "the same said as an observation | seconds a case |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    order = {"easy": 0, "medium": 1, "hard": 2, "fiendish": 3}
    for kind, level in sorted({(r["job"][1], r["job"][2]) for r in done}, key=lambda k: (k[0], order.get(k[1], 9))):
        mine = [r for r in done if r["job"][1] == kind and r["job"][2] == level]
        clues = [row for r in mine for row in r["rows"]]
        said = Counter(row.get("narrator", "") for row in clues)
        n = max(1, len(clues))
        print(f"| {kind} | {level} | {len(mine)} | {len(clues)} | {said['if-then']} | {100 * said['if-then'] / n:.1f}% | "
              f"{said['either-or']} | {100 * said['either-or'] / n:.1f}% | {said['observation']} | "
              f"{sum(r['seconds'] for r in mine) / max(1, len(mine)):.1f} |")
    rows = [row for r in done for row in r["rows"]]
    for name in ("if-then", "either-or", "observation"):
        for row in [r for r in rows if r.get("narrator") == name][:show]:
            print(f"  {name}: {row['text']}")


# ---- repeated sentence skeletons per book (issue 24 item 4) ---------------------------------
BOOKS = ("hampshire", "tudor", "grange", "murdle")
STOP = {"the", "of", "a", "an", "and", "by", "near", "to", "in", "at", "on"}
DATE = re.compile(r"\b(January|February|March|April|May|June|July|August|September|October|November|December)"
                  r" \d+(st|nd|rd|th)\b|\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b|\b\d+\b")


def skeleton(sentence: str, fills: list[str], title: str) -> str:
    """A sentence with its fill words removed: the setting's names (items, characters), days,
    dates and numbers, and the words of its case's title ('the prize marrow' in 'The Prize
    Marrow Mystery'); two sentences with one skeleton read as the same sentence to a reader."""
    text = DATE.sub("_", sentence)
    for name in fills:   # longest first, so "The Fair" goes before "Fair"
        text = re.sub(rf"\b{re.escape(name)}\b", "_", text, flags=re.I)
    own = {w for w in re.findall(r"[a-z'-]+", title.lower()) if w not in STOP}
    words = ["_" if w.lower().strip(".,;:!?") in own else w for w in text.split()]
    return re.sub(r"(_[\s,.]*)+", "_ ", " ".join(words).lower()).strip()


def book_skeletons(job: tuple) -> dict:
    """Generate one `count`-case book of a sample setting; count the story and event sentences
    whose skeleton an earlier case of the book already printed."""
    from casetool.api import load
    from casetool.generate.casebook import write_casebook
    from casetool.generate.engine import Request
    from casetool.lint.texts import sentences
    name, count, seed, *level = job
    src = source(str(ROOT / "cases" / name))
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        from casetool.generate.source import default_kind
        write_casebook(Request(src, seed, default_kind(src.setting) or "traits", (level or [None])[0], max_attempts=40),
                       count, Path(tmp))
        cases = sorted(load([Path(tmp)]).cases, key=lambda c: c.number)
    setting = src.setting
    fills = sorted({i.name for i in setting.all_items()} | {c.name for c in setting.characters.values()}
                   | {n.split(" ", 1)[1] for n in [i.name for i in setting.all_items()] if n.startswith(("The ", "A "))},
                   key=len, reverse=True)
    out: dict = {"name": name, "cases": len(cases), "seconds": time.perf_counter() - start}
    for part in ("story", "event"):
        seen: dict[str, int] = {}
        repeats: list[str] = []
        total = 0
        for case in cases:
            texts = [case.story] if part == "story" else [e.text for e in getattr(case, "events", []) or []]
            mine = set()
            for text in texts:
                for _, s in sentences(" ".join(text.split())):
                    total += 1
                    key = skeleton(s, fills, case.title)
                    if key in seen and seen[key] != case.number and key not in mine:
                        repeats.append(s)
                    seen.setdefault(key, case.number)
                    mine.add(key)
        out[part] = (total, repeats)
    out["frames"] = frame_counts(cases)
    dates = [c.date for c in cases]
    from casetool.english.dates import parse_date
    days = [parse_date(d) if d else None for d in dates]
    out["dates_in_order"] = all(a is None or b is None or a < b for a, b in zip(days, days[1:], strict=False))
    out["dates"] = f"{dates[0]} .. {dates[-1]}" if dates else ""
    return out


# a witness's turn of phrase, written out here rather than read from english/forms.py
FRAMES = re.compile(r"own eyes|swear to it|I'm certain|Mark my words|Take it from me|sure of this much|"
                    r"This much I know|Cross my heart", re.I)


def frame_counts(cases) -> dict:
    """Witness statements in the book, how many carry a turn of phrase, and how many of those
    repeat one already used in the same case (target 0)."""
    total = framed = twice = 0
    used: dict[str, int] = {}
    for case in cases:
        chars = case.setting.characters
        mine: set[str] = set()
        for clue in case.clues:
            ch = chars.get(clue.speaker) if clue.speaker else None
            if ch is None or ch.role != "witness":
                continue
            total += 1
            m = FRAMES.search(clue.text)
            if m:
                framed += 1
                key = m.group(0).lower()
                twice += key in mine
                mine.add(key)
                used[key] = used.get(key, 0) + 1
    return {"statements": total, "framed": framed, "twice": twice, "by_frame": used}


def print_skeletons(count: int, jobs: int, seed: int = 1, level: str | None = None,
                    books: tuple[str, ...] = BOOKS) -> None:
    work = [(name, count, seed, level) for name in books]
    if jobs <= 1:
        rows = [book_skeletons(j) for j in work]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            rows = list(pool.map(book_skeletons, work, chunksize=1))
    print(f"## Repeated sentence skeletons per book (target 0): {count}-case books, seed {seed}"
          f"{', every case ' + level if level else ''}\n")
    print("| setting | cases | story sentences | repeated story skeletons | event sentences | repeated event skeletons "
          "| witness statements framed | a frame twice in a case | dates in play order | dates | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        (st, srep), (et, erep), fr = r["story"], r["event"], r["frames"]
        print(f"| {r['name']} | {r['cases']} | {st} | {len(srep)} | {et} | {len(erep)} | "
              f"{fr['framed']} of {fr['statements']} | {fr['twice']} | "
              f"{'yes' if r['dates_in_order'] else 'no'} | {r['dates']} | {r['seconds']:.0f} |")
    for r in rows:
        if r["frames"]["by_frame"]:
            print(f"  frames [{r['name']}]: " + ", ".join(f"{k} {n}" for k, n in sorted(r["frames"]["by_frame"].items())))
    for r in rows:
        for s in r["story"][1][:3]:
            print(f"  repeated story skeleton [{r['name']}]: {s}")
        for s in r["event"][1][:3]:
            print(f"  repeated event skeleton [{r['name']}]: {s}")


if __name__ == "__main__":
    main()
