import { ABILITIES, type Ability } from '@prospectkit/core';
import { MAX_TOKEN_LIFETIME_MS } from '../../store/api-tokens.js';
import { type FormBody, type FormResult, listOf, nameProblem, textOf } from '../shared/form-body.js';
import { utcDateOnly } from '../shared/format.js';

/** The token form as the user filled it in. */
export interface TokenFormValues {
  name: string;
  abilities: string[];
  /** `YYYY-MM-DD`; the token stops working at 00:00 UTC that day. */
  expiresOn: string;
}

/** A checked token form: what `createApiToken` needs. */
export interface TokenFormValue {
  name: string;
  abilities: Ability[];
  expiresAt: Date;
}

/** Default token lifetime offered by the form, in days. */
export const DEFAULT_TOKEN_DAYS = 90;
const DAY_MS = 86_400_000;

/** The latest expiry date the form offers (`YYYY-MM-DD`): 365 days from today, UTC. */
export function latestExpiryDate(now: Date): string {
  return utcDateOnly(new Date(now.getTime() + MAX_TOKEN_LIFETIME_MS));
}

/** A blank token form: no name, no ability, expiring in 90 days. */
export function blankTokenForm(now: Date): TokenFormValues {
  return {
    name: '',
    abilities: [],
    expiresOn: utcDateOnly(new Date(now.getTime() + DEFAULT_TOKEN_DAYS * DAY_MS)),
  };
}

/**
 * Checks the token form: a name, at least one known ability, and an expiry date after today and at most one
 * year away. The token expires at 00:00 UTC on the chosen date.
 *
 * @see openapi.yaml `info.description` (Authentication)
 */
export function parseTokenForm(
  body: FormBody | undefined,
  now: Date,
): FormResult<TokenFormValue, TokenFormValues> {
  const values: TokenFormValues = {
    name: textOf(body, 'name'),
    abilities: listOf(body, 'abilities'),
    expiresOn: textOf(body, 'expires_on').trim(),
  };
  const errors: Record<string, string> = {};
  const nameError = nameProblem(values.name, 'token');
  if (nameError) errors.name = nameError;
  const unknown = values.abilities.filter((a) => !ABILITIES.includes(a as Ability));
  if (values.abilities.length === 0) errors.abilities = 'Choose at least one ability.';
  else if (unknown.length > 0) errors.abilities = `Unknown ability: ${unknown.join(', ')}.`;
  const expiresAt = parseDate(values.expiresOn);
  const lifetimeMs = expiresAt ? expiresAt.getTime() - now.getTime() : Number.NaN;
  if (!expiresAt) errors.expires_on = 'Enter the expiry date as YYYY-MM-DD, for example 2027-03-31.';
  else if (!(lifetimeMs > 0)) errors.expires_on = 'The expiry date must be after today.';
  else if (lifetimeMs > MAX_TOKEN_LIFETIME_MS)
    errors.expires_on = `The expiry date must be at most one year away: ${latestExpiryDate(now)} or earlier.`;
  if (Object.keys(errors).length > 0 || !expiresAt) return { ok: false, errors, values };
  return {
    ok: true,
    values,
    value: { name: values.name.trim(), abilities: [...new Set(values.abilities)] as Ability[], expiresAt },
  };
}

/** 00:00 UTC of a `YYYY-MM-DD` date, or `undefined` when it is not a real date. */
function parseDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return utcDateOnly(date) === value ? date : undefined;
}
