// The editor's drafts, kept in this browser only (localStorage): any scenario, valid or not, under
// a name, with when it was saved.

const PREFIX = 'lb-editor-draft:';

export function saveDraft(name, scenario) {
  localStorage.setItem(PREFIX + name, JSON.stringify({ saved: Date.now(), scenario }));
}

export function loadDraft(name) {
  const text = localStorage.getItem(PREFIX + name);
  return text ? JSON.parse(text).scenario : null;
}

/* The drafts' names, the last saved first. */
export function draftNames() {
  const found = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith(PREFIX)) {
      found.push([key.slice(PREFIX.length), JSON.parse(localStorage.getItem(key)).saved]);
    }
  }
  return found.sort((a, b) => b[1] - a[1]).map(([name]) => name);
}
