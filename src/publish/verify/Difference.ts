/**
 * A published value that is not what the chain gives: the file, its bucket (an hour's `ts`, or an
 * audit pair "chainId modelId provider"), the field, and both values as JSON writes them (null: absent).
 */
export type Difference = {
  file: string;
  bucket: number | string;
  field: string;
  published: string | null;
  computed: string | null;
};
