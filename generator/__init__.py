"""Seeded field construction, sheet composition, the Layout model and its renderers."""
