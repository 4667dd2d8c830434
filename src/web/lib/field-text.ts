/**
 * `text` put in the field now, and returned for the field's state: what a filtering `onChange` (digits only, a
 * length, a mask) keeps of what was typed. React put a controlled field back to its state when a keystroke
 * changed nothing (a letter in a digits-only field); Preact, the browser's runtime (docs/decisions/059), draws
 * only on a change of state, so the field would keep the letter: the filtered text is written here instead.
 */
export function fieldText(field: HTMLInputElement, text: string): string {
  if (field.value !== text) field.value = text;
  return text;
}
