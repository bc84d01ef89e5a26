import { describe, expect, it } from 'vitest';
import type { Member, MemberRole } from '../../store/members.js';
import { abilityFor, can, removalProblem, roleChangeProblem } from './authorize.js';

const member = (id: string, role: MemberRole) => ({ id, role }) as Member;

describe('the authorization table', () => {
  // The roles: admin (tokens, webhooks, members, workspace settings), member (prospects, import, inbox),
  // viewer (read only), owner (everything).
  it.each([
    ['viewer', 'GET', '/prospects', true],
    ['viewer', 'POST', '/prospects', false],
    ['viewer', 'POST', '/inbox/cv_1/reply', false],
    ['viewer', 'GET', '/settings/tokens', false],
    ['member', 'POST', '/prospects/prs_1/edit', true],
    ['member', 'POST', '/imports', true],
    ['member', 'POST', '/inbox/cv_1/assignee', true],
    ['member', 'GET', '/settings', false],
    ['member', 'GET', '/settings/members', false],
    ['admin', 'GET', '/settings/tokens', true],
    ['admin', 'POST', '/settings/webhooks', true],
    ['admin', 'GET', '/settings/audit', true],
    ['owner', 'POST', '/settings/members/tm_1/role', true],
  ] as const)('%s %s %s: %s', (role, method, path, allowed) => {
    const ability = abilityFor(method, path);
    expect(ability !== undefined && can(role, ability)).toBe(allowed);
  });

  it('refuses an area it does not know, to everyone', () => {
    expect(abilityFor('GET', '/reports')).toBeUndefined();
    expect(abilityFor('GET', '/__proto__')).toBeUndefined();
  });

  it('lets nobody change their own role, and only owners make or unmake owners', () => {
    const owner = member('tm_o', 'owner');
    const admin = member('tm_a', 'admin');
    expect(roleChangeProblem(admin, admin, 'owner')).toMatch(/own role/);
    expect(roleChangeProblem(admin, member('tm_m', 'member'), 'owner')).toMatch(/Only an owner/);
    expect(roleChangeProblem(admin, owner, 'member')).toMatch(/Only an owner/);
    expect(roleChangeProblem(admin, member('tm_m', 'member'), 'admin')).toBeUndefined();
    expect(roleChangeProblem(owner, admin, 'owner')).toBeUndefined();
    expect(roleChangeProblem(member('tm_m', 'member'), member('tm_v', 'viewer'), 'member')).toMatch(
      /Only admins/,
    );
  });

  it('lets admins remove members and admins, owners remove owners', () => {
    expect(removalProblem(member('tm_a', 'admin'), member('tm_o', 'owner'))).toMatch(/Only an owner/);
    expect(removalProblem(member('tm_a', 'admin'), member('tm_b', 'admin'))).toBeUndefined();
    expect(removalProblem(member('tm_m', 'member'), member('tm_v', 'viewer'))).toMatch(/Only admins/);
  });
});
