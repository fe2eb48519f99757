/**
 * The rules screens, loaded on demand (they are not needed for the first page): the index with
 * every variant and the side-by-side table of differences, and one page per variant written from
 * its rules record by `describe.ts`, with boards drawn by the board widget — the start position
 * with the notation's square names, and worked captures answered by the move generator.
 */
import { useMemo } from 'preact/hooks';
import {
  VARIANTS,
  getVariant,
  houseRuleConflicts,
  type Piece,
  type Rules,
  type OptionName,
  type Variant,
} from '@damka/rules';
import type { Translate } from '../i18n/index.ts';
import { Board, useEdgeLabels } from '../ui/board.tsx';
import { optionDefault, optionsFor } from '../ui/setup.tsx';
import { describeRules, differenceTable } from './describe.ts';
import { choiceDiagram, kingDiagram, startPieces, type Diagram } from './diagrams.ts';
import { publicSources } from './sources.ts';
import { optionLabel, optionSummary, rulesPath, variantName, variantSummary } from './texts.ts';

export interface RulesScreenProps {
  readonly t: Translate;
  /** `''`: the index and the table; otherwise a variant id. */
  readonly page: string;
  readonly onOpen: (page: string) => void;
  /** Start a new game of this variant (the new-game screen, the variant chosen). */
  readonly onPlay?: (variant: string) => void;
}

function PageLink({
  page,
  onOpen,
  children,
  testId,
}: {
  page: string;
  onOpen: (page: string) => void;
  children: preact.ComponentChildren;
  testId?: string;
}) {
  return (
    <a
      href={rulesPath(page)}
      data-testid={testId}
      onClick={(e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onOpen(page);
      }}
    >
      {children}
    </a>
  );
}

const NONE: readonly never[] = [];

/** One sentence as text, several as a list. */
function Items({ items }: { items: readonly string[] }) {
  if (items.length === 1) return <>{items[0]}</>;
  return (
    <ul class="fact-list">
      {items.map((x) => (
        <li key={x}>{x}</li>
      ))}
    </ul>
  );
}
const ignore = () => undefined;

/** A read-only board of `variant` with square names in its notation. */
function StaticBoard({
  t,
  variant,
  pieces,
  targets,
  label,
}: {
  t: Translate;
  variant: Variant;
  pieces: ReadonlyArray<Piece | undefined>;
  targets: readonly number[];
  label: string;
}) {
  const topo = variant.topology;
  const edgeLabels = useEdgeLabels(variant);
  return (
    <div class={`board-frame kind-${topo.kind}`} dir="ltr">
      <Board
        geometry={topo}
        pieces={pieces}
        moves={NONE}
        movable="none"
        targets={targets}
        lastMove={null}
        labels={variant.squares.names}
        edgeLabels={edgeLabels}
        coordinates={true}
        flipped={false}
        ariaLabel={label}
        ply={0}
        arriving={null}
        t={t}
        onMove={ignore}
        onRefuse={ignore}
        onTarget={ignore}
      />
    </div>
  );
}

function CaptureFigure({
  t,
  variant,
  diagram,
  kind,
  name,
}: {
  t: Translate;
  variant: Variant;
  diagram: Diagram;
  kind: 'choice' | 'king';
  name: string;
}) {
  const list = diagram.captures.length
    ? diagram.captures.map((c, i) => {
        // the move stays left to right inside a right-to-left sentence
        const [pre, post] = t('rp_diagramTakes', { move: '\u0000', n: c.taken }).split('\u0000');
        return (
          <span key={c.text} class="capture-item">
            {i > 0 && ', '}
            {pre}
            <bdi dir="ltr" class="move-text">
              {c.text}
            </bdi>
            {post}
          </span>
        );
      })
    : t('rp_diagramNoCapture');
  const [before, after] = t(kind === 'choice' ? 'rp_diagramChoice' : 'rp_diagramKing', {
    color: t(diagram.mover),
    list: '\u0000',
  }).split('\u0000');
  return (
    <figure class="rules-figure" data-diagram={kind}>
      <StaticBoard
        t={t}
        variant={variant}
        pieces={diagram.pieces}
        targets={diagram.captures.map((c) => c.to)}
        label={t('boardLabel', { variant: name })}
      />
      <figcaption>
        {before}
        {list}
        {after}
        {variant.rules.capture.obligation !== 'mandatory' && ` ${t('rp_diagramOptional')}`}
      </figcaption>
    </figure>
  );
}

