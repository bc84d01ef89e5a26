import { InvalidArgumentError } from 'commander';

/** `a, b,c` → `['a', 'b', 'c']`: a comma-separated option value, blanks dropped. */
export const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * A lifetime such as `90d`, `12h` or `30m`, in milliseconds.
 *
 * @throws InvalidArgumentError (commander prints it) for anything else
 */
export function durationMs(value: string): number {
  const match = /^(\d+)(d|h|m)$/.exec(value);
  if (!match) throw new InvalidArgumentError('Use a number followed by d, h or m, e.g. 90d.');
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as 'd' | 'h' | 'm'];
  return Number(match[1]) * unit;
}

/**
 * A whole number of at least 1.
 *
 * @throws InvalidArgumentError (commander prints it) for anything else
 */
export function positiveInteger(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('Use a whole number of at least 1.');
  return n;
}
