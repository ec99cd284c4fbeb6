// Types of config-validator.mjs (imported by build/config-schema.test.ts).
export const VALIDATOR_FILE: string;
export function configValidatorSource(schema: object, formats: Record<string, RegExp>): string;
