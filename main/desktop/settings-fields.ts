// The settings screen's fields (issue #45), drawn from the one schema (CONFIG_SCHEMA) that
// validates the file: main sends the page this list, so the page never loads the schema or its
// validator. Each field says how it is edited; anything a form control cannot hold (lists, maps,
// profiles) is edited as JSON text in place.
import type { SettingsField, SettingsFieldKind } from '../../contracts/settings-screen';
import { CONFIG_SCHEMA } from '../core/config-schema';
import { SHORTCUT_OFF } from '../core/config';

interface PropertySchema {
  type?: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
  oneOf?: readonly unknown[];
}

function kindOf(schema: PropertySchema): SettingsFieldKind {
  if (schema.enum) return 'choice';
  if (schema.oneOf) return 'text'; // the global shortcut: an accelerator, or "off"
  switch (schema.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
      return 'text';
    default:
      return 'json';
  }
}

/** Every key of the settings file but `$schema`, in the schema's order. */
export function settingsFields(): SettingsField[] {
  return Object.entries(CONFIG_SCHEMA.properties as Record<string, PropertySchema>)
    .filter(([key]) => key !== '$schema')
    .map(([key, schema]) => {
      const kind = kindOf(schema);
      // the shortcut's "none" is null in the defaults: the screen shows the word the file takes
      const fallback = key === 'globalShortcut' && schema.default === null ? SHORTCUT_OFF : schema.default;
      return {
        key,
        kind,
        description: schema.description ?? '',
        default: fallback,
        ...(schema.enum ? { choices: [...schema.enum] } : {}),
        minimum: schema.minimum,
        maximum: schema.maximum,
        ...(schema.type === 'integer' ? { integer: true } : {}),
      };
    });
}
