import { isId } from '@prospectkit/core';
import { contractBodyIssues } from '../../prospects/contract-body-issues.js';
import type { BulkAction } from '../../store/bulk-jobs.js';
import { issueErrors } from '../shared/issue-errors.js';

/** The most rows a person ticks at once: one page of the list (openapi.yaml `PerPage`, at most 100). */
export const SELECTED_MAX = 100;

/** The longest list query a bulk form carries (the saved views' limit). */
const QUERY_MAX = 2_000;

/** A bulk change as the list page's form asks for it. */
export interface BulkRequest {
  action: BulkAction;
  /** The tag, or the owner id (`null`: no owner). */
  value: string | null;
  /** The list's query (its filters) when the change is for "all matching"; '' for ticked rows. */
  query: string;
  /** The ticked rows, or `null` for every row matching `query`. */
  ids: string[] | null;
}

const ACTIONS: readonly BulkAction[] = ['add_tag', 'remove_tag', 'set_owner'];

/**
 * Reads the list page's bulk form: `scope` (`selected`: the ticked `id`s; `all`: every row matching `query`, the
 * list's filters), `action`, and its value (`tag`, or `owner`, '' for no owner). The tag and the owner are held to
 * the contract's rules of `updateProspect` (openapi.yaml `Tag`, `OwnerId`), in its words.
 *
 * @returns the request, or the sentence the page shows
 * @example
 * readBulkForm({ scope: 'all', query: 'tag=q4', action: 'add_tag', tag: ' emea ' });
 * // { action: 'add_tag', value: 'emea', query: 'tag=q4', ids: null }
 */
export function readBulkForm(body: Record<string, unknown>): BulkRequest | { problem: string } {
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const action = text('action') as BulkAction;
  if (!ACTIONS.includes(action))
    return { problem: 'Choose what to change: add a tag, remove a tag or set the owner.' };
  let value: string | null;
  if (action === 'set_owner') {
    value = text('owner') === '' ? null : text('owner');
    const issues = contractBodyIssues('updateProspect', { owner_id: value });
    if (issues.length > 0)
      return { problem: Object.values(issueErrors(issues, { label: () => 'Owner' }))[0] as string };
  } else {
    value = text('tag').trim();
    const issues = contractBodyIssues('updateProspect', { tags: [value] });
    if (value === '' || issues.length > 0)
      return {
        problem:
          value === ''
            ? 'Type the tag to add or remove.'
            : (Object.values(issueErrors(issues, { label: () => 'Tag' }))[0] as string),
      };
  }
  if (text('scope') === 'all') {
    const query = text('query');
    if (query.length > QUERY_MAX)
      return { problem: 'The list’s filters are too long to act on; save fewer of them.' };
    return { action, value, query, ids: null };
  }
  const ticked = [body.id ?? []].flat().filter((id): id is string => typeof id === 'string');
  if (ticked.length === 0)
    return { problem: 'Tick the prospects to change, or choose all prospects matching the filters.' };
  if (ticked.length > SELECTED_MAX || !ticked.every((id) => isId('prospect', id)))
    return { problem: `Tick at most ${SELECTED_MAX} prospects of this workspace, or choose all matching.` };
  return { action, value, query: '', ids: [...new Set(ticked)] };
}

/** What a job does, in words: `add the tag “q4”`, `set the owner to Ada`, `remove the owner`. */
export function describeBulkAction(action: BulkAction, value: string | null, ownerName?: string): string {
  if (action === 'add_tag') return `add the tag “${value}”`;
  if (action === 'remove_tag') return `remove the tag “${value}”`;
  return value === null ? 'remove the owner' : `set the owner to ${ownerName ?? value}`;
}
