// The engine's codes in a player's words (web/words.js), each worked out by hand from the codes
// the engine writes: fractions, formations, melee and charge results, journal keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  mixed, labelWords, promptWords, meleeWords, chargeWords, keyWords, segmentWords,
} from '../../web/words.js';

test('fractions are mixed numbers', () => {
  assert.equal(mixed('5/2'), '2½');
  assert.equal(mixed('9/2'), '4½');
  assert.equal(mixed('1/2'), '½');
  assert.equal(mixed('7/4'), '1¾');
  assert.equal(mixed('8/2'), '4');
  assert.equal(mixed(3), '3');
  assert.equal(mixed('11/36'), '11/36');
});

test('option labels and prompts in words', () => {
  assert.equal(labelWords('fr-18li-2: form line:5@0715+0814 (2 MP)'),
    "fr-18li-2: form line facing 5 o'clock on 0715 and 0814 (2 MP)");
  assert.equal(labelWords('fr-18li-2: form carre:4@0715 (1 MP)'),
    "fr-18li-2: form carré facing 4 o'clock on 0715 (1 MP)");
  assert.equal(labelWords('fr-8chs moves to 0803 (0803, 5/2 MP)'), 'fr-8chs moves to 0803 (0803, 2½ MP)');
  assert.equal(labelWords('fr-24le-vlt fires at 0911 (fire value 9/2, 2 hexes)'),
    'fr-24le-vlt fires at 0911 (fire value 4½, 2 hexes)');
  assert.equal(labelWords('fr-26le-1: face 9 (1 MP)'), "fr-26le-1: face 9 o'clock (1 MP)");
  assert.equal(labelWords('end the offensive_fire segment'), 'end the offensive fire segment');
  assert.equal(promptWords('french, offensive_fire segment: choose an action, or end the segment'),
    'french, offensive fire segment: choose an action, or end the segment');
  assert.equal(segmentWords('defensive_fire'), 'defensive fire');
});

test('melee results in words', () => {
  assert.equal(meleeWords('DEFENDER_FAILS'), 'the defenders fail their pre-melee check: no melee');
  assert.equal(meleeWords('ATTACKER_FAILS'), 'the attackers fail their pre-melee check: no melee');
  assert.equal(meleeWords('1*/2'), 'attackers lose 1 and check morale, defenders lose 2');
  assert.equal(meleeWords('0/0*'), 'defenders lose 0 and check morale');
  assert.equal(meleeWords('0/0'), 'no losses');
  assert.equal(meleeWords('DD'), 'the defenders are disordered and retreat');
  assert.equal(meleeWords('NE'), 'no effect');
});

test('charge outcomes in words', () => {
  assert.equal(chargeWords('carre[au-ir20-3]:PGD no-contact'),
    'au-ir20-3 fails to form carré and routs; the charge does not reach its target');
  assert.equal(chargeWords('carre[au-ir20-3]:CARRE no-contact'),
    'au-ir20-3 forms carré; the charge does not reach its target');
  assert.equal(chargeWords('stand:fail rout:4'), 'the target fails to stand; routs (die 4)');
});

test('journal keys in words', () => {
  assert.equal(keyWords('move:fr-18li-2:0714'), 'fr-18li-2 moves to 0714');
  assert.equal(keyWords('fire:fr-26le-1+fr-24le-vlt:0911'), 'fr-26le-1 and fr-24le-vlt fire at 0911');
  assert.equal(keyWords('fire:au-ir4-1:0810'), 'au-ir4-1 fires at 0810');
  assert.equal(keyWords('melee:0910:fr-26le-1'), 'fr-26le-1 melees 0910');
  assert.equal(keyWords('charge:fr-8chs:0802,0903'), 'fr-8chs charges along 0802, 0903');
  assert.equal(keyWords('end'), 'ends the segment');
  assert.equal(keyWords('carre'), 'carre');
});
