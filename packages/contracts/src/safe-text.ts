import { z } from 'zod';

/**
 * Text PostgreSQL can store: no NUL character and no unpaired UTF-16 surrogate. Both reach the
 * server through JSON escapes (`\u0000`, `\ud800`) or a percent-encoded address (`%00`), and
 * PostgreSQL refuses them in text and JSON values.
 */
const UNSAFE_CHARACTER = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_CHARACTERS = new RegExp(UNSAFE_CHARACTER.source, 'g');

export function isSafeText(text: string): boolean {
  return !UNSAFE_CHARACTER.test(text);
}

export const SAFE_TEXT_MESSAGES = {
  unsafeText: (where = 'Text') => `${where} must not contain a NUL character (U+0000) or an unpaired surrogate (U+D800 to U+DFFF)`,
} as const;

/** `z.string(params)` that first refuses text PostgreSQL cannot store: the base of every text a client sends. */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, { error: SAFE_TEXT_MESSAGES.unsafeText(), abort: true });

/** A place in a nested value: object keys and list indexes from the outside in. */
export type ValuePath = ReadonlyArray<string | number>;

/** A value met while walking, linked to where it was found (paths are built only when needed). */
interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

function pathTo(visit: Visit): ValuePath {
  const path: Array<string | number> = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Where in `value` (a string, or objects and lists holding strings, keys included) the first text
 * PostgreSQL cannot store sits, or undefined when there is none. Walks without recursion and
 * without copying paths, so a deeply nested JSON body costs neither stack nor quadratic time.
 */
export function findUnsafeText(value: unknown): ValuePath | undefined {
  const pending: Visit[] = [{ value }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathTo(visit);
    } else if (Array.isArray(current)) {
      current.forEach((item: unknown, key) => pending.push({ value: item, key, parent: visit }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (!isSafeText(key)) return pathTo({ value: item, key, parent: visit });
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return undefined;
}

/** How much of a path a message shows; a deeper place or a longer key is cut short with '…'. */
const SHOWN_PATH_PARTS = 8;
const SHOWN_KEY_LENGTH = 40;

const shorten = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

/**
 * A path for messages: `entries[2].notes`. Unsafe characters in keys are shown as U+FFFD, so a
 * message never carries them back.
 */
export function formatValuePath(path: ValuePath): string {
  const shown = path.slice(0, SHOWN_PATH_PARTS).map((part, index) => {
    if (typeof part === 'number') return `[${part}]`;
    const key = shorten(part, SHOWN_KEY_LENGTH).replace(UNSAFE_CHARACTERS, '\ufffd');
    return index === 0 ? key : `.${key}`;
  });
  return shown.join('') + (path.length > SHOWN_PATH_PARTS ? '…' : '');
}
