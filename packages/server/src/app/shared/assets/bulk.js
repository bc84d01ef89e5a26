// The bulk change page's script, loaded with `defer`; the page works without it (a link refreshes it). While the
// job runs it follows the job's JSON every second and reloads for the result when the job has ended.
document.addEventListener('DOMContentLoaded', () => {
  const box = document.querySelector('[data-bulk-progress]');
  const url = box?.getAttribute('data-bulk-progress');
  if (!box || !url) return;
  const bar = document.getElementById('bulk-progress');
  const text = document.getElementById('bulk-progress-text');
  for (const link of document.querySelectorAll('[data-refresh-link]')) link.closest('p').hidden = true;
  const format = (n) => n.toLocaleString('en-US');
  const poll = async () => {
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(String(response.status));
      const job = await response.json();
      if (job.status !== 'queued' && job.status !== 'running') {
        window.location.reload();
        return;
      }
      bar.max = Math.max(job.total_rows, 1);
      bar.value = Math.min(job.rows_done, job.total_rows);
      const percent = job.total_rows === 0 ? 100 : Math.floor((job.rows_done / job.total_rows) * 100);
      text.textContent = `${format(job.rows_done)} of ${format(job.total_rows)} rows done (${percent}%)`;
      for (const name of ['changed', 'skipped']) {
        const cell = document.querySelector(`[data-count="${name}"]`);
        if (cell) cell.textContent = format(job[`${name}_count`]);
      }
    } catch {
      // A missed answer (a restart, the network) is retried on the next tick.
    }
    setTimeout(poll, 1000);
  };
  setTimeout(poll, 1000);
});
