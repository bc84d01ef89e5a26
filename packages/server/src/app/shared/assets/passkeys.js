// Passkeys in the browser, with @simplewebauthn/browser (served by the app from /assets/vendor/, no CDN). Loaded
// with `defer` on the sign-in and account pages only; without JavaScript or WebAuthn the passkey parts stay hidden
// and the password forms work as they are.
document.addEventListener('DOMContentLoaded', () => {
  const lib = window.SimpleWebAuthnBrowser;
  if (!lib?.browserSupportsWebAuthn()) return;

  const post = async (url, body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.message || 'The passkey was not accepted. Try again.');
    return data;
  };
  const fail = (box, error) => {
    const out = box.querySelector('[data-passkey-error]');
    if (!out) return;
    out.hidden = false;
    out.textContent =
      error && error.name === 'NotAllowedError'
        ? 'Cancelled, or no passkey was chosen.'
        : String(error.message || error);
  };

  const signIn = document.querySelector('[data-passkey-sign-in]');
  if (signIn) {
    const csrf = document.querySelector('#sign-in-form input[name="_csrf"]');
    signIn.hidden = false;
    signIn.querySelector('[data-passkey-button]').addEventListener('click', async () => {
      try {
        const options = await post('/sign-in/passkey/options', { _csrf: csrf.value });
        const response = await lib.startAuthentication({ optionsJSON: options });
        const done = await post('/sign-in/passkey', { _csrf: csrf.value, response });
        window.location.assign(done.redirect || '/');
      } catch (error) {
        fail(signIn, error);
      }
    });
  }

  const register = document.querySelector('[data-passkey-register]');
  if (register) {
    const csrf = register.querySelector('[data-passkey-csrf]');
    register.hidden = false;
    register.querySelector('[data-passkey-add]').addEventListener('click', async () => {
      try {
        const options = await post('/account/passkeys/options', { _csrf: csrf.value });
        const response = await lib.startRegistration({ optionsJSON: options });
        const done = await post('/account/passkeys', { _csrf: csrf.value, response });
        window.location.assign(done.redirect || '/account');
      } catch (error) {
        fail(register, error);
      }
    });
  }
});
