"""Why it was done: the motive a story sets up, and the why its solution page gives.

A published casebook's solution answers the question its story raised: a story that opens
on a grudge, a debt or a secret ends on whose grudge, debt or secret it was. So a generated
story carries one set-up sentence from SETUPS (story.py draws it), and the page's why is
that set-up's own answer (ending.py). A hand-written story is read for the motive it names
(THEMES: a grudge, a debt, a secret, a will, ...); a story that names none gets no why made
up for it. Neither a set-up nor a why names a person, a place, a time or anyone's looks,
which are what clues are about, so neither can contradict a clue.

{who} is the culprit, {it} the stolen object or the weapon in the why; {object} the story's
object in a set-up.
"""

from __future__ import annotations

import re

# (set-up, why) by crime; each list is long enough for a 20-case book to tell each once, and
# each motive of MOTIVE_WORDS has ten, so ten consecutive seeds of one motive tell ten (story.py)
SETUPS: dict[str, list[tuple[str, str]]] = {
    "mischief": [
        ("Old grudges from last year's show had not been forgotten.",
         "{who} had never forgiven the judges for last year's show, and this was the reply."),
        ("Someone in the village had lost money on a wager over the day.",
         "{who} had lost the wager, and hoped the day would be forgotten in the fuss."),
        ("A rivalry over the first prize had gone on for years.",
         "{who} could not bear to lose the first prize to that rival again."),
        ("The committee had turned down somebody's offer of help, and not kindly.",
         "{who} was the one whose offer of help the committee had turned down, and meant them to regret it."),
        ("Somebody had been heard to say the whole affair was a waste of good money.",
         "{who} thought the day a waste of good money, and set out to prove it."),
        ("A practical joker had been at work in the village all summer.",
         "{who} was the practical joker, and this time the joke went too far."),
        ("Somebody owed the organisers money, and the debt fell due that week.",
         "{who} owed the organisers, and hoped a spoiled day would put off the reckoning."),
        ("One of the townsfolk had a secret that must not come out at the fete.",
         "{who} had the secret that must not come out, and needed every eye turned the other way."),
        ("Somebody had been passed over for the judging panel.",
         "{who} had been passed over for the panel, and wanted the judges to look foolish."),
        ("A quarrel over a borrowed lawnmower had split the street in two.",
         "{who} was still smarting over the lawnmower, and took it out on the day."),
        ("Someone had complained all week that the band played far too loud.",
         "{who} had complained all week about the band, and wanted a little quiet."),
        ("An unsigned letter to the parish newsletter had complained about the prizes.",
         "{who} had written the unsigned letter, and this was the next step."),
        ("Not everyone was pleased that the fete had been moved to a new date.",
         "{who} had argued against the new date all along, and meant to show why."),
        ("Somebody's entry had been disqualified the week before on a technicality.",
         "{who} was the one whose entry had been disqualified, and wanted a little of it back."),
        ("A bet had been laid at the inn that the day would pass without a hitch.",
         "{who} had bet against it at the inn, and made sure of winning."),
        ("Somebody was jealous of the fuss made over the newcomers to the village.",
         "{who} was jealous of the newcomers, and wanted the talk to turn elsewhere."),
        ("One of the townsfolk had been made to apologise in public the week before.",
         "{who} had been made to apologise in public, and had not forgotten it."),
        ("Someone had asked for the stall by the gate and been refused it.",
         "{who} had been refused the stall by the gate, and took revenge on the whole day."),
        ("A feud over a hedge had divided two families for a generation.",
         "{who} was one side of the feud over the hedge, and struck where it would show."),
        ("A rumour said that somebody stood to gain if the day was a failure.",
         "{who} stood to gain if the day failed, just as the rumour said."),
        ("There had been a falling-out over who would lead the procession.",
         "{who} had not been chosen to lead the procession, and would not let it go."),
        ("A dare had been made in the public bar the night before.",
         "{who} had taken the dare in the public bar, and carried it out."),
    ],
    "theft": [
        ("Money had been short in the house since the spring.",
         "{who} was the one short of money, and {it} would have settled a great deal."),
        ("Somebody in the house had run up debts in town that nobody was supposed to know about.",
         "{who} had run up the debts in town, and {it} was to pay them."),
        ("There had long been a quarrel over who ought to own the {object}.",
         "{who} had long claimed the right to own {it}, and settled the quarrel alone."),
        ("A dealer from London had been asking questions about the treasures of the house.",
         "{who} had a buyer waiting in the dealer from London, who asked no questions of a seller."),
        ("Somebody in the house was paying dearly to keep a secret.",
         "{who} was paying to keep the secret, and {it} was to buy another month of silence."),
        ("One of the household had been gambling heavily, and losing.",
         "{who} had been gambling heavily, and {it} was to cover the losses."),
        ("There was talk of a will, and of someone who had been left out of it.",
         "{who} had been left out of the will, and took {it} as the share that was owed."),
        ("A jealous remark at breakfast had been heard by half the house.",
         "{who} had made the jealous remark, and could not bear to see {it} admired a day longer."),
        ("A bet had been struck after dinner the night before.",
         "{who} had struck the bet after dinner that {it} could vanish under everyone's nose, and meant to win."),
        ("Somebody had been refused a loan by the master of the house only a week before.",
         "{who} had been refused the loan, and took {it} instead."),
        ("It was said that one of the guests had fallen on hard times.",
         "{who} was the guest who had fallen on hard times, and {it} was the way out."),
        ("A grudge against the family was no secret in the servants' hall.",
         "{who} bore the grudge against the family, and {it} was what they would miss most."),
        ("Somebody had been heard to say that the {object} was a fake.",
         "{who} had been heard calling {it} a fake, and took it to have it tested in secret."),
        ("There had been sharp words in the house about wages owed.",
         "{who} was owed wages, and took {it} as payment."),
        ("A collector had made an offer for the {object}, and been refused.",
         "{who} had made the offer that was refused, and would not take no for an answer."),
        ("Somebody in the house said the {object} had been promised to them long ago.",
         "{who} was sure {it} had been promised long ago, and took what seemed owed."),
        ("Someone had been overheard saying the family did not deserve its good fortune.",
         "{who} thought the family did not deserve its good fortune, and set about evening the score."),
        ("A pawnbroker's ticket had been found in the hall the week before, and nobody claimed it.",
         "{who} had dropped the pawnbroker's ticket, and {it} was to follow the rest."),
        ("There had been sharp words about an unpaid bill from the tailor.",
         "{who} owed the tailor, and {it} was to settle the bill."),
        ("Somebody had been made a laughing-stock at the last dinner party.",
         "{who} had been made a laughing-stock, and took {it} to see the laughter stop."),
        ("A letter demanding money had arrived for one of the household.",
         "{who} had received the letter demanding money, and {it} was the answer to it."),
        ("Somebody had lost a great deal when the bank failed in the spring.",
         "{who} had lost everything when the bank failed, and {it} was a start at getting it back."),
    ],
    "murder": [
        ("The victim had let it be known that one of the guests had a secret worth knowing.",
         "{who} had the secret, and the victim had found it out."),
        ("Money had been lent and not repaid, and the victim had begun to ask for it back.",
         "{who} owed the victim the money, and could not pay."),
        ("A new will had been drawn up that week, and someone had been cut out of it.",
         "{who} had been cut out of the new will, and meant to act before it was signed."),
        ("An old quarrel between the victim and one of the guests had flared up again.",
         "{who} was the other side of the old quarrel, and it ended that night."),
        ("Someone in the house had been blackmailed for months.",
         "{who} had been blackmailed for months, and the victim was the blackmailer."),
        ("The victim had threatened to go to the police about one of the guests.",
         "{who} was the guest the victim meant to report, and could not let that happen."),
        ("Jealousy had been simmering in the house all week.",
         "{who} was eaten up by the jealousy simmering in the house, and the victim was its cause."),
        ("The victim had ruined somebody's business years before.",
         "{who} had lost everything when the victim ruined the business, and had waited years for this."),
        ("There was an engagement in the house that somebody badly wanted broken off.",
         "{who} wanted the engagement broken off, and the victim stood in the way."),
        ("A large policy on the victim's life had been taken out that spring.",
         "{who} stood to collect on the policy on the victim's life."),
        ("The victim had been asking awkward questions about the accounts.",
         "{who} had been robbing the accounts, and the victim's questions were coming too close."),
        ("A quarrel at the card table had ended with a threat.",
         "{who} had made the threat at the card table, and kept it."),
        ("The victim had stood in the way of somebody's advancement for years.",
         "{who} had been held back by the victim for years, once too often."),
        ("An old scandal had been raked up at lunch, and someone had left the table.",
         "{who} was the one the old scandal touched, and the victim had raked it up."),
        ("The victim knew who had started the fire at the mill, years ago.",
         "{who} had started the fire at the mill, and the victim knew it."),
        ("A family heirloom had changed hands under a cloud, and not everyone accepted it.",
         "{who} had never accepted how the heirloom changed hands, and blamed the victim."),
        ("The victim was to give evidence in a lawsuit that had dragged on for years.",
         "{who} would have lost the lawsuit on the victim's evidence."),
        ("A love affair in the house was the worst-kept secret of the season.",
         "{who} was one half of the love affair, and the victim had threatened to tell."),
        ("There had been a bitter argument over the sale of the family land.",
         "{who} was against the sale of the family land, and the victim was for it."),
        ("The victim had changed the locks that week, and would not say why.",
         "{who} was the reason the locks were changed, and knew the victim would not stop there."),
        ("The victim had been seen burning papers the night before.",
         "{who} had written those papers, and feared the victim had kept copies."),
        ("A debt of honour from the war had never been settled.",
         "{who} owed the debt of honour, and the victim had come to collect it."),
        # jealousy (MOTIVE_WORDS): ten set-ups a motive, so ten cases of one motive tell ten
        ("Somebody in the house could not bear all the attention the victim was getting.",
         "{who} could not bear all the attention the victim was getting, and meant to end it."),
        ("The victim had taken up with someone else's sweetheart.",
         "{who} had lost a sweetheart to the victim, and never got over it."),
        ("Someone in the house had been outshone by the victim all season.",
         "{who} had been outshone by the victim all season, and could not bear another day of it."),
        ("A letter of admiration addressed to the victim had been found torn in half.",
         "{who} had torn the letter of admiration in half, sick with envy of the victim."),
        ("The victim had been given the part in the play that somebody wanted more than anything.",
         "{who} had wanted the part in the play more than anything, and could not forgive the victim."),
        ("The victim's portrait had been hung in the place of honour, over somebody's objections.",
         "{who} had objected to the portrait in the place of honour, and envied the victim every look it got."),
        ("An old friendship in the house had soured into envy.",
         "{who} had come to envy the victim, and the old friendship soured into hatred."),
        ("Somebody had been heard to say that the victim had everything and deserved none of it.",
         "{who} had said the victim had everything and deserved none of it, and envy did the rest."),
        # greed
        ("The victim had refused a loan to someone in the house who badly needed one.",
         "{who} had badly needed the loan the victim refused, and the victim's fortune was the only way out."),
        ("A rich aunt had left a fortune, and the victim stood next in line for it.",
         "{who} stood after the victim in line for the rich aunt's fortune, and would not wait."),
        ("The victim had discovered that money was missing from the family trust.",
         "{who} had been taking money from the family trust, and the victim had discovered it."),
        ("A partnership with the victim was about to be dissolved, at a heavy cost to one side.",
         "{who} was the partner who would bear the heavy cost once the partnership was dissolved."),
        # revenge
        ("The victim had once sent somebody in the house to prison on a false charge.",
         "{who} had gone to prison on the victim's false charge, and came out wanting revenge."),
        ("Years ago the victim had jilted someone at the altar.",
         "{who} had been jilted at the altar by the victim years ago, and had never forgotten the shame."),
        ("The victim had laughed at somebody's ruin in front of the whole county.",
         "{who} had been laughed at by the victim in front of the whole county, and swore to pay it back."),
    ],
}

