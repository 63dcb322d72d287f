"""``python -m vantage``."""

from vantage.cli import main

raise SystemExit(main())
