// The settings pages' only script, loaded with `defer`. The pages work without it: it shows the copy buttons
// (hidden until then), says the browser's offset from UTC beside UTC time fields, and moves focus to the error
// summary of a form that failed.
document.addEventListener('DOMContentLoaded', () => {
  for (const button of document.querySelectorAll('button[data-copy]')) {
    const id = button.getAttribute('data-copy');
    const field = document.getElementById(id);
    const status = document.getElementById(`${id}-status`);
    if (!field) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      const done = (ok) => {
        if (status) status.textContent = ok ? 'Copied.' : 'Could not copy: select the text and copy it.';
      };
      const fallback = () => {
        field.focus();
        field.select();
        try {
          done(document.execCommand('copy'));
        } catch {
          done(false);
        }
      };
      if (navigator.clipboard && window.isSecureContext)
        navigator.clipboard.writeText(field.value).then(() => done(true), fallback);
      else fallback();
    });
  }
  // Times are entered in UTC; say how far the reader's own clock is from it.
  for (const note of document.querySelectorAll('[data-utc-offset]')) {
    const minutes = -new Date().getTimezoneOffset();
    const sign = minutes < 0 ? '−' : '+';
    const hhmm = `${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
    note.textContent =
      minutes === 0 ? 'Your browser’s clock is on UTC.' : `Your browser’s clock is UTC${sign}${hhmm}.`;
    note.hidden = false;
  }
  // The error summary's links (GOV.UK's pattern): focus the field itself, or a group's first choice (a fieldset
  // takes no focus), and scroll so its label or legend shows above it, not the field at the window's top edge.
  const summary = document.getElementById('error-summary');
  summary?.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
    const target = link && document.getElementById(link.getAttribute('href').slice(1));
    if (!target) return;
    const control = target.matches('fieldset')
      ? target.querySelector('input, select, textarea, button')
      : target;
    if (!control) return;
    event.preventDefault();
    const caption = target.matches('fieldset')
      ? target.querySelector('legend')
      : document.querySelector(`label[for="${CSS.escape(target.id)}"]`);
    (caption ?? control).scrollIntoView({ block: 'start' });
    control.focus({ preventScroll: true });
  });
  summary?.focus();
});
