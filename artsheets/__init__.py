"""artsheets: printable sheets, random fields, rules and a photo scanner for paper art games."""

__version__ = "0.1.0"
