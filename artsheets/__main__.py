from artsheets.cli import main

raise SystemExit(main())
