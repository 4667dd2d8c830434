import { Z_MEMBERS } from "./zod-members";
import { provideZod } from "./zod-on-demand";

/**
 * Imported by the modules that parse with the contract's schemas as they draw (the back office, the bet form's
 * drafts): zod comes with their chunk, statically, and is there before their first render (docs/decisions/059).
 */
provideZod(Z_MEMBERS);
