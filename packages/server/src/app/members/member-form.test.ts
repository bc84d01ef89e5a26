import { describe, expect, it } from 'vitest';
import { parseInviteForm, roleOf } from './member-form.js';

describe('parseInviteForm', () => {
  it.each([
    ['a good invitation', { name: ' Ana ', email: 'ana@example.com', role: 'member' }, { ok: true }],
    ['no name', { name: '', email: 'ana@example.com', role: 'member' }, { ok: false, field: 'name' }],
    ['a bad address', { name: 'Ana', email: 'ana@', role: 'member' }, { ok: false, field: 'email' }],
    ['an unknown role', { name: 'Ana', email: 'ana@example.com', role: 'god' }, { ok: false, field: 'role' }],
    [
      'a role above the inviter',
      { name: 'Ana', email: 'ana@example.com', role: 'owner' },
      { ok: false, field: 'role' },
    ],
  ] as const)('%s', (_name, body, want) => {
    const form = parseInviteForm(body, ['admin', 'member', 'viewer']);
    expect(form.ok).toBe(want.ok);
    if (!form.ok && 'field' in want) expect(Object.keys(form.errors)).toContain(want.field);
    if (form.ok) expect(form.value).toEqual({ name: 'Ana', email: 'ana@example.com', role: 'member' });
  });

  it('reads only the four roles', () => {
    expect(roleOf({ role: 'viewer' })).toBe('viewer');
    expect(roleOf({ role: 'VIEWER' })).toBeUndefined();
    expect(roleOf({ role: ['admin', 'owner'] })).toBe('admin');
  });
});