# A set-up's titles: a generated murder (and a theft or mischief once its object's titles run out)
# is titled after the set-up its story tells, never after a thing of the game, which a title
# would name while the clues rule it out ("Death and the Wrench") or place it wrongly ("A Death
# near the Cellar", done in the Library). Every content word of a title is a word of its set-up
# or its why; {object} is the stolen object. No title is used for two set-ups.
TITLES: dict[str, list[str]] = {
    # murder
    "The victim had let it be known that one of the guests had a secret worth knowing.":
        ["A Secret Worth Knowing", "The Guest with a Secret"],
    "Money had been lent and not repaid, and the victim had begun to ask for it back.":
        ["The Money Owed", "Money Lent and Not Repaid"],
    "A new will had been drawn up that week, and someone had been cut out of it.":
        ["The New Will", "Cut Out of the Will"],
    "An old quarrel between the victim and one of the guests had flared up again.":
        ["The Old Quarrel", "A Quarrel Flares Up"],
    "Someone in the house had been blackmailed for months.": ["The Blackmailer", "Blackmailed for Months"],
    "The victim had threatened to go to the police about one of the guests.":
        ["Threatened with the Police", "The Guest the Victim Meant to Report"],
    "Jealousy had been simmering in the house all week.": ["Simmering Jealousy", "A Jealous House"],
    "The victim had ruined somebody's business years before.": ["The Ruined Business", "Ruined Years Before"],
    "There was an engagement in the house that somebody badly wanted broken off.":
        ["The Broken Engagement", "An Engagement Broken Off"],
    "A large policy on the victim's life had been taken out that spring.": ["A Policy on a Life", "The Large Policy"],
    "The victim had been asking awkward questions about the accounts.":
        ["Awkward Questions", "The Question of the Accounts"],
    "A quarrel at the card table had ended with a threat.": ["The Threat at the Card Table", "A Quarrel at Cards"],
    "The victim had stood in the way of somebody's advancement for years.": ["Held Back", "Once Too Often"],
    "An old scandal had been raked up at lunch, and someone had left the table.":
        ["The Old Scandal", "A Scandal Raked Up"],
    "The victim knew who had started the fire at the mill, years ago.": ["The Fire at the Mill", "Who Started the Fire"],
    "A family heirloom had changed hands under a cloud, and not everyone accepted it.":
        ["The Family Heirloom", "An Heirloom under a Cloud"],
    "The victim was to give evidence in a lawsuit that had dragged on for years.":
        ["The Lawsuit", "Evidence in a Lawsuit"],
    "A love affair in the house was the worst-kept secret of the season.":
        ["The Worst-Kept Secret", "The Love Affair"],
    "There had been a bitter argument over the sale of the family land.":
        ["The Family Land", "The Sale of the Land"],
    "The victim had changed the locks that week, and would not say why.": ["The Changed Locks", "A Change of Locks"],
    "The victim had been seen burning papers the night before.": ["The Burning Papers", "Papers Burnt at Night"],
    "A debt of honour from the war had never been settled.": ["A Debt of Honour", "The Debt from the War"],
    "Somebody in the house could not bear all the attention the victim was getting.":
        ["All the Attention", "Could Not Bear It"],
    "The victim had taken up with someone else's sweetheart.": ["Someone Else's Sweetheart", "The Lost Sweetheart"],
    "Someone in the house had been outshone by the victim all season.": ["Outshone", "Outshone All Season"],
    "A letter of admiration addressed to the victim had been found torn in half.":
        ["The Torn Letter", "A Letter of Admiration"],
    "The victim had been given the part in the play that somebody wanted more than anything.":
        ["The Part in the Play", "More than Anything"],
    "The victim's portrait had been hung in the place of honour, over somebody's objections.":
        ["The Place of Honour", "The Portrait"],
    "An old friendship in the house had soured into envy.": ["An Old Friendship", "Soured into Envy"],
    "Somebody had been heard to say that the victim had everything and deserved none of it.":
        ["Deserved None of It", "Had Everything"],
    "The victim had refused a loan to someone in the house who badly needed one.": ["A Loan Refused", "The Only Way Out"],
    "A rich aunt had left a fortune, and the victim stood next in line for it.": ["Next in Line", "A Rich Aunt's Fortune"],
    "The victim had discovered that money was missing from the family trust.":
        ["The Family Trust", "Missing from the Trust"],
    "A partnership with the victim was about to be dissolved, at a heavy cost to one side.":
        ["The Partnership", "A Heavy Cost"],
    "The victim had once sent somebody in the house to prison on a false charge.": ["Sent to Prison", "A False Charge"],
    "Years ago the victim had jilted someone at the altar.": ["Jilted at the Altar", "The Shame of Years Ago"],
    "The victim had laughed at somebody's ruin in front of the whole county.": ["The Whole County", "Laughed At"],
    # theft
    "Money had been short in the house since the spring.": ["Short of Money"],
    "Somebody in the house had run up debts in town that nobody was supposed to know about.": ["Debts in Town"],
    "There had long been a quarrel over who ought to own the {object}.": ["The Quarrel over the {object}"],
    "A dealer from London had been asking questions about the treasures of the house.": ["The Dealer from London"],
    "Somebody in the house was paying dearly to keep a secret.": ["Paying Dearly for a Secret"],
    "One of the household had been gambling heavily, and losing.": ["Gambling Losses"],
    "There was talk of a will, and of someone who had been left out of it.": ["Left Out of the Will"],
    "A jealous remark at breakfast had been heard by half the house.": ["A Jealous Remark"],
    "A bet had been struck after dinner the night before.": ["The Bet after Dinner"],
    "Somebody had been refused a loan by the master of the house only a week before.": ["The Refused Loan"],
    "It was said that one of the guests had fallen on hard times.": ["Hard Times"],
    "A grudge against the family was no secret in the servants' hall.": ["A Grudge against the Family"],
    "Somebody had been heard to say that the {object} was a fake.": ["Said to Be a Fake"],
    "There had been sharp words in the house about wages owed.": ["Wages Owed"],
    "A collector had made an offer for the {object}, and been refused.": ["The Collector's Offer"],
    "Somebody in the house said the {object} had been promised to them long ago.": ["Promised Long Ago"],
    "Someone had been overheard saying the family did not deserve its good fortune.": ["Good Fortune"],
    "A pawnbroker's ticket had been found in the hall the week before, and nobody claimed it.":
        ["The Pawnbroker's Ticket"],
    "There had been sharp words about an unpaid bill from the tailor.": ["The Tailor's Bill"],
    "Somebody had been made a laughing-stock at the last dinner party.": ["The Laughing-Stock"],
    "A letter demanding money had arrived for one of the household.": ["The Letter Demanding Money"],
    "Somebody had lost a great deal when the bank failed in the spring.": ["When the Bank Failed"],
}


