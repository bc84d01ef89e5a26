import { MEMBER_ROLES, type MemberRole } from '../../store/members.js';
import { checkTeammateInput } from '../../store/teammates.js';
import { type FormBody, type FormResult, textOf } from '../shared/form-body.js';

/** The invite form as filled in. */
export interface InviteFormValues {
  name: string;
  email: string;
  role: string;
}

/** Reads a role from a form: one of the four, else `undefined`. */
export function roleOf(body: FormBody | undefined, name = 'role'): MemberRole | undefined {
  const value = textOf(body, name);
  return (MEMBER_ROLES as readonly string[]).includes(value) ? (value as MemberRole) : undefined;
}

/**
 * Checks the invite form: a name and address by the store's rule (`checkTeammateInput`, as the CLI), and a role
 * among `allowed` (an admin cannot invite an owner).
 *
 * @example
 * const form = parseInviteForm(req.body, ['admin', 'member', 'viewer']);
 */
export function parseInviteForm(
  body: FormBody | undefined,
  allowed: readonly MemberRole[],
): FormResult<{ name: string; email: string; role: MemberRole }, InviteFormValues> {
  const values = { name: textOf(body, 'name'), email: textOf(body, 'email'), role: textOf(body, 'role') };
  const { value, issues } = checkTeammateInput(values);
  const errors: Record<string, string> = { ...issues };
  const role = roleOf(body);
  if (!role || !allowed.includes(role)) errors.role = `Choose a role: ${allowed.join(', ')}.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, value: { ...value, role: role as MemberRole }, values };
}
