/** A model's name for people: its on-chain name, or "(unnamed) 0x1234…" when it has none. */
export function modelLabel(name: string, modelId: string): string {
  return name.trim() !== "" ? name : `(unnamed) ${modelId.slice(0, 6)}…`;
}
