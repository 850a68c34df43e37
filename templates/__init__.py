"""Data, not code: frozen standard fields and marker patterns."""
