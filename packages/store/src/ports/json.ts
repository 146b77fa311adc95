/** A JSON scalar. */
export type JsonPrimitive = string | number | boolean | null;

/**
 * A value that survives `JSON.stringify` / `JSON.parse` unchanged. Event data, metadata,
 * read-model documents and notifier messages are all JSON so that every adapter
 * (SQLite text, KurrentDB JSON events, MongoDB BSON, NATS payloads) stores the same thing.
 * Use type aliases (e.g. `z.infer<…>`) for payload types: TypeScript interfaces lack the
 * implicit index signature and are not assignable to this type.
 */
export type JsonValue = JsonPrimitive | readonly JsonValue[] | JsonObject;

/** A JSON object. */
export type JsonObject = { readonly [key: string]: JsonValue };
