"""``artsheets serve``: print sheets, scan photos of finished ones, settle doubts by tapping,
and keep every game in a ledger (``docs/serve.md``)."""
