// The legend of the map's marks: a small hex drawn with each mark's own classes, and its meaning.

const NS = 'http://www.w3.org/2000/svg';
const HEX = '30,0 15,26 -15,26 -30,0 -15,-26 15,-26';

const MARKS = {
  can: ['mark reach can', 'your unit can end its move here; the number is its cost in movement points'],
  reach: ['mark reach', 'in reach, but not a move the segment offers now'],
  pass: ['mark pass', 'it may pass through, not stop'],
  stop: ['mark reach can stop', 'it must stop there (an enemy zone)'],
  go: ['badge', 'a round badge: move onto the friendly units there (their counter selects them)'],
  target: ['mark target', 'a target: click or Enter shows the odds before anything is rolled'],
  retreat: ['mark retreat-end can', 'a retreat or rout may end here'],
  objective: ['objective', 'an objective: its points, outlined in its holder\'s colour'],
  moved: ['recent-move', 'the other side\'s last moves and routs'],
  fired: ['recent-fire', 'the other side\'s last fires: the roll and the increments lost'],
  cursor: ['mark cursor', 'the keyboard\'s hex: arrows move it, Enter acts on it'],
};

function swatch(cls) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '-32 -28 64 56');
  svg.setAttribute('class', 'swatch');
  svg.setAttribute('aria-hidden', 'true');
  const g = document.createElementNS(NS, 'g');
  g.setAttribute('class', cls);
  if (cls === 'badge') {
    const c = document.createElementNS(NS, 'circle');
    c.setAttribute('r', 14);
    g.append(c);
  } else if (cls.startsWith('recent')) {
    const l = document.createElementNS(NS, 'polyline');
    l.setAttribute('points', '-26,14 0,-6 26,4');
    g.append(l);
  } else {
    const p = document.createElementNS(NS, 'polygon');
    p.setAttribute('points', HEX);
    g.append(p);
  }
  svg.append(g);
  return svg;
}

/* A list of the marks named (keys of MARKS), each with its swatch and meaning. */
export function legend(names = Object.keys(MARKS)) {
  const ul = document.createElement('ul');
  ul.className = 'legend';
  for (const name of names) {
    const [cls, text] = MARKS[name];
    const li = document.createElement('li');
    li.dataset.mark = name;
    li.append(swatch(cls), text);
    ul.append(li);
  }
  return ul;
}
