"""Space Hulk: Death Angel in real browsers: two players play rounds through the UI, a spectator
watches, and nobody receives a card identity they may not see."""

from __future__ import annotations

import contextlib
import copy
import json
import re
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import VIEWPORT
from tests.support.client import create_game
from tests.support.server import LiveServer
from vantage.rules.death_angel.bot import has_target
from vantage.rules.death_angel.content import demo_pack, demo_pack_json
from vantage.rules.death_angel.pack import index

pytestmark = pytest.mark.browser

WAIT_MS = 15_000
ROUNDS = 3
MAX_ROUNDS = 6
# Attack whenever allowed (every other round), so that attacks and their dice happen.
PREFERENCE = ["attack", "move_activate", "support"]
BUDGET_S = 35.0
# New games to deal until one opens with a swarm in a marine's sight (about 4 in 5 do).
DEALS = 12
# Where the log records a deck's or pile's order, which nobody may learn.
SECRET_ORDERS = {
    "setup_dealt": ("location_deck", "genestealer_deck", "event_deck"),
    "blips_dealt": ("left", "right"),
    "deck_shuffled": ("order",),
}
IDLE = "window.__vantage?.ready === true && window.__vantage.idle === true"


class Watched:
    """A page plus every websocket frame and game HTTP answer it received, in order."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.received: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("websocket", self._socket)
        page.on("response", self._response)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.received.append(_text(payload)))

    def _response(self, response: Any) -> None:
        if "/api/games/" in response.url:
            with contextlib.suppress(Exception):
                self.received.append(response.text())

    def messages(self) -> Iterator[dict[str, Any]]:
        """Every JSON message and HTTP answer, except the public card data: the pack answer, and
        the demo pack an export's set-up holds (stored with each new game, rules decision E16)."""
        for text in self.received:
            try:
                msg = json.loads(text)
            except ValueError:
                continue
            if isinstance(msg, dict) and msg.get("type") == "answer":
                continue
            if isinstance(msg, dict) and isinstance(msg.get("setup"), dict):
                msg = {**msg, "setup": {k: v for k, v in msg["setup"].items() if k != "pack"}}
            yield msg


def _text(payload: Any) -> str:
    return payload if isinstance(payload, str) else bytes(payload).decode()


@pytest.fixture
def open_game(chromium: Any) -> Iterator[Callable[..., Watched]]:
    """Open a game link in a fresh context, listening to its traffic from the first byte."""
    contexts: list[Any] = []

    def open_link(url: str, viewport: dict[str, int] = VIEWPORT) -> Watched:
        context = chromium.new_context(viewport=viewport, has_touch=viewport["width"] < 1000)
        contexts.append(context)
        watched = Watched(context.new_page())
        watched.page.set_default_timeout(WAIT_MS)
        watched.page.goto(url)
        watched.page.wait_for_function(IDLE, timeout=WAIT_MS)
        return watched

    yield open_link
    for context in contexts:
        context.close()


def hook(page: Any, name: str) -> Any:
    return page.evaluate(f"window.__vantage.{name}")


def wait_idle(*pages: Any) -> None:
    for page in pages:
        page.wait_for_function(IDLE, timeout=WAIT_MS)


def wait_synced(actor: Any, pages: list[Any]) -> None:
    """Every page shows at least the version the acting page reached, settled."""
    wait_idle(actor)
    v = hook(actor, "v")
    for page in pages:
        page.wait_for_function(f"({IDLE}) && window.__vantage.v >= {v}", timeout=WAIT_MS)


def act(page: Any, pending: dict[str, Any], flipped: set[str]) -> str:
    """Answer this player's prompt by clicking, as a person would; returns what was done."""
    kind, options = pending["kind"], pending["options"]
    if kind == "select_actions":
        hand = hook(page, "state")["hand"]
        assert_dimmed_cards_say_why(page, hand, options)
        kinds = {c["id"]: c["kind"] for c in hand}
        for team in options["teams"]:
            card = min(team["cards"], key=lambda c: PREFERENCE.index(kinds[c]))
            page.click(f'[data-testid="da-hand-{card}"]')
        page.click('[data-testid="da-confirm-select"]')
        return kind
    if kind == "give_support":
        page.click(f'[data-testid="da-marine-{options["marines"][0]}"]')
        return kind
    if kind == "move_activate" and options["flips"] and not flipped:
        marine = options["flips"][0]
        flipped.add(marine)
        # Tapping the marine shows his choices as buttons (a move is never made on one tap).
        page.click(f'[data-testid="da-marine-{marine}"]')
        if page.locator(".da-choice--all").count():
            page.click(f'button[data-cmd="flip_marine"]:has-text("{hook_name(page, marine)}")')
        return "flip_marine"
    if kind == "attack" and options["attacks"]:
        target = options["attacks"][0]
        swarm = f'[data-testid="da-swarm-{target["position"]}-{target["side"]}"] .da-swarm__head'
        page.click(swarm)
        if page.locator(".da-choice--all").count():  # several marines can hit it: pick one
            page.click('button[data-cmd="attack"]')
        return "attack"
    if kind == "choose_kill":
        page.click(f'[data-testid="da-gs-{options["cards"][0]}"]')
        return kind
    if kind == "choose_instinct":
        page.click(f'[data-testid="da-marine-{options["marines"][0]}"]')
        return kind
    for cmd in ("reroll", "choose_blip_side", "allocate_spawn", "end_action"):
        button = page.locator(f'button[data-cmd="{cmd}"]')
        if button.count():
            button.first.click()
            return cmd
    raise AssertionError(f"no way to answer {kind}: {options}")


