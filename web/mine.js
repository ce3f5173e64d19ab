// The games this browser has opened, kept in its own storage (never sent anywhere): the home page
// lists them with where each stood when last seen.
const KEY = 'labataille.games';
const KEPT = 50;

function read() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/* Remembers the game at link as the view shows it now, newest first. */
export function remember(link, view) {
  const was = read().filter((g) => g.link !== link);
  const where = view.result
    ? (view.result.winner ? `over: ${view.result.winner} won` : 'over: a draw')
    : `${view.clock} ${view.phasing} ${view.segment.replace(/_/g, ' ')}`;
  const game = {
    link, title: view.title, role: view.role, where, yours: Boolean(view.pending?.yours),
    seen: new Date().toISOString(),
  };
  try {
    localStorage.setItem(KEY, JSON.stringify([game, ...was].slice(0, KEPT)));
  } catch {
    // storage full or refused: the list is a convenience, the game goes on
  }
}

/* The games remembered, newest first. */
export const games = read;

/* Forgets the game at link. */
export function forget(link) {
  localStorage.setItem(KEY, JSON.stringify(read().filter((g) => g.link !== link)));
}
