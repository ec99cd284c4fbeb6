// The C0 control characters ripcord acts on, named once for every layer.

/** ETX, what the Ctrl+C key sends; the line discipline turns it into SIGINT (DESIGN §3). */
export const CTRL_C = '\x03';
/** EOT, the default VEOF: an end-of-file for a program reading the terminal. */
export const END_OF_FILE = '\x04';
/** BEL: ends an OSC string sequence (xterm), as ST does. */
export const BEL = '\x07';
/** CAN: aborts an escape sequence in progress (ECMA-48); the cut-sequence guard sends it. */
export const CAN = '\x18';
/** SUB: aborts an escape sequence in progress, as CAN does. */
export const SUB = '\x1a';
/** ESC: starts every escape sequence. */
export const ESC = '\x1b';
/** ST, the string terminator: ends OSC, DCS, APC, PM and SOS strings. */
export const ST = '\x1b\\';