def assert_dimmed_cards_say_why(
    page: Any, hand: list[dict[str, Any]], options: dict[str, Any]
) -> None:
    """A hand card that cannot be chosen now is dimmed yet takes focus (a tap reads it whole):
    it is aria-disabled and its description says why; a card that can be chosen is neither."""
    allowed = {c for team in options["teams"] for c in team["cards"]}
    shown = page.evaluate(
        """ids => ids.map((id) => {
            const b = document.querySelector(`[data-testid="da-hand-${id}"]`);
            const said = (b.getAttribute("aria-describedby") || "").split(" ").filter(Boolean)
                .map((i) => document.getElementById(i)?.textContent ?? "").join(" ");
            const dimmed = b.classList.contains("da-action--off");
            return [id, b.getAttribute("aria-disabled"), said, dimmed];
        })""",
        [c["id"] for c in hand],
    )
    for card, disabled, said, dimmed in shown:
        if card in allowed:
            assert disabled is None and not dimmed, (card, disabled, said)
        else:
            assert disabled == "true" and dimmed, (card, disabled, said)
            assert re.search("played last round|not allowed now", said), (card, said)


def hook_name(page: Any, marine: str) -> str:
    for row in hook(page, "state")["formation"]:
        if row["marine"]["id"] == marine:
            name: str = row["marine"]["name"]
            return name
    return marine


def raw_ids() -> re.Pattern[str]:
    """Any id of the demo pack (marines, teams, cards, terrain, places, events, genestealer cards
    and types) as a whole word: players read names, so no prompt or log line may show one."""
    pack = demo_pack()
    ix = index(pack)
    ids = {*ix.marines, *ix.teams, *ix.actions, *ix.terrain, *ix.places, *ix.events, *ix.gs_types}
    ids |= {g.type for g in pack.genestealers}
    words = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{words})(?![\w-])")


def assert_no_raw_ids(texts: list[str], where: str) -> None:
    pattern = raw_ids()
    shown = [(m.group(0), t) for t in texts for m in [pattern.search(t)] if m]
    assert not shown, f"{where} shows raw ids: {shown[:3]}"


# ---- The server's truth, from its own database and rules ------------------------------------


