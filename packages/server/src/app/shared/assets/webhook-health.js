// The delivery health page's charts (views/webhook-health-page.ts), loaded with `defer` after uPlot (served by
// this server, /assets/vendor/). Each chart is drawn from the table under it, whose rows carry their
// values in data- attributes: without this script the tables alone say the same.
document.addEventListener('DOMContentLoaded', () => {
  if (typeof uPlot !== 'function') return;
  const number = (value) => (value === '' || value === undefined ? null : Number(value));
  for (const pair of document.querySelectorAll('[data-charts-for]')) {
    const table = document.getElementById(pair.getAttribute('data-charts-for'));
    if (!table) continue;
    const rows = [...table.querySelectorAll('tbody tr')];
    const times = rows.map((row) => Number(row.dataset.t));
    const rate = rows.map((row) => {
      const value = number(row.dataset.rate);
      return value === null ? null : Math.round(value * 1000) / 10;
    });
    const p50 = rows.map((row) => number(row.dataset.p50));
    const p95 = rows.map((row) => number(row.dataset.p95));
    pair.hidden = false;
    const charts = [];
    const draw = (element, series, data, yLabel, range) => {
      const chart = new uPlot(
        {
          width: Math.max(200, element.clientWidth),
          height: 180,
          series: [{}, ...series],
          axes: [{}, { label: yLabel, size: 56 }],
          scales: { x: { time: true }, y: range ? { range } : {} },
          // In UTC, as every time of the settings pages and the table under the chart.
          tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
          legend: { show: true },
        },
        [times, ...data],
        element,
      );
      charts.push([chart, element]);
    };
    draw(
      pair.querySelector('[data-chart="rate"]'),
      [{ label: 'Success %', stroke: '#116329', width: 2, fill: 'rgba(17, 99, 41, 0.1)', spanGaps: false }],
      [rate],
      '%',
      [0, 100],
    );
    draw(
      pair.querySelector('[data-chart="latency"]'),
      [
        { label: 'p50 ms', stroke: '#0550ae', width: 2 },
        { label: 'p95 ms', stroke: '#b3261e', width: 2, dash: [6, 4] },
      ],
      [p50, p95],
      'ms',
    );
    // The charts follow their box's width: a phone turned, a window resized.
    const resize = new ResizeObserver(() => {
      for (const [chart, element] of charts)
        chart.setSize({ width: Math.max(200, element.clientWidth), height: 180 });
    });
    for (const [, element] of charts) resize.observe(element);
  }
});
