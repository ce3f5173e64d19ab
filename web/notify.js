// Notifications while this tab is open: when the decision becomes this side's and the page is not
// in front, the browser's Notification says so (the player's choice, kept in this browser).
const KEY = 'labataille.notify';

const supported = () => typeof Notification === 'function';

export const wanted = () => supported() && Notification.permission === 'granted'
  && localStorage.getItem(KEY) === 'on';

/* Turns the notifications on (asking the browser's permission) or off: whether they are on. */
export async function toggle() {
  if (!supported()) return false;
  if (wanted()) {
    localStorage.setItem(KEY, 'off');
    return false;
  }
  const permission = await Notification.requestPermission();
  localStorage.setItem(KEY, permission === 'granted' ? 'on' : 'off');
  return permission === 'granted';
}

/* After a view: tells the player their decision came, when they asked to be told and are looking
 * elsewhere. */
export function tell(before, view, what) {
  const now = view.pending?.yours && !view.result;
  if (!before || !now || before.pending?.yours || !wanted() || !document.hidden) return;
  const note = new Notification(`${view.title}: your decision`, { body: what, tag: 'labataille' });
  note.addEventListener('click', () => window.focus());
}

export { supported };
