// How the bench times a press to a pane's prompt (or a typed key to its echo) in the page: the
// Ctrl+C rows' and the panes rows' measurement. Every contender's Ctrl+C is a key event sent from
// outside the page and timed from the moment the bench sent it: ripcord's to main's key entry, as
// the desktop's keys go; the peer's and naive's through Chromium's input to the page, whose xterm
// sends "\x03" once the page's main thread takes the key, as VS Code's renderer does.
import http from 'node:http';
import type { Page } from '@playwright/test';

export interface Measured {
  ms: number;
  censored: boolean;
  /** the pane's output that reached the page between the press (or input) and the row: what the row queued behind */
  charsAfterPress: number;
  messagesAfterPress: number;
  arrivals: Array<[number, number]>;
  cursorRow?: string;
  /** a Ctrl+C at main: when each hop was seen */
  hops?: CtrlCHops;
}

/**
 * Where a Ctrl+C key event goes: to main's key entry (the harness's POST /key, before-input-event's
 * stand-in: ripcord), or to the page through Chromium's input ('page-key': the peer and naive,
 * whose page turns it into "\x03" input when its main thread gets to the key, as VS Code's does).
 */
export type CtrlCPress = { main: { port: number; token: string } } | 'page-key';

/** A Ctrl+C key event as Electron's before-input-event reports it. */
const CTRL_C_INPUT = { type: 'keyDown', key: 'c', code: 'KeyC', control: true, shift: false, alt: false, meta: false, isAutoRepeat: false };

/**
 * When each hop of a Ctrl+C was seen, in ms after the bench sent the key; undefined: not made or
 * not seen while the page watched (bench/lib/hops.ts prints and summarises them). A press at
 * main makes them all; a key in the page makes echo and painted only.
 */
export interface CtrlCHops {
  /** main's key entry had the key (its own clock): the way in, as the OS hands Electron a key */
  entered: number | undefined;
  /** main's key entry returned: the decision made and its messages sent */
  decided: number | undefined;
  /** main's hold for the press reached the page */
  hold: number | undefined;
  /**
   * the double-press hint reached the page. It rides on the press's answer (DoublePressHint.reveal
   * goes right after the output that carries the prompt), so it mostly comes after the prompt:
   * the watch goes on listening for it past the prompt, HINT_AFTER_PROMPT_MS at most
   */
  hint: number | undefined;
  /** the echoed ^C reached the page: the host's cancel is past the pty's line discipline */
  echo: number | undefined;
  /** the frame after the prompt was parsed (the measured ms): the frame that shows it */
  painted: number;
}

/**
 * How long the watch waits past the prompt for the hint: the host sends it right after the
 * answer, or at the latest HINT_REVEAL_MAX_MS (62 ms) after the press with no answer to ride on;
 * a second leaves room for a busy page's queue and bounds a hint that never comes.
 */
const HINT_AFTER_PROMPT_MS = 1_000;

