/**
 * One failed rule about one field, independent of the validator that found it (ajv in the mock,
 * express-openapi-validator on the server).
 */
export interface FieldIssue {
  /** The field path, e.g. `['tags', '3']`; `[]` for the body as a whole. */
  path: readonly string[];
  /** The JSON Schema keyword that failed (`required`, `maxLength`, `format`, ...), or a service rule name. */
  keyword: string;
  /** The keyword's bound, for `minLength`, `maxLength`, `minimum`, `maximum`, `maxItems`, `minProperties`. */
  limit?: number;
  /** The failing format, for `format`. */
  format?: string;
  /** The expected JSON type(s), for `type`. */
  type?: string;
  /** The other field a `required_with` rule names (`currency` is required with `value_minor`). */
  with?: string;
  /** A message to use as is, for service rules that no keyword describes. */
  message?: string;
}

/** The 422 body: `{message, errors}` in Laravel's shape. @see openapi.yaml `ValidationError` */
export interface ValidationBody {
  message: string;
  errors: Record<string, string[]>;
}

const FORMAT_WORDS: Record<string, string> = {
  email: 'a valid email address',
  uri: 'a valid URL',
  hostname: 'a valid hostname',
  'date-time': 'a valid RFC 3339 date-time',
  date: 'a valid date (YYYY-MM-DD)',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  array: 'an array',
  object: 'an object',
  boolean: 'true or false',
};

function typeWord(type = ''): string {
  const first = type.split(',').find((t) => t !== 'null') ?? type;
  return TYPE_WORDS[first] ?? first;
}

/**
 * The Laravel-style message of one issue, e.g. `The company field is required.`; with the labels a page shows
 * for its fields, the same rule in its words: `Contact email must be a valid email address.`
 *
 * @param issue the failed rule
 * @param label the label on a form of a field path (`contact_email` → `Contact email`, `tags.1` → `Tag 2`), or
 *   `undefined` for a path it does not show. Default: the API's field paths
 * @example
 * fieldMessage({ path: ['contact_email'], keyword: 'format', format: 'email' }, () => 'Contact email');
 * // 'Contact email must be a valid email address.'
 */
export function fieldMessage(issue: FieldIssue, label?: (path: string) => string | undefined): string {
  if (issue.message) return issue.message;
  const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
  const labelled = label?.(field);
  const the = labelled ?? `The ${field} field`;
  switch (issue.keyword) {
    case 'required':
      return `${the} is required.`;
    case 'additionalProperties':
      return `${the} is prohibited.`;
    case 'minLength':
      return issue.limit === 1 ? `${the} is required.` : `${the} must be at least ${issue.limit} characters.`;
    case 'maxLength':
      return `${the} must not be greater than ${issue.limit} characters.`;
    case 'minimum':
      return `${the} must be at least ${issue.limit}.`;
    case 'maximum':
      return `${the} must not be greater than ${issue.limit}.`;
    case 'maxItems':
      return `${the} must not have more than ${issue.limit} items.`;
    case 'uniqueItems':
    case 'distinct':
      return `${the} has a duplicate value.`;
    case 'enum':
      return labelled ? `${labelled} is not one of the choices.` : `The selected ${field} is invalid.`;
    case 'nul':
      return `${the} must not contain NUL characters.`;
    case 'date_range':
      return `${the} must be between 0001-01-01 and 9999-12-31 in UTC.`;
    case 'required_with': {
      const other = issue.with ?? '';
      return `${the} is required when ${label?.(other) ?? other} is set.`;
    }
    case 'type':
      return `${the} must be ${typeWord(issue.type)}.`;
    case 'format':
      return `${the} must be ${FORMAT_WORDS[issue.format ?? ''] ?? `a valid ${issue.format}`}.`;
    case 'pattern':
      // `company` and tags carry the pattern `\S`: all white space is as good as empty.
      if (issue.path[0] === 'company' || issue.path[0] === 'tags') return `${the} is required.`;
      if (field === 'website' || field === 'contact_profile_url') return `${the} must be a valid URL.`;
      if (field === 'contact_phone') return `${the} must contain at least one digit.`;
      if (field === 'country')
        return `${the} must be a two-letter ISO 3166-1 country code, such as FR or GB.`;
      return `${the} format is invalid.`;
    case 'country':
      return `${the} must be an ISO 3166-1 alpha-2 country code, such as FR or GB.`;
    case 'blank':
      return `${the} is required.`;
    case 'unknown_custom_field':
      return `${the} is not a custom field of this workspace.`;
    case 'maxProperties':
      return `${the} must not have more than ${issue.limit} fields.`;
    case 'minProperties':
      return 'The request body must contain at least one field.';
    default:
      return `${the} is invalid.`;
  }
}

/** Bounds of the 422 body's `errors`. @see openapi.yaml `components.schemas.ValidationError` */
const MAX_ERROR_FIELDS = 256;
const MAX_MESSAGES_PER_FIELD = 16;

/**
 * Builds the 422 body: messages grouped by dotted field path (each message once), and `message` as the first
 * message plus ` (and N more errors)` (` (and 1 more error)`) when there are more.
 *
 * @example toValidationBody([{ path: ['company'], keyword: 'required' }])
 * // { message: 'The company field is required.', errors: { company: ['The company field is required.'] } }
 */
export function toValidationBody(issues: readonly FieldIssue[]): ValidationBody {
  // A Map, so a field named `__proto__` or `constructor` is just a key; the contract caps `errors` at 256 fields
  // of at most 16 messages each (a body with 20,000 unknown fields still gets a bounded answer, counted in full).
  const errors = new Map<string, string[]>();
  let count = 0;
  let first = '';
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    const message = fieldMessage(issue);
    const list = errors.get(key) ?? [];
    if (list.includes(message)) continue;
    if (list.length < MAX_MESSAGES_PER_FIELD && (errors.has(key) || errors.size < MAX_ERROR_FIELDS)) {
      list.push(message);
      errors.set(key, list);
    }
    if (count === 0) first = message;
    count++;
  }
  const more = count - 1;
  const suffix = more > 0 ? ` (and ${more} more ${more === 1 ? 'error' : 'errors'})` : '';
  return { message: `${first}${suffix}`, errors: Object.fromEntries(errors) };
}
