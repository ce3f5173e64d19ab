// The engine's codes in a player's words: fractions as mixed numbers, melee and charge results,
// option labels, journal entries. Each function keeps the code for a tooltip or a details line.

const FRACTION = { 2: { 1: '½' }, 3: { 1: '⅓', 2: '⅔' }, 4: { 1: '¼', 3: '¾' } };

/* "5/2" -> "2½", "9/2" -> "4½", "1/2" -> "½", "4" -> "4"; other fractions as they are. */
export function mixed(text) {
  const m = /^(\d+)\/(\d+)$/.exec(String(text));
  if (!m) return String(text);
  const [n, d] = [Number(m[1]), Number(m[2])];
  const whole = Math.floor(n / d);
  const part = FRACTION[d]?.[n % d];
  if (n % d === 0) return String(whole);
  return part ? `${whole || ''}${part}` : String(text);
}

const SEGMENTS = {
  charge: 'charge', movement: 'movement', defensive_fire: 'defensive fire',
  offensive_fire: 'offensive fire', melee: 'melee', morale_recovery: 'morale recovery',
  reinforcement: 'reinforcements', recovery: 'recovery',
};

export const segmentWords = (segment) => SEGMENTS[segment] || String(segment).replaceAll('_', ' ');

const FORMATIONS = {
  line: 'line', column: 'column', carre: 'carré', skirmish: 'skirmish order',
  general: 'general order', road: 'road march', limbered: 'limbered', unlimbered: 'unlimbered',
};
export const formationWords = (f) => FORMATIONS[f] || f;

/* "form line:5@0715+0814" -> "form line facing 5 o'clock on 0715 and 0814". */
function formWords(formation, facing, hexes) {
  return `form ${formationWords(formation)} facing ${facing} o'clock on ${hexes.split('+').join(' and ')}`;
}

