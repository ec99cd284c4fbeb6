// `ripcord ps [--json]` and `ripcord stop SESSION [PID|--job]` (issue #16): every running
// session of this user, and stopping one's foreground job or one process's subtree.
import type { ProcessRow } from '../../contracts/renderer';
import { SESSION_ENDED_MESSAGE, type SessionInfo } from '../../contracts/control-socket';
import { usageError } from './usage-error';
import { ask, isListening, listHosts, PS_TIMEOUT_MS, removeStale, STOP_TIMEOUT_MS } from '../platform/control/control-client';

export const PS_USAGE = `Usage: ripcord ps [--json]

Lists every running ripcord session of this user with its processes.`;
export const STOP_USAGE = `Usage: ripcord stop SESSION [PID | --job]

Stops the foreground job of SESSION (the id "ripcord ps" shows), or the process PID of that
session with its descendants: SIGHUP, SIGTERM at half the grace, SIGKILL at the grace. The
session and its shell keep running. A PID outside the session is refused.`;

/** Exit code of a command that did not do what was asked (no such session, refused, survivors). */
const EXIT_FAILED = 1;

export async function runPs(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) return out(PS_USAGE, 0);
  const unknown = args.filter((a) => a !== '--json');
  if (unknown.length > 0) return usageError('ps', `unknown argument '${unknown[0]}'`);
  const json = args.includes('--json');
  const listed = await listHosts();
  if (!listed.ok && !listed.noDir) return err(`ps: ${listed.error}`, EXIT_FAILED);
  const sessions: SessionInfo[] = [];
  const problems: string[] = [];
  for (const host of listed.ok ? listed.hosts : []) {
    const reply = await ask(host.socketPath, { op: 'ps' }, PS_TIMEOUT_MS);
    if (reply.kind === 'stale') await removeStale(host.socketPath);
    else if (reply.kind === 'failed') problems.push(`session ${host.id}: ${reply.error}`);
    else if (reply.kind === 'closed')
      continue; // it exited while asked
    else if (reply.answer.ok && 'session' in reply.answer) sessions.push(reply.answer.session);
  }
  for (const problem of problems) process.stderr.write(`ripcord: ps: ${problem}\n`);
  if (json) return out(JSON.stringify(sessions, null, 2), 0);
  if (sessions.length === 0) return out('no running ripcord sessions', 0);
  return out(sessions.map(describeSession).join('\n\n'), 0);
}

export async function runStop(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) return out(STOP_USAGE, 0);
  const [session, target, ...extra] = args;
  if (session === undefined || !/^\d+$/.test(session) || extra.length > 0) return usageError('stop', 'expected SESSION [PID|--job]');
  if (target !== undefined && target !== '--job' && !/^\d+$/.test(target)) return usageError('stop', `'${target}' is not a PID or --job`);
  const listed = await listHosts();
  if (!listed.ok) return err(`stop: ${listed.error}`, EXIT_FAILED);
  const host = listed.hosts.find((h) => h.id === Number(session));
  if (!host) return err(`stop: no running session ${session} of this user (see "ripcord ps")`, EXIT_FAILED);
  const request = target === undefined || target === '--job' ? { op: 'stop' as const } : { op: 'stop' as const, pid: Number(target) };
  const reply = await ask(host.socketPath, request, STOP_TIMEOUT_MS);
  if (reply.kind === 'stale') {
    await removeStale(host.socketPath);
    return err(`stop: session ${session} is gone (its entry was removed)`, EXIT_FAILED);
  }
  // the host hung up without answering and listens no more: it exited, and its exit killed the whole session
  if (reply.kind === 'closed' && (await isListening(host.socketPath)) === false)
    return out(`session ${session}: ${SESSION_ENDED_MESSAGE}`, 0);
  if (reply.kind === 'closed') return err(`stop: session ${session} closed the connection without an answer`, EXIT_FAILED);
  if (reply.kind === 'failed') return err(`stop: session ${session}: ${reply.error}`, EXIT_FAILED);
  const answer = reply.answer;
  if (!answer.ok) return err(`stop: ${answer.message}`, EXIT_FAILED);
  return out('message' in answer ? answer.message : 'done', 0);
}

function describeSession(s: SessionInfo): string {
  const header = `session ${s.id} (${s.host}${s.tab === undefined ? '' : `, tab ${s.tab}`}, ${s.command}) — ${s.view.rows.length} process(es)${s.view.transcript ? `, transcript ${s.view.transcript}` : ''}`;
  const lines = s.view.rows.map(describeRow);
  return [header, '    PID S   CPU%    RSS  ELAPSED  COMMAND', ...lines].join('\n');
}

export function describeRow(r: ProcessRow): string {
  const indent = '  '.repeat(r.depth);
  return `${String(r.pid).padStart(7)} ${r.state.padEnd(1)} ${r.cpuPercent.toFixed(1).padStart(6)} ${formatKb(r.rssKb).padStart(6)} ${formatMs(r.runningMs).padStart(8)}  ${indent}${r.foreground ? '* ' : ''}${r.command}${r.signals ? `  [${r.signals}]` : ''}`;
}

function formatKb(kb: number): string {
  return kb >= 10_240 ? `${Math.round(kb / 1024)}M` : `${kb}K`;
}

function formatMs(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` : `${m}:${String(s % 60).padStart(2, '0')}`;
}

function out(text: string, code: number): number {
  process.stdout.write(`${text}\n`);
  return code;
}

function err(text: string, code: number): number {
  process.stderr.write(`ripcord: ${text}\n`);
  return code;
}