def server_truth(db: Path, game_id: str) -> dict[str, Any]:
    """Replay the game's log with the server's rules: what is hidden now, what was ever public."""
    from vantage.rules.death_angel import views
    from vantage.rules.death_angel.ruleset import DeathAngelRuleset

    rules = DeathAngelRuleset()
    with sqlite3.connect(db) as conn:
        (setup,) = conn.execute("SELECT setup FROM games WHERE id = ?", (game_id,)).fetchone()
        rows = conn.execute(
            "SELECT payload FROM game_events WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
    state = rules.initial_state(rules.parse_setup(json.loads(setup)))
    public: set[str] = set()
    selections: list[dict[str, Any]] = []
    orders: list[list[str]] = []
    secret_until: list[int] = []
    """For each order, the first version at which fewer than two of its cards are still hidden:
    from then on the order tells nothing (the cards are face up, e.g. a discarded blip pile)."""
    for v, (payload,) in enumerate(rows, start=1):
        raw = json.loads(payload) if isinstance(payload, str) else payload
        event = rules.events.decode(raw)
        state = rules.evolve(state, event)
        hidden = {
            *state.blips["L"],
            *state.blips["R"],
            *state.gs_deck,
            *state.event_deck,
            *state.location_deck,
        }
        for i, order in enumerate(orders):
            if secret_until[i] == 0 and len(hidden.intersection(order)) < 2:
                secret_until[i] = v
        public |= _strings(views.redact(event, None))
        # A mid-batch state may have no well-formed prompt; the settled ones count.
        with contextlib.suppress(Exception):
            public |= _strings(views.project(state, None))
        if raw["type"] == "actions_selected":
            selections.append(
                {"player": raw["player"], "cards": raw["cards"], "round": state.round}
            )
        for key in SECRET_ORDERS.get(raw["type"], ()):
            if len(raw[key]) > 1:
                orders.append(raw[key])
                secret_until.append(0)
    p1_teams = [t for t, p in state.teams.items() if p == "p1"]
    hidden_now = {
        *state.blips["L"],
        *state.blips["R"],
        *state.gs_deck,
        *state.event_deck,
        *state.location_deck,
        *(c for t in p1_teams for c in state.hands.get(t, ())),
    }
    return {
        "never_public": hidden_now - public,
        "selections": selections,
        "orders": orders,
        "secret_until": [u or len(rows) + 1 for u in secret_until],
    }


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _lists(value: Any) -> Iterator[list[Any]]:
    if isinstance(value, dict):
        for v in value.values():
            yield from _lists(v)
    elif isinstance(value, list):
        yield value
        for v in value:
            yield from _lists(v)


def _before_reveal(msg: dict[str, Any]) -> bool:
    """An event, or a state still in action selection (a late HTTP answer may show the reveal)."""
    state = msg.get("state")
    return not isinstance(state, dict) or state.get("phase") == "select"


def assert_no_leak(watcher: Watched, truth: dict[str, Any], who: str) -> None:
    """Nothing hidden from this viewer reached it: no hidden card, deck order or early choice."""
    texts = [json.dumps(m) for m in watcher.messages()]
    for card in truth["never_public"]:
        leaked = [t[:200] for t in texts if f'"{card}"' in t]
        assert not leaked, f"{who} received hidden card {card}: {leaked[:2]}"
    for msg in watcher.messages():
        v = msg.get("v") if isinstance(msg.get("v"), int) else 0
        for found in _lists(msg):
            for order, until in zip(truth["orders"], truth["secret_until"], strict=True):
                assert not (found == order and v < until), f"{who} received a deck order: {found}"
        state = msg.get("state") if isinstance(msg.get("state"), dict) else None
        if state is not None and state.get("system") == "death-angel":
            mine = {t["id"] for t in state["teams"] if t["player"] == state["viewer"]}
            assert all(card["team"] in mine for card in state["hand"]), f"{who} got another hand"
            for team in state["teams"]:
                if team["player"] != state["viewer"] and state["phase"] == "select":
                    assert team["chosen"] is None, f"{who} saw {team['id']}'s choice early"
    # Player 1's choice of round r never reaches the others between round r's start and the reveal.
    before_reveal: dict[int, list[str]] = {}
    current: int | None = None
    for msg in watcher.messages():
        e = msg.get("e") if msg.get("type") == "event" else None
        kind = e.get("type") if isinstance(e, dict) else None
        if kind == "round_started" and isinstance(e, dict):
            current = int(e["round"])
            before_reveal[current] = []
        elif kind == "actions_revealed":
            current = None
        elif current is not None and _before_reveal(msg):
            before_reveal[current].append(json.dumps(msg))
    checked = 0
    for sel in truth["selections"]:
        if sel["player"] != "p1" or sel["round"] not in before_reveal:
            continue
        for card in sel["cards"]:
            checked += 1
            early = [t[:200] for t in before_reveal[sel["round"]] if f'"{card}"' in t]
            assert not early, f"{who} saw p1's {card} before the reveal: {early[:1]}"
    assert checked > 0


def _spectator_view(server: LiveServer, game: dict[str, Any]) -> dict[str, Any]:
    answer = httpx.get(
        f"{server.base}/api/games/{game['id']}",
        params={"token": game["spectator"]["token"]},
        timeout=10,
    )
    view: dict[str, Any] = answer.json()["state"]
    return view


def game_with_a_target(server: LiveServer) -> dict[str, Any]:
    """A new game whose opening deal puts a swarm in some marine's sight, so that round 1 has an
    attack: otherwise the first attack may come only in round 5, past the time budget."""
    for _ in range(DEALS):
        game = create_game(server, {"system": "death-angel", "seats": 2})
        view = _spectator_view(server, game)
        if any(has_target(view, row["marine"]["id"]) for row in view["formation"]):
            return game
    raise AssertionError(f"none of {DEALS} deals opened with a target")


# ---- The test ---------------------------------------------------------------------------------


def test_two_players_play_rounds_and_the_spectator_sees_no_secret(
    server: LiveServer, open_game: Callable[..., Watched], shots: Path, tmp_path: Path
) -> None:
    started = time.monotonic()
    game = game_with_a_target(server)
    assert len(game["seats"]) == 2
    p1 = open_game(game["seats"][0]["url"])
    p2 = open_game(game["seats"][1]["url"], {"width": 768, "height": 1024})
    spectator = open_game(game["spectator"]["url"])
    players = {"p1": p1.page, "p2": p2.page}
    everyone = [p1.page, p2.page, spectator.page]

    # Cards on a table, not the miniatures board; the spectator has no hand and no options.
    for page in everyone:
        assert page.locator(".board").count() == 0
        assert page.locator('[data-testid="da-formation"] .da-marine').count() == 8
    assert spectator.page.locator('[data-testid="da-hand"]').count() == 0
    assert hook(spectator.page, "state")["hand"] == []
    assert hook(spectator.page, "pending")["options"] is None
    assert hook(p1.page, "viewer") == {"player": "p1", "role": "player"}
    assert p1.page.locator('[data-testid^="da-hand-"]').count() == len(
        hook(p1.page, "state")["hand"]
    )
    # each hand card names its team in words (not only by its stripe's colour)
    teams = {t["id"]: t["name"] for t in hook(p1.page, "state")["teams"]}
    for card in hook(p1.page, "state")["hand"]:
        face = p1.page.get_by_test_id(f"da-hand-{card['id']}").locator(".da-action__team")
        assert face.inner_text() == teams[card["team"]]

    done: list[str] = []
    prompts: list[str] = []
    flipped: set[str] = set()
    shot_mid_round = False
    while time.monotonic() - started < BUDGET_S:
        state = hook(p1.page, "state")
        enough = state["round"] > ROUNDS and "attack" in done
        if state["outcome"] or enough or state["round"] > MAX_ROUNDS:
            break
        pending = state["pending"]
        waiting = pending["info"].get("waiting") if pending["kind"] == "select_actions" else None
        actor = (waiting or pending["players"])[0]
        page = players[actor]
        mine = hook(page, "pending")
        v = hook(page, "v")
        if mine["kind"] != "select_actions" and not shot_mid_round and actor == "p1":
            p1.page.screenshot(path=str(shots / "da-player1-mid-round.png"))
            spectator.page.screenshot(path=str(shots / "da-spectator-mid-round.png"))
            shot_mid_round = True
        prompts.append(page.inner_text('[data-testid="da-prompt"]'))
        done.append(act(page, mine, flipped))
        page.wait_for_function(
            "v => window.__vantage.v > v || window.__vantage.lastRejection !== null",
            arg=v,
            timeout=WAIT_MS,
        )
        assert hook(page, "lastRejection") is None, hook(page, "lastRejection")
        wait_synced(page, everyone)

    final = hook(p1.page, "state")
    assert final["round"] > ROUNDS or final["outcome"], f"only reached round {final['round']}"
    assert {"select_actions", "attack"} <= set(done), done
    wait_idle(*everyone)
    assert hook(spectator.page, "v") == hook(p1.page, "v") == hook(p2.page, "v")

    # The log tells every step; dice are drawn as faces.
    for page in everyone:
        log = page.inner_text('[data-testid="da-log"]')
        assert "Revealed, in initiative order" in log
        assert "Round 2: choose action cards." in log
    dice = spectator.page.locator('[data-testid="da-log"] [data-testid="da-die"]')
    assert dice.count() >= 1
    # Prompts, their choices and the log name marines, cards and terrain, never by their ids.
    assert_no_raw_ids(prompts, "a prompt")
    for page in everyone:
        assert_no_raw_ids(page.locator('[data-testid="da-log"] li').all_inner_texts(), "the log")

    p2.page.screenshot(path=str(shots / "da-tablet-768x1024.png"))
    spectator.page.screenshot(path=str(shots / "da-spectator.png"))
    p1.page.screenshot(path=str(shots / "da-player1.png"))

    truth = server_truth(tmp_path / "v.db", game["id"])
    assert truth["never_public"] and truth["orders"], "nothing hidden to check"
    assert_no_leak(spectator, truth, "the spectator")
    assert_no_leak(p2, truth, "player 2")
    for page in everyone:
        assert page.locator(".toast").count() == 0
    for watched in (p1, p2, spectator):
        assert watched.errors == []


def test_home_page_creates_a_death_angel_game_for_three(server: LiveServer, chromium: Any) -> None:
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{server.base}/")
        page.select_option('select[name="system"]', "death-angel")
        seats = page.locator('input[name="seats"]')
        assert seats.input_value() == "2"
        assert seats.get_attribute("max") == "6"
        create = page.get_by_role("button", name="Create game")
        for wrong in ("7", "0", "2.5"):  # said, and nothing is created, never silently changed
            seats.fill(wrong)
            assert page.get_by_test_id("seats-error").inner_text() == "A whole number from 1 to 6"
            assert create.is_disabled()
        seats.fill("3")
        assert page.get_by_test_id("seats-error").count() == 0
        create.click()
        links = page.locator(".links .copy-link__url")
        links.first.wait_for(timeout=WAIT_MS)
        urls = links.all_inner_texts()
        assert len(urls) == 4  # three seats and the spectator
        page.goto(urls[2])
        page.wait_for_function(IDLE, timeout=WAIT_MS)
        assert hook(page, "viewer")["player"] == "p3"
        assert page.locator('[data-testid="da-formation"] .da-marine').count() == 12
    finally:
        context.close()


@contextlib.contextmanager
def _on_phone(chromium: Any, url: str) -> Iterator[Any]:
    """A page at ``url`` on a 390 x 844 touch screen, once the game has settled."""
    phone = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = phone.new_page()
        page.goto(url)
        page.wait_for_function(IDLE, timeout=WAIT_MS)
        yield page
    finally:
        phone.close()


def test_a_phone_shows_every_swarm_whole(server: LiveServer, chromium: Any) -> None:
    """At 390 px the formation fits the width: every swarm and each of its cards is on screen
    (the swarm columns used to shrink to a few pixels and cut the right-hand ones off)."""
    for _ in range(DEALS * 2):  # a deal with swarms on both sides (most openings have them)
        game = create_game(server, {"system": "death-angel", "seats": 2})
        rows = _spectator_view(server, game)["formation"]
        if {s["side"] for row in rows for s in row["swarms"]} == {"L", "R"}:
            break
    else:
        raise AssertionError("no deal opened with swarms on both sides")
    with _on_phone(chromium, game["seats"][0]["url"]) as page:
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('.da-swarm, .da-gs')].map((e) => {
                const r = e.getBoundingClientRect();
                return [e.className, r.left, r.right, r.width];
            })"""
        )
        assert any("da-gs" in name for name, *_ in boxes)
        for name, left, right, width in boxes:
            assert left >= 0 and right <= 390 and width >= 24, (name, left, right, width)


def _game_with_terrain_text(server: LiveServer) -> tuple[dict[str, Any], dict[str, Any]]:
    """A new game with a terrain card that has an ability (most openings have one)."""
    for _ in range(DEALS * 2):
        game = create_game(server, {"system": "death-angel", "seats": 2})
        rows = _spectator_view(server, game)["formation"]
        for row in rows:
            for terrain in row["terrain"]:
                if terrain["activatable"] and terrain["text"]:
                    return game, terrain
    raise AssertionError("no deal opened with a terrain card that has an ability")


def _sheet_box(page: Any) -> dict[str, float]:
    sheet = page.get_by_test_id("da-terrain-sheet")
    sheet.wait_for(state="visible")
    box: dict[str, float] = sheet.bounding_box()
    return box


def test_a_phone_reads_a_terrain_card_whole(server: LiveServer, chromium: Any, shots: Path) -> None:
    """At 390 px a terrain card's text is cut on the table; a tap opens it whole in a sheet the
    width of the screen (it used to open in the card's own narrow column). On a desktop the
    same tap opens a card-sized box over the table and the table's layout does not move."""
    game, terrain = _game_with_terrain_text(server)
    words = re.sub(r"^ACTIVATE:\s*", "", terrain["text"])
    card = f'[data-testid="da-terrain-{terrain["id"]}"]'
    with _on_phone(chromium, game["seats"][0]["url"]) as page:
        page.locator(card).tap()
        box = _sheet_box(page)
        assert box["x"] == 0 and box["width"] == 390, box
        assert box["y"] >= 0 and box["y"] + box["height"] == pytest.approx(844, abs=1), box
        text = page.locator('[data-testid="da-terrain-sheet"] .da-sheet__text')
        assert words in text.inner_text()
        assert text.evaluate(
            "e => e.scrollHeight <= e.clientHeight && e.scrollWidth <= e.clientWidth"
        )
        assert terrain["name"] in page.get_by_test_id("da-terrain-sheet").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(shots / "da-phone-terrain-sheet.png"))
        page.get_by_role("button", name="Close").tap()
        page.get_by_test_id("da-terrain-sheet").wait_for(state="detached")
    desktop = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = desktop.new_page()
        page.goto(game["seats"][0]["url"])
        page.wait_for_function(IDLE, timeout=WAIT_MS)
        before = page.locator(card).bounding_box()
        page.locator(card).click()
        box = _sheet_box(page)
        assert 300 <= box["width"] <= 450, box
        assert page.locator(card).bounding_box() == before
        page.screenshot(path=str(shots / "da-desktop-terrain-sheet.png"))
        page.keyboard.press("Escape")
        page.get_by_test_id("da-terrain-sheet").wait_for(state="detached")
    finally:
        desktop.close()


