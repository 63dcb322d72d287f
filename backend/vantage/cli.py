"""The ``vantage`` command: serve, migrate, and run scenario files."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from typing import Any

from vantage.config import Settings


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``vantage`` console script."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    from pydantic import ValidationError

    try:
        return int(args.run(args))
    except ValidationError as exc:  # a VANTAGE_* setting the server cannot run with
        print(f"invalid setting: {_setting_error(exc)}", file=sys.stderr)
        return 2


def _setting_error(exc: Any) -> str:
    """Pydantic's first complaint about the settings, as ``VANTAGE_NAME: why``."""
    err = exc.errors()[0]
    field = ".".join(str(p) for p in err.get("loc", ()))
    name = f"VANTAGE_{field.upper()}: " if field else ""
    return f"{name}{err.get('msg', 'invalid')}"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="vantage", description="Vantage tabletop server")
    sub = parser.add_subparsers()
    serve = sub.add_parser("serve", help="run the server")
    serve.add_argument("--host", default=None, help="interface (default VANTAGE_HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default VANTAGE_PORT or 8000)")
    serve.add_argument(
        "--demo",
        action="store_true",
        help="create a demo game (10th edition, the two demo armies) and print its links",
    )
    serve.set_defaults(run=_serve)
    migrate = sub.add_parser("migrate", help="apply database migrations")
    migrate.set_defaults(run=_migrate)
    scenario = sub.add_parser("scenario", help="scenario files").add_subparsers()
    run = scenario.add_parser("run", help="answer a scenario file's queries")
    run.add_argument("file")
    run.set_defaults(run=_scenario_run)
    verify = sub.add_parser("verify", help="check an exported game's dice and log")
    verify.add_argument("file")
    verify.set_defaults(run=_verify)
    return parser


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from vantage.api.app import create_app
    from vantage.api.ws_protocol import WebSocketProtocol

    settings = Settings()
    behind = _not_migrated(settings.database_url)
    if behind:
        print(behind, file=sys.stderr)
        return 1
    host = args.host or settings.host
    port = args.port or settings.port
    settings = settings.model_copy(update={"host": host, "port": port})
    if args.demo:
        from vantage.app.demo import announce_demo_game

        asyncio.run(announce_demo_game(settings))
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws=WebSocketProtocol,
        ws_max_size=4 * 1024 * 1024,
        log_level="info",
    )
    return 0


def _not_migrated(url: str) -> str | None:
    """Why the server cannot start on this database (``vantage migrate`` first), if so."""
    from sqlalchemy.exc import SQLAlchemyError

    from vantage.store.migrate import revisions

    try:
        current, head = revisions(url)
    except SQLAlchemyError as exc:
        return f"cannot open the database: {type(exc).__name__}: {str(exc).splitlines()[0]}"
    if current == head:
        return None
    state = "has no tables yet" if current is None else f"is at revision {current}, not {head}"
    return f"the database {state}: run `vantage migrate` first"


def _migrate(_args: argparse.Namespace) -> int:
    from vantage.store.migrate import revisions, upgrade

    url = Settings().database_url
    before, head = revisions(url)
    upgrade(url)
    if before == head:
        print(f"database is up to date (revision {head})")
    else:
        print(f"database migrated from {before or 'empty'} to revision {head}")
    return 0


def _scenario_run(args: argparse.Namespace) -> int:
    from vantage.scenario.run import run_file

    code, out, err = run_file(args.file)
    if out:
        sys.stdout.write(out if out.endswith("\n") else out + "\n")
    if err:
        sys.stderr.write(err if err.endswith("\n") else err + "\n")
    return code


def _verify(args: argparse.Namespace) -> int:
    import json

    from vantage.app.verify import verify_export

    try:
        with open(args.file, encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    except RecursionError:  # the JSON decoder recurses once per level of nesting
        print(f"cannot read {args.file}: invalid JSON: nested too deeply", file=sys.stderr)
        return 2
    if not isinstance(doc, dict):
        print(f"{args.file}: not a Vantage game export", file=sys.stderr)
        return 2
    verdict = verify_export(doc)
    if verdict.ok:
        print(f"OK: {verdict.checked} events re-derived and re-decided from the revealed seed")
        return 0
    if verdict.malformed:  # not an export's shape: the first bad field by its JSON path
        print(" ".join(verdict.problem.split()), file=sys.stderr)
        return 2
    print(f"FAILED: {verdict.problem}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
