// The types of config-validator.generated.js (ajv's standalone code for CONFIG_SCHEMA).
import type { ValidateFunction } from 'ajv';

declare const validate: ValidateFunction;
export default validate;