def _game_with_a_terrain_in_front(server: LiveServer) -> dict[str, Any]:
    """A new one-player game where some marine faces a terrain card with an ability, so that a
    Move + Activate card can activate it in round 1."""
    for _ in range(DEALS * 2):
        game = create_game(server, {"system": "death-angel", "seats": 1})
        for row in _spectator_view(server, game)["formation"]:
            facing = row["marine"]["facing"]
            if any(t["side"] == facing and t["activatable"] for t in row["terrain"]):
                return game
    raise AssertionError("no deal opened with a marine facing a terrain card with an ability")


def _play_to_a_terrain_choice(page: Any) -> str:
    """Choose Move + Activate for every team with the mouse and end each such action until one
    may activate a terrain card; returns that card's id."""
    for _ in range(40):
        wait_idle(page)
        pending = hook(page, "pending")
        kind, options = pending["kind"], pending["options"]
        if kind == "move_activate" and options["activations"]:
            terrain: str = options["activations"][0]["terrain"]
            return terrain
        v = hook(page, "v")
        if kind == "select_actions":
            kinds = {c["id"]: c["kind"] for c in hook(page, "state")["hand"]}
            for team in options["teams"]:
                card = min(team["cards"], key=lambda c: kinds[c] != "move_activate")
                page.click(f'[data-testid="da-hand-{card}"]')
            page.click('[data-testid="da-confirm-select"]')
        elif kind == "move_activate":
            page.click('button[data-cmd="end_action"]')
        else:
            act(page, pending, set())
        page.wait_for_function("v => window.__vantage.v > v", arg=v, timeout=WAIT_MS)
    raise AssertionError("no terrain card became a choice")


