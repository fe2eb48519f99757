/**
 * The public rulebooks each rules page cites: federation rules where a federation publishes them,
 * otherwise the public reference articles the variant's rules follow. Kept here, beside the pages,
 * because the rules records' own `sources` field is the engine's working record and names notes
 * that no reader can open. Each is cited by its publisher and title in its own language (or a
 * reference article by its site and title), the same on every language's page.
 */
import type { Rules } from '@damka/rules';

const FMJD = 'FMJD, Official Rules of International Draughts (Annex 1 of the FMJD Statutes)';
const FMJD_64 = 'FMJD Section 64, rules of draughts on the 64-square board';
const WCDF = 'World Checkers/Draughts Federation (WCDF), Rules of the Game of Checkers/Draughts';
const FRISIAN =
  'KNDB (Koninklijke Nederlandse Dambond), Official Rules for Frisian Draughts (2011)';
const HEBREW_WIKIPEDIA = 'he.wikipedia.org, “דמקה”';

const SOURCES: Readonly<Record<string, readonly string[]>> = {
  international: [FMJD],
  brazilian: [FMJD_64, 'Confederação Brasileira de Damas, Regras oficiais do jogo de damas'],
  russian: [
    FMJD_64,
    'Russian Draughts Federation, Official rules of draughts (Правила игры в шашки)',
  ],
  english: [WCDF],
  spanish: ['Federación Española de Damas, Reglamento del juego de damas'],
  italian: ['Federazione Italiana Dama (FID), Regolamento tecnico della dama italiana'],
  portuguese: ['Federação Portuguesa de Damas, Regras do Jogo de Damas Clássicas'],
  czech: ['Česká federace dámy, Pravidla české dámy'],
  turkish: ['en.wikipedia.org, “Turkish draughts”', 'tr.wikipedia.org, “Dama (oyun)”'],
  'arab-dama': ['ar.wikipedia.org, “ضامة”'],
  israeli: [HEBREW_WIKIPEDIA],
  'israeli-6x6': [HEBREW_WIKIPEDIA],
  dhamet: [
    'fr.wikipedia.org, “Dhamet”',
    'Abdallahi Ould Bah, « Les dames du désert », Jeux et Stratégie 27 (1984), pp. 46–48',
    'J.-M. Mascort, Les Jeux du Sahara (2021), pp. 56–59',
  ],
  antidraughts: [FMJD, 'lidraughts.org, “Antidraughts” (variant rules)'],
  giveaway: [WCDF, 'Checkers Wiki (checkers.fandom.com), “Suicide Checkers”'],
  frisian: [FRISIAN],
  frysk: [FRISIAN, 'lidraughts.org, “Frysk!” (variant rules)'],
  killer: [FMJD, 'Christian Freeling, mindsports.nl, “Killer draughts”'],
  breakthrough: [FMJD, 'lidraughts.org, “Breakthrough” (variant rules)'],
  pool: ['American Pool Checkers Association (APCA), Tournament Rules of Play'],
  thai: [
    'mindsports.nl, “Mak-hos” (Thai draughts)',
    'Checkers Wiki (checkers.fandom.com), “Mak-hot”',
  ],
  canadian: [FMJD, 'Portable Draughts Notation (PDN) standard, GameType 27 (Canadian draughts)'],
};

/** The public rulebooks behind `rules` (empty for a variant not listed yet). */
export function publicSources(rules: Rules): readonly string[] {
  return SOURCES[rules.id] ?? [];
}