/* An option's label in words: its fractions mixed, its formation codes spelled out. */
export function labelWords(label) {
  return String(label)
    .replace(/form (\w+):(\d+)@([\d+]+)/g, (_, f, n, hexes) => formWords(f, n, hexes))
    .replace(/\bface (\d+) \(/g, "face $1 o'clock (")
    .replace(/: march \(/g, ': road march (')
    .replace(/\b(\d+\/\d)\b/g, (f) => mixed(f))
    .replace(/\b([a-z]+)_([a-z]+) segment\b/g, '$1 $2 segment')
    .replace(/ H1,H2,… \(the hexes it enters\)/, ' (click the hexes it enters)')
    .replace(/: U1\+U2\+…:HEX \(R-FIRE-23\.\.27\)/, ' (R-FIRE-23)');
}

export function promptWords(prompt) {
  return String(prompt).replace(/\b([a-z]+)_([a-z]+) segment\b/g, '$1 $2 segment');
}

const SIDES_OF = { A: 'attackers', D: 'defenders' };

/* A melee result of the odds or of the table: DEFENDER_FAILS, NE, DR, "a/d" with a star for a morale check ... */
export function meleeWords(code) {
  const fixed = {
    DEFENDER_FAILS: 'the defenders fail their pre-melee check: no melee',
    ATTACKER_FAILS: 'the attackers fail their pre-melee check: no melee',
    NE: 'no effect', AR: 'the attackers rout', DR: 'the defenders rout',
    AD: 'the attackers are disordered and retreat', DD: 'the defenders are disordered and retreat',
    DS: 'the defenders surrender',
  };
  if (fixed[code]) return fixed[code];
  const m = /^(\d+)(\*?)\/(\d+)(\*?)$/.exec(code);
  if (!m) return code;
  const side = (who, n, star) => (n === '0' && !star ? null
    : `${SIDES_OF[who]} lose ${n}${star ? ' and check morale' : ''}`);
  const parts = [side('A', m[1], m[2]), side('D', m[3], m[4])].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no losses';
}

/* A charge's outcome summary ("carre[au-ir20-3]:PGD no-contact") in words. */
export function chargeWords(summary) {
  const STATE = { CARRE: 'forms carré', PGD: 'fails to form carré and routs', DD: 'fails to form carré and is disordered' };
  const one = (code) => {
    let m = /^carre\[([^\]]+)\]:(\w+)$/.exec(code);
    if (m) return `${m[1]} ${STATE[m[2]] || m[2]}`;
    m = /^(\w[\w-]*):(.*)$/.exec(code);
    const [what, arg] = m ? [m[1], m[2]] : [code, ''];
    const words = {
      'no-contact': 'the charge does not reach its target',
      'routed-in-place': 'the target routs where it stands',
      stay: 'the defenders stay',
      carre: `the target ${STATE[arg] || arg}`,
      stand: arg === 'pass' ? 'the target stands its ground' : 'the target fails to stand',
      guns: arg === 'pass' ? 'the gunners stand' : 'the gunners fail',
      recall: arg === 'yes' ? 'the cavalry is recalled' : 'the cavalry is not recalled',
      rout: `routs (die ${arg})`, trample: `tramples ${arg}`, target: `charges ${arg}`,
      engage: `engages ${arg}`, melee: `melee with ${arg}`, eliminated: `${arg} is eliminated`,
      surrender: `${arg} surrenders`, captured: `${arg} is captured`, alone: `${arg} is left alone`,
      casualty: `${arg} is a casualty`, fails: `${arg} fails its check`, retire: `${arg} retires`,
      routed: `${arg} routs`, advance: `${arg} advances`, result: `melee: ${meleeWords(arg)}`,
      tired: `${arg} is tired`, exhausted: `${arg} is exhausted`, fresh: `${arg} is fresh`,
      moves: `${arg.split(':')[0]} moves to ${arg.split(':')[1]}`,
    };
    return words[what] || code;
  };
  return String(summary).split(/\s+/).filter(Boolean).map(one).join('; ');
}

/* A decision key of the journal in words: "move:fr-18li-2:0714" -> "fr-18li-2 moves to 0714". */
export function keyWords(key) {
  const [verb, ...rest] = String(key).split(':');
  const list = (ids) => ids.split('+').join(' and ');
  switch (verb) {
  case 'end': return 'ends the segment';
  case 'move': return `${rest[0]} moves to ${rest[1]}`;
  case 'path': return `${rest[0]} moves along ${rest.slice(1).join(':').split(',').join(', ')}`;
  case 'fire': return rest.length === 2
    ? `${list(rest[0])} fire${rest[0].includes('+') ? '' : 's'} at ${rest[1]}` : 'fires';
  case 'melee': return `${list(rest[1] || '')} melee${(rest[1] || '').includes('+') ? '' : 's'} ${rest[0]}`;
  case 'charge': return `${rest[0]} charges along ${(rest[1] || '').split(',').join(', ')}`;
  case 'form': return `${rest[0]}: ${formWords(rest[1], ...(rest[2] || '').split('@'))}`;
  case 'face': return `${rest[0]} faces ${rest[1]} o'clock`;
  case 'march': return `${rest[0]} takes road march`;
  case 'attach': return `${rest[0]} goes with ${rest[1]}`;
  default: return String(key);
  }
}

const STATES = { good: null, disordered: 'disordered', routed: 'routed' };

/* What a counter says, in words (its tooltip and the screen reader's label). */
export function counterWords(u, c) {
  const parts = [u.name ? `${u.id}: ${u.name}` : u.id];
  if (u.arm === 'leader') return `${parts[0]} (leader)`;
  parts.push(`${u.arm}${u.formation ? ` in ${formationWords(u.formation)}` : ''}`
    + `${u.facing ? `, facing ${u.facing} o'clock` : ''}`);
  if (u.strength !== undefined) parts.push(`${u.strength} of ${c.increments} increments`);
  if (c.fire !== undefined) parts.push(`fire ${c.fire}, melee ${c.melee}, movement ${c.movement}, morale ${c.morale}`);
  if (STATES[u.state]) parts.push(STATES[u.state]);
  if (u.readiness && u.readiness !== 'fresh') parts.push(u.readiness);
  return parts.join('; ');
}