def test_a_phone_reads_a_terrain_card_before_activating_it(
    server: LiveServer, chromium: Any, shots: Path
) -> None:
    """On a touch screen a tap on a terrain card that can be activated now opens it whole, with
    an Activate button, and sends nothing (it used to activate at once, unread); the sheet's
    Activate button then activates it."""
    game = _game_with_a_terrain_in_front(server)
    with _on_phone(chromium, game["seats"][0]["url"]) as page:
        page.set_default_timeout(WAIT_MS)
        terrain_id = _play_to_a_terrain_choice(page)
        card = page.get_by_test_id(f"da-terrain-{terrain_id}")
        assert "da-hl" in (card.get_attribute("class") or "")
        v = hook(page, "v")
        card.tap()
        sheet = page.get_by_test_id("da-terrain-sheet")
        sheet.wait_for(state="visible")
        terrain = next(
            t
            for row in hook(page, "state")["formation"]
            for t in row["terrain"]
            if t["id"] == terrain_id
        )
        assert re.sub(r"^ACTIVATE:\s*", "", terrain["text"]) in sheet.inner_text()
        box = sheet.bounding_box()
        assert box["x"] == 0 and box["width"] == 390, box
        page.screenshot(path=str(shots / "da-phone-terrain-choice-sheet.png"))
        wait_idle(page)
        assert hook(page, "v") == v, "the tap sent a command"
        # Close leaves it a choice; Activate activates it.
        sheet.get_by_role("button", name="Close").tap()
        sheet.wait_for(state="detached")
        assert hook(page, "v") == v
        card.tap()
        sheet.get_by_role("button", name="Activate").tap()
        sheet.wait_for(state="detached")
        page.wait_for_function(
            "v => window.__vantage.v > v || window.__vantage.lastRejection !== null",
            arg=v,
            timeout=WAIT_MS,
        )
        assert hook(page, "lastRejection") is None, hook(page, "lastRejection")
        wait_idle(page)
        used = [
            t["activated"]
            for row in hook(page, "state")["formation"]
            for t in row["terrain"]
            if t["id"] == terrain_id
        ]
        assert used == [True], used


