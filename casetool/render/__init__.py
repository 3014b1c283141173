"""Rendering casebooks to HTML and PDF: Jinja2 templates laid out by WeasyPrint.

One module per job: `casebook` assembles the book from loaded files, `extras` reads what
the model leaves out (item images, attribute labels), `context` builds the template
context (with `board` for the rules page, `deductions` for "How to deduce it", `turned`
for solutions read upside down, `pieces` and `plan` for a board's print-and-play pieces,
`fill` for ruled note space), `verify` proves the laid-out book's page references and
spreads, and `pipeline` runs them in order. What the casebook shares with the decoders
(paper, the Jinja environment, the URL fetcher, PDF bytes) is in casetool.printing.
"""
