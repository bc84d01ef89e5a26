/** One process's /metrics, parsed. */
export interface Scrape {
  text: string;
  /** The sum of the samples of `name` whose labels include every one of `labels`. */
  total(name: string, labels?: Record<string, string>): number;
}

/** Scrapes `http://127.0.0.1:<port>/metrics` (the fleet's processes serve it on PROSPECTKIT_METRICS_PORT). */
export async function scrape(port: number): Promise<Scrape> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const samples: Array<[string, string, number]> = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    const key = line.slice(0, at);
    const brace = key.indexOf('{');
    samples.push([
      brace === -1 ? key : key.slice(0, brace),
      brace === -1 ? '' : key.slice(brace),
      Number(line.slice(at + 1)),
    ]);
  }
  return {
    text,
    total: (name, labels = {}) =>
      samples
        .filter(([n, l]) => n === name && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)))
        .reduce((sum, [, , value]) => sum + value, 0),
  };
}

/** The families the issue asks for, each with what it should show after the run. */
const FAMILIES = [
  'prospectkit_http_request_duration_seconds_count',
  'prospectkit_http_requests_in_flight',
  'prospectkit_rate_limit_rejections_total',
  'prospectkit_delivery_attempts_total',
  'prospectkit_delivery_attempt_duration_seconds_count',
  'prospectkit_delivery_commit_to_receipt_seconds_count',
  'prospectkit_delivery_commit_to_receipt_seconds_sum',
  'prospectkit_delivery_queue_depth',
  'prospectkit_delivery_oldest_due_age_seconds',
  'prospectkit_import_rows_total',
  'prospectkit_import_jobs',
  'prospectkit_smtp_messages_total',
  'prospectkit_db_pool_connections_max',
  'prospectkit_db_pool_connections_in_use',
  'prospectkit_db_pool_waiting',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
  'process_resident_memory_bytes',
];

/** Prints each family's total in a process's scrape (a family with no sample yet says so). */
export async function printScrape(name: string, port: number): Promise<void> {
  const found = await scrape(port);
  console.log(`| ${name} family | total of its samples |\n| --- | ---: |`);
  for (const family of FAMILIES) {
    const present = found.text.includes(`\n${family}`) || found.text.includes(`\n${family}{`);
    const value = found.total(family);
    console.log(`| \`${family}\` | ${present ? Number(value.toPrecision(6)) : 'no sample'} |`);
  }
}