def test_a_phone_reads_an_action_card_whole(server: LiveServer, chromium: Any, shots: Path) -> None:
    """In the hand an action card's text is cut short (and left out once cards are chosen); on a
    touch screen a tap opens the card whole in a sheet, with a Choose button while cards are
    chosen, and chooses nothing by itself. A mouse click still chooses at once."""
    game = create_game(server, {"system": "death-angel", "seats": 1})
    with _on_phone(chromium, game["seats"][0]["url"]) as page:
        page.set_default_timeout(WAIT_MS)
        pending = hook(page, "pending")
        assert pending["kind"] == "select_actions"
        hand = {c["id"]: c for c in hook(page, "state")["hand"]}
        first, *others = pending["options"]["teams"]
        card = hand[first["cards"][0]]
        button = page.get_by_test_id(f"da-hand-{card['id']}")
        v = hook(page, "v")
        button.tap()
        sheet = page.get_by_test_id("da-action-sheet")
        sheet.wait_for(state="visible")
        text = sheet.locator(".da-sheet__text")
        assert text.inner_text() == card["text"]
        assert text.evaluate(
            "e => e.scrollHeight <= e.clientHeight && e.scrollWidth <= e.clientWidth"
        )
        box = sheet.bounding_box()
        assert box["x"] == 0 and box["width"] == 390, box
        assert box["y"] + box["height"] == pytest.approx(844, abs=1), box
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(shots / "da-phone-action-sheet.png"))
        assert button.get_attribute("aria-pressed") == "false"
        sheet.get_by_role("button", name="Choose").tap()
        sheet.wait_for(state="detached")
        assert button.get_attribute("aria-pressed") == "true"
        # A mouse click chooses at once, without the sheet.
        for team in others:
            other = page.get_by_test_id(f"da-hand-{team['cards'][0]}")
            other.click()
            assert other.get_attribute("aria-pressed") == "true"
            assert sheet.count() == 0
        assert hook(page, "v") == v, "choosing sent nothing before Confirm"
        page.click('[data-testid="da-confirm-select"]')
        page.wait_for_function("v => window.__vantage.v > v", arg=v, timeout=WAIT_MS)
        wait_idle(page)
        # Once cards are chosen the hand shows names only; a tap still reads a card whole.
        assert hook(page, "pending")["kind"] != "select_actions"
        left = hook(page, "state")["hand"][0]
        page.get_by_test_id(f"da-hand-{left['id']}").tap()
        sheet.wait_for(state="visible")
        assert sheet.locator(".da-sheet__text").inner_text() == left["text"]
        assert sheet.get_by_role("button", name="Choose").count() == 0
        sheet.get_by_role("button", name="Close").tap()
        sheet.wait_for(state="detached")


def _choose_move_activate(page: Any) -> None:
    """Choose a Move + Activate card for each of this player's teams and confirm: the first card
    to resolve then waits for its player, so the round's cards stay on show."""
    wait_idle(page)
    pending = hook(page, "pending")
    assert pending["kind"] == "select_actions", pending
    kinds = {c["id"]: c["kind"] for c in hook(page, "state")["hand"]}
    for team in pending["options"]["teams"]:
        card = min(team["cards"], key=lambda c: kinds[c] != "move_activate")
        page.get_by_test_id(f"da-hand-{card}").click()
    page.click('[data-testid="da-confirm-select"]')


