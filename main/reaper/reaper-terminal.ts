// The outer terminal of `ripcord run`, kept by the Node reaper so that a host that dies without
// its own restore (kill -9, an OOM kill) still leaves the terminal as the user had it (DESIGN §5).
// The host hands it over only once the Node reaper took over (never to the sh stub), and says
// after each output batch what its own restore would write then. When the host is gone the
// reaper writes those bytes, and puts the termios back — both only while the terminal's
// foreground is still ripcord's job or the shell that started it, never someone else's job.
//
// Node has no tcgetattr/tcsetattr and no way to receive a descriptor after the spawn, so: the
// reaper opens the same device again by its path (checked to be the same device), and reads and
// sets termios with `stty` on that descriptor, spawned here, off every key's path.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { writeNonBlockingWithin } from '../platform/files/bounded-write';
import type { EventLog } from '../platform/log/event-log';
import type { ProcessInfo } from '../platform/processes/process-table';
import { isAlive } from '../platform/processes/process-tree';
import { procStatNow } from '../platform/processes/proc-files';
import { stty } from '../platform/pty/stty';
import type { TerminalCommand } from '../../contracts/reaper-pipe';

interface Kept {
  handle: FileHandle;
  host: ProcessInfo;
  /** the process that started the host (the shell); its terminal foreground tells who owns the terminal */
  parent: ProcessInfo;
  /** `stty -g` before ripcord's raw mode, and with it: termios is put back only from exactly that raw state */
  termios?: { saved: string; raw: string };
}

export class ReaperTerminal {
  private kept: Promise<Kept | undefined> | undefined;
  private bytes = '';
  private restoring: Promise<void> | undefined;

  constructor(private readonly log: EventLog) {}

  handle(command: TerminalCommand): void {
    switch (command.kind) {
      case 'terminal':
        this.release();
        this.kept = this.keep(command);
        return;
      case 'terminal-restore':
        this.bytes = command.bytes;
        return;
      case 'terminal-done':
        this.release();
        return;
    }
  }

  /**
   * The host's pipe ended: the host is gone (its own restore would have sent terminal-done
   * first). Puts the terminal back; resolves when done (bounded by the stty and write limits).
   */
  hostGone(): Promise<void> {
    this.restoring ??= this.restoreAfterHost().catch((error: unknown) =>
      this.log.error('reaper-terminal-failed', { error: String(error) }),
    );
    return this.restoring;
  }

  /** Resolves once a restore that has begun is over (at once when none has). */
  settled(): Promise<void> {
    return this.restoring ?? Promise.resolve();
  }

  private async restoreAfterHost(): Promise<void> {
    const kept = await this.kept;
    if (!kept) return;
    this.kept = undefined;
    try {
      const parentNow = procStatNow(kept.parent.pid);
      const owner = terminalOwner(kept.host, kept.parent, parentNow);
      if (owner !== 'ours') {
        this.log.event('reaper-terminal-left-alone', { why: owner });
        return;
      }
      // the shell took the terminal back before the restore: its prompt may have gone with the program's screen
      const shellFirst = parentNow !== undefined && parentNow.pgrp !== kept.host.pgrp && parentNow.tpgid === parentNow.pgrp;
      // at once, before termios: the shell that started ripcord prints its prompt as soon as it sees the host die
      if (this.bytes !== '') writeNonBlockingWithin(kept.handle.fd, this.bytes);
      const termios =
        kept.termios && (await stty(kept.handle.fd, ['-g'])) === kept.termios.raw && this.foregroundOwner(kept) === 'ours'
          ? (await stty(kept.handle.fd, [kept.termios.saved])) === undefined
            ? 'failed'
            : 'restored'
          : 'left';
      this.log.event('reaper-terminal-restored', { bytes: this.bytes.length, termios, shellFirst });
    } finally {
      await kept.handle.close().catch(() => undefined);
    }
  }

  private foregroundOwner(kept: Kept): TerminalOwner {
    return terminalOwner(kept.host, kept.parent, procStatNow(kept.parent.pid));
  }

  private async keep(command: Extract<TerminalCommand, { kind: 'terminal' }>): Promise<Kept | undefined> {
    const host = procStatNow(process.ppid);
    const parent = host && procStatNow(host.ppid);
    if (!host || !parent) return undefined;
    let handle: FileHandle;
    try {
      // O_NOCTTY: the reaper leads its own session, and the terminal must never become its own
      handle = await open(command.path, constants.O_RDWR | constants.O_NOCTTY | constants.O_NONBLOCK);
    } catch (error) {
      this.log.warn('reaper-terminal-unavailable', { path: command.path, error: String(error) });
      return undefined;
    }
    if ((await handle.stat()).rdev !== command.rdev) {
      this.log.warn('reaper-terminal-unavailable', { path: command.path, error: "another device than the host's" });
      await handle.close();
      return undefined;
    }
    const raw = command.termios === undefined ? undefined : await stty(handle.fd, ['-g']);
    // the same as the user's: ripcord has changed nothing (no raw mode yet), so there is nothing to put back
    const termios =
      command.termios !== undefined && raw !== undefined && raw !== command.termios ? { saved: command.termios, raw } : undefined;
    this.log.event('reaper-terminal-kept', { path: command.path, termios: termios !== undefined });
    return { handle, host, parent, termios };
  }

  /** Forgets the terminal now; its descriptor is closed once its opening is over. */
  private release(): void {
    const kept = this.kept;
    this.kept = undefined;
    void kept?.then((k) => k?.handle.close()).catch(() => undefined);
  }
}

export type TerminalOwner = 'ours' | 'parent-gone' | 'another-job';

/**
 * Whose the terminal's foreground is now, read from the process that started the host (`parentNow`:
 * its /proc stat today): ripcord's job or that shell itself ('ours'), or why not.
 */
export function terminalOwner(host: ProcessInfo, parent: ProcessInfo, parentNow: ProcessInfo | undefined): TerminalOwner {
  if (!parentNow || parentNow.startTime !== parent.startTime || !isAlive(parentNow)) return 'parent-gone';
  return parentNow.tpgid === host.pgrp || parentNow.tpgid === parentNow.pgrp ? 'ours' : 'another-job';
}
