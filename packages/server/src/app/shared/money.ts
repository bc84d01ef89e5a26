/**
 * Opportunity values as the app's pages show and read them: in the currency's main unit (`12,500.00 EUR`), while
 * the API carries `value_minor`, an integer of the minor unit (openapi.yaml `components.schemas.ValueMinor`).
 */

/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY, 3 for BHD); 2 for a malformed code. */
export function currencyExponent(currency: string | null | undefined): number {
  if (!currency) return 2;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return 2;
  }
}

/** `1250000` in EUR as `12500.00`: the value a form field shows, without grouping. */
export function minorToMajor(valueMinor: number, currency: string | null): string {
  const exponent = currencyExponent(currency);
  const digits = String(valueMinor).padStart(exponent + 1, '0');
  if (exponent === 0) return digits;
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** `1250000` in EUR as `12,500.00 EUR`, for reading. */
export function formatMoney(valueMinor: number, currency: string | null): string {
  const [whole = '0', fraction] = minorToMajor(valueMinor, currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}${fraction === undefined ? '' : `.${fraction}`}${currency ? ` ${currency}` : ''}`;
}

/**
 * Reads a value typed in the main unit (`12500`, `12500.5`, `12,500.50`) as minor units of `currency`.
 *
 * @returns the integer (possibly past 2^53 - 1, which the contract's `maximum` then refuses), or a message
 *   saying what is wrong
 */
export function majorToMinor(typed: string, currency: string | null): number | { problem: string } {
  const text = typed.trim().replace(/[,\s]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { problem: 'Enter the value as a number, e.g. 12500 or 12500.50.' };
  const exponent = currencyExponent(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) {
    return {
      problem:
        exponent === 0
          ? `Enter a whole number: ${currency ?? 'this currency'} has no minor unit.`
          : `Enter at most ${exponent} digits after the decimal point.`,
    };
  }
  return Number(BigInt(`${match[1]}${fraction.padEnd(exponent, '0')}`));
}
