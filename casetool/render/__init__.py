"""Rendering casebooks to HTML and PDF: Jinja2 templates laid out by WeasyPrint.

One module per job: `casebook` assembles the book from loaded files, `extras` reads what
the model leaves out (item images, attribute labels), `paper` holds the print profiles,
`environment` builds the Jinja environment, `context` the template context, `fetcher`
guards every file the layout reads, `pdf` lays out and writes the PDF, `verify` proves
the page references and spreads, and `pipeline` runs them in order.
"""
