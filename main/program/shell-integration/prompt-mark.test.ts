// The prompt's end mark (OSC 133 B) lives in PS1 only while the prompt is up: a child shell that
// inherits an exported PS1 must never show the outer shell's mark — bash's \[…\] or zsh's %{…%}
// — as text in its own prompt (docs/shell-integration.md). Real shells in real ptys.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_END, ShellSessions, typeKeys } from './shell.test-support';

const sessions = new ShellSessions();
beforeAll(() => sessions.setUp(), 60_000);
afterEach(() => sessions.stopAll());
afterAll(() => sessions.tearDown());

const TEST_TIMEOUT_MS = 90_000;

const CASES = [
  { outer: 'bash', dotfile: '.bashrc', exported: "export PS1='outer$ '\n", child: 'zsh -f', markText: ['\\[', '\\]'] },
  { outer: 'zsh', dotfile: '.zshrc', exported: "export PS1='outer%# '\n", child: 'bash --norc --noprofile -i', markText: ['%{', '%}'] },
] as const;

describe.each(CASES)('an exported PS1 of $outer', ({ outer, dotfile, exported, child, markText }) => {
  it(
    `reaches \`${child}\` without ripcord's mark, and \`echo "$PS1"\` shows the user's own`,
    async () => {
      const h = await sessions.start(outer, { home: await sessions.home({ [dotfile]: exported }) });
      const beforeEcho = h.output().length;
      typeKeys(h, 'echo "[$PS1]"\r');
      await h.waitFor(() => /\[outer[^\]]*\]\r?\n/.test(h.output().slice(beforeEcho)), 'the echoed PS1');
      expect(h.output().slice(beforeEcho)).toMatch(/\[outer(\$|%#) \]\r?\n/);

      const beforeChild = h.output().length;
      typeKeys(h, `${child}\r`);
      // the child's own prompt: "outer" again, after the typed line's echo
      await h.waitFor(() => /\r?\n[^\n]*outer/.test(h.output().slice(beforeChild)), "the child shell's prompt");
      typeKeys(h, 'echo child-ready\r');
      await h.waitFor(() => h.output().slice(beforeChild).includes('child-ready\r\n'), "the child's answer");
      const childScreen = h.output().slice(beforeChild);
      for (const text of markText) expect(childScreen).not.toContain(text);
      expect(childScreen).not.toContain(PROMPT_END);

      // back in the outer shell, its prompt is marked again
      const beforeBack = h.output().length;
      const prompts = h.prompts();
      typeKeys(h, 'exit\r');
      await h.nextPrompt(prompts);
      expect(h.output().slice(beforeBack)).toContain(PROMPT_END);
    },
    TEST_TIMEOUT_MS,
  );
});