/** One request to the harness's main over `agent`'s kept-alive connection; its answer's body. */
function askMain(
  agent: http.Agent,
  main: { port: number; token: string },
  method: 'GET' | 'POST',
  pathname: string,
  body?: object,
): Promise<string> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: main.port,
        path: `${pathname}?token=${encodeURIComponent(main.token)}`,
        method,
        agent,
        headers: { 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          response.statusCode !== undefined && response.statusCode < 300
            ? resolve(text)
            : reject(new Error(`${method} ${pathname}: HTTP ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The bench's clock as epoch ms, as the page's and main's are read (performance.timeOrigin + performance.now()). */
const epochNow = (): number => performance.timeOrigin + performance.now();

/**
 * A Ctrl+C key event sent from outside the page, then until `pane`'s `prompt` shows, timed from
 * the moment the bench sent the key (the bench's, main's and the page's clocks are all read as
 * epoch time), with the hops on the way. `{ main }`: the key goes to main's key entry (POST /key),
 * as the desktop's keys do. 'page-key': the key goes to the page through Chromium's input
 * (CDP Input.dispatchKeyEvent), Ctrl already held, as a person's key reaches a browser terminal.
 */
export async function measureCtrlC(
  page: Page,
  { pane, prompt, timeoutMs, press }: { pane: string; prompt: string; timeoutMs: number; press: CtrlCPress },
): Promise<Measured> {
  // a key in the page has no hint to wait for (only ripcord's host sends one)
  const hintWaitMs = press === 'page-key' ? 0 : HINT_AFTER_PROMPT_MS;
  // armed in one round trip, pressed from outside, read in a third: the press cannot overtake the arming
  await page.evaluate(armPromptWatch, { pane, row: prompt, timeoutMs, hintWaitMs });
  let sent: number;
  let entered: { at: number; done: number } | undefined;
  if (press === 'page-key') {
    // Ctrl alone sends nothing to the program; it goes down before the clock starts
    await page.keyboard.down('Control');
    sent = epochNow();
    await page.keyboard.down('c');
    await page.keyboard.up('c');
    await page.keyboard.up('Control');
  } else {
    // the connection is open before the clock starts: the key's way in is a write on it
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await askMain(agent, press.main, 'GET', '/favicon.ico');
      sent = epochNow();
      entered = JSON.parse(await askMain(agent, press.main, 'POST', '/key', { ...CTRL_C_INPUT, type: 'keyDown' })) as {
        at: number;
        done: number;
      };
      await askMain(agent, press.main, 'POST', '/key', { ...CTRL_C_INPUT, type: 'keyUp' });
    } finally {
      agent.destroy();
    }
  }
  const seen = await page.evaluate(() => window.__ripcordPromptWatch as Promise<PromptWatch>);
  const after = (epoch: number | undefined): number | undefined => (epoch === undefined ? undefined : epoch - sent);
  const arrivals = seen.arrivals.filter(([epoch]) => epoch >= sent).map(([epoch, chars]): [number, number] => [epoch - sent, chars]);
  return {
    ms: seen.end - sent,
    censored: seen.censored,
    charsAfterPress: arrivals.reduce((sum, [, chars]) => sum + chars, 0),
    messagesAfterPress: arrivals.length,
    arrivals,
    ...(seen.cursorRow === undefined ? {} : { cursorRow: seen.cursorRow }),
    hops: {
      entered: after(entered?.at),
      decided: after(entered?.done),
      hold: after(seen.hold),
      hint: after(seen.hint),
      echo: after(seen.echo),
      painted: seen.painted - sent,
    },
  };
}

/** What the page saw while it waited for the prompt, in epoch ms. */
interface PromptWatch {
  end: number;
  /** the next animation frame after `end` */
  painted: number;
  censored: boolean;
  arrivals: Array<[number, number]>;
  hold?: number;
  hint?: number;
  echo?: number;
  cursorRow?: string;
}

declare global {
  interface Window {
    __ripcordPromptWatch?: Promise<PromptWatch>;
  }
}

/** In the page: from now until `pane`'s cursor row reads `row` (or the timeout), what arrives and when. */
function armPromptWatch({ pane, row, timeoutMs, hintWaitMs }: { pane: string; row: string; timeoutMs: number; hintWaitMs: number }): void {
  const view = window.__ripcordTestPane?.(pane);
  if (!view) throw new Error(`no test view of pane ${pane}`);
  const now = (): number => performance.timeOrigin + performance.now();
  const start = now();
  const seen: PromptWatch = { end: NaN, painted: NaN, censored: false, arrivals: [] };
  // a busy host may send the echo's two chars in two messages
  let lastChar = '';
  window.__ripcordPromptWatch = new Promise<PromptWatch>((resolve) => {
    const stops = [
      window.ripcord.onData((from, data) => {
        if (from !== pane) return;
        seen.arrivals.push([now(), data.length]);
        if (seen.echo === undefined && (lastChar + data).includes('^C')) seen.echo = now();
        lastChar = data.slice(-1);
      }),
      window.ripcord.onHold((from, holding) => {
        if (from === pane && holding && seen.hold === undefined) seen.hold = now();
      }),
    ];
    // the hint comes with the answer, after the prompt: heard until it comes or hintWaitMs past the prompt
    let hinted: () => void = () => undefined;
    const hint = new Promise<void>((resolve) => (hinted = resolve));
    const stopHint = window.ripcord.onHint((from, state) => {
      if (from !== pane || !state.visible || seen.hint !== undefined) return;
      seen.hint = now();
      hinted();
    });
    const reached = (): boolean => {
      const cursor = view.cursor();
      return view.screen()[cursor.y]?.trimEnd() === row.trimEnd() && cursor.x === row.length;
    };
    let done = false;
    const finish = (censored: boolean): void => {
      if (done) return;
      done = true;
      // after this message's listeners: xterm parses a write that comes right after user input
      // at once, so the page's own listener can end the watch before ours hears that message
      queueMicrotask(() => {
        for (const stop of stops) stop();
      });
      stopParsed();
      seen.end = now();
      seen.censored = censored;
      if (censored) seen.cursorRow = view.screen()[view.cursor().y];
      // the frame that shows the prompt, then the hint (or the wait for it ends)
      requestAnimationFrame(() => {
        seen.painted = now();
        const waited = setTimeout(hinted, hintWaitMs);
        void hint.then(() => {
          clearTimeout(waited);
          stopHint();
          resolve({ ...seen });
        });
      });
    };
    const stopParsed = view.onWriteParsed(() => {
      if (reached()) finish(false);
    });
    const frame = (): void => {
      if (done) return;
      if (reached()) finish(false);
      else if (now() - start > timeoutMs) finish(true);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * In the page: send chars as the pane's input, then
 * check `pane` after every parsed write and every frame until its cursor's row reads `row` with
 * the cursor after it. Page code must be self-contained (the CSP
 * forbids eval), hence the inline check.
 */
export function measureUntilRow(page: Page, options: { pane: string; row: string; timeoutMs: number; send: string }): Promise<Measured> {
  return page.evaluate(
    ({ pane, row, timeoutMs, send }) =>
      new Promise<Measured>((resolve, reject) => {
        const view = window.__ripcordTestPane?.(pane);
        if (!view) {
          reject(new Error(`no test view of pane ${pane}`));
          return;
        }
        const reached = (): boolean => {
          const cursor = view.cursor();
          return view.screen()[cursor.y]?.trimEnd() === row.trimEnd() && cursor.x === row.length;
        };
        let done = false;
        let charsAfterPress = 0;
        let messagesAfterPress = 0;
        const arrivals: Array<[number, number]> = [];
        const t0 = performance.now();
        const stopCounting = window.ripcord.onData((from, data) => {
          if (from !== pane) return;
          charsAfterPress += data.length;
          messagesAfterPress++;
          arrivals.push([performance.now() - t0, data.length]);
        });
        const finish = (censored: boolean): void => {
          if (done) return;
          done = true;
          unsubscribe();
          stopCounting();
          const cursorRow = censored ? view.screen()[view.cursor().y] : undefined;
          resolve({
            ms: performance.now() - t0,
            censored,
            charsAfterPress,
            messagesAfterPress,
            arrivals,
            ...(cursorRow === undefined ? {} : { cursorRow }),
          });
        };
        const unsubscribe = view.onWriteParsed(() => {
          if (reached()) finish(false);
        });
        const frame = (): void => {
          if (done) return;
          if (reached()) finish(false);
          else if (performance.now() - t0 > timeoutMs) finish(true);
          else requestAnimationFrame(frame);
        };
        window.ripcord.input(pane, send);
        requestAnimationFrame(frame);
      }),
    { pane: options.pane, row: options.row, timeoutMs: options.timeoutMs, send: options.send },
  );
}
