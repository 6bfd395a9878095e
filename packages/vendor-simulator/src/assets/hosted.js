// The hosted page's behaviour: post the decision without leaving the page, then tell the portal's page
// (the web SDK shim that framed us) that the person submitted, as the vendors' SDKs do with postMessage.
document.addEventListener('DOMContentLoaded', () => {
  const form = document.querySelector('.sim__form');
  const done = document.querySelector('.sim__done');
  if (!form) return;
  let decision = 'approve';
  form.querySelectorAll('button[name="decision"]').forEach((button) =>
    button.addEventListener('click', () => {
      decision = button.value;
    }),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // The simulator keeps no image: it is told which captures were made and how large they were.
    const body = { decision, files: {} };
    for (const [name, value] of new FormData(form).entries()) {
      if (typeof value === 'string') body[name] = value;
      else if (value.size > 0) body.files[name] = value.size;
    }
    form.querySelectorAll('button').forEach((b) => (b.disabled = true));
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    form.hidden = true;
    done.hidden = false;
    const message = {
      source: 'kyc-vendor-simulator',
      vendor: document.body.dataset.vendor,
      event: 'submitted',
      answer,
    };
    if (window.parent !== window)
      // Any parent: the portal is served under several host names (sites), and the notice carries
      // nothing secret; the shim that framed us accepts it only from our origin and our frame.
      window.parent.postMessage(message, '*');
    if (answer && typeof answer.redirectUrl === 'string' && answer.redirectUrl)
      window.location.assign(answer.redirectUrl);
  });
});