def test_the_round_s_cards_in_the_squad_panel_open_whole(
    server: LiveServer, chromium: Any, shots: Path
) -> None:
    """Once the round's action cards are revealed the squad panel shows them by name only; each
    is a button that opens the card whole, read-only (Close, no Choose), in the hand's card
    sheet: so a player reads what a team-mate's card does. On a desktop by Enter, Space or a
    click, on a 390 px phone by a tap; the sheet shows the text the server holds."""
    from playwright.sync_api import expect

    game = create_game(server, {"system": "death-angel", "seats": 2})
    desktop = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        p1 = desktop.new_page()
        p1.set_default_timeout(WAIT_MS)
        p1.goto(game["seats"][0]["url"])
        p1.wait_for_function(IDLE, timeout=WAIT_MS)
        with _on_phone(chromium, game["seats"][1]["url"]) as p2:
            p2.set_default_timeout(WAIT_MS)
            for page in (p1, p2):
                _choose_move_activate(page)
            for page in (p1, p2):
                page.wait_for_function(
                    f"({IDLE}) && window.__vantage.state.resolution.order.length === 4",
                    timeout=WAIT_MS,
                )
            truth = _spectator_view(server, game)
            owner = {t["id"]: t["player"] for t in truth["teams"]}
            team_name = {t["id"]: t["name"] for t in truth["teams"]}
            order = truth["resolution"]["order"]

            def card_of(player: str) -> dict[str, Any]:
                """One of the player's cards in the order, one with text if there is one (two
                Move + Activate cards of the demo pack have none)."""
                return max(
                    (c for c in order if owner[c["team"]] == player), key=lambda c: bool(c["text"])
                )

            def sheet_text(card: dict[str, Any]) -> str:
                return str(card["text"] or "No text on this card.")

            # Player 1 reads player 2's card: a named button that opens a dialog.
            theirs = card_of("p2")
            card = p1.get_by_test_id(f"da-order-{theirs['id']}")
            assert card.evaluate("e => e.tagName") == "BUTTON"
            assert card.get_attribute("aria-haspopup") == "dialog"
            expect(card).to_have_accessible_name(
                f"{theirs['name']}, Initiative {theirs['initiative']} · Move + Activate · "
                f"{team_name[theirs['team']]}"
            )
            v = hook(p1, "v")
            sheet = p1.get_by_test_id("da-action-sheet")
            card.focus()
            p1.keyboard.press("Enter")
            sheet.wait_for(state="visible")
            assert sheet.locator(".da-sheet__title").inner_text() == theirs["name"]
            # Styled as the sheet's title, not as the squad panel's small headings around it.
            sizes = sheet.evaluate(
                """s => [".da-sheet__title", ".da-sheet__text"].map(
                    (c) => parseFloat(getComputedStyle(s.querySelector(c)).fontSize))"""
            )
            assert sizes[0] > sizes[1], sizes
            assert sheet.locator(".da-sheet__text").inner_text() == sheet_text(theirs)
            assert sheet.get_by_role("button").all_inner_texts() == ["Close"]
            p1.screenshot(path=str(shots / "da-sheet-squad-desktop.png"))
            p1.keyboard.press("Escape")
            sheet.wait_for(state="detached")
            assert p1.evaluate("document.activeElement?.dataset.testid") == card.get_attribute(
                "data-testid"
            ), "focus did not return to the card"
            p1.keyboard.press(" ")
            sheet.wait_for(state="visible")
            sheet.get_by_role("button", name="Close").click()
            sheet.wait_for(state="detached")
            card.click()
            sheet.wait_for(state="visible")
            assert sheet.locator(".da-sheet__text").inner_text() == sheet_text(theirs)
            p1.keyboard.press("Escape")
            sheet.wait_for(state="detached")
            wait_idle(p1)
            assert hook(p1, "v") == v, "reading a card sent a command"

            # Player 2, on a phone, taps player 1's card: the sheet the width of the screen.
            mine = card_of("p1")
            sheet = p2.get_by_test_id("da-action-sheet")
            p2.get_by_test_id(f"da-order-{mine['id']}").tap()
            sheet.wait_for(state="visible")
            assert sheet.locator(".da-sheet__text").inner_text() == sheet_text(mine)
            assert sheet.get_by_role("button").all_inner_texts() == ["Close"]
            box = sheet.bounding_box()
            assert box["x"] == 0 and box["width"] == 390, box
            assert p2.evaluate("document.documentElement.scrollWidth") <= 390
            p2.screenshot(path=str(shots / "da-sheet-squad-phone.png"))
            sheet.get_by_role("button", name="Close").tap()
            sheet.wait_for(state="detached")
            assert hook(p2, "v") == v
    finally:
        desktop.close()


def test_a_phone_keeps_the_prompt_in_view_below_the_table(
    server: LiveServer, chromium: Any, shots: Path
) -> None:
    """The prompt sticks to the top of the screen however far the page is scrolled: a player who
    chose his cards at the hand (below the formation) sees the next prompt there, and a player
    who confirmed may change his cards until the others have chosen (rules-decisions E2)."""
    game = create_game(server, {"system": "death-angel", "seats": 2})
    with _on_phone(chromium, game["seats"][0]["url"]) as page:
        page.set_default_timeout(WAIT_MS)
        teams = hook(page, "pending")["options"]["teams"]
        for team in teams:
            page.get_by_test_id(f"da-hand-{team['cards'][0]}").click()
        v = hook(page, "v")
        page.click('[data-testid="da-confirm-select"]')
        page.wait_for_function("v => window.__vantage.v > v", arg=v, timeout=WAIT_MS)
        wait_idle(page)
        assert page.evaluate("window.scrollY") > 300, "the hand is below the formation"
        prompt = page.get_by_test_id("da-prompt")
        box = prompt.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        assert "you may change it" in prompt.inner_text()
        # Change the first team's card and confirm again: the server keeps the new one.
        mine = hook(page, "pending")["options"]["teams"][0]
        other = next(c for c in mine["cards"] if c != mine["chosen"])
        page.get_by_test_id(f"da-hand-{other}").click()
        v = hook(page, "v")
        page.click('[data-testid="da-confirm-select"]')
        page.wait_for_function("v => window.__vantage.v > v", arg=v, timeout=WAIT_MS)
        wait_idle(page)
        assert hook(page, "lastRejection") is None
        assert hook(page, "pending")["options"]["teams"][0]["chosen"] == other
        page.screenshot(path=str(shots / "da-phone-prompt-after-choosing.png"))


