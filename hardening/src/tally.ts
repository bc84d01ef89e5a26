/** One broken invariant, with enough of the request to replay it. */
export interface Finding {
  part: string;
  kind: string;
  detail: string;
}

const MAX_KEPT_FINDINGS = 40;

/** The suite's counters, printed as the summary table at the end. */
export class Tally {
  requestsSent = 0;
  serverErrors = 0;
  contractViolations = 0;
  eventsLost = 0;
  writesLost = 0;
  rateLimitBreaches = 0;
  serverExits = 0;
  otherFailures = 0;
  rssGrowthPercent: number | undefined;
  readonly figures: Array<[string, string]> = [];
  readonly findings: Finding[] = [];
  private dropped = 0;

  /** Records a finding; the counter it belongs to is raised by the caller. */
  find(part: string, kind: string, detail: string): void {
    if (this.findings.length < MAX_KEPT_FINDINGS) this.findings.push({ part, kind, detail });
    else this.dropped++;
  }

  fail(part: string, detail: string): void {
    this.otherFailures++;
    this.find(part, 'failure', detail);
  }

  figure(name: string, value: string | number): void {
    this.figures.push([name, String(value)]);
  }

  get ok(): boolean {
    return (
      this.serverErrors === 0 &&
      this.contractViolations === 0 &&
      this.eventsLost === 0 &&
      this.writesLost === 0 &&
      this.rateLimitBreaches === 0 &&
      this.serverExits === 0 &&
      this.otherFailures === 0 &&
      (this.rssGrowthPercent === undefined || this.rssGrowthPercent < 10)
    );
  }

  /** The summary table, one row per invariant, then the measured figures. */
  summary(): string {
    const rows: Array<[string, string, string]> = [
      ['requests sent', String(this.requestsSent), ''],
      ['5xx seen', String(this.serverErrors), 'must be 0'],
      ['contract violations', String(this.contractViolations), 'must be 0'],
      ['events lost', String(this.eventsLost), 'must be 0'],
      ['writes lost', String(this.writesLost), 'must be 0'],
      ['rate-limit breaches', String(this.rateLimitBreaches), 'must be 0'],
      ['server exits', String(this.serverExits), 'must be 0'],
      ['other failures', String(this.otherFailures), 'must be 0'],
      [
        'RSS growth',
        this.rssGrowthPercent === undefined ? 'not measured' : `${this.rssGrowthPercent.toFixed(1)}%`,
        'under 10%',
      ],
      ...this.figures.map(([name, value]) => [name, value, ''] as [string, string, string]),
    ];
    const width = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
    const line = (r: [string, string, string]) =>
      `| ${r.map((c, i) => c.padEnd(width[i] ?? 0)).join(' | ')} |`;
    const out = [line(['invariant', 'value', 'bound']), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`];
    out.push(...rows.map(line));
    if (this.findings.length > 0) {
      out.push('', 'Findings:');
      for (const f of this.findings) out.push(`- [${f.part}] ${f.kind}: ${f.detail}`);
      if (this.dropped > 0) out.push(`- ... and ${this.dropped} more`);
    }
    return out.join('\n');
  }
}
