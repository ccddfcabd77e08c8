import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * A sequencer that starts the named files first, in the order given, each within its own project;
 * the others follow in Vitest's own order. Vitest orders by the durations it cached on an earlier
 * run and, on a fresh clone (CI), where it has none, by file size: a short file that runs for a
 * minute then starts last and ends the run alone while the other workers sit idle.
 */
export function longestFirst(paths: readonly string[]): typeof BaseSequencer {
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (file: TestSpecification) => {
        const index = paths.indexOf(relative(file.project.config.root, file.moduleId).split("\\").join("/"));
        return index === -1 ? paths.length : index;
      };
      return sorted.sort((a, b) => {
        const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
        if (group !== 0) return group;
        if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
        return rank(a) - rank(b);
      });
    }
  };
}
