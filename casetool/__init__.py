"""casetool: validate, prove unique and print deduction-mystery casebooks."""

__version__ = "0.1.0"
