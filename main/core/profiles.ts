// Profiles (issue #45): named programs a tab can run instead of the `shell` setting — their
// schema (part of CONFIG_SCHEMA), the check of their names, and what one makes of the settings a
// session starts from. How they combine with `shell` (docs/settings.md#profiles): `shell`, `args`,
// `cwd` and `env` are the built-in profile, used when `defaultProfile` names none; a named
// profile replaces `shell` and `args` with its `program` and `args`, `cwd` with its own (none:
// the tab starts where the focused pane is, as the + does), and lays its `env` over `env`.

/** One named profile, as the settings file gives it. */
export interface Profile {
  program: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** the tab's mark: a CSS color (the theme's rule) */
  color?: string;
}

/** A name is a label in a menu and a tab's tooltip: one short line. */
export const MAX_PROFILE_NAME_CHARS = 64;
// C0 controls and DEL: a name is shown as text and travels in messages
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** A profile's name as the page may send it and the settings may give it. */
export function isProfileName(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_PROFILE_NAME_CHARS && !CONTROL_CHARS.test(value);
}

/** The schema of `profiles` (colors follow the theme's rule: `color` is that schema's). */
export function profilesSchema(color: object, description: string): object {
  const nonEmpty = { type: 'string', minLength: 1 };
  return {
    type: 'object',
    default: {},
    description,
    additionalProperties: {
      type: 'object',
      additionalProperties: false,
      required: ['program'],
      properties: {
        program: { ...nonEmpty, description: 'The program the tab runs (a path, or a name looked up in PATH).' },
        args: { type: 'array', items: { type: 'string' }, description: 'Its arguments.' },
        cwd: { ...nonEmpty, description: 'Where it starts. Default: where the focused pane is.' },
        env: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Environment variables laid over the `env` setting.',
        },
        color: { ...color, description: 'A color that marks its tabs.' },
      },
    },
  };
}

/** The settings a profile's session starts from (see the head of this file). */
export interface ProgramSettings {
  shell?: string;
  args: string[];
  cwd?: string;
  env: Record<string, string>;
}

/** `settings` with the profile applied; the settings as they are for none. */
export function withProfile<T extends ProgramSettings>(settings: T, profile: Profile | undefined): T {
  if (profile === undefined) return settings;
  return {
    ...settings,
    shell: profile.program,
    args: [...(profile.args ?? [])],
    env: { ...settings.env, ...profile.env },
    cwd: profile.cwd,
  };
}

/** One message per profile whose name is no name (those profiles are dropped). */
export function profileNameProblems(profiles: Readonly<Record<string, Profile>>): { key: string; message: string }[] {
  return Object.keys(profiles)
    .filter((name): boolean => !isProfileName(name))
    .map((name) => ({
      key: `profiles.${name}`,
      message: `a profile's name is 1 to ${MAX_PROFILE_NAME_CHARS} characters, not blank, without control characters; this profile is ignored`,
    }));
}
