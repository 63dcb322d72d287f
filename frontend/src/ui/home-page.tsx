// The lobby: pick a game system and a table set-up, create the game, share its links.

import { useSignal, useSignalEffect } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import { ApiRequestError, createGame, listSetups, listSystems } from "../net/http-api";
import { absoluteUrl } from "../net/urls";
import type { CreatedGame, SetupPreset, SystemInfo } from "../protocol/messages";
import { isObject } from "../protocol/read";
import { NewGameOptions, type W40GameOptions } from "../wh40k/new-game-options";
import { CopyLink } from "./copy-link";

const errorText = (err: unknown): string =>
  err instanceof ApiRequestError ? err.message : "The server could not be reached.";

/** The seat count a system suggests (its default, else its minimum). */
export const defaultSeats = (info: SystemInfo | undefined): number =>
  info?.seats?.default ?? info?.seats?.min ?? 2;

/** The seat count to show for a system: what the user last chose for it, else its default. */
export const seatsFor = (info: SystemInfo | undefined, chosen: Readonly<Record<string, string>>): string =>
  (info && chosen[info.name]) ?? String(defaultSeats(info));

/** Whether a preset's title already gives the table's size ('Empty table, 60"×44"'). */
export const namesSize = (title: string, w: number, d: number): boolean =>
  new RegExp(`(^|[^0-9.])${w}\\s*(["″]|in\\b)?\\s*[×x]\\s*${d}([^0-9.]|$)`).test(title);

/** "60 × 44 in · 3 terrain pieces · 2 units, 10 models", read defensively from a preset; the
 * size is left out when the preset's `title` already gives it (the lobby says it once). */
export function describeSetup(setup: Record<string, unknown>, title = ""): string {
  const count = (key: string) => (Array.isArray(setup[key]) ? (setup[key] as unknown[]).length : 0);
  const table = isObject(setup["table"]) ? setup["table"] : {};
  const w = typeof table["width"] === "number" ? table["width"] : 60;
  const d = typeof table["depth"] === "number" ? table["depth"] : 44;
  const parts = namesSize(title, w, d) ? [] : [`${w} × ${d} in`];
  if (count("terrain") > 0) parts.push(`${count("terrain")} terrain pieces`);
  if (count("units") > 0) parts.push(`${count("units")} units, ${count("models")} models`);
  return parts.join(" · ");
}

/** Whether a preset puts models on the table (the Demo does; the empty table does not). */
export const hasModels = (preset: SetupPreset): boolean =>
  Array.isArray(preset.setup["models"]) && preset.setup["models"].length > 0;

/** The presets in the lobby's order: tables with models first, so that Create game with
 * nothing changed makes a game with something to do (audit s16 C #1); bare tables last. */
export const lobbyOrder = (list: readonly SetupPreset[]): SetupPreset[] =>
  [...list].sort((a, b) => Number(hasModels(b)) - Number(hasModels(a)));

/** The preset to show chosen: the one chosen for the last system when this system has it too,
 * else the first in the lobby's order. */
export const initialSetup = (list: readonly SetupPreset[], kept: string): string =>
  (list.find((s) => s.id === kept) ?? lobbyOrder(list)[0])?.id ?? "";

/** What a preset is for, when its title does not say: a table with no models is a dead end in
 * the browser (a table system's only command moves models that are there). */
export const setupNote = (preset: SetupPreset): string | null =>
  hasModels(preset)
    ? null
    : "No models, and none can be added in the browser: a bare table for trying the tools, or " +
      "for API clients that create a game with their own set-up (POST /api/games).";

/** Combat teams each player commands in Space Hulk: Death Angel, by the number of players
 * (digest §3.2; the server's setup.PICKS_PER_PLAYER). */
const DA_TEAMS: Readonly<Record<number, number>> = { 1: 3, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1 };

/** What a seat means for this system, when that needs saying (QA s14: a seat count alone does
 * not tell a Death Angel newcomer it is cooperative, nor how many teams each one plays). */
export function seatHint(system: string, seats: number): string | null {
  if (system !== "death-angel") return null;
  const teams = DA_TEAMS[seats];
  const count = `${teams} combat ${teams === 1 ? "team" : "teams"}`;
  // The server deals the teams in the pack's order, clockwise from a random player (E1).
  const each =
    teams === undefined
      ? ""
      : seats === 1
        ? ` The one player commands ${count}, dealt by the server.`
        : ` With ${seats} players, each commands ${count}, dealt by the server.`;
  return `Cooperative: every seat plays together against the genestealers.${each}`;
}

