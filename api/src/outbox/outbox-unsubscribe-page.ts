/**
 * The small pages of the unsubscribe link: plain HTML with no script (the product's CSP allows none
 * inline), readable on a phone. The button is a form posting to the same address: a mail
 * scanner following the link's GET changes nothing.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style>
</head>
<body><h1>${escapeHtml(title)}</h1>${body}</body>
</html>`;
}

/** What the link's GET shows: which reminder it stops, and the button that does it. */
export function confirmationPage(label: string, formAction: string): string {
  return page(
    'Stop these reminders?',
    `<p>You will no longer get the “${escapeHtml(label)}” reminder by e-mail. Other reminders are not changed.</p>
<form method="post" action="${escapeHtml(formAction)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

/** What the POST answers (the page's button, or a mail program's one-click request). */
export function unsubscribedPage(label: string): string {
  return page(
    'Unsubscribed',
    `<p>You will no longer get the “${escapeHtml(label)}” reminder by e-mail. You can turn it on again in your profile.</p>`,
  );
}
