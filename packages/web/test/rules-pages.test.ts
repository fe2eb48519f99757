/**
 * The rules pages' generator: every variant gets a complete page, the text follows the rules
 * record (change a field and the words change), the differences table has a column per variant
 * and marks what differs from International, the worked captures are the move generator's answers
 * for each rule, the English catalogue's variant and option texts match the rules data, a limit on
 * one king's quiet moves (Frisian's) is worded in every language, and the `/rules/<id>` paths
 * read back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OPTION_NAMES, OPTION_SUMMARIES, VARIANTS, variantOrThrow, type Rules } from '@damka/rules';
import { LOCALES, loadCatalogue, translator } from '../src/i18n/index.ts';
import { en } from '../src/i18n/en.ts';
import {
  PARAMETERS,
  describeRules,
  differenceTable,
  piecesPerSide,
} from '../src/rules-pages/describe.ts';
import { choiceDiagram, kingDiagram, startPieces } from '../src/rules-pages/diagrams.ts';
import {
  parseRulesPath,
  rulesPath,
  variantName,
  variantSummary,
} from '../src/rules-pages/texts.ts';
import { publicSources } from '../src/rules-pages/sources.ts';

const t = translator('en');
const byId = (id: string) => VARIANTS.find((r) => r.id === id)!;
const fact = (r: Rules, id: string) =>
  describeRules(r, t)
    .flatMap((s) => s.facts)
    .find((f) => f.id === id)!
    .items.join(' | ');

test('every variant produces a page with every parameter worded', () => {
  for (const r of VARIANTS) {
    const sections = describeRules(r, t);
    assert.equal(sections.length, 5, r.id);
    const facts = sections.flatMap((s) => s.facts);
    assert.equal(facts.length, PARAMETERS.length, r.id);
    for (const f of facts) {
      assert.ok(f.items.length > 0, `${r.id} ${f.id}`);
      for (const text of f.items) {
        assert.ok(text.trim().length > 0, `${r.id} ${f.id} is empty`);
        assert.doesNotMatch(text, /\{\w+\}|rp_|undefined|NaN/, `${r.id} ${f.id}: ${text}`);
      }
    }
  }
});

test('a changed rule field changes the page text', () => {
  const russian = byId('russian');
  assert.match(fact(russian, 'king'), /Flying/);
  assert.match(fact({ ...russian, king: { range: 'short' } }, 'king'), /Short/);
  assert.equal(fact(russian, 'precedence'), 'Free choice');
  const majority: Rules = {
    ...russian,
    capture: { ...russian.capture, precedence: ['quantity', 'quality'] },
  };
  assert.equal(fact(majority, 'precedence'), 'Must take the most pieces, then the most kings');
  assert.equal(fact(russian, 'first'), 'White');
  assert.equal(fact({ ...russian, firstPlayer: 'black' }, 'first'), 'Black');
  assert.match(fact({ ...russian, draws: [{ kind: 'quietMoves', moves: 33 }] }, 'draws'), /^33 /);
  assert.equal(fact({ ...russian, draws: [] }, 'draws'), 'None');
  assert.equal(fact(byId('italian'), 'menTakeKings'), 'No');
  assert.equal(fact(byId('international'), 'pieces'), '20 men');
  assert.equal(fact(byId('dhamet'), 'pieces'), '40 men');
  assert.equal(piecesPerSide('W:W31-50,K3:B1-20'), 21);
  assert.match(fact(byId('israeli-6x6'), 'promotion'), /queen.*\|.*king/);
  assert.equal(fact(byId('thai'), 'king'), en.rp_king_flying_rightBehind);
  assert.equal(fact(byId('killer'), 'king'), en.rp_king_flying_rightBehindKing);
  assert.equal(fact(byId('international'), 'king'), en.rp_king_flying);
});

test('a limit on one king’s quiet moves is worded from the record, in every language', async () => {
  const limited = VARIANTS.filter((r) => r.kingMoveLimit !== undefined).map((r) => r.id);
  assert.deepEqual(limited.sort(), ['frisian', 'frysk'], 'the variants with the limit');
  assert.equal(fact(byId('frisian'), 'kingMoveLimit'), t('rp_kingMoveLimit', { n: 3 }));
  assert.match(fact(byId('frisian'), 'kingMoveLimit'), /At most 3 moves in a row/);
  assert.equal(fact(byId('international'), 'kingMoveLimit'), 'None');
  // the number comes from the record: another limit, another sentence
  assert.match(fact({ ...byId('international'), kingMoveLimit: 5 }, 'kingMoveLimit'), /At most 5 /);
  const cell = (id: string) => {
    const table = differenceTable(t);
    return table.rows.find((r) => r.id === 'kingMoveLimit')!.cells[
      VARIANTS.findIndex((v) => v.id === id)
    ]!;
  };
  assert.equal(cell('frisian').differs, true);
  assert.equal(cell('russian').differs, false);
  // every language has its own sentence, with the number in it
  const sentences = new Set<string>();
  for (const locale of LOCALES) {
    await loadCatalogue(locale);
    const tl = translator(locale);
    const text = describeRules(byId('frisian'), tl)
      .flatMap((s) => s.facts)
      .find((f) => f.id === 'kingMoveLimit')!;
    assert.match(text.items[0]!, /3/, `${locale}: ${text.items[0]}`);
    assert.ok(locale === 'en' || text.label !== en.rp_param_kingMoveLimit, `${locale} label`);
    sentences.add(text.items[0]!);
  }
  assert.equal(sentences.size, LOCALES.length, 'a sentence per language, none left in English');
});

test('the differences table: a column per variant, differences from International marked', () => {
  const table = differenceTable(t);
  assert.equal(table.columns.length, VARIANTS.length);
  assert.equal(table.rows.length, PARAMETERS.length);
  for (const row of table.rows) {
    assert.equal(row.cells.length, VARIANTS.length, row.id);
    assert.equal(
      row.cells[0]!.differs,
      false,
      `International never differs from itself: ${row.id}`,
    );
  }
  const cell = (row: string, id: string) =>
    table.rows.find((r) => r.id === row)!.cells[VARIANTS.findIndex((v) => v.id === id)]!;
  assert.equal(cell('precedence', 'russian').differs, true);
  assert.equal(cell('precedence', 'brazilian').differs, false);
  assert.equal(cell('board', 'antidraughts').differs, false);
  assert.equal(cell('noMove', 'antidraughts').differs, true);
  assert.equal(cell('first', 'english').items[0], 'Black');
  // a record changed in one field differs in that row only
  const changed = { ...byId('international'), id: 'changed', king: { range: 'short' as const } };
  const two = differenceTable(t, [byId('international'), changed]);
  assert.deepEqual(
    two.rows.filter((r) => r.cells[1]!.differs).map((r) => r.id),
    ['king'],
  );
});

test('worked captures are the generator’s answers for each precedence rule', () => {
  for (const r of VARIANTS) {
    const v = variantOrThrow(r.id);
    assert.equal(
      startPieces(v).filter((p) => p?.color === 'white').length,
      piecesPerSide(r.startFen),
    );
    const choice = choiceDiagram(v);
    assert.ok(choice, `${r.id}: the choice pattern fits the board`);
    const taken = choice.captures.map((c) => c.taken).sort();
    // two men outweigh one by count and by value alike (Frisian's value: a man 1, a king under 2)
    if (r.capture.precedence.some((step) => step === 'quantity' || step === 'value')) {
      assert.deepEqual(taken, [2], `${r.id}: only the double capture`);
    } else {
      assert.deepEqual(taken, [1, 2], `${r.id}: free choice keeps both`);
    }
    for (const c of choice.captures) {
      assert.ok(c.text.includes(r.notation.captureSeparator), `${r.id}: ${c.text}`);
    }
    const king = kingDiagram(v);
    if (r.crowningWins === true) {
      assert.equal(king, undefined, `${r.id}: a crowning ends the game, no king ever moves`);
      continue;
    }
    assert.ok(king, `${r.id}: the king pattern fits the board`);
    // a flying king lands anywhere beyond a man (Killer stops only behind a king); Thai's stops
    if (r.king.range === 'flying' && r.king.landing !== 'rightBehind') {
      assert.ok(king.captures.length >= 3, `${r.id}: flying`);
    } else assert.equal(king.captures.length, 1, `${r.id}: the king lands next to the piece`);
    for (const c of king.captures) {
      assert.ok(c.text.includes(r.notation.captureSeparator), `${r.id}: ${c.text}`);
    }
  }
});

test('English variant and option texts are the rules data’s own', () => {
  for (const r of VARIANTS) {
    assert.equal(variantName(t, r), r.name, r.id);
    assert.equal(variantSummary(t, r), r.summary, r.id);
  }
  for (const name of OPTION_NAMES) {
    assert.equal(en[`optionSummary_${name}`], OPTION_SUMMARIES[name], name);
  }
  // a variant no catalogue knows yet shows its record's own texts
  const future = { ...byId('international'), id: 'future', name: 'Future', summary: 'Later.' };
  assert.equal(variantName(translator('he'), future), 'Future');
  assert.equal(variantSummary(translator('he'), future), 'Later.');
});

test('rules paths read back', () => {
  assert.equal(parseRulesPath('/rules'), '');
  assert.equal(parseRulesPath('/rules/'), '');
  assert.equal(parseRulesPath('/rules/israeli-6x6'), 'israeli-6x6');
  assert.equal(parseRulesPath('/'), null);
  assert.equal(parseRulesPath('/play/abcdefghijkl'), null);
  assert.equal(parseRulesPath('/rules/../etc'), null);
  assert.equal(parseRulesPath('/rules/a/b'), null);
  for (const r of VARIANTS) assert.equal(parseRulesPath(rulesPath(r.id)), r.id);
  assert.equal(parseRulesPath(rulesPath('')), '');
});

test('each page cites public rulebooks only, never the project’s working notes', () => {
  for (const r of VARIANTS) {
    const sources = publicSources(r);
    assert.ok(sources.length > 0, `${r.id} cites no rulebook`);
    for (const s of sources) {
      assert.doesNotMatch(s, /rules\.md|decisions|seed \d|§|^S\d\b/i, `${r.id}: ${s}`);
    }
  }
});

test('every piece kind’s move is described: the Israeli 6x6 queen too', () => {
  const queen = fact(byId('israeli-6x6'), 'queen');
  assert.equal(queen, en.rp_queen_short);
  assert.match(en.rp_queen_short, /any direction/);
  assert.equal(fact(byId('international'), 'queen'), en.rp_queen_none);
  for (const r of VARIANTS) {
    for (const id of ['manMoves', 'manCaptures', 'king', 'queen']) {
      assert.ok(fact(r, id).length > 0, `${r.id} ${id}`);
    }
  }
});