export function HomePage() {
  const systems = useSignal<SystemInfo[] | null>(null);
  const system = useSignal<string>("");
  const setups = useSignal<SetupPreset[] | null>(null);
  const setupId = useSignal<string>("");
  const seats = useSignal<number>(2);
  /** What the seats field holds; a number outside the range is said, not silently changed. */
  const seatsText = useSignal<string>("2");
  const busy = useSignal(false);
  const error = useSignal<string | null>(null);
  const created = useSignal<CreatedGame | null>(null);
  const pack = useSignal<{ name: string; data: Record<string, unknown> } | null>(null);
  const w40 = useSignal<W40GameOptions | null>(null);

  /** The seat count typed for each system, kept while the user looks at other systems. */
  const chosenSeats = useSignal<Record<string, string>>({});

  const chooseSystem = (name: string, list: SystemInfo[] | null) => {
    system.value = name;
    seatsText.value = seatsFor(list?.find((s) => s.name === name), chosenSeats.peek());
    const n = Number(seatsText.value);
    seats.value = Number.isInteger(n) ? n : defaultSeats(list?.find((s) => s.name === name));
  };

  useSignalEffect(() => {
    listSystems()
      .then((list) => {
        systems.value = list;
        // The free table first, as before other systems were listed (alphabetically) ahead of it.
        const first = list.find((s) => s.name === "sandbox") ?? list[0];
        if (first) chooseSystem(first.name, list);
      })
      .catch((err: unknown) => (error.value = errorText(err)));
  });

  useSignalEffect(() => {
    const name = system.value;
    if (!name) return;
    setups.value = null;
    listSetups(name)
      .then((list) => {
        if (system.peek() !== name) return;
        setups.value = list;
        setupId.value = initialSetup(list, setupId.peek());
      })
      .catch((err: unknown) => (error.value = errorText(err)));
  });

  const info = systems.value?.find((s) => s.name === system.value);
  const seatRange = info?.seats;
  const chosen = setups.value?.find((s) => s.id === setupId.value);
  const hasTable = info?.table !== false;
  const takesPack = system.value === "death-angel";
  const isW40 = system.value === "wh40k-10e";

  const readPack = async (file: File | undefined) => {
    error.value = null;
    if (!file) {
      pack.value = null;
      return;
    }
    try {
      const data: unknown = JSON.parse(await file.text());
      if (!isObject(data)) throw new Error("not an object");
      pack.value = { name: file.name, data };
    } catch {
      pack.value = null;
      error.value = `${file.name} is not a JSON content pack.`;
    }
  };

  const create = async (e: Event) => {
    e.preventDefault();
    if (busy.value) return; // the button stays enabled (and focused) while creating
    busy.value = true;
    error.value = null;
    created.value = null; // a failed create must not leave the last game's links on show
    try {
      created.value = await createGame({
        system: system.value,
        ...(chosen ? { setup: chosen.setup } : {}),
        ...(seatRange ? { seats: seats.value } : {}),
        ...(takesPack && pack.value ? { pack: pack.value.data } : {}),
        ...(isW40 && w40.value ? w40.value : {}),
      });
    } catch (err) {
      error.value = errorText(err);
    } finally {
      busy.value = false;
    }
  };

  const game = created.value;
  const links = useRef<HTMLElement>(null);
  const linksHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!game) return;
    links.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
    // Focus follows from the Create button to the new links (audit s16 E #3), not from a field
    // the player has since moved to.
    const at = document.activeElement;
    if (at === null || at === document.body || (at instanceof HTMLElement && at.dataset["create"] !== undefined)) {
      linksHeading.current?.focus({ preventScroll: true });
    }
  }, [game?.id]);
  const seatsNumber = Number(seatsText.value);
  const seatsBad =
    seatRange !== undefined &&
    seatRange !== null &&
    !(Number.isInteger(seatsNumber) && seatsNumber >= seatRange.min && seatsNumber <= seatRange.max);
  return (
    <main class="home">
      <header class="home__header">
        <h1>Vantage</h1>
        <p>A refereed tabletop for miniature wargames. Set up a table and send each player their link.</p>
        <p class="home__help" data-testid="home-help">
          In every game, the <kbd>?</kbd> button in the top bar, or the <kbd>?</kbd> key, lists its
          controls and what the referee decides: moving, turning and the tools at a table; planned
          moves, badges and the timeline in 10th edition; the cards and choosing in Death Angel.
        </p>
      </header>

      <form class="card" onSubmit={create}>
        <h2>New game</h2>
        <label class="field">
          <span>Game system</span>
          <select
            name="system"
            value={system.value}
            disabled={!systems.value}
            onChange={(e) => chooseSystem(e.currentTarget.value, systems.value)}
          >
            {systems.value?.map((s) => (
              <option value={s.name} key={s.name}>
                {s.title || s.name}
              </option>
            ))}
          </select>
        </label>

        {seatRange && (
          <label class="field">
            <span>
              Seats ({seatRange.min}–{seatRange.max})
            </span>
            <input
              name="seats"
              type="number"
              min={seatRange.min}
              max={seatRange.max}
              value={seatsText.value}
              aria-invalid={seatsBad}
              onInput={(e) => {
                seatsText.value = e.currentTarget.value;
                chosenSeats.value = { ...chosenSeats.peek(), [system.peek()]: e.currentTarget.value };
                const n = Number(e.currentTarget.value);
                if (Number.isInteger(n)) seats.value = n;
              }}
            />
            {seatsBad && (
              <span class="error" data-testid="seats-error">
                A whole number from {seatRange.min} to {seatRange.max}
              </span>
            )}
            {!seatsBad && seatHint(system.value, seats.value) && (
              <span class="muted" data-testid="seats-hint">
                {seatHint(system.value, seats.value)}
              </span>
            )}
          </label>
        )}

        {takesPack && (
          <label class="field">
            <span>Content pack (optional; the demo pack otherwise)</span>
            <input
              name="pack"
              type="file"
              accept=".json,application/json"
              onChange={(e) => void readPack(e.currentTarget.files?.[0])}
            />
          </label>
        )}

        {isW40 && <NewGameOptions value={w40} />}

        {hasTable && !isW40 && (
          <fieldset class="field setups">
            <legend>Table set-up</legend>
            {setups.value === null && <p class="muted">Loading set-ups…</p>}
            {setups.value && lobbyOrder(setups.value).map((s) => (
              <label class={`setup ${s.id === setupId.value ? "setup--chosen" : ""}`} key={s.id}>
                <input
                  type="radio"
                  name="setup"
                  value={s.id}
                  checked={s.id === setupId.value}
                  onChange={() => (setupId.value = s.id)}
                />
                <span class="setup__title">{s.title || s.id}</span>
                {describeSetup(s.setup, s.title) && <span class="setup__summary">{describeSetup(s.setup, s.title)}</span>}
                {setupNote(s) && (
                  <span class="setup__summary" style={{ gridColumn: 2 }} data-testid="setup-note">
                    {setupNote(s)}
                  </span>
                )}
              </label>
            ))}
          </fieldset>
        )}

        {/* Not disabled while creating: a disabled button drops focus to the page (audit s16 E #3). */}
        <button
          type="submit"
          class="button button--primary"
          data-create=""
          aria-disabled={busy.value ? "true" : undefined}
          disabled={!system.value || seatsBad || (isW40 && w40.value === null)}
        >
          {busy.value ? "Creating…" : "Create game"}
        </button>
        {error.value && (
          <p class="error" role="alert">
            {error.value}
          </p>
        )}
      </form>

      {game && (
        <section class="card links" aria-label="Game links" ref={links}>
          <h2 tabIndex={-1} ref={linksHeading}>
            Game <span class="mono">{game.id}</span>
          </h2>
          <p class="muted">Each link is a seat at the table. Keep your own; send the others on.</p>
          {game.seats.map((seat, i) => (
            <CopyLink
              key={seat.player}
              label={`Player ${i + 1}`}
              url={absoluteUrl(location, seat.url)}
            />
          ))}
          <CopyLink label="Spectator" url={absoluteUrl(location, game.spectator.url)} />
        </section>
      )}
    </main>
  );
}
