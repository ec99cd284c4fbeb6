// Saying that the desktop app cannot start (start-verdict.ts) where the user will see it: on
// stderr always; started without a terminal (the desktop entry), also in the log and as a
// desktop notification (notify-send, else zenity) when one of them is installed.
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../platform/log/log';
import type { StartVerdict } from './start-verdict';

/** How long a notification tool may run before the launcher exits without waiting for it. */
const NOTIFY_WAIT_MS = 5_000;

export interface RefusalOutlets {
  stderr: Pick<NodeJS.WritableStream, 'write'>;
  /** stderr is a terminal: the user reads it there */
  interactive: boolean;
  log: () => Pick<Logger, 'error' | 'flushSync'>;
  env: NodeJS.ProcessEnv;
}

export async function reportRefusal(
  verdict: Extract<StartVerdict, { start: false }>,
  message: string,
  outlets: RefusalOutlets,
): Promise<void> {
  outlets.stderr.write(`${message}\n`);
  if (outlets.interactive) return;
  const log = outlets.log();
  log.error('desktop.start-refused', { cause: verdict.cause, fix: verdict.fix });
  log.flushSync();
  await notify(message, outlets.env);
}

async function notify(message: string, env: NodeJS.ProcessEnv): Promise<void> {
  const [title, ...body] = message.replace(/^ripcord: /, '').split('\n');
  const tools: [string, string[]][] = [
    ['notify-send', ['--app-name=ripcord', '--urgency=critical', `ripcord: ${title ?? ''}`, body.map((line) => line.trim()).join('\n')]],
    ['zenity', ['--error', '--title=ripcord', `--text=${message}`]],
  ];
  for (const [name, args] of tools) {
    const tool = await onPath(name, env.PATH ?? '');
    if (tool === undefined) continue;
    await new Promise<void>((resolve) => {
      const child = spawn(tool, args, { stdio: 'ignore', env });
      const timer = setTimeout(() => {
        child.unref();
        resolve();
      }, NOTIFY_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      child.once('error', done);
      child.once('exit', done);
    });
    return;
  }
}

async function onPath(name: string, searchPath: string): Promise<string | undefined> {
  for (const dir of searchPath.split(':').filter(Boolean)) {
    const file = path.join(dir, name);
    if (
      await access(file, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return file;
  }
  return undefined;
}
