// What the shell integration's exit hook prints, built here for the tests that play the hook.
import { BEL, ESC } from './control-chars';
import { EXIT_REQUEST_OSC } from './osc-exit-request';

/** The exact text of a request, as the shell scripts print it. */
export function exitRequestSequence(secret: string): string {
  return `${ESC}]${EXIT_REQUEST_OSC};exit;${secret}${BEL}`;
}
