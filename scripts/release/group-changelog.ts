import type { EntryKind } from './changelog-functions.js';

/** The sections of a release in a changelog, in the order a reader needs them (docs/releasing.md). */
const SECTIONS: ReadonlyArray<[EntryKind, string]> = [
  ['breaking', 'Breaking changes'],
  ['feature', 'Features'],
  ['fix', 'Fixes'],
  ['dependencies', 'Dependencies'],
];

/** The heading of an entry without a marker: changesets' own (another changelog module wrote it) or ours. */
const BY_HEADING: Record<string, EntryKind> = {
  'Major Changes': 'breaking',
  'Minor Changes': 'feature',
  'Patch Changes': 'fix',
  ...Object.fromEntries(SECTIONS.map(([kind, title]) => [title, kind])),
};

const MARKER = /^- <!-- kind: (breaking|feature|fix|dependencies) --> /;

/** Splits a release's body into list items (a `- ` line and the indented or blank lines under it). */
function listItems(lines: readonly string[]): Array<{ heading: string; lines: string[] }> {
  const items: Array<{ heading: string; lines: string[] }> = [];
  let heading = '';
  for (const line of lines) {
    const h3 = /^### (.+)$/.exec(line);
    if (h3) heading = h3[1] as string;
    else if (line.startsWith('- ')) items.push({ heading, lines: [line] });
    else if (items.length > 0 && (line === '' || line.startsWith('  ')))
      (items.at(-1) as { lines: string[] }).lines.push(line);
  }
  return items;
}

/**
 * Rewrites the newest release of a changelog (its first `## ` section) from changesets' bump headings
 * ("Major Changes", "Minor Changes", "Patch Changes") into the sections a reader needs: "Breaking changes"
 * (each with its migration), "Features", "Fixes", "Dependencies", by the marker `changelog-functions.ts`
 * put on each entry, which is removed. Older releases are left as they are. Running it twice changes nothing.
 *
 * @param changelog a package's CHANGELOG.md as `changeset version` wrote it
 * @returns the same text with the newest release regrouped
 * @example
 * groupChangelog('# @prospectkit/client\n\n## 0.2.0\n\n### Minor Changes\n\n- <!-- kind: fix --> A fix.\n');
 * // '# @prospectkit/client\n\n## 0.2.0\n\n### Fixes\n\n- A fix.\n'
 */
export function groupChangelog(changelog: string): string {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) => line.startsWith('## '));
  if (start === -1) return changelog;
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const end = next === -1 ? lines.length : next;
  const grouped = new Map<EntryKind, string[]>(SECTIONS.map(([kind]) => [kind, []]));
  for (const item of listItems(lines.slice(start + 1, end))) {
    const first = item.lines[0] as string;
    const marked = MARKER.exec(first);
    const kind = marked ? (marked[1] as EntryKind) : (BY_HEADING[item.heading] ?? 'fix');
    const body = [first.replace(MARKER, '- '), ...item.lines.slice(1)];
    while (body.at(-1) === '') body.pop();
    grouped.get(kind)?.push(body.join('\n'));
  }
  const sections = SECTIONS.filter(([kind]) => (grouped.get(kind) ?? []).length > 0).map(
    ([kind, title]) => `### ${title}\n\n${(grouped.get(kind) ?? []).join('\n')}\n`,
  );
  const release = [lines[start] as string, '', sections.join('\n')].join('\n');
  const after = lines.slice(end).join('\n');
  return [...lines.slice(0, start), release + (next === -1 ? '' : `\n${after}`)].join('\n');
}
