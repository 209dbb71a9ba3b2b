import { fireEvent, within } from "@testing-library/react";

/** What a merchant's typing leaves in a field: its whole new value. */
export const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

export const click = (element: HTMLElement) => fireEvent.click(element);

/** Types `value` into the textbox labelled `name` inside `scope` (a dialog, a region, a group). */
export const fill = (scope: HTMLElement, name: string, value: string) =>
  type(within(scope).getByRole("textbox", { name }), value);
