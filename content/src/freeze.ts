/** Shared content is read-only: freezing it keeps one page from changing another's. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Drops the editor-only `$schema` key of a content file and freezes what is left. */
export function contentOf<T extends object>(doc: T): Omit<T, "$schema"> {
  const { $schema: _schema, ...rest } = doc as T & { $schema?: string };
  return deepFreeze(rest);
}
