import type { ErrorObject } from "ajv";

/** A validator compiled ahead of time from one JSON Schema (see scripts/generate/generateSchemaValidators.ts). */
export type CompiledValidator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Every schema's compiled validator, by schema file name (`summary.schema.json`). */
export declare const validators: Readonly<Record<string, CompiledValidator>>;
