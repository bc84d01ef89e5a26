import { nameCharacterProblem } from '../../store/name-characters.js';
import type { FieldErrors } from './form-fields.js';

/** A parsed `application/x-www-form-urlencoded` body: a repeated name gives a list. */
export type FormBody = Record<string, unknown>;

/** The outcome of checking a form: the value to act on, or the problems plus everything the user sent. */
export type FormResult<T, V> =
  | { ok: true; value: T; values: V }
  | { ok: false; errors: FieldErrors; values: V };

/** A single text field as sent (the first one when repeated), or `''`. */
export function textOf(body: FormBody | undefined, name: string): string {
  const value = body?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** Every value of a repeated field (checkboxes), in the order sent. */
export function listOf(body: FormBody | undefined, name: string): string[] {
  const value = body?.[name];
  const all = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return all.filter((v): v is string => typeof v === 'string');
}

/** Longest name accepted for a token or a workspace, in characters. */
export const MAX_NAME_LENGTH = 100;

/** Checks a required name: trimmed, 1 to {@link MAX_NAME_LENGTH} characters, none a control (`nameCharacterProblem`). */
export function nameProblem(name: string, what: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return `Enter a name for the ${what}.`;
  if ([...trimmed].length > MAX_NAME_LENGTH) return `The name must be at most ${MAX_NAME_LENGTH} characters.`;
  return nameCharacterProblem(trimmed);
}
