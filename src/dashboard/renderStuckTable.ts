import type { ByModelDaily, StuckSessions } from "../api/responseTypes.js";
import { element } from "./element.js";
import { format } from "./format.js";
import { modelLabel } from "./modelLabel.js";

/** Rows shown at most; the count above the table is the whole number. */
const maxRows = 200;

/** The stuck sessions, oldest first (as published), with model names where the page knows them. */
export function renderStuckTable(container: HTMLElement, stuck: StuckSessions, byModel: ByModelDaily): void {
  if (stuck.sessions.length === 0) {
    container.replaceChildren(element("p", { class: "empty" }, "No stuck sessions."));
    return;
  }
  const names = new Map(
    byModel.models.map((model) => [model.modelId, modelLabel(model.name, model.modelId)]),
  );
  const head = element(
    "tr",
    {},
    ...["Session", "Opened", "Stake ran out", "Provider", "Model"].map((title) =>
      element("th", { scope: "col" }, title),
    ),
    element("th", { scope: "col", class: "number" }, "Stake"),
  );
  const rows = stuck.sessions
    .slice(0, maxRows)
    .map((session) =>
      element(
        "tr",
        {},
        element("td", { title: session.sessionId }, element("code", {}, format.shortHex(session.sessionId))),
        element("td", {}, format.utc(session.openedAt)),
        element("td", {}, session.endsAt === undefined ? "—" : format.utc(session.endsAt)),
        element(
          "td",
          { title: session.provider ?? "" },
          element("code", {}, format.shortHex(session.provider ?? "—")),
        ),
        element(
          "td",
          {},
          session.modelId === undefined
            ? "—"
            : (names.get(session.modelId) ?? modelLabel("", session.modelId)),
        ),
        element("td", { class: "number" }, session.stake === undefined ? "—" : format.mor(session.stake)),
      ),
    );
  const more =
    stuck.sessions.length > maxRows
      ? [
          element(
            "p",
            { class: "muted" },
            `and ${format.integer(stuck.sessions.length - maxRows)} more in stuck-sessions.json`,
          ),
        ]
      : [];
  container.replaceChildren(
    element("table", {}, element("thead", {}, head), element("tbody", {}, ...rows)),
    ...more,
  );
}
