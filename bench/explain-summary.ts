// The summary at the top of bench/results/search-explain.md: each class's count and page times from the
// `Execution Time` lines of the previous file and of this run, so a change to the search shows its effect.

type Times = { count?: number; page?: number; few?: number; page26?: number };

/**
 * Each class's times in ms (`## name: ...` heading, then the `Execution Time` of the count, of the page when
 * there are matches, of the one statement that counts and pages up to 2,000 matches, headed `One statement`, and
 * of the default request's statement, headed `The default request`).
 */
export function explainTimes(markdown: string): Map<string, Times> {
  const times = new Map<string, Times>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const name = section.slice(0, section.indexOf('\n'));
    const [counted = '', plain = ''] = section.split(/^The default request/m);
    const [two = '', one = ''] = counted.split(/^One statement/m);
    const page26 = /^Execution Time: ([\d.]+) ms$/m.exec(plain)?.[1];
    const [count, page] = [...two.matchAll(/^Execution Time: ([\d.]+) ms$/gm)].map((m) => Number(m[1]));
    const few = /^Execution Time: ([\d.]+) ms$/m.exec(one)?.[1];
    times.set(name, {
      count,
      page,
      few: few === undefined ? undefined : Number(few),
      page26: page26 === undefined ? undefined : Number(page26),
    });
  }
  return times;
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(1)} ms`);

/** A Markdown table of the classes of `after`, with their times in `before` (a previous run) beside. */
export function summaryTable(before: string, after: string): string[] {
  const previous = explainTimes(before);
  const rows = [...explainTimes(after)].map(([name, now]) => {
    const then = previous.get(name) ?? {};
    return `| ${name} | ${ms(then.count)} | ${ms(now.count)} | ${ms(then.page)} | ${ms(now.page)} | ${ms(then.few)} | ${ms(now.few)} | ${ms(then.page26)} | ${ms(now.page26)} |`;
  });
  return [
    '| class | count, previous run | count, this run | page, previous run | page, this run | one statement, previous run | one statement, this run | default request, previous run | default request, this run |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ];
}
