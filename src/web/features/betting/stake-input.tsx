import { TextInput, type TextInputProps } from "@mantine/core";
import { type ChangeEvent, useLayoutEffect, useRef } from "react";
import { fieldText } from "../../lib/field-text";
import { caretFor, digitsRightOf, parseStakeText, stakeText } from "./stake-text";

/**
 * A stake in whole baht, shown with thousands separators, for the phone's number pad. A text field rather
 * than Mantine's NumberInput: that brings react-number-format, a quarter of what the bet page loads beyond
 * the home page, and a second render of each field just after the form first appears (docs/decisions/025). A stake
 * below 1 becomes 1 when the field is left, as the form's rules want at least a baht.
 */
export function StakeInput({
  value,
  onStakeChange,
  ...props
}: Omit<TextInputProps, "value" | "onChange" | "type"> & { value: number | ""; onStakeChange: (stake: number | "") => void }) {
  const input = useRef<HTMLInputElement>(null);
  // Digits to the right of the caret as the player left it, for the caret to keep once the text is formatted.
  const caret = useRef<number | null>(null);
  const shown = stakeText(value);

  useLayoutEffect(() => {
    const el = input.current;
    if (caret.current === null || el === null || document.activeElement !== el) return;
    const at = caretFor(shown, caret.current);
    caret.current = null;
    el.setSelectionRange(at, at);
  }, [shown]);

  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const typed = e.currentTarget.value;
    caret.current = digitsRightOf(typed, e.currentTarget.selectionStart ?? typed.length);
    const next = parseStakeText(typed);
    if (next !== value) onStakeChange(next);
    else {
      // Text that changes no stake (a letter, a separator typed alone) is put back as it was (lib/field-text.ts).
      caret.current = null;
      fieldText(e.currentTarget, shown);
    }
  };

  return (
    <TextInput
      {...props}
      ref={input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={shown}
      onChange={change}
      onBlur={(e) => {
        if (value !== "" && value < 1) onStakeChange(1);
        props.onBlur?.(e);
      }}
    />
  );
}
