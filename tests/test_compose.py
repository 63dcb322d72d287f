"""docker-compose.yml is valid and names exactly the settings the app reads."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from vantage.config import ENV_VARS, Settings

REPO = Path(__file__).resolve().parents[1]


def _compose() -> dict[str, object]:
    data = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    assert isinstance(data, dict)
    return data


def test_compose_runs_the_app_on_postgres_with_a_volume() -> None:
    compose = _compose()
    services = compose["services"]
    assert isinstance(services, dict)
    assert {"app", "postgres"} <= set(services)
    app_env = services["app"]["environment"]
    assert app_env["VANTAGE_DATABASE_URL"].startswith("postgresql+psycopg://")
    assert "postgres" in services["app"]["depends_on"]
    assert services["postgres"]["volumes"], "the database needs a volume"
    assert "volumes" in compose


def test_compose_names_only_variables_the_app_reads() -> None:
    text = (REPO / "docker-compose.yml").read_text()
    used = set(re.findall(r"\b(VANTAGE_[A-Z_]+)\b", text))
    assert used, "compose should configure the app through VANTAGE_* variables"
    assert used <= set(ENV_VARS), used - set(ENV_VARS)
    fields = {f"VANTAGE_{name.upper()}" for name in Settings.model_fields}
    assert set(ENV_VARS) <= fields


def test_ci_runs_the_readme_test_command() -> None:
    readme = (REPO / "README.md").read_text()
    assert "make test" in readme and "make run" in readme
    assert "make test" in (REPO / ".ci" / "run").read_text()


def test_the_image_is_built_from_sources_not_the_hosts_installs() -> None:
    """Found by an audit: without a .dockerignore, ``COPY frontend/`` copied the host's
    node_modules (perhaps built for another OS) over the image's own."""
    ignored = (REPO / ".dockerignore").read_text().split()
    assert {".venv", "**/node_modules", "frontend/dist", ".git"} <= set(ignored)


def test_the_app_waits_for_a_healthy_database() -> None:
    app = _compose()["services"]["app"]  # type: ignore[index]
    assert app["depends_on"]["postgres"] == {"condition": "service_healthy"}
