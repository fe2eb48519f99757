/**
 * The puzzle trainer and the game review, loaded on first use: the first page carries only these
 * small loaders, not the screens, their styles, nor (for the review) the engine.
 */
import type { TrainerProps } from './trainer.tsx';
import type { ReviewProps } from '../review/review.tsx';
import { LoadFailed, useModule } from '../pdn/lazy.tsx';

const trainerModule: { value: typeof import('./trainer.tsx') | null } = { value: null };
const reviewModule: { value: typeof import('../review/review.tsx') | null } = { value: null };

export function TrainerLoader(props: TrainerProps) {
  const mod = useModule(() => import('./trainer.tsx'), trainerModule);
  if (mod === 'failed') return <LoadFailed text={props.t('toolLoadFailed')} />;
  if (!mod) return <p class="rules-loading" aria-busy="true" />;
  return <mod.Trainer {...props} />;
}

export function ReviewLoader(props: ReviewProps) {
  const mod = useModule(() => import('../review/review.tsx'), reviewModule);
  if (mod === 'failed') return <LoadFailed text={props.t('toolLoadFailed')} />;
  if (!mod) return <p class="rules-loading" aria-busy="true" />;
  return <mod.Review {...props} />;
}
