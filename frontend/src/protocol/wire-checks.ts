// Type-level checks that the hand-written wire types agree with the ones generated from the
// server's schemas (./generated, scripts/gen_wire_types.py): `npm run typecheck` fails when
// they drift. Nothing here runs; no module imports this file.

import type * as Sandbox from "./generated/sandbox";
import type * as Shell from "./generated/shell";
import type * as W40 from "./generated/wh40k-10e";
import type * as Da from "./generated/death-angel";
import type { Command, ModelMoveTarget, ModelsMovedEvent } from "./messages";
import type { W40Command } from "../wh40k/wire";
import type { DaCommand } from "../death-angel/wire";

/** Compiles only when `T` is `true`. */
type Assert<T extends true> = T;
/** Whether every `A` is a `B` (not distributed over unions). */
type Extends<A, B> = [A] extends [B] ? true : false;
/** Whether `A` names only keys `B` has (the server refuses unknown fields). */
type NoExtraKeys<A, B> = [Exclude<keyof A, keyof B>] extends [never] ? true : false;

// Commands: everything the browser may send is something the server parses.
export type SandboxCommandOk = Assert<Extends<Command, Sandbox.Command>>;
export type SandboxMoveKeysOk = Assert<NoExtraKeys<ModelMoveTarget["to"], Sandbox.Placement>>;
export type W40CommandOk = Assert<Extends<W40Command, W40.Command | Shell.ShellCommand>>;
export type DaCommandOk = Assert<Extends<DaCommand, Da.Command>>;

// Events: everything the server encodes is something the browser reads.
export type SandboxEventOk = Assert<Extends<Sandbox.ModelsMoved, ModelsMovedEvent>>;

// The types really bind: each of these must stay an error.
export const badEmbark: W40Command = {
  type: "move",
  unit: "A",
  kind: "normal",
  // @ts-expect-error `embark` names one transport, not a map of them
  embark: {},
};
export const badKind: W40Command = {
  type: "move",
  unit: "A",
  // @ts-expect-error not a move kind the server knows
  kind: "run",
};
export const badField: DaCommand = {
  type: "attack",
  marine: "m1",
  position: 1,
  side: "L",
  // @ts-expect-error the server refuses unknown fields
  target: "g1",
};
