// Theme colors the settings' one color rule (config-schema.ts) is checked with: by the validator
// (config-validation.test.ts) and against xterm itself (e2e/browser/theme-colors.spec.ts).

/** Every form the rule accepts, one of each (the CSS names aside). */
export const COLOR_FORMS = [
  '#abc',
  '#ABCD',
  '#1e1e2e',
  '#1e1e2e80',
  'rgb(30, 30, 46)',
  'rgba(0,0,0,0.5)',
  'rgb(255,255,255)',
  'RebeccaPurple',
];

/** Colors xterm drops for its default: the rule refuses them. */
export const COLORS_XTERM_DROPS = ['notacolor', '#zzz', 'transparent', 'rgb(1, 2)'];
