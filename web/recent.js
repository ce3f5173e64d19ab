// What the other side just did, drawn on the map: its moves animated along their way (half a
// second), its fires as arrows with the roll and the losses, its routs and retreats along their
// path, and one summary line ("french turn 13:00: 3 moves, 2 fires, 1 unit routed").

const MOVE_MS = 500;

/* The hexes a decision took a unit through, when its key says them (a path, a charge). */
function keyPath(key) {
  const [verb, , path] = key.split(':');
  return (verb === 'path' || verb === 'charge') && path ? path.split(',') : [];
}

/* The rolls of the journal entries that follow decision i, up to the next decision. */
function rollsAfter(entries, i) {
  const rolls = [];
  for (let k = i + 1; k < entries.length && !entries[k].decision; k++) {
    if (entries[k].die) rolls.push(entries[k]);
  }
  return rolls;
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/* Animates a counter along the centres of hexes to where it stands now (the last one): a CSS
 * transform over its transform attribute while it runs, in the map's units. */
function animate(map, id, hexes) {
  const el = map.layers.units.querySelector(`[data-unit="${CSS.escape(id)}"]`);
  const points = hexes.map((hex) => map.centre(hex)).filter(Boolean);
  const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(el?.getAttribute('transform') || '');
  if (!el?.animate || points.length < 2 || !m) return;
  // the counter's place in its stack, kept along the way
  const [ox, oy] = [Number(m[1]) - points[points.length - 1][0], Number(m[2]) - points[points.length - 1][1]];
  el.animate(points.map(([x, y]) => ({ transform: `translate(${x + ox}px, ${y + oy}px)` })),
    { duration: MOVE_MS, easing: 'ease-in-out' });
}

/* What the other side did since this side's last decision: its side, the clock it started at,
 * how many of each, and the hex of the last (`at`, where the map goes to show it). */
export function newRecent() {
  return { side: null, clock: null, move: 0, charge: 0, fire: 0, melee: 0, retreat: 0, routed: 0, gone: 0, at: null };
}

/* Draws the decisions of entries (new journal entries) taken by another side than mine (null:
 * every side), the units as they stood before and as they stand after, adding them to acc (a
 * decision of mine starts acc and the map's marks afresh); returns the summary line of acc,
 * or '' when it holds nothing. */
export function showRecent(map, acc, { before, after, entries, mySide, sides }) {
  const was = new Map(before.units.map((u) => [u.id, u]));
  const now = new Map(after.units.map((u) => [u.id, u]));
  entries.forEach((e, i) => {
    if (!e.decision) return;
    if (mySide !== null && sides[e.side] === mySide) {
      Object.assign(acc, newRecent());
      map.clear('recent');
      return;
    }
    if (!acc.side) Object.assign(acc, { side: sides[e.side], clock: before.clock });
    const [verb, a, b] = e.key.split(':');
    if (verb === 'fire' && b) {
      acc.fire += 1;
      const firers = a.split('+');
      const from = was.get(firers[0])?.hexes[0];
      const lost = before.units.filter((u) => u.hexes.includes(b))
        .reduce((n, u) => n + (u.strength ?? 0) - (now.get(u.id)?.strength ?? 0), 0);
      const roll = rollsAfter(entries, i).find((r) => r.purpose === 'fire');
      map.arrow('recent', from, b, 'recent-fire',
        `${roll ? `roll ${roll.value} · ` : ''}${lost > 0 ? `−${lost}` : 'no loss'}`);
      acc.at = b;
    } else if (verb === 'melee') {
      acc.melee += 1;
      const attacker = (b || '').split('+')[0];
      map.arrow('recent', was.get(attacker)?.hexes[0], a, 'recent-melee', '⚔');
      acc.at = a;
    } else if (/^\d+$/.test(e.key) && e.subject) {
      // a retreat's end: its path as the decision offered it
      acc.retreat += 1;
      const path = before.pending?.retreat?.paths?.find((p) => p[p.length - 1] === e.key)
        || [was.get(e.subject)?.hexes[0], e.key];
      map.polyline('recent', path, 'recent-rout');
      acc.at = e.key;
      animate(map, e.subject, path);
    } else if (a && was.get(a) && now.get(a)
               && was.get(a).hexes.join() !== now.get(a).hexes.join()) {
      acc[verb === 'charge' ? 'charge' : 'move'] += 1;
      const path = [was.get(a).hexes[0], ...keyPath(e.key)];
      if (path[path.length - 1] !== now.get(a).hexes[0]) path.push(now.get(a).hexes[0]);
      map.polyline('recent', path, 'recent-move');
      animate(map, a, path);
      acc.at = now.get(a).hexes[0];
    }
  });
  if (!acc.side) return '';
  acc.routed += after.units.filter((u) => u.state === 'routed' && was.get(u.id)?.state !== 'routed').length;
  acc.gone += before.units.filter((u) => u.arm !== 'leader' && !now.has(u.id)).length;
  const parts = [
    acc.move && plural(acc.move, 'move', 'moves'), acc.charge && plural(acc.charge, 'charge', 'charges'),
    acc.fire && plural(acc.fire, 'fire', 'fires'), acc.melee && plural(acc.melee, 'melee', 'melees'),
    acc.retreat && plural(acc.retreat, 'retreat', 'retreats'),
    acc.routed && `${plural(acc.routed, 'unit', 'units')} routed`,
    acc.gone && `${plural(acc.gone, 'unit', 'units')} eliminated or surrendered`,
  ].filter(Boolean);
  return `${acc.side} turn ${acc.clock}: ${parts.length ? parts.join(', ') : 'ended the segment, nothing else'}`;
}