# the motive word each murder set-up tells, for a setting whose suspects' motives are facts of
# the night (the mansion's `motive: greed | revenge | jealousy`): a story must not set up a
# grudge over a murderer whose motive the page then proves was greed. A set-up of none of these
# (a secret kept, a report feared) is told only where no motive is a fact.
MOTIVE_WORDS: dict[str, str] = {setup: word for word, setups in {
    "greed": ["Money had been lent and not repaid, and the victim had begun to ask for it back.",
              "A new will had been drawn up that week, and someone had been cut out of it.",
              "A large policy on the victim's life had been taken out that spring.",
              "The victim had been asking awkward questions about the accounts.",
              "The victim was to give evidence in a lawsuit that had dragged on for years.",
              "A debt of honour from the war had never been settled.",
              "The victim had refused a loan to someone in the house who badly needed one.",
              "A rich aunt had left a fortune, and the victim stood next in line for it.",
              "The victim had discovered that money was missing from the family trust.",
              "A partnership with the victim was about to be dissolved, at a heavy cost to one side."],
    "revenge": ["An old quarrel between the victim and one of the guests had flared up again.",
                "Someone in the house had been blackmailed for months.",
                "The victim had ruined somebody's business years before.",
                "A quarrel at the card table had ended with a threat.",
                "The victim had stood in the way of somebody's advancement for years.",
                "An old scandal had been raked up at lunch, and someone had left the table.",
                "A family heirloom had changed hands under a cloud, and not everyone accepted it.",
                "The victim had once sent somebody in the house to prison on a false charge.",
                "Years ago the victim had jilted someone at the altar.",
                "The victim had laughed at somebody's ruin in front of the whole county."],
    "jealousy": ["Jealousy had been simmering in the house all week.",
                 "There was an engagement in the house that somebody badly wanted broken off.",
                 "Somebody in the house could not bear all the attention the victim was getting.",
                 "The victim had taken up with someone else's sweetheart.",
                 "Someone in the house had been outshone by the victim all season.",
                 "A letter of admiration addressed to the victim had been found torn in half.",
                 "The victim had been given the part in the play that somebody wanted more than anything.",
                 "The victim's portrait had been hung in the place of honour, over somebody's objections.",
                 "An old friendship in the house had soured into envy.",
                 "Somebody had been heard to say that the victim had everything and deserved none of it."],
}.items() for setup in setups}


