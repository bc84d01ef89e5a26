import { checkTeammateInput } from '../../store/teammates.js';
import { type FormBody, type FormResult, textOf } from '../shared/form-body.js';

/** The add-teammate form as the user filled it in, and, checked, what `createTeammate` needs. */
export interface TeammateFormValues {
  name: string;
  email: string;
}

/**
 * Checks the add-teammate form with the store's rule (`checkTeammateInput`), which the CLI shares: a name of
 * 1-200 characters and an email address. That the address is not taken is checked when it is stored.
 *
 * @example
 * const form = parseTeammateForm(req.body); // { ok: false, errors: { email: 'Enter an email address.' }, ... }
 */
export function parseTeammateForm(
  body: FormBody | undefined,
): FormResult<TeammateFormValues, TeammateFormValues> {
  const values = { name: textOf(body, 'name'), email: textOf(body, 'email') };
  const { value, issues } = checkTeammateInput(values);
  if (Object.keys(issues).length > 0) return { ok: false, errors: issues as Record<string, string>, values };
  return { ok: true, value, values };
}
