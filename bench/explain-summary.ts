// The summary at the top of bench/results/search-explain.md: each class's count and page times from the
// `Execution Time` lines of the previous file and of this run, so a change to the search shows its effect.

/** Each class's times in ms (`## name: ...` heading, then the count's and the page's `Execution Time`). */
export function explainTimes(markdown: string): Map<string, { count?: number; page?: number }> {
  const times = new Map<string, { count?: number; page?: number }>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const name = section.slice(0, section.indexOf('\n'));
    const [count, page] = [...section.matchAll(/^Execution Time: ([\d.]+) ms$/gm)].map((m) => Number(m[1]));
    times.set(name, { count, page });
  }
  return times;
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(1)} ms`);

/** A Markdown table of the classes of `after`, with their times in `before` (a previous run) beside. */
export function summaryTable(before: string, after: string): string[] {
  const previous = explainTimes(before);
  const rows = [...explainTimes(after)].map(([name, now]) => {
    const then = previous.get(name) ?? {};
    return `| ${name} | ${ms(then.count)} | ${ms(now.count)} | ${ms(then.page)} | ${ms(now.page)} |`;
  });
  return [
    '| class | count, previous run | count, this run | page, previous run | page, this run |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows,
  ];
}
