import { element } from "./element.js";

/**
 * A row of buttons of which one is pressed (a chain, a range, a measure, a window): built anew
 * on every draw, the pressed one from the state; a click asks for another state.
 */
export function renderSwitch<T extends string | number>(
  group: HTMLElement,
  name: string,
  options: ReadonlyArray<{ value: T; label: string; title?: string }>,
  current: T,
  onSelect: (value: T) => void,
): void {
  const legend = group.querySelector("legend");
  group.replaceChildren(
    ...(legend ? [legend] : []),
    ...options.map(({ value, label, title }) => {
      const button = element(
        "button",
        {
          type: "button",
          "aria-pressed": String(value === current),
          "data-focus": `${name}-${value}`,
          [`data-${name}`]: String(value),
          ...(title ? { title } : {}),
        },
        label,
      );
      button.addEventListener("click", () => {
        if (value !== current) onSelect(value);
      });
      return button;
    }),
  );
}

/** The chosen models or providers as removable chips, and a button that clears them. */
export function renderFilterChips(
  container: HTMLElement,
  chosen: ReadonlyArray<{ id: string; label: string; color: string }>,
  kind: string,
  onRemove: (id: string) => void,
  onClear: () => void,
): void {
  if (chosen.length === 0) {
    container.replaceChildren();
    return;
  }
  const chips = chosen.map(({ id, label, color }) => {
    const swatch = element("span", { class: "swatch" });
    swatch.style.setProperty("--swatch", color);
    const button = element(
      "button",
      {
        type: "button",
        class: "chip",
        "data-focus": `chip-${id}`,
        "aria-label": `Stop showing ${label} only`,
      },
      swatch,
      label,
      element("span", { "aria-hidden": "true" }, " ×"),
    );
    button.addEventListener("click", () => onRemove(id));
    return button;
  });
  const clear = element(
    "button",
    { type: "button", class: "link-button", "data-focus": "clear" },
    "Show all",
  );
  clear.addEventListener("click", onClear);
  container.replaceChildren(element("span", { class: "muted" }, `Only these ${kind}s:`), ...chips, clear);
}
