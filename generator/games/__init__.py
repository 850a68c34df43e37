"""One module per game: field builders and sheet composition."""
