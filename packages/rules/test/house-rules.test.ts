/**
 * The house-rule table: every switch a form can set shows afterwards exactly what the rules
 * record plays, switches that cannot hold together turn each other off (and say which), and the
 * Israeli street game with optional capture no longer claims to keep its burns.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HOUSE_RULES,
  OPTION_NAMES,
  VARIANTS,
  findRules,
  houseRuleDefault,
  houseRuleStates,
  houseRulesFor,
  rulesFor,
  setHouseRule,
} from '../src/index.ts';

test('the table has one row per option name, in a known order', () => {
  assert.deepEqual([...HOUSE_RULES.map((h) => h.name)].sort(), [...OPTION_NAMES].sort());
});

test('israeli with optional capture turns burns off, and the record plays what the switches show', () => {
  const israeli = findRules('israeli')!;
  assert.equal(houseRuleDefault(israeli, 'burnedPieces'), true);
  const set = setHouseRule(israeli, {}, 'noForcedCapture', true);
  assert.deepEqual(set.turnedOff, ['burnedPieces']);
  assert.deepEqual(set.options, { noForcedCapture: true, burnedPieces: false });
  const r = rulesFor('israeli', set.options);
  assert.ok(r.ok);
  assert.equal(r.value.capture.obligation, 'optional');
  const states = houseRuleStates(r.value, israeli);
  assert.equal(states.noForcedCapture, true);
  assert.equal(states.burnedPieces, false);
  // turning burns back on turns optional capture off again
  const back = setHouseRule(israeli, set.options, 'burnedPieces', true);
  assert.deepEqual(back.turnedOff, ['noForcedCapture']);
  assert.deepEqual(back.options, {});
});

test('every switch of every variant, set either way, is what the resulting record plays', () => {
  let checked = 0;
  for (const base of VARIANTS) {
    for (const name of houseRulesFor(base)) {
      for (const value of [true, false]) {
        const set = setHouseRule(base, {}, name, value);
        const r = rulesFor(base.id, set.options);
        assert.ok(r.ok, `${base.id} ${name}=${value}: ${r.ok ? '' : r.error}`);
        const states = houseRuleStates(r.value, base);
        // "no move-count draws" off cannot add counts to a variant that has none
        if (!(name === 'noKingMoveLimit' && !value && houseRuleDefault(base, name))) {
          assert.equal(states[name], value, `${base.id} ${name}=${value}`);
        }
        for (const off of set.turnedOff) assert.equal(states[off], false, `${base.id} ${off}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 250, `${checked} combinations`);
});

test('switches that cannot hold together are refused when both are set on', () => {
  const r = rulesFor('international', { giveaway: true, materialAdjudication: true });
  assert.ok(!r.ok);
  assert.match(r.error, /'giveaway' and 'materialAdjudication' cannot be combined/);
  const s = rulesFor('dhamet', { souffle: true, noForcedCapture: true });
  assert.ok(!s.ok);
  assert.match(s.error, /'noForcedCapture' and 'souffle' cannot be combined/);
});

test('Breakthrough refuses the switches that need kings to play on, and says why', () => {
  const base = findRules('breakthrough')!;
  for (const name of ['giveaway', 'kingSplit'] as const) {
    assert.ok(!houseRulesFor(base).includes(name), name);
    const r = rulesFor('breakthrough', { [name]: true });
    assert.ok(!r.ok, name);
    assert.match(r.error, /first crowning/);
  }
  // the same switches still apply to the other new rule sets
  for (const id of ['frisian', 'killer', 'pool', 'thai', 'canadian']) {
    assert.ok(rulesFor(id, { kingSplit: true, giveaway: true }).ok, id);
  }
});
