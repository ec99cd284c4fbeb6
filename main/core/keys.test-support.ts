import type { KeyPress } from './keys';

/** A key press with no modifier but the ones given. */
export const press = (p: Partial<KeyPress> & Pick<KeyPress, 'key'>): KeyPress => ({
  code: '',
  ctrl: false,
  shift: false,
  alt: false,
  meta: false,
  ...p,
});
