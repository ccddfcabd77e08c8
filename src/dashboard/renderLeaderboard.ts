import { element } from "./element.js";
import { format } from "./format.js";
import { type Column, columns, type Sort, type Standing, sortStandings } from "./standings.js";

type Kind = "model" | "provider";

const headers: Record<Column, (kind: Kind) => string> = {
  name: (kind) => (kind === "model" ? "Model" : "Provider"),
  sessions: () => "Sessions",
  tokens: () => "Tokens",
  hours: () => "Inference hours",
  earned: () => "Earned (MOR)",
  ttft: () => "TTFT",
  tps: () => "Speed (tok/s)",
  disputed: () => "Disputed",
  peers: (kind) => (kind === "model" ? "Providers" : "Models"),
};

function cell(row: Standing, column: Column, kind: Kind): string {
  const { totals } = row;
  switch (column) {
    case "name":
      return row.name;
    case "hours":
      return format.hours(totals.seconds).replace(" h", "");
    case "earned":
      return format.mor(totals.earned).replace(" MOR", "");
    case "ttft":
      return format.seconds(totals.ttft);
    case "tps":
      return totals.tps === undefined ? "—" : format.decimal(totals.tps, 3);
    case "disputed":
      return format.share(totals.disputed, totals.sessions);
    case "peers":
      return format.integer(kind === "model" ? totals.providers : totals.models);
    default:
      return format.integer(totals[column]);
  }
}

/**
 * A leaderboard: every model or provider with a closed session in the window, sortable by each
 * column (a header button; aria-sort says how), each name a link to its market page, each row a
 * toggle that filters the charts to it.
 */
export function renderLeaderboard(
  container: HTMLElement,
  kind: Kind,
  rows: readonly Standing[],
  sort: Sort,
  chosen: readonly string[],
  actions: { sort: (sort: Sort) => void; toggle: (id: string) => void; href: (id: string) => string },
): void {
  const active = rows.filter((row) => row.totals.sessions > 0);
  if (active.length === 0) {
    container.replaceChildren(
      element("p", { class: "empty" }, `No ${kind} closed a session in this window.`),
    );
    return;
  }
  const head = columns.map((column) => {
    const sorted = sort.column === column;
    const button = element(
      "button",
      { type: "button", class: "sort", "data-focus": `${kind}-sort-${column}`, "data-column": column },
      headers[column](kind),
      element(
        "span",
        { class: "sort-mark", "aria-hidden": "true" },
        sorted ? (sort.descending ? " ▼" : " ▲") : "",
      ),
    );
    button.addEventListener("click", () =>
      actions.sort({ column, descending: sorted ? !sort.descending : column !== "name" }),
    );
    return element(
      "th",
      {
        scope: "col",
        class: column === "name" ? "" : "number",
        ...(sorted ? { "aria-sort": sort.descending ? "descending" : "ascending" } : {}),
      },
      button,
    );
  });
  const body = sortStandings(active, sort, kind).map((row) => {
    const pressed = chosen.includes(row.id);
    const shown = kind === "provider" ? format.shortHex(row.name) : row.name;
    const toggle = element("button", {
      type: "button",
      class: "row-toggle",
      "aria-pressed": String(pressed),
      "data-focus": `${kind}-row-${row.id}`,
      title: `${pressed ? "Stop showing" : "Show"} only ${row.name} in the charts (${row.id})`,
      "aria-label": `${pressed ? "Stop showing" : "Show"} only ${shown} in the charts`,
    });
    // The name opens its market page (its providers, or its models); the rest of the row filters.
    const link = element(
      "a",
      { class: "page-link", href: actions.href(row.id), title: `${shown}: its market page (${row.id})` },
      shown,
    );
    link.addEventListener("click", (event) => event.stopPropagation());
    const tr = element(
      "tr",
      { class: pressed ? "selected" : "", "data-id": row.id },
      element("th", { scope: "row" }, toggle, link),
      ...columns
        .slice(1)
        .map((column) => element("td", { class: "number", "data-column": column }, cell(row, column, kind))),
    );
    tr.addEventListener("click", () => actions.toggle(row.id));
    return tr;
  });
  const hiddenCount = rows.length - active.length;
  container.replaceChildren(
    element(
      "table",
      { class: "board", "data-kind": kind },
      element("thead", {}, element("tr", {}, ...head)),
      element("tbody", {}, ...body),
    ),
    ...(hiddenCount > 0
      ? [
          element(
            "p",
            { class: "note" },
            `${format.integer(hiddenCount)} more ${kind}s had no closed session in this window.`,
          ),
        ]
      : []),
  );
}
