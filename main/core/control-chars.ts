// The C0 control characters ripcord acts on, named once for every layer.

/** ETX, what the Ctrl+C key sends; the line discipline turns it into SIGINT (DESIGN §3). */
export const CTRL_C = '\x03';
/** The line discipline's echo of CTRL_C's interrupt (ECHOCTL): where the kernel cut the output (DESIGN §6). */
export const INTERRUPT_ECHO = '^C';
/** EOT, the default VEOF: an end-of-file for a program reading the terminal. */
export const END_OF_FILE = '\x04';
/** BEL: ends an OSC string sequence (xterm), as ST does. */
export const BEL = '\x07';

/**
 * What hands the end of piped input to a program reading its terminal line by line: an EOT at a
 * line's start is the end of file, while after an unfinished line the first one only hands that
 * line over, and a second is needed.
 */
export function endOfInput(lastInput: string): string {
  return lastInput === '' || /[\r\n]$/.test(lastInput) ? END_OF_FILE : END_OF_FILE + END_OF_FILE;
}
/** CAN: aborts an escape sequence in progress (ECMA-48); the cut-sequence guard sends it. */
export const CAN = '\x18';
/** SUB: aborts an escape sequence in progress, as CAN does. */
export const SUB = '\x1a';
/** ESC: starts every escape sequence. */
export const ESC = '\x1b';
/** ST, the string terminator: ends OSC, DCS, APC, PM and SOS strings. */
export const ST = '\x1b\\';
