// The C0 control characters ripcord acts on, named once for every layer.

/** ETX, what the Ctrl+C key sends; the line discipline turns it into SIGINT (DESIGN §3). */
export const CTRL_C = '\x03';
/** EOT, the default VEOF: an end-of-file for a program reading the terminal. */
export const END_OF_FILE = '\x04';
/** CAN: aborts an escape sequence in progress (ECMA-48); the cut-sequence guard sends it. */
export const CAN = '\x18';
/** ESC: starts every escape sequence. */
export const ESC = '\x1b';
