// The settings pages' only script, loaded with `defer`. The pages work without it: it shows the copy buttons
// (hidden until then) and moves focus to the error summary of a form that failed.
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
  document.getElementById('error-summary')?.focus();
});
