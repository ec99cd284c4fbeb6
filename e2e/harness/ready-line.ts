import type { ChildProcess } from 'node:child_process';

/**
 * The first stdout line of a harness (or any host that announces itself the same way), as
 * JSON. Rejects with its stderr if it exits first or says nothing for `timeoutMs`.
 */
export function readyLine(child: ChildProcess, timeoutMs: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready after ${timeoutMs} ms; stderr: ${err}`));
    }, timeoutMs);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      resolve(JSON.parse(out.slice(0, newline)) as Record<string, unknown>);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal}) before ready; stderr: ${err}`));
    });
  });
}