def of_motive(setups: list[str], motive: str | None) -> list[str]:
    """The set-ups that tell `motive` (a fact of the night), or all of them when none is given
    or none tells it (a setting's own motive words)."""
    return [s for s in setups if MOTIVE_WORDS.get(s) == motive] or setups if motive else setups


# a hand-written story's motive, by what it names; the first that matches is its why
THEMES: list[tuple[re.Pattern[str], str]] = [(re.compile(p, re.I), why) for p, why in [
    (r"\bblackmail", "{who} was the one being blackmailed, and it had to stop."),
    (r"\bsecrets?\b", "{who} had a secret to keep, and this was the price of keeping it."),
    (r"\b(new will|the will|inherit\w*|heirs?)\b", "{who} had everything to gain from the will."),
    (r"\b(the sale|be sold|to sell)\b", "{who} wanted the sale stopped, whatever it took."),
    (r"\b(debts?|money|rents?|wages|loan)\b", "Money was at the bottom of it: {who} could not afford to wait."),
    (r"\b(grudges?|quarrel\w*|feuds?|slight\w*)\b", "{who} had not forgotten the quarrel, and this was the answer to it."),
    (r"\b(jealous\w*|envy|envied)\b", "{who} was eaten up by jealousy."),
    (r"\b(rivals?|rivalry|prizes?|rosettes?|judges?|competition)\b",
     "{who} could not bear to see another take the prize."),
    (r"\bwagers?\b", "{who} had a wager riding on it."),
]]


def setup_pattern(setup: str) -> re.Pattern[str]:
    """A set-up as it reads once filled ({object} stands for any words)."""
    parts = re.split(r"\{\w+\}", setup)
    return re.compile(r".+?".join(re.escape(p) for p in parts), re.I)


_PATTERNS = [(setup_pattern(s), why) for pairs in SETUPS.values() for s, why in pairs]


def setup_why(story: str) -> str | None:
    """The why of the set-up sentence a generated story tells (SETUPS), else None."""
    flat = " ".join(story.split())
    return next((why for pattern, why in _PATTERNS if pattern.search(flat)), None)


def theme_why(story: str) -> str | None:
    """The why of the motive a hand-written story names (THEMES), else None."""
    flat = " ".join(story.split())
    return next((why for pattern, why in THEMES if pattern.search(flat)), None)


def why_template(story: str) -> str | None:
    """The why the story sets up: its set-up sentence's own answer, else the motive the story
    names (THEMES), else None (no why is made up)."""
    return setup_why(story) or theme_why(story)
