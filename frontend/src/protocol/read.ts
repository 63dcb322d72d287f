// Small typed readers for untrusted JSON: each checks one value and names it by path on failure.

export class DecodeError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = "DecodeError";
  }
}

export type Json = unknown;
export type JsonObject = Record<string, unknown>;

export function isObject(value: Json): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function object(value: Json, path: string): JsonObject {
  if (!isObject(value)) throw new DecodeError(path, "must be an object");
  return value;
}

export function array(value: Json, path: string): unknown[] {
  if (!Array.isArray(value)) throw new DecodeError(path, "must be an array");
  return value;
}

export function string(value: Json, path: string): string {
  if (typeof value !== "string") throw new DecodeError(path, "must be a string");
  return value;
}

export function number(value: Json, path: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new DecodeError(path, "must be a finite number");
  }
  return value;
}

export function integer(value: Json, path: string): number {
  const n = number(value, path);
  if (!Number.isInteger(n)) throw new DecodeError(path, "must be an integer");
  return n;
}

export function optional<T>(
  value: Json,
  path: string,
  read: (value: Json, path: string) => T,
  fallback: T,
): T {
  return value === undefined || value === null ? fallback : read(value, path);
}

export function list<T>(value: Json, path: string, read: (item: Json, path: string) => T): T[] {
  return array(value, path).map((item, i) => read(item, `${path}[${i}]`));
}

export function pair(value: Json, path: string): [number, number] {
  const items = array(value, path);
  if (items.length !== 2) throw new DecodeError(path, "must be a pair [x, y]");
  return [number(items[0], `${path}[0]`), number(items[1], `${path}[1]`)];
}
