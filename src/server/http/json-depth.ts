/**
 * How deep a request's JSON may nest. The deepest body the API takes is a slip: an object of lines, each an
 * object (depth 3); 32 leaves room and refuses a body built to exhaust the stack of whatever walks it later
 * (a 6 KB body of 3,000 brackets answered 500 "Maximum call stack size exceeded" on every route).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays or objects deeper than `max`, read before it is parsed. Brackets inside
 * strings do not count; the text need not be valid (JSON.parse judges that afterwards). A body shorter than
 * twice the limit cannot be too deep and is not read.
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  if (text.length <= 2 * max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}