def test_a_phone_s_prompt_takes_the_player_to_the_hand(
    server: LiveServer, chromium: Any, open_game: Callable[..., Watched], shots: Path
) -> None:
    """Newcomer audit s16 #16: the prompt asks for a card from the hand, which began some
    1,200 px below it on a phone; "Your hand ↓" brings it into view (and is not on a desktop,
    where the hand is docked below the table)."""
    game = create_game(server, {"system": "death-angel", "seats": 2})
    with _on_phone(chromium, game["seats"][0]["url"]) as page:
        page.set_default_timeout(WAIT_MS)
        hand = page.get_by_test_id("da-hand")
        box = hand.bounding_box()
        assert box is not None and box["y"] > 844, "the hand starts below the first screen"
        page.get_by_test_id("da-to-hand").click()
        page.wait_for_function(
            "() => { const r = document.querySelector('[data-testid=\"da-hand\"]')"
            ".getBoundingClientRect(); return r.top >= 0 && r.top < 844 / 2; }",
            timeout=WAIT_MS,
        )
        prompt = page.get_by_test_id("da-prompt").bounding_box()
        box = hand.bounding_box()
        assert (
            prompt is not None
            and box is not None
            and box["y"] >= prompt["y"] + prompt["height"] - 1
        )
        page.screenshot(path=str(shots / "da-phone-to-hand.png"))
    desktop = open_game(game["seats"][0]["url"]).page
    assert not desktop.get_by_test_id("da-to-hand").is_visible()


def test_a_phone_draws_each_terrain_card_within_itself(server: LiveServer, chromium: Any) -> None:
    """At 390 px a terrain card is narrow: its name wraps (long words break), its spawn boxes
    (up to four) fit, and no part of it is drawn outside the card (names used to be clipped
    and a card's four red boxes spilled out)."""
    game = create_game(server, {"system": "death-angel", "seats": 1})
    with _on_phone(chromium, game["seats"][0]["url"]) as page:
        cards = page.evaluate(
            """() => [...document.querySelectorAll('.da-terrain')].map((el) => {
                const r = el.getBoundingClientRect();
                const out = [...el.querySelectorAll('span')].filter((k) => {
                    const q = k.getBoundingClientRect();
                    return q.width > 0 && (q.right > r.right + 0.5 || q.left < r.left - 0.5
                        || q.bottom > r.bottom + 0.5);
                });
                const boxes = el.querySelector('.da-terrain__boxes');
                return {
                    name: el.querySelector('.da-terrain__name').textContent,
                    out: out.map((k) => k.className),
                    boxes: boxes ? boxes.textContent.length : 0,
                    nameWide: el.querySelector('.da-terrain__name').scrollWidth
                        > el.querySelector('.da-terrain__name').clientWidth + 1,
                };
            })"""
        )
    assert cards and any(c["boxes"] == 4 for c in cards), cards
    for card in cards:
        assert card["out"] == [] and not card["nameWide"], card


def test_an_empty_support_pool_asks_nothing_and_the_log_says_so(
    server: LiveServer, chromium: Any, shots: Path
) -> None:
    """Rules decisions E15, E16: in a new game (rules revision 2) a Support action with the pool
    empty asks nobody; the action finishes by itself and the log says, by the card's name, that
    no token could be placed. A pack without support tokens makes every Support action so."""
    pack = copy.deepcopy(demo_pack_json())
    pack["support_tokens"] = 0
    game = create_game(server, {"system": "death-angel", "seats": 1, "pack": pack})
    context = chromium.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(game["seats"][0]["url"])
        page.wait_for_function(IDLE, timeout=WAIT_MS)
        pending = hook(page, "pending")
        assert pending["kind"] == "select_actions", pending
        hand = {c["id"]: c for c in hook(page, "state")["hand"]}
        chosen = []
        for team in pending["options"]["teams"]:  # the Support card of each of the three teams
            card = next(c for c in team["cards"] if hand[c]["kind"] == "support")
            chosen.append(hand[card]["name"])
            page.get_by_test_id(f"da-hand-{card}").click()
        page.click('[data-testid="da-confirm-select"]')
        said = ": the support pool is empty, so no token can be placed."
        page.wait_for_function(
            """([said, n]) => [...document.querySelectorAll('[data-testid="da-log"] li')]
                .filter((li) => li.textContent.includes(said)).length >= n""",
            arg=[said, len(chosen)],
            timeout=WAIT_MS,
        )
        wait_idle(page)
        lines = page.locator('[data-testid="da-log"] li').all_inner_texts()
        assert sorted(line.strip() for line in lines if said in line) == sorted(
            f"{name}{said}" for name in chosen
        ), lines
        assert not any("no token for" in line for line in lines), lines  # nobody was asked
        assert_no_raw_ids(lines, "the log")
        assert page.get_by_test_id("da-pool").get_attribute("data-count") == "0"
        assert hook(page, "pending")["kind"] != "give_support"
        page.screenshot(path=str(shots / "da-support-pool-empty.png"))
    finally:
        context.close()
