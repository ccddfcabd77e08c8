import { element } from "./element.js";
import { FileError, ReleaseChanged } from "./files.js";

let retry: () => void = () => {};

/** What a Retry button does: the page draws itself again, fetching only the files that failed. */
export function setRetry(action: () => void): void {
  retry = action;
}

/**
 * Fills one part of the page from files: it keeps its placeholder (or its last drawing, dimmed)
 * while they load, and shows which file failed, with a retry, if one does; the other parts do not
 * wait for it. A newer fill of the same part wins over an older one still loading. A file refused
 * because a new release was published leaves the part as it is: the page draws everything again.
 */
export async function fill<T>(container: HTMLElement, load: () => Promise<T>, draw: (data: T) => void) {
  const generation = String(Number(container.dataset.generation ?? "0") + 1);
  container.dataset.generation = generation;
  const busy = setTimeout(() => container.setAttribute("aria-busy", "true"), 120);
  try {
    const data = await load();
    if (container.dataset.generation !== generation) return;
    draw(data);
    container.dataset.state = "ready";
  } catch (error) {
    if (container.dataset.generation !== generation) return;
    // A file of a release no longer published: the page is drawing itself again from the new one.
    if (error instanceof ReleaseChanged) return;
    container.replaceChildren(errorBox(error));
    container.dataset.state = "error";
    if (!(error instanceof FileError)) console.error(error);
  } finally {
    clearTimeout(busy);
    if (container.dataset.generation === generation) container.removeAttribute("aria-busy");
  }
}

function errorBox(error: unknown): HTMLElement {
  const button = element("button", { type: "button", class: "retry" }, "Retry");
  button.addEventListener("click", () => retry());
  const reason =
    error instanceof FileError
      ? [
          "Could not load ",
          element("code", {}, error.path),
          ` (${error.message.slice(error.path.length + 2)}). The rest of the page does not need it. `,
        ]
      : [`This part could not be drawn: ${(error as Error).message}. `];
  return element(
    "div",
    { class: "file-error", role: "alert", "data-file": error instanceof FileError ? error.path : "" },
    ...reason,
    button,
  );
}
