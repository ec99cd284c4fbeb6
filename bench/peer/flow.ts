// VS Code's terminal flow control (FlowControlConstants), the numbers the peer and its plain
// mode keep: the page acknowledges parsed chars in batches of CharCountAckSize; the host
// (bench/naive/harness.ts --ack-flow-control) pauses the pty past HighWatermarkChars
// unacknowledged and resumes under LowWatermarkChars.

/** FlowControlConstants.CharCountAckSize. */
export const CHAR_COUNT_ACK_SIZE = 5_000;
/** FlowControlConstants.HighWatermarkChars. */
export const VSCODE_HIGH_WATERMARK_CHARS = 100_000;
/** FlowControlConstants.LowWatermarkChars. */
export const VSCODE_LOW_WATERMARK_CHARS = 5_000;
