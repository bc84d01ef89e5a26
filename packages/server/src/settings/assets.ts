/**
 * The settings pages' only stylesheet and script, served from `/settings/assets/` so the Content-Security-
 * Policy can forbid inline code. No front-end framework: the pages work without the script, which only adds
 * the copy buttons and moves focus to an error summary.
 */
export const SETTINGS_CSS = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --accent: #0550ae; --bad: #b3261e;
  --ok: #116329; --warn: #7d4e00; --bg: #f6f8fa; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  line-height: 1.5; color: var(--ink); }
* { box-sizing: border-box; }
body { margin: 0; background: #fff; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #fb8c00; outline-offset: 2px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem 1rem; z-index: 1; }
.skip:focus { left: .5rem; }
.top { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem 1rem;
  padding: .75rem 1rem; background: #24292f; color: #fff; }
.top a, .top button.link { color: #fff; }
.brand { font-weight: 600; text-decoration: none; }
.layout { max-width: 64rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1.5rem; }
@media (min-width: 48rem) { .layout.with-nav { grid-template-columns: 14rem 1fr; } }
nav.side { font-size: .95rem; }
nav.side p { margin: 0 0 .25rem; color: var(--muted); }
nav.side ul { list-style: none; margin: 0 0 1rem; padding: 0; }
nav.side li a { display: block; padding: .5rem .75rem; border-radius: 6px; text-decoration: none; }
nav.side li a[aria-current="page"] { background: var(--bg); font-weight: 600; color: var(--ink);
  box-shadow: inset 3px 0 0 var(--accent); }
nav.side .group { margin: .75rem 0 .25rem; font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; }
@media (max-width: 47.99rem) {
  nav.side { border-bottom: 1px solid var(--line); padding-bottom: .5rem; }
  nav.side ul { display: flex; flex-wrap: wrap; gap: .25rem; margin-bottom: .25rem; }
  nav.side li a { padding: .4rem .6rem; }
  nav.side .group { margin-top: .25rem; }
}
main { min-width: 0; }
main:focus { outline: none; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .75rem; }
p.lead { color: var(--muted); margin-top: -.5rem; }
.notice { border: 1px solid #4ac26b; background: #dafbe1; padding: .75rem 1rem; border-radius: 6px; margin-bottom: 1rem; }
.warning { border: 1px solid #d4a72c; background: #fff8c5; padding: .75rem 1rem; border-radius: 6px; margin: 1rem 0; }
.error-summary { border: 2px solid var(--bad); padding: .75rem 1rem; border-radius: 6px; margin-bottom: 1rem; }
.error-summary h2 { margin: 0 0 .5rem; font-size: 1.1rem; color: var(--bad); }
.error-summary ul { margin: 0; padding-left: 1.25rem; }
.error-summary a { color: var(--bad); font-weight: 600; }
form.stack { display: grid; gap: 1.25rem; max-width: 36rem; }
.field { display: grid; gap: .25rem; }
label, legend { font-weight: 600; }
.hint { color: var(--muted); font-size: .9rem; font-weight: 400; }
fieldset > .hint, fieldset > .field-error { display: block; margin-bottom: .25rem; }
.field-error { color: var(--bad); font-weight: 600; font-size: .95rem; }
input[type="text"], input[type="password"], input[type="url"], input[type="date"], input[type="datetime-local"] {
  font: inherit; padding: .5rem .6rem; border: 1px solid #8c959f; border-radius: 6px; width: 100%; max-width: 36rem; }
input[aria-invalid="true"], fieldset[aria-invalid="true"] { border-color: var(--bad); border-width: 2px; }
fieldset { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; margin: 0; }
fieldset.plain { border: 0; padding: 0; }
.choice { display: flex; gap: .5rem; align-items: flex-start; padding: .3rem 0; }
.choice input { margin-top: .35rem; width: 1.1rem; height: 1.1rem; flex: none; }
.choice label { font-weight: 400; }
.choice code { font-size: .95rem; }
.nested { margin: .5rem 0 0 1.6rem; }
button, .button { font: inherit; font-weight: 600; display: inline-block; padding: .5rem 1rem; border-radius: 6px;
  border: 1px solid #1f883d; background: #1f883d; color: #fff; cursor: pointer; text-decoration: none; min-height: 2.5rem; }
button.secondary, .button.secondary { background: #fff; color: var(--ink); border-color: #8c959f; }
button.danger { background: var(--bad); border-color: var(--bad); }
button.link { background: none; border: 0; padding: 0; min-height: 0; text-decoration: underline; font-weight: 400; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; }
.inline { display: inline; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0 .5rem; }
th, td { text-align: left; vertical-align: top; padding: .5rem .6rem; border-bottom: 1px solid var(--line); }
th { background: var(--bg); }
td.wrap, .wrap { overflow-wrap: anywhere; }
.status { display: inline-block; padding: 0 .5rem; border-radius: 999px; font-size: .85rem; font-weight: 600;
  border: 1px solid currentColor; white-space: nowrap; }
.status.ok { color: var(--ok); } .status.bad { color: var(--bad); } .status.wait { color: var(--warn); }
.status.off { color: var(--muted); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; margin: 0; }
dl.facts dt { font-weight: 600; } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.secret { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .25rem 0 1rem; }
.secret input { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; flex: 1 1 18rem; }
pre { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .75rem; overflow-x: auto;
  white-space: pre-wrap; overflow-wrap: anywhere; font-size: .9rem; max-height: 24rem; }
.cards { list-style: none; padding: 0; display: grid; gap: .75rem; }
.cards li { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; }
@media (max-width: 40rem) {
  table.stack thead { position: absolute; left: -9999px; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack tr { border: 1px solid var(--line); border-radius: 6px; margin-bottom: .75rem; padding: .25rem 0; }
  table.stack caption { display: block; }
  table.stack td { border: 0; padding: .25rem .75rem .25rem 9rem; position: relative; min-height: 2rem; }
  table.stack td::before { content: attr(data-label); font-weight: 600; color: var(--muted); position: absolute;
    left: .75rem; width: 7.75rem; }
  dl.facts { grid-template-columns: 1fr; } dl.facts dd { margin-bottom: .5rem; }
}
`;

export const SETTINGS_JS = `
document.addEventListener('DOMContentLoaded', function () {
  document.querySelectorAll('button[data-copy]').forEach(function (button) {
    var field = document.getElementById(button.getAttribute('data-copy'));
    var status = document.getElementById(button.getAttribute('data-copy') + '-status');
    if (!field) return;
    button.hidden = false;
    button.addEventListener('click', function () {
      function done(ok) { if (status) status.textContent = ok ? 'Copied.' : 'Could not copy: select the text and copy it.'; }
      function fallback() { field.focus(); field.select(); try { done(document.execCommand('copy')); } catch (e) { done(false); } }
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(field.value).then(function () { done(true); }, fallback);
      else fallback();
    });
  });
  var summary = document.getElementById('error-summary');
  if (summary) summary.focus();
});
`;
