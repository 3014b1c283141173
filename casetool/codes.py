"""Every diagnostic code casetool emits: what it means and what to do about it.

One code, one meaning. A code names a kind of problem, the message names this instance;
docs/diagnostics.md is generated from this table (`casetool codes --markdown`) and a test
checks that every code written in the package is registered here and every entry is used.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    code: str
    meaning: str
    hint: str = ""


FAMILIES = {
    "E": "Reading files and writing outputs",
    "S": "The YAML schema of settings, casebooks and cases",
    "V": "References and values in settings and cases",
    "C": "Clue syntax",
    "N": "Names in clues",
    "T": "Types in clues",
    "K": "Check verdicts (as the editor shows them)",
    "W": "Check warnings",
    "R": "Printing casebooks and decoder sheets",
    "G": "Generating cases",
    "L": "Prose (casetool lint)",
    "U": "Command usage",
    "P": "Playtesting printed books",
}

_CODES = [
    # Reading files and writing outputs
    Code("E001", "a file cannot be read", "check the path and its permissions"),
    Code("E002", "a file is larger than the size limit", "split the casebook into one file per case"),
    Code("E003", "a file is binary or not UTF-8 text", "save the file as UTF-8 YAML text"),
    Code("E004", "a file is empty", "write a setting, casebook or case document in it"),
    Code("E005", "a path is not a regular file (a pipe, device or socket)", "name a .yaml file"),
    Code("E006", "a file links to a place outside the casebook folder",
         "copy the file into the casebook folder instead of linking to it"),
    Code("E007", "no such file or folder", "check the path"),
    Code("E010", "the YAML does not parse", "fix the YAML at the position shown"),
    Code("E011", "more than one YAML document in a file", "put each case in a file of its own"),
    Code("E012", "the document is nested too deeply", "flatten the nesting"),
    Code("E013", "YAML aliases expand to too many nodes", "use fewer nested aliases (&anchor / *alias)"),
    Code("E014", "a mapping key is not a plain name (or is a merge key)", "write plain keys out in full"),
    Code("E015", "a key appears twice in one mapping", "remove or rename one of them"),
    Code("E016", "an explicit YAML tag does not fit its value", "remove the tag or fix the value"),
    Code("E020", "an output cannot be written", "pick an output path in a writable folder"),
    Code("E999", "casetool failed on this file (an internal error)", "please report it with the file"),
    # Schema
    Code("S000", "the document does not match the schema", "see the schema in schemas/"),
    Code("S001", "a required key is missing", "add the key"),
    Code("S002", "an unknown key", "remove it or correct its spelling"),
    Code("S003", "a value has the wrong type", "write a value of the type named"),
    Code("S004", "a value is not one of the allowed choices", "pick one of the values listed"),
    Code("S005", "not a valid id", "use lower-case letters, digits and underscores"),
    Code("S010", "a file is not a mapping of keys", "start the file with its kind's key, e.g. `case: 1`"),
    # References and values
    Code("V001", "an unknown category, or one used where it cannot be", "name a category of the setting"),
    Code("V002", "a character names an unknown decoder or item", "name a decoder or item of the setting"),
    Code("V003", "a category or item uses a keyword of the clue language as its id", "rename it"),
    Code("V004", "an item id clashes with a category or another item", "item ids must be unique"),
    Code("V005", "an item gives an attribute its category does not have", "remove it or add the attribute"),
    Code("V006", "an item gives no value for an attribute (or no code)", "give every item a value"),
    Code("V007", "an attribute value has the wrong shape", "true/false, one value, or a list, as declared"),
    Code("V008", "an unknown attribute value or code part", "use one of the values the setting declares"),
    Code("V009", "the timeline's times are not an ordered category", "mark the times category `ordered: true`"),
    Code("V010", "an attribute lists no values", "list the values it can take"),
    Code("V011", "two items have the same code", "all codes must differ, in any order"),
    Code("V012", "an item has a code but the setting has no `codes:`", "declare `codes:` or remove the code"),
    Code("V020", "the solution does not name every answer category", "add the missing category"),
    Code("V021", "the solution names a key that is not an answer category", "remove it"),
    Code("V022", "the solution names an unknown item", "name an item of that category"),
    Code("V023", "the solution names an unknown liar", "name a character of the setting"),
    Code("V030", "a clue id is used twice in a case", "give every clue its own id"),
    Code("V031", "a clue's speaker is unknown", "name a character of the setting"),
    Code("V032", "a character speaks twice where the setting allows one statement", "merge the statements"),
    Code("V033", "a wheel position is beyond the character's wheel", "pick a position on the wheel"),
    Code("V034", "a clue names an unknown room", "name a place of the setting"),
    Code("V035", "a clue id is not a name (lower-case ASCII letters, digits, _) or is a keyword",
         "rename the clue"),
    Code("V040", "a case has `cards:` but the setting is not a card setting", "set `cards: true` in the setting"),
    Code("V041", "hand sizes do not add up to the cards outside the envelope", "fix the hand sizes"),
    Code("V042", "an unknown card", "name a card of the deck"),
    Code("V043", "a suggestion names an unknown player", "name a player of the case"),
    Code("V044", "a shown card was not part of the suggestion", "show one of the three suggested cards"),
    Code("V050", "a case names an unknown setting", "name the setting in this folder's setting.yaml"),
    Code("V051", "casebook.yaml names a case file that does not exist", "correct the name or add the file"),
    Code("V052", "the setting beside a case has errors, so the case cannot be checked",
         "fix setting.yaml first"),
    Code("V053", "casebook.yaml lists a case twice", "list each case once"),
    Code("V060", "two statements share a wheel position in one casebook", "move one of them"),
    Code("V061", "two cases share a case number", "renumber one of them"),
    Code("V070", "a witness list names an unknown character", "name a character of the setting"),
    Code("V071", "a fixed rule id is used twice, or is also a clue id", "give every rule and clue its own id"),
    Code("V075", "a board timeline's moves, objects or victim do not name what they should",
         "see docs/case-format.md (timeline)"),
    Code("V073", "an item gives a value for an attribute the solver decides (`unknown: true`)",
         "drop the value (say it in a clue) or drop `unknown: true`"),
    Code("V074", "a decided fact (`unknown: true`) is of a kind it cannot be, or its counts do not fit",
         "use a single-valued attribute; counts name its values and add up to the items"),
    Code("V080", "a board's corners (`pieces:`) name an unknown category, or one with more items than corners",
         "name a category of at most four items"),
    # Clue language
    Code("C001", "a clue's meaning does not parse", "see docs/clue-language.md"),
    Code("N001", "an unknown name in a clue", "use an item, category, character or variable name"),
    Code("N002", "an unknown item or card", "name an item of the category"),
    Code("N003", "an unknown character", "name a character of the setting"),
    Code("N004", "an unknown player", "name a player of the case"),
    Code("N005", "a variable name is already taken", "pick another variable name"),
    Code("N006", "a category that is not part of the answer", "compare an answer category"),
    Code("N007", "a category has no such attribute", "name an attribute of the category"),
    Code("N008", "an unknown value for an attribute", "use one of the attribute's values"),
    Code("N009", "an unknown category in a quantifier", "name a category of the setting"),
    Code("T001", "an expression is not a condition", "compare it, e.g. `... == ...`"),
    Code("T002", "the two sides have different types", "compare things of one type"),
    Code("T003", "a set-valued attribute compared with `==`", "use `has`"),
    Code("T004", "an order comparison on something that is not ordered", "use == or !="),
    Code("T005", "`has` on something that is not set-valued", "use =="),
    Code("T006", "a construct the setting does not provide (cards, timeline)", "declare it in the setting"),
    Code("T007", "a condition where a value is expected", "compare something"),
    Code("T008", "attributes of something that has none", "name a category item"),
    Code("T009", "a chain of `iff` or `xor` is ambiguous", "add parentheses (`exactly 1 of [...]` for exactly one)"),
    Code("T010", "a clue expands to too many conditions", "quantify over fewer variables"),
    Code("T011", "a number too large for a clue", "numbers in clues count witnesses or items"),
    Code("T012", "a step along an order leaves it (the first or last item)", "step from another item"),
    # Check verdicts
    Code("K001", "ok: exactly one answer fits, the declared solution"),
    Code("K002", "ambiguous: more than one answer fits", "add a clue that rules out the others"),
    Code("K003", "contradiction: no answer fits, these clues cannot all hold", "correct or remove one of them"),
    Code("K004", "wrong: the only answer that fits is not the declared solution", "correct the solution or the clues"),
    Code("K005", "unknown: the time limit was reached before the case was decided", "raise --time-limit"),
    # Check warnings
    Code("W001", "a clue is redundant: the answer stays unique without it", "remove it or keep it on purpose"),
    Code("W002", "a declared liar cannot lie in this case", "correct the solution's `liars`"),
    Code("W003", "the clues do not force the declared liars", "add a clue or correct `liars`"),
    Code("W004", "the declared difficulty differs from the graded one", "change `difficulty:` or the clues"),
    Code("W009", "warnings skipped: the time limit was reached", "raise --time-limit"),
    Code("W010", "a reveal event changes nothing", "move or drop the event"),
    Code("W011", "the answer is unique before the last reveal", "move clues to a later event"),
    Code("W020", "`lies(x)` names someone who can never lie, so it is always false", "add them to `witnesses:` or drop it"),
    Code("W021", "the liar rule needs a liar but no witness of the case can lie", "name the witnesses"),
    # Printing
    Code("R001", "a template does not render", "fix the template at the position shown"),
    Code("R002", "no setting.yaml in the casebook folder", "build a folder that holds a setting.yaml"),
    Code("R003", "no cases to print", "add case files"),
    Code("R004", "a case is not listed in casebook.yaml, so it is not printed", "add it to `cases`"),
    Code("R005", "a template links to a file outside the templates folder (or is a hard link)",
         "copy the file into the folder"),
    Code("R006", "a template takes too long to render", "loop over fewer items"),
    Code("R007", "a template asks for a value or an output too large to print (or recursion too deep)",
         "make smaller values; a page needs no more"),
    Code("R010", "a network address in a casebook", "a casebook fetches nothing from the network"),
    Code("R011", "a file outside the casebook folder", "copy it into the casebook folder"),
    Code("R012", "no such file", "the path is relative to the casebook folder"),
    Code("R013", "an image cannot be read", "use a PNG, JPEG or SVG file"),
    Code("R020", "a solution is missing from the laid-out book", "check the templates"),
    Code("R021", "a printed page reference names the wrong page", "check the templates"),
    Code("R022", "a solution faces its mystery", "shorten the mystery or the solution"),
    Code("R023", "a mystery leaves more than one answer from what the book prints", "print the fact it names"),
    Code("R030", "the layout engine failed", "simplify the template or CSS at fault"),
    Code("R040", "a wheel has too few positions for its statements and decoys", "add positions"),
    Code("R041", "a statement is too long for its wheel", "shorten it"),
    Code("R042", "statements print below the smallest readable size", "shorten them"),
    Code("R043", "a word is too long for the location key", "use a shorter word"),
    Code("R050", "wheel numbers cannot be added without changing the rest of the file", "pin them by hand"),
    Code("R051", "a case file links outside the casebook", "copy it into the casebook"),
    Code("R052", "a case file is read-only, so its wheel numbers were not pinned", "make it writable"),
    # Generating
    Code("G001", "no such setting file", "name a setting.yaml"),
    Code("G002", "the setting cannot generate cases of that kind", "pick a kind the setting offers"),
    Code("G003", "the --count output is not a folder", "name a folder"),
    Code("G004", "the output folder already holds YAML files", "name an empty or new folder"),
    Code("G005", "the setting's world rules are inconsistent", "fix the `world:` section"),
    Code("G006", "the setting does not reach that difficulty for that kind", "pick a level the setting offers"),
    Code("G007", "the case file to write into the folder is already there", "give -o FILE or --number"),
    Code("G008", "the setting gives no usable English phrase for an attribute the clues speak of",
         "give one under `templates: attributes:` (docs/generate.md)"),
    Code("G009", "the board cannot hold a night to generate on (an unreachable room, one room, a fact with one value)",
         "join every room to the board, give it two rooms or more, give a decided fact two values"),
    # Prose
    Code("L001", "the wrong indefinite article", "'an' before a vowel sound, 'a' before a consonant"),
    Code("L002", "and/or/iff in one clause without clear grouping", "split it, or say 'either ... or'"),
    Code("L003", "a speaker names themselves in their own statement", "let someone else say it"),
    Code("L004", "a sentence, story or title repeats within a casebook", "vary it"),
    Code("L005", "a counter or note number is used twice in a case", "give each its own number"),
    Code("L006", "a place or time phrase the setting does not allow", "use the setting's phrase"),
    Code("L007", "text names an internal id", "write the name players see"),
    Code("L008", "a number, offset or comparison in a clue's `means:` that its text does not say",
         "say it in the text ('at least two pounds heavier'), or write the `means:` the text says"),
    Code("L009", "a clue's text does not carry its meaning (a name, value, attribute, liar or negation "
         "the `means:` has)", "say it in the text, or use the setting's phrase for it (`templates:`)"),
    Code("L010", "logic notation in a clue text ('but not both', 'if and only if', 'exactly one of these')",
         "choose a clue a witness could say: one fact, a plain negation, an either/or of two positive things"),
    Code("L011", "raw setting words in a text: a measure as a bare number ('a room of size 3'), a capitalised "
         "time name mid-sentence ('after Night')", "write it as English: the setting's phrase for it (`templates:`)"),
    Code("L012", "a conditional whose premise the setting makes false, or impossible with what follows",
         "say the plain fact instead ('It did not happen in the Library')"),
    Code("L013", "a frame that does not fit the clue: an eyewitness who saw an either/or, a conditional or a count",
         "an eyewitness says one thing seen; reason the rest without 'I saw'"),
    Code("L014", "a clue another clue makes padding: a side of its either/or or conditional that one other clue, "
         "which cannot be a lie, settles outright (a premise an oracle's word names true is a chain, read "
         "forward: 'Whoever is lying low in the Cart is not young' beside Mr. Boddy's CART); or a conditional "
         "whose conclusion an oracle's word settles, read backwards ('If the culprit is young, they are not "
         "lying low in the Cart')", "say what is left plainly, or choose another clue"),
    Code("L015", "a list that says one value, or its denial, the long way ('neither A, B nor C' of four)",
         "name the one value plainly, or leave two or more out"),
    Code("L016", "an either/or over one category naming the thing beside a trait of it ('made of paper or the telescope')",
         "name two items, two values of one attribute or two traits, or choose another clue"),
    Code("L017", "an either/or true on both sides in the case's answer: a player reads it as one or the other, so as false",
         "choose two things only one of which holds, or say the one that matters"),
    Code("L018", "a clue puts the victim 'with' someone after the crime: a body is with nobody",
         "say where the body lay, or choose an hour before the crime"),
    Code("L020", "a case breaks the setting's printed rules (`every_case:`)",
         "give every named speaker their statements, and every named role a clue"),
    Code("L021", "a casebook introduction is still the stub `generate` wrote", "write the book's own introduction"),
    Code("L022", "a case's date runs out of play order, or out of the setting's season",
         "date the cases in play order within `templates: season:`"),
    Code("L023", "a story or an event talks about the puzzle ('every clue below is needed')",
         "tell the story; what the player must find belongs in the rules"),
    Code("L024", "a suspect's conditional whose premise describes the suspect who says it: a plea, not a sighting",
         "give the clue to a witness it does not describe, or choose a premise that does not fit the speaker"),
    Code("L025", "a case's title names an item of its answer (the culprit, the weapon, the place, the time), or sets "
                 "the case at a place that is not the answer's ('near the Hall')",
         "title the case after its story (its set-up, or the thing taken), never after the answer"),
    Code("L026", "an either/or over two answer categories ('struck either in the south wing or before noon'), "
                 "or over two traits of one person or thing ('writes with the right hand or has blue eyes'): "
                 "a formula, not a scene",
         "say one scene, an either/or of one category ('in the Kitchen or the Hall') or of two values of one "
         "attribute ('plays chess or goes fishing'), or a trace ('whoever used the Rope has red hair')"),
    Code("L027", "two conditionals of one premise whose conclusions cannot both hold ('Whoever struck in the Library "
                 "used a heavy weapon' beside '... used the poisoned teacup'): they only say the premise is false",
         "say that plainly ('It did not happen in the Library'), or give one of them another premise"),
    # Playtest
    Code("P001", "a built book lacks casebook.pdf or decoders.pdf", "run casetool build first"),
    Code("P002", "the casebook source of a built book cannot be found", "give it with --source DIR"),
    Code("P003", "the casebook source has input errors", "casetool validate explains them"),
    Code("P004", "playtest needs poppler and tesseract", "apt-get install poppler-utils tesseract-ocr"),
    Code("P005", "no such mystery in the casebook", "name a mystery number the book has"),
    Code("P006", "a PDF of the book cannot be read", "build the book again"),
    Code("P007", "tesseract crashed on a picture of the book", "update tesseract-ocr, or report the page"),
    Code("P008", "a PDF of the book has far more pages than the book prints on", "build the book again"),
    Code("P009", "playtest reached its time limit before the book was played", "raise --time-limit"),
    Code("P010", "decoders.layout.json, the wheels' layout beside decoders.pdf, is missing or malformed",
         "build the book again"),
    # Usage
    Code("U001", "no setting.yaml in this folder", "create one with `casetool new DIR --setting ID`"),
    Code("U002", "the file already exists", "pick another --title"),
    Code("U003", "the folder's setting is another one", "name the folder's own setting"),
    Code("U004", "a `hint --known` fact names nothing in the case", "write 'not ITEM', 'CATEGORY ITEM' or 'NAME lies'"),
]

REGISTRY: dict[str, Code] = {c.code: c for c in _CODES}


def lookup(code: str) -> Code | None:
    return REGISTRY.get(code)


def markdown() -> str:
    """The table of docs/diagnostics.md."""
    out = ["# Diagnostic codes", "",
           "Every message casetool prints is `file:line:col: severity[CODE]: message; hint`.",
           "This table is generated from `casetool/codes.py` (`casetool codes --markdown`).", ""]
    for family, title in FAMILIES.items():
        codes = [c for c in _CODES if c.code.startswith(family)]
        if not codes:
            continue
        out += [f"## {family}: {title}", "", "| code | meaning | what to do |", "|---|---|---|"]
        out += [f"| {c.code} | {c.meaning} | {c.hint} |" for c in codes]
        out.append("")
    return "\n".join(out)
