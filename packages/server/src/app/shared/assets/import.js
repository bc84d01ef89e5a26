// The import pages' script, loaded with `defer`; the pages work without it. On the mapping page it enables
// "Start import" as soon as a column maps to Company, shows a new field's inputs only for the columns that create
// one, and keeps the list of columns left out (and its confirmation) in step with the selects; on a running job's page it follows the job's progress from
// its JSON (the page without JavaScript offers a link to refresh instead) and reloads for the report when it ends.
document.addEventListener('DOMContentLoaded', () => {
  const start = document.querySelector('button[data-start-import]');
  if (start) {
    const selects = [...document.querySelectorAll('select[data-import-field]')];
    const hint = document.getElementById('start-hint');
    const unmapped = document.querySelector('[data-unmapped]');
    const allMapped = document.querySelector('[data-all-mapped]');
    const list = document.getElementById('unmapped-list');
    const listed = document.querySelector('input[name="unmapped_listed"]');
    const confirm = document.getElementById('f-acknowledge_unmapped');
    const legend = document.querySelector('[data-unmapped-legend]');
    const update = () => {
      const company = selects.some((s) => s.value === 'company');
      start.disabled = !company;
      if (hint) hint.hidden = company;
      // A new field's inputs show only for the columns that create one.
      selects.forEach((select, i) => {
        const details = document.querySelector(`[data-new-field="${i}"]`);
        if (!details) return;
        const creating = select.value === 'new';
        if (creating && details.hidden) details.open = true;
        details.hidden = !creating;
      });
      // The columns left out, as the server would list them; a changed list must be confirmed again.
      if (!unmapped || !list || !listed || !confirm) return;
      const left = selects.map((s, i) => [s, i]).filter(([s]) => s.value === '');
      const columns = left.map(([, i]) => i).join(',');
      if (columns === listed.value) return;
      listed.value = columns;
      list.replaceChildren(
        ...left.map(([s]) => {
          const item = document.createElement('li');
          const link = document.createElement('a');
          link.href = `#${s.id}`;
          link.textContent = document.querySelector(`label[for="${s.id}"]`)?.textContent ?? s.id;
          item.append(link);
          return item;
        }),
      );
      if (legend)
        legend.textContent =
          left.length === 1
            ? 'One column will not be imported'
            : `${left.length} columns will not be imported`;
      unmapped.hidden = left.length === 0;
      if (allMapped) allMapped.hidden = left.length > 0;
      confirm.checked = false;
      confirm.disabled = left.length === 0;
      confirm.required = left.length > 0;
    };
    for (const select of selects) select.addEventListener('change', update);
    update();
  }

  const box = document.querySelector('[data-import-progress]');
  const url = box?.getAttribute('data-import-progress');
  if (!box || !url) return;
  const bar = document.getElementById('import-progress');
  const text = document.getElementById('import-progress-text');
  // The bar and its text follow every answer; screen readers hear only each quarter done (the live region), not
  // a number every second.
  const announce = document.getElementById('import-progress-announce');
  let quarter = -1;
  for (const link of document.querySelectorAll('[data-refresh-link]')) link.closest('p').hidden = true;
  const format = (n) => n.toLocaleString('en-US');
  const active = new Set(['queued', 'running', 'cancelling']);
  const show = (job) => {
    if (job.total_rows !== null && job.total_rows > 0) {
      bar.max = job.total_rows;
      bar.value = Math.min(job.rows_done, job.total_rows);
      const percent = Math.floor((job.rows_done / job.total_rows) * 100);
      text.textContent = `${format(job.rows_done)} of ${format(job.total_rows)} rows done (${percent}%)`;
      const reached = Math.floor(percent / 25);
      if (quarter >= 0 && reached > quarter && reached < 4 && announce)
        announce.textContent = `${percent}% done`;
      quarter = Math.max(quarter, reached);
    } else {
      text.textContent = `${format(job.rows_done)} rows done`;
    }
    for (const [name, value] of [
      ['created', job.created_count],
      ['updated', job.updated_count],
      ['skipped', job.skipped_count],
      ['rejected', job.rejected_count],
    ]) {
      const cell = document.querySelector(`[data-count="${name}"]`);
      if (cell) cell.textContent = format(value);
    }
  };
  const poll = async () => {
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(String(response.status));
      const job = await response.json();
      show(job);
      if (!active.has(job.status)) {
        window.location.reload();
        return;
      }
    } catch {
      // A missed answer (a restart, the network) is retried on the next tick.
    }
    setTimeout(poll, 1000);
  };
  setTimeout(poll, 1000);
});
