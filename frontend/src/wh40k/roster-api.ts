// The lobby's army calls: the demo armies, and importing a roster file (multipart `file`,
// optional `bases` answers), per docs/army-import.md.

import { ApiRequestError } from "../net/http-api";
import { isObject } from "../protocol/read";

async function answer(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = isObject(body) && typeof body["message"] === "string" ? body["message"] : `${response.status} ${response.statusText}`;
    const code = isObject(body) && typeof body["code"] === "string" ? body["code"] : "http/error";
    throw new ApiRequestError(response.status, { code, message });
  }
  return body;
}

export async function demoArmies(): Promise<unknown[]> {
  const body = await answer(await fetch("/api/armies/demo", { headers: { Accept: "application/json" } }));
  return Array.isArray(body) ? body : [];
}

export async function importRoster(file: Blob, name: string, bases: string | null): Promise<unknown> {
  const form = new FormData();
  form.append("file", file, name);
  if (bases !== null) form.append("bases", bases);
  return answer(await fetch("/api/rosters", { method: "POST", body: form, headers: { Accept: "application/json" } }));
}
