// A side's webhook (R-WEB-16): the address the server calls when the decision becomes this side's,
// shown only when the server sends webhooks and the link is a side's.
import { api } from './api.js';

const $ = (id) => document.getElementById(id);

/* The form under the chat: the address kept, set or forgotten; what the server says shown beside
 * it. */
export async function setup(token, role) {
  if (role === 'spectator' || role === 'both') return;
  let kept;
  try {
    kept = await api.webhook(token);
  } catch (err) {
    return;
  }
  if (!kept.sends) return;
  const form = $('webhook-form'), input = $('webhook-url'), said = $('webhook-said');
  input.value = kept.url || '';
  form.hidden = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const url = input.value.trim();
    try {
      await api.setWebhook(token, url || null);
      said.textContent = url ? 'kept: a test call was sent' : 'forgotten';
    } catch (err) {
      said.textContent = err.message;
    }
  });
}