function VariantPage({
  t,
  rules,
  onOpen,
  onPlay,
}: {
  t: Translate;
  rules: Rules;
  onOpen: (p: string) => void;
  onPlay?: (variant: string) => void;
}) {
  const variant = useMemo(() => getVariant(rules.id), [rules]);
  if (!variant.ok) return <p class="error">{variant.error}</p>;
  const v = variant.value;
  const name = variantName(t, rules);
  const sections = describeRules(rules, t);
  const choice = choiceDiagram(v);
  const king = kingDiagram(v);
  const index = VARIANTS.indexOf(rules);
  const prev = VARIANTS[index - 1];
  const next = VARIANTS[index + 1];
  return (
    <article class="rules-page" data-variant={rules.id}>
      <nav class="rules-nav">
        <PageLink page="" onOpen={onOpen} testId="rules-index">
          {t('rp_allVariants')}
        </PageLink>
        <span class="rules-nav-steps">
          {prev && (
            <PageLink page={prev.id} onOpen={onOpen}>
              ‹ {variantName(t, prev)}
            </PageLink>
          )}
          {next && (
            <PageLink page={next.id} onOpen={onOpen}>
              {variantName(t, next)} ›
            </PageLink>
          )}
        </span>
      </nav>
      <header class="rules-head">
        <h2>{name}</h2>
        <p class="rules-summary">{variantSummary(t, rules)}</p>
        {onPlay && (
          <button
            type="button"
            class="primary rules-play"
            data-testid="rules-play"
            onClick={() => onPlay(rules.id)}
          >
            {t('rp_playThis')}
          </button>
        )}
      </header>
      <div class="rules-layout">
        <figure class="rules-figure" data-diagram="start">
          <StaticBoard
            t={t}
            variant={v}
            pieces={startPieces(v)}
            targets={NONE}
            label={t('boardLabel', { variant: name })}
          />
          <figcaption>{t('rp_diagramStart')}</figcaption>
        </figure>
        <div class="rules-text">
          {sections.map((s) => (
            <section key={s.id} class="rules-section" data-section={s.id}>
              <h3>{s.title}</h3>
              <dl>
                {s.facts.map((f) => (
                  <div key={f.id} class="fact" data-fact={f.id}>
                    <dt>{f.label}</dt>
                    <dd>
                      <Items items={f.items} />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </div>
      <div class="rules-figures">
        {choice && <CaptureFigure t={t} variant={v} diagram={choice} kind="choice" name={name} />}
        {king && <CaptureFigure t={t} variant={v} diagram={king} kind="king" name={name} />}
      </div>
      <section class="rules-section rules-options">
        <h3>{t('rp_sectionOptions')}</h3>
        <ul>
          {optionsFor(rules).map((o) => (
            <li key={o} data-option={o}>
              <span class="option-name">{optionLabel(t, o)}</span>{' '}
              <span class="option-default">
                ({t(optionDefault(rules, o) ? 'rp_optionOn' : 'rp_optionOff')})
              </span>
              <span class="option-summary">{optionSummary(t, o)}</span>
              <OptionConflicts t={t} rules={rules} name={o} />
            </li>
          ))}
        </ul>
      </section>
      <p class="rules-sources">{t('rp_sources', { list: publicSources(rules).join('; ') })}</p>
    </article>
  );
}

/**
 * The switches this one cannot hold together with on this variant (the rules package's table says
 * which): the same pairs the new-game form turns off and names, so a page never promises both.
 */
function OptionConflicts({ t, rules, name }: { t: Translate; rules: Rules; name: OptionName }) {
  const here = optionsFor(rules);
  const list = houseRuleConflicts(name).filter((n) => here.includes(n));
  if (list.length === 0) return null;
  return (
    <span class="option-conflicts" data-testid={`rules-conflict-${name}`}>
      {t('rp_optionConflicts', { list: list.map((n) => optionLabel(t, n)).join(', ') })}
    </span>
  );
}

function DifferencesTable({ t, onOpen }: { t: Translate; onOpen: (p: string) => void }) {
  const table = useMemo(() => differenceTable(t), [t]);
  return (
    <section class="rules-differences" aria-labelledby="differences-title">
      <h3 id="differences-title">{t('rp_differences')}</h3>
      <p class="hint">{t('rp_differencesHint')}</p>
      <div class="table-scroll" tabIndex={0} role="region" aria-labelledby="differences-title">
        <table class="differences" data-testid="differences">
          <thead>
            <tr>
              <th scope="col">{t('rp_rule')}</th>
              {table.columns.map((r) => (
                <th key={r.id} scope="col" data-variant={r.id}>
                  <PageLink page={r.id} onOpen={onOpen}>
                    {variantName(t, r)}
                  </PageLink>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.id} data-row={row.id}>
                <th scope="row">{row.label}</th>
                {row.cells.map((c, i) => (
                  <td key={table.columns[i]!.id} class={c.differs ? 'differs' : undefined}>
                    <Items items={c.items} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RulesIndex({ t, onOpen }: { t: Translate; onOpen: (p: string) => void }) {
  return (
    <div class="rules-index">
      <header class="rules-head">
        <h2>{t('rp_title')}</h2>
        <p class="rules-summary">{t('rp_intro')}</p>
      </header>
      <ul class="rules-variants">
        {VARIANTS.map((r) => (
          <li key={r.id} data-variant={r.id}>
            <PageLink page={r.id} onOpen={onOpen}>
              <span class="variant-name">{variantName(t, r)}</span>
            </PageLink>
            <span class="variant-summary">{variantSummary(t, r)}</span>
          </li>
        ))}
      </ul>
      <DifferencesTable t={t} onOpen={onOpen} />
    </div>
  );
}

export function RulesScreen({ t, page, onOpen, onPlay }: RulesScreenProps) {
  if (page === '') return <RulesIndex t={t} onOpen={onOpen} />;
  const rules = VARIANTS.find((r) => r.id === page);
  if (!rules) {
    return (
      <div class="rules-index rules-missing">
        <p class="error" role="alert">
          {t('rp_unknown', { id: page })}
        </p>
        <PageLink page="" onOpen={onOpen}>
          {t('rp_allVariants')}
        </PageLink>
      </div>
    );
  }
  return <VariantPage key={rules.id} t={t} rules={rules} onOpen={onOpen} onPlay={onPlay} />;
}
