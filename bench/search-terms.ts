// The search terms of `npm run bench:server`: one of each class people type, taken from the measured
// workspace's own data, so each has the number of matches it has in a real list (printed beside it).
import postgres from 'postgres';

export interface SearchTerm {
  /** The class, e.g. "whole domain". */
  name: string;
  term: string;
}

/** Picks a term of each class from prospects of `workspaceId` a third of the way into its history. */
export async function searchTerms(url: string, workspaceId: string, rows: number): Promise<SearchTerm[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const sample = await sql<
    { company: string; domain: string | null; contact_name: string | null; contact_email: string | null }[]
  >`
    select company, domain, contact_name, contact_email from prospects where workspace_id = ${workspaceId}
    order by created_at limit 200 offset ${Math.floor(rows / 3)}`;
  const unique = async (column: 'domain' | 'contact_email') => {
    for (const row of sample) {
      const value = row[column];
      if (value === null || value.includes('gmail')) continue;
      const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`select count(*)::int as n from prospects
        where workspace_id = ${workspaceId} and lower(${sql(column)}) = lower(${value})`;
      if (n === 1) return value;
    }
    throw new Error(`no ${column} with one match in the sample`);
  };
  const words = (text: string | null) => (text ?? '').split(/[^\p{L}]+/u).filter((w) => w.length >= 6);
  const companyWord = sample.flatMap((r) => words(r.company))[0] as string;
  const surname = sample.flatMap((r) => words(r.contact_name?.split(' ').slice(-1)[0] ?? null))[0] as string;
  const terms = [
    { name: '5 letters of a company name', term: companyWord.slice(0, 5) },
    { name: 'whole domain', term: await unique('domain') },
    { name: 'whole email', term: await unique('contact_email') },
    { name: 'surname', term: surname },
    { name: '2-letter term', term: surname.slice(0, 2).toLowerCase() },
    { name: 'common term', term: 'gmail' },
    { name: 'no match', term: 'qxzv' },
  ];
  await sql.end();
  return terms;
}
